// swift-format-ignore-file
// The Getting started article (Sources/OpenDiffable/OpenDiffable.docc/GettingStarted.md), run
// against the stand-in UIKit. The code between the markers is the article's swift blocks, in
// order, as a reader copies them (`.ci/articles UIKit` compiles the article itself;
// `theCopyIsTheArticlesCode` below fails when the two differ). Its `@Test` functions run here;
// the suite after it drives the article's UIKit screen. (Formatting is the article's: lines
// within 80 columns, imports where the article puts them.)

// Getting started: begin
import Foundation
import Observation
import OpenDiffable
import UIKit

struct Person: Identifiable, Equatable, Sendable {
  let id: UUID
  var name: String
  var team: String
  var isFavorite: Bool
}

enum PeopleSection: Hashable, Sendable {
  case favorites
  case teams

  var title: String {
    switch self {
    case .favorites: "Favorites"
    case .teams: "Teams"
    }
  }
}

enum PeopleItem: Hashable, Sendable {
  case favorite(Person.ID)
  case team(String)
  case member(Person.ID)
}

@MainActor
final class PeopleController {
  private(set) var people: [Person] = []
  private var indexByID: [Person.ID: Int] = [:]
  /// The people whose content changed in the last update.
  private(set) var changedIDs: [Person.ID] = []

  var didChange: (() -> Void)?

  func person(_ id: Person.ID) -> Person? { indexByID[id].map { people[$0] } }

  func load(_ loaded: [Person]) {
    update(changed: []) { $0 = loaded }
  }

  func rename(_ id: Person.ID, to name: String) {
    guard let index = indexByID[id] else { return }
    update(changed: [id]) { $0[index].name = name }
  }

  func toggleFavorite(_ id: Person.ID) {
    guard let index = indexByID[id] else { return }
    update(changed: []) { $0[index].isFavorite.toggle() }
  }

  private func update(
    changed: [Person.ID], _ change: (inout [Person]) -> Void
  ) {
    change(&people)
    indexByID = Dictionary(
      uniqueKeysWithValues: people.enumerated().map { ($1.id, $0) })
    changedIDs = changed
    didChange?()
  }
}

struct PeopleList {
  /// The Teams section: each team, its members under it.
  var teams = DiffableDataSourceSectionSnapshot<PeopleItem>()
  /// Every section; Teams holds the outline's visible rows.
  var snapshot = DiffableDataSourceSnapshot<PeopleSection, PeopleItem>()

  /// The list for `people`, with the teams in `expanded` open and the
  /// rows of `changed` marked for reconfigure.
  init(people: [Person], expanded: [PeopleItem], changed: [Person.ID]) {
    for person in people {
      let team = PeopleItem.team(person.team)
      if !teams.contains(team) { teams.append([team]) }
      teams.append([.member(person.id)], to: team)
    }
    teams.expand(expanded.filter(teams.contains))

    snapshot.appendSections([.favorites, .teams])
    snapshot.appendItems(
      people.filter(\.isFavorite).map { .favorite($0.id) },
      toSection: .favorites)
    snapshot.appendItems(teams.visibleItems, toSection: .teams)
    // Refresh edited rows in place, wherever they show.
    let edited = changed.flatMap { [PeopleItem.favorite($0), .member($0)] }
    snapshot.reconfigureItems(edited.filter(snapshot.containsItem))
  }
}

extension PeopleController {
  /// What the row of `item` shows.
  func text(for item: PeopleItem) -> String? {
    switch item {
    case .team(let name): name
    case .favorite(let id), .member(let id): person(id)?.name
    }
  }
}

@available(iOS 14, *)
@MainActor
final class PeopleViewController: UIViewController {
  private let peopleController: PeopleController
  private var collectionView: UICollectionView!
  private var dataSource:
    CollectionViewDiffableDataSource<PeopleSection, PeopleItem>!

