import OpenDiffable
import OpenDiffableTerminal

/// The outline screen: companies with their contacts, expand and collapse.
@MainActor
final class CompaniesScreen: Screen {
  let title = "Companies"
  /// The outline's keys, described this one way on the screen and in `--help`.
  nonisolated static let outlineKeys = "Enter/Space expand or collapse · →/l expand · ←/h collapse"
  let hint = "↑/↓ move · " + CompaniesScreen.outlineKeys + " · 1 2 3 screens · q quit"
  let isEditingText = false
  private let controller: CompaniesController
  private var dataSource: DiffableDataSource<TerminalListView, Int, OutlineItem>!
  var listView: TerminalListView { dataSource.host }
  private weak var host: (any ScreenHost)?
  /// The focused row, captured in willChange and focused again by identifier after the apply.
  private var pendingFocusedItem: OutlineItem?

  init(controller: CompaniesController, host: any ScreenHost, width: Int, height: Int) {
    self.controller = controller
    self.host = host
    dataSource = DiffableDataSource(screen: self, width: width, height: height, reportingTo: host) {
      [unowned self] in self.cell(for: $0)
    }
    dataSource.sectionHeaderTitleProvider = { _ in "Contacts by company" }
    // A row's content is its cell: a company's count and disclosure, a contact's name and email.
    // Each apply reconfigures the rows on screen whose cell would now differ.
    dataSource.contentProvider = { [unowned self] in self.cell(for: $0) }
    controller.willChange = { [weak self] in
      guard let self else { return }
      pendingFocusedItem = dataSource.focusedItem
    }
    controller.didChange = { [weak self] in self?.reloadSnapshot() }
    controller.reportErrors(to: host, as: .companiesQuery)
  }

  func didAppear() {}

  /// Nothing on this screen depends on the settings.
  func settingsWillChange() {}
  func settingsDidChange(_ changed: [SettingsCell]) {}

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

  /// The one place this screen builds and applies its snapshot: an outline (a section snapshot)
  /// with the companies as parents and their contacts as children, expanded as the controller
  /// says, whose visible rows make the list's one section. Nothing is marked for reconfigure:
  /// the data source finds the rows on screen whose content changed.
  func reloadSnapshot() {
    var outline = DiffableDataSourceSectionSnapshot<OutlineItem>()
    let companies = controller.companies
    outline.append(companies.map(OutlineItem.company))
    for company in companies {
      outline.append(controller.contacts(of: company).map(OutlineItem.contact), to: .company(company))
    }
    outline.expand(controller.expanded.map(OutlineItem.company).filter { outline.contains($0) })
    var snapshot = DiffableDataSourceSnapshot<Int, OutlineItem>()
    snapshot.replaceItems(inSection: 0, withVisibleItemsOf: outline)
    dataSource.apply(snapshot, animatingDifferences: true) { [weak self] in
      guard let self else { return }
      dataSource.focus(pendingFocusedItem)
      pendingFocusedItem = nil
      host?.setNeedsDisplay()
    }
  }

  func handle(_ key: TerminalKey) -> Bool {
    switch key {
    case .enter, .right, .character(" "), .character("l"), .left, .character("h"):
      let toggles = key == .enter || key == .character(" ")
      let expand = key != .left && key != .character("h")
      switch dataSource.focusedItem {
      case .company(let name)?:
        let isExpanded = controller.expanded.contains(name)
        let open = toggles ? !isExpanded : expand
        if open == isExpanded {
          host?.show(message: "\(name) is already \(open ? "expanded" : "collapsed").")
        } else {
          controller.setExpanded(name, open)
          let count = controller.contacts(of: name).count
          host?.show(message: open ? "Expanded \(name) (\(count) contacts)." : "Collapsed \(name).")
        }
      case .contact(let id)?:
        let contact = controller.contact(id)
        // ← on a contact focuses its company, then collapses it.
        if !expand, let company = contact?.company {
          dataSource.focus(.company(company))
          controller.setExpanded(company, false)
          host?.show(message: "Collapsed \(company).")
        } else {
          host?.show(message: "\(contact?.name ?? "This contact") has nothing to expand; ←/h collapses its company.")
        }
      case nil: break
      }
    default:
      guard dataSource.handleNavigationKey(key) else { return false }
    }
    host?.setNeedsDisplay()
    return true
  }
}
