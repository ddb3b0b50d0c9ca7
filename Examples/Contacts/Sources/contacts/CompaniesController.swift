import OpenDiffable
import OpenDiffableGRDB

/// Items of the companies outline: a company (parent) or a contact (child).
enum OutlineItem: Hashable, Sendable {
  case company(String)
  case contact(Int64)
}

/// Side controller of the outline screen: the contacts grouped by company (live) and which
/// companies are expanded. It does not track which rows changed: the screen's data source finds
/// the rows on screen whose content changed (its `contentProvider`).
@MainActor
final class CompaniesController: LiveQueryController {
  private let observer: DatabaseSnapshotObserver<Contact, String, Int64>
  private(set) var expanded: Set<String> = []

  var willChange: (() -> Void)?
  var didChange: (() -> Void)?
  var didFail: ((DatabaseSnapshotError) -> Void)?
  var didRecover: (() -> Void)?

  init(store: ContactStore) {
    observer = DatabaseSnapshotObserver(
      reader: store.queue, rows: { db in try ContactStore.rowsByCompany(db) }, decode: { row in try Contact(row: row) },
      builder: DatabaseSnapshotBuilder(section: \.company, identifier: \.id, marksChangedItems: false))
  }

  /// Starts the live query; the first result is delivered before this returns.
  func load() {
    observer.start(reportingTo: self)
  }

  /// Starts the live query again if an error ended it.
  func retry() {
    if !observer.isObserving { load() }
  }

  func queryDidChange() { didChange?() }

  /// Companies in order, with their contacts (sections of the observer's snapshot).
  var companies: [String] { observer.snapshot.sectionIdentifiers }
  func contacts(of company: String) -> [Int64] { observer.snapshot.itemIdentifiers(inSection: company) }
  func contact(_ id: Int64) -> Contact? { observer.records[id] }

  func setExpanded(_ company: String, _ isExpanded: Bool) {
    guard expanded.contains(company) != isExpanded else { return }
    willChange?()
    if isExpanded { expanded.insert(company) } else { expanded.remove(company) }
    didChange?()
  }
}