  init(peopleController: PeopleController) {
    self.peopleController = peopleController
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("not used from a storyboard") }

  override func viewDidLoad() {
    super.viewDidLoad()
    var configuration = UICollectionLayoutListConfiguration(
      appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    collectionView = UICollectionView(
      frame: view.bounds,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: configuration))
    view.addSubview(collectionView)

    // Registrations come first: the providers below use them.
    let cellRegistration = UICollectionView.CellRegistration<
      UICollectionViewListCell, PeopleItem
    > { [weak self] cell, _, item in
      guard let self else { return }
      var content = cell.defaultContentConfiguration()
      content.text = peopleController.text(for: item)
      cell.contentConfiguration = content
      if case .team = item {
        // Opens and closes the team through the data source.
        cell.accessories = [dataSource.outlineDisclosureAccessory(for: item)]
      } else {
        cell.accessories = []
      }
    }
    let headerRegistration = UICollectionView.SupplementaryRegistration<
      UICollectionViewListCell
    >(elementKind: UICollectionView.elementKindSectionHeader) {
      [weak self] header, _, indexPath in
      var content = header.defaultContentConfiguration()
      content.text =
        self?.dataSource.sectionIdentifier(for: indexPath.section)?.title
      header.contentConfiguration = content
    }

    dataSource = CollectionViewDiffableDataSource(
      collectionView: collectionView
    ) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: item)
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(
        using: headerRegistration, for: indexPath)
    }
    peopleController.didChange = { [weak self] in self?.reloadSnapshot() }
    // The first apply loads the list without animating.
    reloadSnapshot(animated: false)
  }

  /// The one place this screen turns state into what the list shows.
  func reloadSnapshot(animated: Bool = true) {
    let list = PeopleList(
      people: peopleController.people,
      expanded: dataSource.snapshot(for: .teams).expandedItems,
      changed: peopleController.changedIDs)
    dataSource.apply(list.teams, to: .teams, animatingDifferences: animated)
    dataSource.apply(list.snapshot, animatingDifferences: animated)
  }

  /// The person whose row is selected, wherever that row moved.
  var selectedPerson: Person? {
    guard let indexPath = collectionView.indexPathsForSelectedItems?.first
    else { return nil }
    switch dataSource.itemIdentifier(for: indexPath) {
    case .favorite(let id), .member(let id): return peopleController.person(id)
    case .team, nil: return nil
    }
  }
}

// In a test target, with `@testable import` of your app module:
import OpenDiffableTesting
import Testing

/// The screen's list on a simulated collection view: the same controller
/// and `PeopleList`, applied as `reloadSnapshot()` applies them.
@MainActor
final class SimulatedPeopleScreen {
  typealias ListView = SimulatedCollectionView<PeopleSection, PeopleItem>

  let listView = ListView()
  let dataSource: DiffableDataSource<ListView, PeopleSection, PeopleItem>
  private let peopleController: PeopleController

  init(peopleController: PeopleController) {
    self.peopleController = peopleController
    dataSource = DiffableDataSource(host: listView) { _, _, item in
      SimulatedCell(item, text: peopleController.text(for: item) ?? "")
    }
    peopleController.didChange = { [weak self] in self?.reloadSnapshot() }
    reloadSnapshot(animated: false)
  }

  func reloadSnapshot(animated: Bool = true) {
    let list = PeopleList(
      people: peopleController.people,
      expanded: dataSource.snapshot(for: .teams).expandedItems,
      changed: peopleController.changedIDs)
    dataSource.apply(list.teams, to: .teams, animatingDifferences: animated)
    dataSource.apply(list.snapshot, animatingDifferences: animated)
  }
}

