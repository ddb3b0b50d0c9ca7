import OpenDiffable
import OpenDiffableTerminal

/// One screen of the demo: a list view and the keys it understands.
@MainActor
protocol Screen: AnyObject {
  /// The name shown in the title bar.
  var title: String { get }
  /// The screen's list.
  var listView: TerminalListView { get }
  /// TerminalKey hints shown under the list.
  var hint: String { get }
  /// Whether the screen is taking text (search): the app then leaves the keys it would use
  /// (q, r, 1 2 3) to the screen; Tab still switches screens.
  var isEditingText: Bool { get }
  /// Handles a key; returns false when the screen does not use it (the app then may).
  func handle(_ key: TerminalKey) -> Bool
  /// Called when the screen becomes visible.
  func didAppear()
  /// The settings are about to change (capture what the change may move).
  func settingsWillChange()
  /// The settings changed; `changed` names the rows whose value changed. The app calls this on
  /// every screen, shown or not: it is the one way settings changes reach the screens.
  func settingsDidChange(_ changed: [SettingsCell])
}

/// Where an error shown on the message line came from; each source clears its own.
enum ErrorSource: Hashable, Sendable {
  /// A write the user asked for (favorite, add, delete, move, sync).
  case write
  /// The contacts list's live query.
  case contactsQuery
  /// The companies outline's live query.
  case companiesQuery
}

/// What screens tell the app: a fresh apply trace, a message, an error, a request to redraw.
@MainActor
protocol ScreenHost: AnyObject {
  /// An apply finished; show its trace (counts and timings) on the status line and redraw.
  func screenDidApply(_ trace: DiffableDataSourceApplyTrace?, from screen: any Screen)
  /// Show a one-line message.
  func show(message: String)
  /// Show an error on the message line until ``clearError(from:)`` is called for `source`.
  func show(error: String, from source: ErrorSource)
  /// The operation behind `source` succeeded: stop showing its error.
  func clearError(from source: ErrorSource)
  /// Redraw (after a focus or state change that applied nothing).
  func setNeedsDisplay()
}
