// swift-format-ignore-file: OrderedImports
// The README's "Quick start: UIKit", run against the stand-in UIKit. The code between the
// markers below is a copy of the README's ```swift block (the README's own block is compiled by
// `.ci/articles UIKit`); the tests after it drive the screen. (The README's imports come after
// `import Testing`, so the imports are not in lexicographic order.)

import Testing

// README quick start: begin
import OpenDiffable
import UIKit

enum Section: Hashable, Sendable { case pinned, everyone }
struct Person: Identifiable, Sendable { let id: UUID; var name: String; var isPinned: Bool }

@MainActor
final class PeopleViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .grouped)
  private var dataSource: TableViewDiffableDataSource<Section, Person.ID>!
  private var people: [Person.ID: Person] = [:]  // the store; identifiers stay stable
  private var order: [Person.ID] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "person")
    view.addSubview(tableView)
    dataSource = TableViewDiffableDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
      let cell = tableView.dequeueReusableCell(withIdentifier: "person", for: indexPath)
      let name = self?.people[id]?.name
      if #available(iOS 14.0, tvOS 14.0, *) {
        var content = cell.defaultContentConfiguration()
        content.text = name
        cell.contentConfiguration = content
      } else {
        cell.textLabel?.text = name
      }
      return cell  // returning nil stops with an OpenDiffable message naming the path and item
    }
    Task { await reloadSnapshot(animated: false) }  // the first apply loads without animating
  }

  /// The one place this screen turns state into a snapshot.
  func reloadSnapshot(animated: Bool = true) async {
    var snapshot = DiffableDataSourceSnapshot<Section, Person.ID>()
    snapshot.appendSections([.pinned, .everyone])
    snapshot.appendItems(order.filter { people[$0]?.isPinned == true }, toSection: .pinned)
    snapshot.appendItems(order.filter { people[$0]?.isPinned != true }, toSection: .everyone)
    await dataSource.apply(snapshot, animatingDifferences: animated)
    // Selected rows stay selected by identifier, even when a person moved between sections.
  }
}
// README quick start: end

extension PeopleViewController {
  /// Test only: replaces the store with `list`, in that order, and reloads, as the app's own
  /// model code would.
  func testShow(_ list: [Person]) async {
    people = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
    order = list.map(\.id)
    await reloadSnapshot()
  }

  /// Test only: the screen's table.
  var testTableView: UITableView { tableView }
}

/// The text each row of `table` shows, section by section.
@MainActor
private func texts(_ table: UITableView) -> [[String?]] {
  table.standIn.cells.map { section in
    section.map { cell in
      if let content = cell.contentConfiguration as? UIListContentConfiguration { return content.text }
      return cell.textLabel?.text
    }
  }
}

@MainActor
@Suite("README: the UIKit quick start")
struct ReadmeQuickStartTests {
  @Test("Loading the view applies once; the table shows the people in their sections")
  func theScreenShowsThePeople() async {
    let controller = PeopleViewController()
    #expect(!controller.isViewLoaded)
    controller.loadViewIfNeeded()
    let table = controller.testTableView
    #expect(controller.view.subviews.contains { $0 === table })
    #expect(table.dataSource != nil)

    // viewDidLoad's task: the first apply, without animation, is a reload (two empty sections).
    for _ in 0..<1_000 where table.standIn.log.isEmpty { await Task.yield() }
    #expect(table.standIn.log == ["reloadData"])
    #expect(texts(table) == [[], []])

    let ada = Person(id: UUID(), name: "Ada", isPinned: true)
    var grace = Person(id: UUID(), name: "Grace", isPinned: false)
    let alan = Person(id: UUID(), name: "Alan", isPinned: false)
    await controller.testShow([ada, grace, alan])
    #expect(table.standIn.log.last == "batch(animated)")
    #expect(texts(table) == [["Ada"], ["Grace", "Alan"]])

    // Pinning moves a person between sections; the row keeps its cell.
    grace.isPinned = true
    await controller.testShow([ada, grace, alan])
    #expect(texts(table) == [["Ada", "Grace"], ["Alan"]])
  }

  @Test("A cell's text label is the fallback before content configurations, nil while one is set")
  func textLabelAndContentConfiguration() {
    let cell = UITableViewCell(frame: .zero)
    cell.textLabel?.text = "Ada"
    #expect(cell.textLabel?.text == "Ada")
    var content = cell.defaultContentConfiguration()
    content.text = "Grace"
    cell.contentConfiguration = content
    #expect(cell.textLabel == nil)
    #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "Grace")
    cell.contentConfiguration = nil
    #expect(cell.contentConfiguration == nil)
    #expect(cell.textLabel?.text == "Ada")
  }
}