@MainActor
@Test func theSelectionStaysOnItsPerson() async {
  let ada = Person(id: UUID(), name: "Ada", team: "Compilers", isFavorite: true)
  let grace = Person(
    id: UUID(), name: "Grace", team: "Compilers", isFavorite: false)
  let alan = Person(id: UUID(), name: "Alan", team: "Theory", isFavorite: false)
  let peopleController = PeopleController()
  let screen = SimulatedPeopleScreen(peopleController: peopleController)
  peopleController.load([ada, grace, alan])
  #expect(
    screen.listView.itemIdentifiers == [
      [.favorite(ada.id)], [.team("Compilers"), .team("Theory")],
    ])

  // The user opens Theory and selects Alan; then Compilers opens above him.
  #expect(screen.dataSource.expandItem(.team("Theory")))
  screen.listView.userSelects(IndexPath(item: 2, section: 1))
  #expect(screen.dataSource.expandItem(.team("Compilers")))
  peopleController.rename(grace.id, to: "Grace Hopper")
  #expect(screen.listView.cells[1].map(\.text) == [
    "Compilers", "Ada", "Grace Hopper", "Theory", "Alan",
  ])
  #expect(screen.listView.selectedItemIdentifiers == [.member(alan.id)])
  #expect(screen.listView.batchErrors.isEmpty)
}

@MainActor
@Test func theDataSourceFindsContentChanges() async {
  var names = [1: "Ada", 2: "Grace", 3: "Linus"]
  let listView = SimulatedCollectionView<String, Int>()
  let dataSource = DiffableDataSource<
    SimulatedCollectionView<String, Int>, String, Int
  >(host: listView) {
    _, _, id in SimulatedCell(id, text: names[id] ?? "")
  }
  // What a cell shows: any Equatable value.
  dataSource.contentProvider = { id in names[id] }
  await dataSource.apply(
    DiffableDataSourceSnapshot { SnapshotSection("all", items: [1, 2, 3]) })

  names[2] = "Grace Hopper"
  // No marks: the data source finds the change.
  await dataSource.apply(dataSource.snapshot())
  #expect(listView.cells[0].map(\.text) == ["Ada", "Grace Hopper", "Linus"])
}

@MainActor
@Observable
final class PeopleModel {
  private(set) var people: [Person] = []

  func person(_ id: Person.ID) -> Person? { people.first { $0.id == id } }

  func load(_ loaded: [Person]) { people = loaded }

  func rename(_ id: Person.ID, to name: String) {
    guard let index = people.firstIndex(where: { $0.id == id }) else { return }
    people[index].name = name
  }

  /// What the row of `item` shows.
  func text(for item: PeopleItem) -> String? {
    switch item {
    case .team(let name): name
    case .favorite(let id), .member(let id): person(id)?.name
    }
  }
}

@MainActor
@Test func theListFollowsTheModel() async {
  let ada = Person(id: UUID(), name: "Ada", team: "Compilers", isFavorite: true)
  let model = PeopleModel()
  let listView = SimulatedCollectionView<PeopleSection, PeopleItem>()
  let dataSource = DiffableDataSource<
    SimulatedCollectionView<PeopleSection, PeopleItem>, PeopleSection,
    PeopleItem
  >(host: listView) { _, _, item in
    SimulatedCell(item, text: model.text(for: item) ?? "")
  }
  // What a cell shows: a rename reconfigures the row, with no marks.
  dataSource.contentProvider = { item in model.text(for: item) }
  // Applied now, and again after every change of what the closure reads.
  let observation = dataSource.applyObserving { [model] in
    DiffableDataSourceSnapshot {
      SnapshotSection(
        PeopleSection.favorites,
        items: model.people.filter(\.isFavorite).map { .favorite($0.id) })
    }
  }
  model.load([ada])
  model.rename(ada.id, to: "Ada Lovelace")
  while observation.hasPendingChanges || dataSource.hasPendingApplies {
    await Task.yield()
  }
  #expect(listView.cells[0].map(\.text) == ["Ada Lovelace"])
}

