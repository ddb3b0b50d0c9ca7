import Foundation
import GRDB
import OpenDiffable
import OpenDiffableGRDB

/// Side controller of the list screen: owns the search text and the live query, and tells the
/// screen before and after its data changes (`willChange` / `didChange`).
@MainActor
final class ContactsController: LiveQueryController {
  typealias Observer = DatabaseSnapshotObserver<Contact, ContactSection, Int64>

  let store: ContactStore
  private(set) var search = ""
  private var observer: Observer
  private var syncCount: UInt64 = 0

  /// Called before the contacts change (capture selection).
  var willChange: (() -> Void)?
  /// Called after the contacts changed (reload the snapshot).
  var didChange: (() -> Void)?
  /// Called when the live query fails or leaves out rows it cannot decode.
  var didFail: ((DatabaseSnapshotError) -> Void)?
  /// Called when the live query succeeds cleanly again after ``didFail``.
  var didRecover: (() -> Void)?

  init(store: ContactStore) {
    self.store = store
    observer = Self.makeObserver(store: store, search: "")
  }

  private static func makeObserver(store: ContactStore, search: String) -> Observer {
    Observer(
      reader: store.queue,
      rows: { db in try ContactStore.contactRows(db, search: search) },
      decode: { row in try Contact(row: row) },
      // No reconfigure marks: the list's data source compares the rows on screen itself
      // (its contentProvider), so a sync that renames hundreds of contacts reconfigures only
      // those in view.
      builder: DatabaseSnapshotBuilder(
        fixedSections: [.favorites, .all], section: { $0.isFavorite ? .favorites : .all }, identifier: \.id,
        marksChangedItems: false))
  }

  /// Starts the live query; the first result is delivered before this returns.
  func load() {
    observer.start(reportingTo: self)
  }

  /// The screen's data source finds the contacts whose content changed (see ``snapshot``).
  func queryDidChange() { didChange?() }

  /// Starts the live query again if an error ended it.
  func retry() {
    if !observer.isObserving { load() }
  }

  /// The current contacts as a snapshot (favorites, then all others), without reconfigure marks:
  /// the screen's data source finds the rows on screen whose content changed.
  var snapshot: DiffableDataSourceSnapshot<ContactSection, Int64> { observer.snapshot }

  /// The contact for an identifier in the current result.
  func contact(_ id: Int64) -> Contact? { observer.records[id] }

  /// How many contacts the current result holds.
  var count: Int { observer.records.count }

  /// Filters the list; the query runs again at once.
  func setSearch(_ text: String) {
    guard text != search else { return }
    search = text
    observer.stop()
    observer = Self.makeObserver(store: store, search: text)
    load()
  }

  func toggleFavorite(_ id: Int64) throws { try store.toggleFavorite(id) }
  func delete(_ id: Int64) throws { try store.delete(id) }
  func add(after id: Int64?) throws -> (id: Int64, name: String) {
    syncCount += 1
    return try store.add(after: id, seed: 0xADD + syncCount &* 7919)
  }
  @discardableResult
  func move(_ id: Int64, by offset: Int) throws -> Bool { try store.move(id, by: offset) }
  func sync(size: Int) throws -> ContactStore.SyncSummary {
    syncCount += 1
    return try store.simulateSync(size: size, seed: 0x5EED + syncCount &* 104_729)
  }
}
