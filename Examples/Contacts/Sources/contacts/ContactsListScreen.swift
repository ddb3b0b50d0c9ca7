import Foundation
import OpenDiffable
import OpenDiffableGRDB
import OpenDiffableTerminal

/// The list screen: Favorites and All, live from the database.
@MainActor
final class ContactsListScreen: Screen {
  let title = "Contacts"
  private let controller: ContactsController
  private let settings: SettingsModel
  private var dataSource: DiffableDataSource<TerminalListView, ContactSection, Int64>!
  var listView: TerminalListView { dataSource.host }
  private weak var host: (any ScreenHost)?
  /// The focused contact, captured in willChange (or asked for by a key: the contact just added)
  /// and focused again by identifier after the apply.
  private var pendingFocusedID: Int64?
  private var isSearching = false
  var isEditingText: Bool { isSearching }

  init(controller: ContactsController, settings: SettingsModel, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.settings = settings
    self.host = host
    dataSource = DiffableDataSource(screen: self, width: width, height: height, reportingTo: host) {
      [unowned self] in self.cell(for: $0)
    }
    listView.emptyText = "No contacts match."
    // What a row shows: when it differs from what the row's cell was made with, the apply
    // reconfigures the row — only rows on screen are compared.
    dataSource.contentProvider = { [unowned self] in self.content(of: $0) }
    dataSource.sectionHeaderTitleProvider = { [unowned self] section in
      let count = self.dataSource.snapshot().numberOfItems(inSection: section)
      return "\(section.rawValue) (\(count))"
    }
    controller.willChange = { [weak self] in
      guard let self else { return }
      pendingFocusedID = pendingFocusedID ?? dataSource.focusedItem
    }
    controller.didChange = { [weak self] in self?.reloadSnapshot() }
    controller.reportErrors(to: host, as: .contactsQuery)
  }

  var hint: String {
    if isSearching { return "Search: \(controller.search)▏  (type to filter · Enter keep · Esc clear)" }
    let filter = controller.search.isEmpty ? "" : "filter “\(controller.search)” · "
    return filter + "/ search · f favorite · a add · d delete · J/K reorder · s sync · 1 2 3 screens · q quit"
  }

  func didAppear() {}

  func settingsWillChange() {}

  /// The company shown next to each name is a setting: a content change of every row, which the
  /// data source finds for the rows on screen.
  func settingsDidChange(_ changed: [SettingsCell]) {
    if changed.contains(.showDetails) { reloadSnapshot() }
  }

  /// What the row of a contact shows.
  struct RowContent: Equatable {
    var text: String
    var detail: String?
  }

  private func content(of id: Int64) -> RowContent {
    guard let contact = controller.contact(id) else { return RowContent(text: "?") }
    let star = contact.isFavorite ? "★ " : "  "
    return RowContent(text: star + contact.name, detail: settings.showDetails ? contact.company : nil)
  }

  private func cell(for id: Int64) -> TerminalCell {
    let content = content(of: id)
    return TerminalCell(text: content.text, detail: content.detail)
  }

  /// The one place this screen builds and applies its snapshot: the controller's; the data
  /// source reconfigures the rows on screen whose content changed.
  func reloadSnapshot() {
    dataSource.apply(controller.snapshot, animatingDifferences: true) { [weak self] in
      guard let self else { return }
      dataSource.focus(pendingFocusedID)
      pendingFocusedID = nil
      host?.setNeedsDisplay()
    }
  }

  // MARK: Keys

  func handle(_ key: TerminalKey) -> Bool {
    if isSearching, handleSearch(key) { return true }
    let focusedID = dataSource.focusedItem
    // The focused contact, for the keys that act on it; they say so when there is none.
    func focused() -> Contact? {
      guard let id = focusedID, let contact = controller.contact(id) else {
        host?.show(message: "No contact is focused.")
        return nil
      }
      return contact
    }
    switch key {
    case .character(" "): listView.pageDown()
    case .character("/"):
      isSearching = true
      host?.show(message: "Type to filter by name, company or email.")
    case .escape where !controller.search.isEmpty:
      controller.setSearch("")
      host?.show(message: "Filter cleared.")
    case .character("f"):
      guard let contact = focused() else { break }
      perform {
        try controller.toggleFavorite(contact.id)
        let change = contact.isFavorite ? "removed from" : "added to"
        host?.show(message: "\(contact.name) \(change) Favorites.")
      }
    case .character("d"):
      guard let contact = focused() else { break }
      perform {
        try controller.delete(contact.id)
        host?.show(message: "Deleted \(contact.name).")
      }
    case .character("a"):
      perform {
        let added = try controller.add(after: focusedID)
        pendingFocusedID = added.id
        host?.show(message: "Added \(added.name).")
      }
    case .character("J"), .character("K"):
      guard let contact = focused() else { break }
      let down = key == .character("J")
      perform {
        if try controller.move(contact.id, by: down ? 1 : -1) {
          host?.show(message: "Moved \(contact.name) \(down ? "down" : "up").")
        } else {
          let section = contact.isFavorite ? ContactSection.favorites : .all
          host?.show(message: "\(contact.name) is already \(down ? "last" : "first") in \(section.rawValue).")
        }
      }
    case .character("s"):
      perform {
        let summary = try controller.sync(size: settings.syncSize)
        host?.show(
          message:
            "Sync: \(summary.total) rows changed: \(summary.inserted) new, \(summary.deleted) deleted, "
            + "\(summary.renamed) renamed, \(summary.moved) moved, \(summary.favorited) favorites flipped.")
      }
    default:
      guard dataSource.handleNavigationKey(key) else { return false }
    }
    host?.setNeedsDisplay()
    return true
  }

  private func handleSearch(_ key: TerminalKey) -> Bool {
    switch key {
    case .character(let character):
      controller.setSearch(controller.search + String(character))
    case .backspace:
      controller.setSearch(String(controller.search.dropLast()))
    case .enter:
      isSearching = false
      host?.show(
        message: controller.search.isEmpty
          ? "No filter." : "Filter “\(controller.search)” kept: \(controller.count) contacts. Esc clears it.")
    case .escape:
      isSearching = false
      controller.setSearch("")
      host?.show(message: "Search cleared.")
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