@Test func identifiersFromOutsideNeverStopTheProcess() throws {
  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  snapshot.appendSections(["feed"])
  let dropped = try snapshot.appendItemsDroppingDuplicates(
    [1, 2, 2, 3], toSection: "feed")
  #expect(dropped == [2])
  #expect(snapshot.itemIdentifiers == [1, 2, 3])
}
// Getting started: end

/// The text each row of `view` shows, section by section.
@MainActor
private func texts(_ view: UICollectionView) -> [[String?]] {
  view.standIn.cells.map { section in
    section.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
  }
}

/// The indentation level of each row of the Teams section (section 1).
@MainActor
private func teamIndentation(_ view: UICollectionView) -> [Int] {
  view.standIn.cells[1].map { ($0 as? UICollectionViewListCell)?.indentationLevel ?? -1 }
}

/// The cell of the row at `item` of the Teams section, as a list cell.
@MainActor
private func teamRow(_ view: UICollectionView, _ item: Int) -> UICollectionViewListCell? {
  view.cellForItem(at: IndexPath(item: item, section: 1)) as? UICollectionViewListCell
}

/// The warnings OpenDiffable raised while `body` ran.
@MainActor
private func warnings(during body: () -> Void) -> [String] {
  OpenDiffableWarningCollector.collect(body).warnings
}

@MainActor
@Suite("Getting started: the people screen on the stand-in UIKit", .serialized)
struct GettingStartedScreenTests {
  let ada = Person(id: UUID(), name: "Ada", team: "Compilers", isFavorite: true)
  let grace = Person(id: UUID(), name: "Grace", team: "Compilers", isFavorite: false)
  let alan = Person(id: UUID(), name: "Alan", team: "Theory", isFavorite: false)

  /// The article's screen, loaded, showing Ada, Grace and Alan.
  func makeScreen() -> (PeopleController, PeopleViewController, UICollectionView) {
    let peopleController = PeopleController()
    let screen = PeopleViewController(peopleController: peopleController)
    screen.loadViewIfNeeded()
    let collectionView = screen.view.subviews.compactMap { $0 as? UICollectionView }.first!
    peopleController.load([ada, grace, alan])
    return (peopleController, screen, collectionView)
  }

  @Test("The view shows the snapshot: a list layout, the sections' rows and headers, accessories")
  func theViewShowsTheSnapshot() {
    let (peopleController, screen, view) = makeScreen()
    defer { withExtendedLifetime(screen) {} }  // the screen owns the data source
    let layout = (view.collectionViewLayout as? UICollectionViewCompositionalLayout)?.standInListConfiguration
    #expect(layout?.appearance == .insetGrouped)
    #expect(layout?.headerMode == .supplementary)

    let expected = PeopleList(people: peopleController.people, expanded: [], changed: []).snapshot
    let expectedTexts = expected.sectionIdentifiers.map { section in
      expected.itemIdentifiers(inSection: section).map { peopleController.text(for: $0) }
    }
    #expect(texts(view) == expectedTexts)
    #expect(texts(view) == [["Ada"], ["Compilers", "Theory"]])

    let headers = [0, 1].map { section in
      view.standInSupplementaryView(
        ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
    }
    #expect(
      headers.map { (($0 as? UICollectionViewListCell)?.contentConfiguration as? UIListContentConfiguration)?.text }
        == ["Favorites", "Teams"])

    #expect(teamRow(view, 0)?.accessories.map(\.accessoryType) == [.outlineDisclosure])
    let favorite = view.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell
    #expect(favorite?.accessories.isEmpty == true)
  }

  @Test("The disclosure accessory opens and closes a team and indents its members; nothing warns")
  func theDisclosureAccessoryToggles() {
    var screen: (PeopleController, PeopleViewController, UICollectionView)?
    let messages = warnings {
      screen = makeScreen()
      teamRow(screen!.2, 0)?.accessories.first?.standInTap()
    }
    let view = screen?.2
    #expect(messages.isEmpty)
    #expect(texts(view!) == [["Ada"], ["Compilers", "Ada", "Grace", "Theory"]])
    #expect(teamIndentation(view!) == [0, 1, 1, 0])

    teamRow(view!, 0)?.accessories.first?.standInTap()
    #expect(texts(view!) == [["Ada"], ["Compilers", "Theory"]])
  }

