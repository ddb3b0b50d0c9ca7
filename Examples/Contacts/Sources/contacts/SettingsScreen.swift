import OpenDiffable
import OpenDiffableTerminal

/// The settings screen, rendered from static table data by switching on the cell enum.
///
/// Its side controller is the app-wide ``SettingsController``; its changes arrive through
/// ``settingsWillChange()`` and ``settingsDidChange(_:)``, as on every screen.
@MainActor
final class SettingsScreen: Screen {
  let title = "Settings"
  let hint = "↑/↓ move · Enter/Space change · 1 2 3 screens · q quit"
  let isEditingText = false
  private let controller: SettingsController
  private var dataSource: DiffableDataSource<TerminalListView, Int, SettingsCell>!
  var listView: TerminalListView { dataSource.host }
  private var content: StaticTableContent<SettingsCell>?
  private weak var host: (any ScreenHost)?
  /// The focused row, captured in willChange and focused again by identifier after the apply.
  private var pendingFocusedCell: SettingsCell?

  init(controller: SettingsController, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.host = host
    dataSource = DiffableDataSource(screen: self, width: width, height: height, reportingTo: host) {
      [unowned self] in self.render($0)
    }
    dataSource.sectionHeaderTitleProvider = { [unowned self] index in content?.titleForHeader(inSection: index) }
    dataSource.sectionFooterTitleProvider = { [unowned self] index in content?.titleForFooter(inSection: index) }
  }

  func didAppear() {
    // The contact count is not live: count again whenever the screen shows (a new count comes
    // back through settingsDidChange).
    controller.refreshContactCount()
  }

  func settingsWillChange() {
    pendingFocusedCell = dataSource.focusedItem
  }

  func settingsDidChange(_ changed: [SettingsCell]) {
    reloadSnapshot(reconfiguring: changed)
  }

  /// All presentation lives here, switching on the structural cell enum.
  private func render(_ cell: SettingsCell) -> TerminalCell {
    switch cell {
    case .showDetails:
      return TerminalCell(text: "Show company next to names", detail: controller.showDetails ? "[x]" : "[ ]")
    case .highlightChanges:
      return TerminalCell(
        text: "Highlight inserted and moved rows", detail: controller.highlightChanges ? "[x]" : "[ ]")
    case .syncSize:
      return TerminalCell(text: "Rows changed by a sync", detail: "\(controller.syncSize)")
    case .contactCount:
      return TerminalCell(text: "Contacts", detail: "\(controller.contactCount)")
    case .databasePath:
      return TerminalCell(text: "File", detail: controller.databasePath)
    }
  }

  /// The one place this screen builds and applies its snapshot: the controller's table, with
  /// the rows whose value changed marked for reconfigure.
  func reloadSnapshot(reconfiguring changed: [SettingsCell] = []) {
    do {
      let newContent = try controller.tableData.makeSnapshot()
      content = newContent
      var snapshot = newContent.snapshot
      snapshot.reconfigureItems(changed.filter { snapshot.containsItem($0) })
      dataSource.apply(snapshot, animatingDifferences: true) { [weak self] in
        guard let self else { return }
        dataSource.focus(pendingFocusedCell)
        pendingFocusedCell = nil
        host?.setNeedsDisplay()
      }
    } catch {
      host?.show(message: "Settings table is invalid: \(error)")
    }
  }

  func handle(_ key: TerminalKey) -> Bool {
    switch key {
    case .enter, .character(" "):
      if let cell = dataSource.focusedItem { controller.activate(cell) }
    default:
      guard dataSource.handleNavigationKey(key) else { return false }
    }
    host?.setNeedsDisplay()
    return true
  }
}
