#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// The table's delegate while a ``TableViewDiffableDataSource`` drives it: answers the view
  /// questions of a view-based table from the data source's providers, as AppKit's
  /// `NSTableViewDiffableDataSource` does whatever the delegate, and passes everything else to
  /// the app's own delegate (``forwardTarget``), as RxCocoa's delegate proxies do.
  ///
  /// - `tableView(_:viewFor:row:)`: always the data source's (its cell and section header
  ///   providers).
  /// - `tableView(_:rowViewForRow:)`: the data source's ``TableViewDiffableDataSource/rowViewProvider``
  ///   when set, otherwise the app's delegate.
  /// - `tableView(_:isGroupRow:)`: the data source's when it has a section header provider
  ///   (AppKit documents that the table then never asks the delegate), otherwise the app's delegate.
  /// - Every other delegate method: on Apple platforms the Objective-C runtime sends it to the
  ///   app's delegate (`responds(to:)` says yes for what that delegate implements,
  ///   `forwardingTarget(for:)` names it), so the app's delegate sees every call it saw before.
  ///   Without an Objective-C runtime (the Linux stand-ins) the proxy forwards the stand-in
  ///   protocol's other requirements explicitly.
  @MainActor
  final class _AppKitTableDelegateProxy: NSObject, NSTableViewDelegate {
    var viewFor: (NSTableView, NSTableColumn?, Int) -> NSView? = { _, _, _ in nil }
    var rowViewForRow: (NSTableView, Int) -> NSTableRowView? = { _, _ in nil }
    var isGroupRow: (NSTableView, Int) -> Bool = { _, _ in false }
    /// Whether the data source has a row view provider (otherwise the app's delegate is asked).
    var providesRowViews: () -> Bool = { false }
    /// Whether the data source has a section header provider (otherwise the app's delegate is asked).
    var providesGroupRows: () -> Bool = { false }

    /// The app's delegate, held weakly as the table holds its delegate. Read by the Objective-C
    /// runtime's questions (`responds(to:)`, `forwardingTarget(for:)`), which are not isolated;
    /// written only on the main actor.
    nonisolated(unsafe) weak var forwardTarget: (any NSTableViewDelegate)?

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
      viewFor(tableView, tableColumn, row)
    }

    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      if providesRowViews() { return rowViewForRow(tableView, row) }
      #if canImport(ObjectiveC)
        return forwardTarget?.tableView?(tableView, rowViewForRow: row)
      #else
        return forwardTarget?.tableView(tableView, rowViewForRow: row)
      #endif
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      if providesGroupRows() { return isGroupRow(tableView, row) }
      #if canImport(ObjectiveC)
        return forwardTarget?.tableView?(tableView, isGroupRow: row) ?? false
      #else
        return forwardTarget?.tableView(tableView, isGroupRow: row) ?? false
      #endif
    }

    #if canImport(ObjectiveC)
      /// Yes for the three methods above (and `NSObject`'s), and for whatever the app's delegate
      /// implements. AppKit asks when the delegate is set and caches the answers; the data
      /// source sets the proxy again whenever the app's delegate changes.
      nonisolated override func responds(to aSelector: Selector!) -> Bool {
        if super.responds(to: aSelector) { return true }
        return forwardTarget?.responds(to: aSelector) ?? false
      }

      /// Every message the proxy does not implement goes to the app's delegate.
      nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        forwardTarget
      }
    #else
      // No Objective-C runtime: forward the stand-in protocol's other requirements by hand.
      func tableViewSelectionDidChange(_ notification: Notification) {
        forwardTarget?.tableViewSelectionDidChange(notification)
      }
    #endif
  }

  #if canImport(ObjectiveC)
    /// Attached to the app's delegate (an associated object): when that delegate is deallocated
    /// while the table still has the proxy, the proxy must be set again, or AppKit, which cached
    /// `responds(to:)` for the delegate's methods, would send them to a proxy with nothing to
    /// forward them to.
    final class _AppKitDelegateDeallocationWatcher: NSObject {
      let onDeallocation: @Sendable () -> Void
      init(_ onDeallocation: @escaping @Sendable () -> Void) { self.onDeallocation = onDeallocation }
      deinit { onDeallocation() }
    }
  #endif
#endif