  @Test("A rename reconfigures the row: the same cell shows the new name")
  func aRenameReconfiguresInPlace() {
    let (peopleController, screen, view) = makeScreen()
    defer { withExtendedLifetime(screen) {} }
    teamRow(view, 0)?.accessories.first?.standInTap()
    let graceCell = teamRow(view, 2)
    let adaFavoriteCell = view.cellForItem(at: IndexPath(item: 0, section: 0))

    peopleController.rename(grace.id, to: "Grace Hopper")
    #expect(texts(view) == [["Ada"], ["Compilers", "Ada", "Grace Hopper", "Theory"]])
    #expect(teamRow(view, 2) === graceCell)
    #expect(view.standIn.log.last == "reconfigure")

    peopleController.rename(ada.id, to: "Ada Lovelace")
    #expect(texts(view) == [["Ada Lovelace"], ["Compilers", "Ada Lovelace", "Grace Hopper", "Theory"]])
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === adaFavoriteCell)
  }

  @Test("The selection stays on its person when a team opens above and Favorites grows")
  func theSelectionStaysOnItsPerson() {
    let (peopleController, screen, view) = makeScreen()
    teamRow(view, 1)?.accessories.first?.standInTap()  // Theory: Alan shows
    view.selectItem(at: IndexPath(item: 2, section: 1), animated: false, scrollPosition: [])
    #expect(screen.selectedPerson?.id == alan.id)

    teamRow(view, 0)?.accessories.first?.standInTap()  // Compilers opens above Alan
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 1)])
    peopleController.toggleFavorite(grace.id)
    #expect(texts(view) == [["Ada", "Grace"], ["Compilers", "Ada", "Grace", "Theory", "Alan"]])
    #expect(screen.selectedPerson?.id == alan.id)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 1)])
  }

  @Test("A registration made inside the cell provider stops with UIKit's message")
  func aRegistrationInsideTheCellProviderStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
          collectionView, indexPath, item in
          let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { _, _, _ in }
          return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1])
        dataSource.apply(snapshot, animatingDifferences: false)
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Attempted to dequeue a cell using a registration that was created inside"))
  }

  @Test("The code above is the article's: every compiled swift block, in order")
  func theCopyIsTheArticlesCode() throws {
    let thisFile = URL(fileURLWithPath: #filePath)
    let root = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/OpenDiffable/OpenDiffable.docc/GettingStarted.md"),
      encoding: .utf8)
    var articleLines: [String] = []
    var block: [String]?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if block == nil {
        if line.trimmingCharacters(in: .whitespaces) == "```swift" { block = [] }
      } else if line.trimmingCharacters(in: .whitespaces) == "```" {
        let first = block!.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        if !first.hasPrefix("// not compiled:") && !first.hasPrefix("// Apple SDK") { articleLines += block! }
        block = nil
      } else {
        block!.append(line)
      }
    }
    let source = try String(contentsOf: thisFile, encoding: .utf8).split(separator: "\n").map(String.init)
    let begin = try #require(source.firstIndex(of: "// Getting started: begin"))
    let end = try #require(source.firstIndex(of: "// Getting started: end"))
    func normalized(_ lines: some Sequence<String>) -> [String] {
      lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }
    let copy = normalized(source[(begin + 1)..<end])
    let original = normalized(articleLines)
    #expect(!original.isEmpty)
    if let index = zip(copy, original).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      Issue.record("line \(index + 1) of the article's code differs:\n  copy:    \(copy[index])\n  article: \(original[index])")
    }
    #expect(copy.count == original.count)
  }
}
