import OpenDiffable
import OpenDiffableTerminal

// The wiring every screen repeats, kept in one place (a helper pays rent when several screens
// repeat the exact same wiring). Snapshot building and selection stay in each screen.

extension DiffableDataSource where Host == TerminalListView {
  /// The data source of `screen`'s list: a new `width` × `height` list view (its ``host``, which
  /// the screen shows) whose cells come from `cell`, with every apply reported to `app` as
  /// `screen`'s (the status line).
  ///
  /// Its own selection and focus keeping is off: each screen captures the focused item in its
  /// controller's `willChange` and focuses it again by identifier after the apply, so
  /// that is done in one place, the screen.
  convenience init(
    screen: any Screen, width: Int, height: Int, reportingTo app: any ScreenHost,
    cell: @escaping (ItemIdentifierType) -> TerminalCell
  ) {
    self.init(host: TerminalListView(width: width, height: height)) { _, _, item in cell(item) }
    preservesSelection = false
    preservesFocus = false
    traceHandler = { [weak app, weak screen] trace in
      guard let app, let screen else { return }
      app.screenDidApply(trace, from: screen)
    }
  }

  /// Moves the focus for the navigation keys every screen shares: ↑/↓ or k/j, PgUp/PgDn, Home/End
  /// or g/G. Returns false for any other key.
  func handleNavigationKey(_ key: TerminalKey) -> Bool {
    switch key {
    case .up, .character("k"): host.moveFocus(by: -1)
    case .down, .character("j"): host.moveFocus(by: 1)
    case .pageUp: host.pageUp()
    case .pageDown: host.pageDown()
    case .home, .character("g"): host.moveFocusToFirst()
    case .end, .character("G"): host.moveFocusToLast()
    default: return false
    }
    return true
  }

  /// The identifier of the focused row. The terminal list's selection follows its focus, so this
  /// is the selection a screen captures in `willChange`.
  var focusedItem: ItemIdentifierType? { host.focusedIndexPath.flatMap { itemIdentifier(for: $0) } }

  /// Focuses (and so selects) the row of `item`; does nothing when `item` is nil or not in the list.
  func focus(_ item: ItemIdentifierType?) {
    guard let item, let path = indexPath(for: item) else { return }
    host.focusedIndexPath = path
  }
}

extension LiveQueryController {
  /// Shows the live query's errors on the message line as coming from `source`, and clears them
  /// when the query recovers.
  func reportErrors(to host: any ScreenHost, as source: ErrorSource) {
    didFail = { [weak host] error in host?.show(error: "\(error)", from: source) }
    didRecover = { [weak host] in host?.clearError(from: source) }
  }
}
