import DiffableKit
import DiffableKitGRDB
import DiffableKitTerminal

/// Items of the companies outline: a company (parent) or a contact (child).
enum OutlineItem: Hashable, Sendable {
  case company(String)
  case contact(Int64)
}

/// Side controller of the outline screen: the contacts grouped by company (live) and which
/// companies are expanded.
@MainActor
final class CompaniesController {
  private let observer: DatabaseSnapshotObserver<Contact, String, Int64>
  private(set) var expanded: Set<String> = []
  var willChange: (() -> Void)?
  var didChange: (() -> Void)?
  /// Called when the live query fails or leaves out rows it cannot decode.
  var didFail: ((DatabaseSnapshotError) -> Void)?
  /// Called when the live query succeeds cleanly again after ``didFail``.
  var didRecover: (() -> Void)?

  init(store: ContactStore) {
    observer = DatabaseSnapshotObserver(
      reader: store.queue, rows: { db in try ContactStore.rowsByCompany(db) }, decode: { row in try Contact(row: row) },
      builder: DatabaseSnapshotBuilder(section: \.company, identifier: \.id))
  }

  func load() {
    observer.willChange = { [weak self] in self?.willChange?() }
    observer.didChange = { [weak self] in self?.didChange?() }
    observer.didFail = { [weak self] in self?.didFail?($0) }
    observer.didRecover = { [weak self] in self?.didRecover?() }
    observer.start()
  }

  /// Starts the live query again if an error ended it.
  func retry() {
    if !observer.isObserving { load() }
  }

  /// Companies in order, with their contacts (sections of the observer's snapshot).
  var companies: [String] { observer.snapshot.sectionIdentifiers }
  func contacts(of company: String) -> [Int64] { observer.snapshot.itemIdentifiers(inSection: company) }
  func contact(_ id: Int64) -> Contact? { observer.records[id] }
  /// Contacts whose content changed in the last update.
  var changedContacts: [Int64] { observer.snapshot.reconfiguredItemIdentifiers }

  func setExpanded(_ company: String, _ isExpanded: Bool) {
    guard expanded.contains(company) != isExpanded else { return }
    willChange?()
    if isExpanded { expanded.insert(company) } else { expanded.remove(company) }
    didChange?()
  }
}

/// The outline screen: companies with their contacts, expand and collapse.
@MainActor
final class CompaniesScreen: Screen {
  let title = "Companies"
  let listView: TerminalListView
  private let controller: CompaniesController
  private var dataSource: DiffableDataSource<TerminalListView, Int, OutlineItem>!
  private weak var host: (any ScreenHost)?
  private var pendingFocusedItem: OutlineItem?
  private var previousCounts: [String: Int] = [:]
  private var previousExpanded: Set<String> = []

  let hint = "↑/↓ move · Enter/→ expand · ← collapse · 1 2 3 screens · q quit"

  init(controller: CompaniesController, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.host = host
    listView = TerminalListView(width: width, height: height)
    dataSource = DiffableDataSource(host: listView) { [unowned self] _, _, item in self.cell(for: item)
    }
    dataSource.traceHandler = { [weak self] trace in
      guard let self else { return }
      self.host?.screenDidApply(TerminalApplyReport(trace: trace), from: self)
    }
    dataSource.sectionHeaderTitleProvider = { _ in "Contacts by company" }
    controller.willChange = { [weak self] in
      guard let self else { return }
      pendingFocusedItem = listView.focusedIndexPath.flatMap { self.dataSource.itemIdentifier(for: $0) }
    }
    controller.didChange = { [weak self] in self?.reloadSnapshot() }
    controller.didFail = { [weak self] error in self?.host?.show(error: "\(error)", from: .companiesQuery) }
    controller.didRecover = { [weak self] in self?.host?.clearError(from: .companiesQuery) }
  }

  func didAppear() {}

  private func cell(for item: OutlineItem) -> TerminalCell {
    switch item {
    case .company(let name):
      let isExpanded = controller.expanded.contains(name)
      return TerminalCell(
        text: name, detail: "\(controller.contacts(of: name).count)", indentationLevel: 0,
        disclosure: isExpanded ? .expanded : .collapsed)
    case .contact(let id):
      let contact = controller.contact(id)
      return TerminalCell(
        text: contact?.name ?? "?", detail: contact?.email, indentationLevel: 1,
        disclosure: TerminalCell.Disclosure.none)
    }
  }

  /// The one place this screen builds and applies its snapshot: a section snapshot with the
  /// companies as parents and their contacts as children, expanded as the controller says.
  func reloadSnapshot() {
    var outline = DiffableDataSourceSectionSnapshot<OutlineItem>()
    var counts: [String: Int] = [:]
    var changed: [OutlineItem] = []
    let companies = controller.companies
    outline.append(companies.map(OutlineItem.company))
    for company in companies {
      let contacts = controller.contacts(of: company)
      counts[company] = contacts.count
      outline.append(contacts.map(OutlineItem.contact), to: .company(company))
      if let old = previousCounts[company], old != contacts.count { changed.append(.company(company)) }
    }
    outline.expand(controller.expanded.filter { counts[$0] != nil }.map(OutlineItem.company))
    changed += controller.changedContacts.map(OutlineItem.contact)
    changed += controller.expanded.symmetricDifference(previousExpanded).map(OutlineItem.company)
    previousExpanded = controller.expanded
    previousCounts = counts
    dataSource.apply(outline, to: 0, animatingDifferences: true) { [weak self] in
      guard let self else { return }
      // Section snapshots carry no reconfigure marks: refresh changed rows in place on the host.
      let paths = changed.compactMap { self.dataSource.indexPath(for: $0) }
      if !paths.isEmpty { listView.reconfigureItems(at: paths) }
      if let item = pendingFocusedItem, let path = dataSource.indexPath(for: item) {
        listView.focusedIndexPath = path
      }
      pendingFocusedItem = nil
    }
  }

  func handle(_ key: Key) -> Bool {
    let focused = listView.focusedIndexPath.flatMap { dataSource.itemIdentifier(for: $0) }
    switch key {
    case .up, .character("k"): listView.moveFocus(by: -1)
    case .down, .character("j"): listView.moveFocus(by: 1)
    case .pageUp: listView.pageUp()
    case .pageDown: listView.pageDown()
    case .home, .character("g"): listView.moveFocusToFirst()
    case .end, .character("G"): listView.moveFocusToLast()
    case .enter, .right, .character(" "), .character("l"), .left, .character("h"):
      let expand = key != .left && key != .character("h")
      switch focused {
      case .company(let name)?:
        let open = key == .enter || key == .character(" ") ? !controller.expanded.contains(name) : expand
        controller.setExpanded(name, open)
      case .contact(let id)?:
        if !expand, let company = controller.contact(id)?.company {
          pendingFocusedItem = .company(company)
          controller.setExpanded(company, false)
        }
      case nil: break
      }
    default:
      return false
    }
    host?.setNeedsDisplay()
    return true
  }
}
