import DiffableKit
import DiffableKitGRDB
import DiffableKitTerminal
import Foundation

/// The list screen: Favorites and All, live from the database.
@MainActor
final class ContactsListScreen: Screen {
  let title = "Contacts"
  let listView: TerminalListView
  private let controller: ContactsController
  private let settings: SettingsController
  private var dataSource: DiffableDataSource<TerminalListView, ContactSection, Int64>!
  private weak var host: (any ScreenHost)?

  /// Selection captured in willChange, restored after the apply (by identifier).
  private var pendingSelectedIDs: [Int64] = []
  private var pendingFocusedID: Int64?
  private(set) var isSearching = false

  init(controller: ContactsController, settings: SettingsController, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.settings = settings
    self.host = host
    listView = TerminalListView(width: width, height: height)
    listView.emptyText = "No contacts match."
    dataSource = DiffableDataSource(host: listView) { [unowned self] _, _, id in
      self.cell(for: id)
    }
    dataSource.traceHandler = { [weak self] trace in
      guard let self else { return }
      self.host?.screenDidApply(TerminalApplyReport(trace: trace), from: self)
    }
    dataSource.sectionHeaderTitleProvider = { [unowned self] section in
      let count = self.dataSource.snapshot().numberOfItems(inSection: section)
      return "\(section.rawValue) (\(count))"
    }
    controller.willChange = { [weak self] in self?.captureSelection() }
    controller.didChange = { [weak self] in self?.reloadSnapshot() }
    controller.didFail = { [weak self] error in self?.host?.show(error: "\(error)", from: .contactsQuery) }
    controller.didRecover = { [weak self] in self?.host?.clearError(from: .contactsQuery) }
  }

  var hint: String {
    if isSearching { return "Search: \(controller.search)▏  (type to filter · Enter keep · Esc clear)" }
    let filter = controller.search.isEmpty ? "" : "filter “\(controller.search)” · "
    return filter + "/ search · f favorite · a add · d delete · J/K reorder · s sync · 1 2 3 screens · q quit"
  }

  func didAppear() {}

  private func cell(for id: Int64) -> TerminalCell {
    guard let contact = controller.contact(id) else { return TerminalCell(text: "?") }
    let star = contact.isFavorite ? "★ " : "  "
    return TerminalCell(text: star + contact.name, detail: settings.showDetails ? contact.company : nil)
  }

  // MARK: Seed pattern: capture in willChange, one reloadSnapshot(), restore by identifier.

  private func captureSelection() {
    pendingSelectedIDs = (listView.indexPathsForSelectedItems ?? []).compactMap { dataSource.itemIdentifier(for: $0) }
    if pendingFocusedID == nil {
      pendingFocusedID = listView.focusedIndexPath.flatMap { dataSource.itemIdentifier(for: $0) }
    }
  }

  /// The one place this screen builds and applies its snapshot.
  func reloadSnapshot() {
    var snapshot = controller.snapshot
    // Settings affect every cell's content but not identity: reconfigure visible rows.
    if forceReconfigure {
      snapshot.reconfigureItems(snapshot.itemIdentifiers)
      forceReconfigure = false
    }
    dataSource.apply(snapshot, animatingDifferences: true) { [weak self] in
      guard let self else { return }
      if let focused = pendingFocusedID, let path = dataSource.indexPath(for: focused) {
        listView.focusedIndexPath = path
      } else {
        let paths = pendingSelectedIDs.compactMap { dataSource.indexPath(for: $0) }
        if let first = paths.first, listView.indexPathsForSelectedItems != paths { listView.selectItem(at: first) }
      }
      pendingSelectedIDs.removeAll()
      pendingFocusedID = nil
    }
  }

  private var forceReconfigure = false

  /// Settings changed in a way that changes cell content.
  func settingsDidChange() {
    forceReconfigure = true
    reloadSnapshot()
  }

  private var focusedID: Int64? { listView.focusedIndexPath.flatMap { dataSource.itemIdentifier(for: $0) } }

  // MARK: Keys

  func handle(_ key: Key) -> Bool {
    if isSearching, handleSearch(key) { return true }
    switch key {
    case .up, .character("k"): listView.moveFocus(by: -1)
    case .down, .character("j"): listView.moveFocus(by: 1)
    case .pageUp: listView.pageUp()
    case .pageDown, .character(" "): listView.pageDown()
    case .home, .character("g"): listView.moveFocusToFirst()
    case .end, .character("G"): listView.moveFocusToLast()
    case .character("/"):
      isSearching = true
    case .escape where !controller.search.isEmpty:
      controller.setSearch("")
    case .character("f"):
      guard let id = focusedID else { return true }
      perform { try controller.toggleFavorite(id) }
      pendingFocusedID = id
    case .character("d"):
      guard let id = focusedID else { return true }
      perform { try controller.delete(id) }
    case .character("a"):
      perform {
        let id = try controller.add(after: focusedID)
        pendingFocusedID = id
        host?.show(message: "Added \(id).")
      }
    case .character("J"), .character("K"):
      guard let id = focusedID else { return true }
      pendingFocusedID = id
      perform { try controller.move(id, by: key == .character("J") ? 1 : -1) }
    case .character("s"):
      perform {
        let summary = try controller.sync(size: settings.syncSize)
        host?.show(
          message:
            "Sync: \(summary.inserted) new, \(summary.deleted) deleted, \(summary.renamed) renamed, "
            + "\(summary.moved) moved, \(summary.favorited) favorites flipped.")
      }
    default:
      return false
    }
    host?.setNeedsDisplay()
    return true
  }

  private func handleSearch(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      controller.setSearch(controller.search + String(character))
    case .backspace:
      controller.setSearch(String(controller.search.dropLast()))
    case .enter:
      isSearching = false
    case .escape:
      isSearching = false
      controller.setSearch("")
    default:
      return false
    }
    host?.setNeedsDisplay()
    return true
  }

  /// Runs a write: a failure is shown as a write error naming the database file; a success
  /// clears the error an earlier write left.
  private func perform(_ write: () throws -> Void) {
    do {
      try write()
      host?.clearError(from: .write)
    } catch {
      let failure = DatabaseSnapshotError(error, kind: .writeFailed, databasePath: controller.store.path)
      host?.show(error: "\(failure)", from: .write)
    }
  }
}
