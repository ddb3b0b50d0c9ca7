import DiffableKitTerminal

/// One screen of the demo: a list view and the keys it understands.
@MainActor
protocol Screen: AnyObject {
  /// The name shown in the title bar.
  var title: String { get }
  /// The screen's list.
  var listView: TerminalListView { get }
  /// Key hints shown under the list.
  var hint: String { get }
  /// Handles a key; returns false when the screen does not use it (the app then may).
  func handle(_ key: Key) -> Bool
  /// Called when the screen becomes visible.
  func didAppear()
}

/// What screens tell the app: a fresh apply report, a message, a request to redraw.
@MainActor
protocol ScreenHost: AnyObject {
  /// An apply finished; show its report and redraw.
  func screenDidApply(_ report: TerminalApplyReport?, from screen: any Screen)
  /// Show a one-line message.
  func show(message: String)
  /// Redraw (after a focus or state change that applied nothing).
  func setNeedsDisplay()
}
