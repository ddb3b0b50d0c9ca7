import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of GettingStarted.md: a list screen end to end, with a side controller that owns
// the state and a screen whose one `reloadSnapshot()` turns the state into a snapshot.

enum PeopleSection: Hashable, Sendable {
  case favorites
  case everyone
}

struct Person: Identifiable, Equatable, Sendable {
  let id: UUID
  var name: String
  var isFavorite: Bool
}

/// Owns the people and says when they change; knows nothing of lists or snapshots.
@MainActor
final class PeopleController {
  private(set) var people: [Person] = []
  private var indexByID: [Person.ID: Int] = [:]
  /// The people whose content changed in the last update (their rows are reconfigured).
  private(set) var changedIDs: [Person.ID] = []

  var willChange: (() -> Void)?
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

  private func update(changed: [Person.ID], _ change: (inout [Person]) -> Void) {
    willChange?()
    change(&people)
    indexByID = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1.id, $0) })
    changedIDs = changed
    didChange?()
  }
}

@MainActor
final class PeopleScreen {
  typealias ListView = SimulatedCollectionView<PeopleSection, Person.ID>

  let listView = ListView()
  private let peopleController: PeopleController
  private var dataSource: DiffableDataSource<ListView, PeopleSection, Person.ID>!

  init(peopleController: PeopleController) {
    self.peopleController = peopleController
    dataSource = DiffableDataSource(host: listView) { [unowned self] _, _, id in
      SimulatedCell(id, text: self.peopleController.person(id)?.name ?? "")
    }
    peopleController.didChange = { [weak self] in self?.reloadSnapshot() }
    reloadSnapshot(animated: false)  // the first apply loads the list without animating
  }

  /// The one place this screen turns state into a snapshot.
  func reloadSnapshot(animated: Bool = true) {
    let people = peopleController.people
    var snapshot = DiffableDataSourceSnapshot<PeopleSection, Person.ID>()
    snapshot.appendSections([.favorites, .everyone])
    snapshot.appendItems(people.filter(\.isFavorite).map(\.id), toSection: .favorites)
    snapshot.appendItems(people.filter { !$0.isFavorite }.map(\.id), toSection: .everyone)
    snapshot.reconfigureItems(peopleController.changedIDs)  // refresh edited rows in place
    dataSource.apply(snapshot, animatingDifferences: animated)
  }

  /// Waits until every apply made so far has finished (for tests).
  func settle() async {
    while dataSource.hasPendingApplies { await Task.yield() }
  }
}

@MainActor
@Suite("Getting started: the people screen")
struct GettingStartedTests {
  @Test func theScreenShowsThePeopleAndKeepsTheSelectionByIdentifier() async throws {
    let ada = Person(id: UUID(), name: "Ada", isFavorite: false)
    let grace = Person(id: UUID(), name: "Grace", isFavorite: true)
    let peopleController = PeopleController()
    let screen = PeopleScreen(peopleController: peopleController)
    peopleController.load([ada, grace])
    await screen.settle()
    #expect(screen.listView.itemIdentifiers == [[grace.id], [ada.id]])

    // The user selects Ada, then Ada becomes a favorite: her row moves to the other section and
    // stays selected, by identifier.
    screen.listView.userSelects(IndexPath(item: 0, section: 1))
    peopleController.toggleFavorite(ada.id)
    await screen.settle()
    #expect(screen.listView.itemIdentifiers == [[ada.id, grace.id], []])
    #expect(screen.listView.selectedItemIdentifiers == [ada.id])

    // A rename reconfigures the row in place.
    peopleController.rename(grace.id, to: "Grace Hopper")
    await screen.settle()
    #expect(screen.listView.cells[0].map(\.text) == ["Ada", "Grace Hopper"])
    #expect(screen.listView.batchErrors.isEmpty)
  }

  @Test func identifiersFromOutsideNeverStopTheProcess() throws {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["feed"])
    let dropped = try snapshot.appendItemsDroppingDuplicates([1, 2, 2, 3], toSection: "feed")
    #expect(dropped == [2])
    #expect(snapshot.itemIdentifiers == [1, 2, 3])
  }
}
