import OpenDiffable
import OpenDiffableTerminal

/// The settings screen, rendered from static table data by switching on the cell enum.
///
/// The one screen in the observed-model style: its list follows the `@Observable`
/// ``SettingsModel`` through `applyObserving`, so it has no `reloadSnapshot()` to call and
/// ignores the app's `settingsWillChange()` / `settingsDidChange(_:)`. A toggled setting is a
/// content change of its row: the content provider reads the model for the rows on screen, the
/// change makes an apply on the next turn, and that apply reconfigures the row.
@MainActor
final class SettingsScreen: Screen {
  let title = "Settings"
  let hint = "↑/↓ move · Enter/Space change · 1 2 3 screens · q quit"
  let isEditingText = false
  private let model: SettingsModel
  private var dataSource: DiffableDataSource<TerminalListView, Int, SettingsCell>!
  var listView: TerminalListView { dataSource.host }
  private var content: StaticTableContent<SettingsCell>?
  private weak var host: (any ScreenHost)?

  init(model: SettingsModel, host: any ScreenHost, width: Int, height: Int) {
    self.model = model
    self.host = host
    dataSource = DiffableDataSource(screen: self, width: width, height: height, reportingTo: host) {
      [unowned self] in self.render($0)
    }
    // No willChange here to capture the focus in: the data source keeps it by identifier.
    dataSource.preservesFocus = true
    dataSource.sectionHeaderTitleProvider = { [unowned self] index in content?.titleForHeader(inSection: index) }
    dataSource.sectionFooterTitleProvider = { [unowned self] index in content?.titleForFooter(inSection: index) }
    // What a row shows; what it reads of the model is observed for the rows on screen.
    dataSource.contentProvider = { [unowned self] in self.render($0) }
    // The one place this screen builds its snapshot; applied now and after every change of
    // what it reads. (`unowned`: the data source holds the closure, and the screen holds it.)
    dataSource.applyObserving { [unowned self] in self.makeSnapshot() }
  }

  func didAppear() {
    // The contact count is not live: count again whenever the screen shows (a new count is a
    // change of the model, which the list follows).
    model.refreshContactCount()
  }

  /// Nothing to do: this screen follows the model.
  func settingsWillChange() {}
  func settingsDidChange(_ changed: [SettingsCell]) {}

  /// All presentation lives here, switching on the structural cell enum.
  private func render(_ cell: SettingsCell) -> TerminalCell {
    switch cell {
    case .showDetails:
      return TerminalCell(text: "Show company next to names", detail: model.showDetails ? "[x]" : "[ ]")
    case .highlightChanges:
      return TerminalCell(text: "Highlight inserted and moved rows", detail: model.highlightChanges ? "[x]" : "[ ]")
    case .syncSize:
      return TerminalCell(text: "Rows changed by a sync", detail: "\(model.syncSize)")
    case .contactCount:
      return TerminalCell(text: "Contacts", detail: "\(model.contactCount)")
    case .databasePath:
      return TerminalCell(text: "File", detail: model.databasePath)
    }
  }

  /// The model's table as a snapshot (keeping its section titles for the header and footer
  /// providers); an empty one, with a message, if the table is invalid.
  private func makeSnapshot() -> DiffableDataSourceSnapshot<Int, SettingsCell> {
    do {
      let newContent = try model.tableData.makeSnapshot()
      content = newContent
      return newContent.snapshot
    } catch {
      host?.show(message: "Settings table is invalid: \(error)")
      return DiffableDataSourceSnapshot()
    }
  }

  /// What the message line says after Enter/Space on `cell`: the setting and its new value.
  private func message(afterActivating cell: SettingsCell) -> String {
    switch cell {
    case .showDetails: return "Show company next to names: \(model.showDetails ? "on" : "off")."
    case .highlightChanges: return "Highlight inserted and moved rows: \(model.highlightChanges ? "on" : "off")."
    case .syncSize: return "Rows changed by a sync: \(model.syncSize)."
    case .contactCount: return "Counted \(model.contactCount) contacts."
    case .databasePath: return "The file is chosen when the demo starts: contacts --database PATH."
    }
  }

  func handle(_ key: TerminalKey) -> Bool {
    switch key {
    case .enter, .character(" "):
      if let cell = dataSource.focusedItem {
        model.activate(cell)
        host?.show(message: message(afterActivating: cell))
      }
    default:
      guard dataSource.handleNavigationKey(key) else { return false }
    }
    host?.setNeedsDisplay()
    return true
  }
}
