import DiffableKit
import DiffableKitTerminal

/// The settings screen, rendered from static table data by switching on the cell enum.
@MainActor
final class SettingsScreen: Screen {
  let title = "Settings"
  let listView: TerminalListView
  private let controller: SettingsController
  private var dataSource: DiffableDataSource<TerminalListView, Int, SettingsCell>!
  private var content: StaticTableContent<SettingsCell>?
  private weak var host: (any ScreenHost)?
  private var pendingFocusedCell: SettingsCell?
  private var changedCells: [SettingsCell] = []

  let hint = "↑/↓ move · Enter/Space change · 1 2 3 screens · q quit"

  init(controller: SettingsController, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.host = host
    listView = TerminalListView(width: width, height: height)
    dataSource = DiffableDataSource(host: listView) { [unowned self] _, _, cell in self.render(cell) }
    dataSource.traceHandler = { [weak self] trace in
      guard let self else { return }
      self.host?.screenDidApply(TerminalApplyReport(trace: trace), from: self)
    }
    dataSource.sectionHeaderTitleProvider = { [unowned self] index in content?.titleForHeader(inSection: index) }
    dataSource.sectionFooterTitleProvider = { [unowned self] index in content?.titleForFooter(inSection: index) }
    controller.willChange = { [weak self] in
      guard let self else { return }
      pendingFocusedCell = listView.focusedIndexPath.flatMap { self.dataSource.itemIdentifier(for: $0) }
    }
    controller.didChange = { [weak self] changed in
      self?.changedCells = changed
      self?.reloadSnapshot()
    }
  }

  func didAppear() {
    changedCells = [.contactCount]
    reloadSnapshot()
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
      return TerminalCell(text: "Contacts", detail: "\(controller.contactCount())")
    case .databasePath:
      return TerminalCell(text: "File", detail: controller.databasePath)
    }
  }

  /// The one place this screen builds and applies its snapshot.
  func reloadSnapshot() {
    do {
      let newContent = try controller.tableData.makeSnapshot()
      content = newContent
      var snapshot = newContent.snapshot
      let changed = changedCells.filter { snapshot.containsItem($0) }
      if !changed.isEmpty { snapshot.reconfigureItems(changed) }
      changedCells = []
      dataSource.apply(snapshot, animatingDifferences: true) { [weak self] in
        guard let self, let cell = pendingFocusedCell, let path = dataSource.indexPath(for: cell) else { return }
        listView.focusedIndexPath = path
        pendingFocusedCell = nil
      }
    } catch {
      host?.show(message: "Settings table is invalid: \(error)")
    }
  }

  func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .character("k"): listView.moveFocus(by: -1)
    case .down, .character("j"): listView.moveFocus(by: 1)
    case .enter, .character(" "):
      if let cell = listView.focusedIndexPath.flatMap({ dataSource.itemIdentifier(for: $0) }) {
        controller.activate(cell)
      }
    default:
      return false
    }
    host?.setNeedsDisplay()
    return true
  }
}
