import Foundation
import Observation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of GettingStarted.md's second style: the state in an `@Observable` model, and a screen
// whose list follows it through `applyObserving`, with no `reloadSnapshot()` calls of its own.

/// Owns the people; knows nothing of lists or snapshots, and says nothing when they change:
/// Swift Observation does.
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

  func toggleFavorite(_ id: Person.ID) {
    guard let index = people.firstIndex(where: { $0.id == id }) else { return }
    people[index].isFavorite.toggle()
  }
}

@MainActor
final class ObservedPeopleScreen {
  typealias ListView = SimulatedCollectionView<PeopleSection, Person.ID>

  let listView = ListView()
  private let model: PeopleModel
  private var dataSource: DiffableDataSource<ListView, PeopleSection, Person.ID>!
  private var observation: DiffableDataSourceObservation?

  init(model: PeopleModel) {
    self.model = model
    dataSource = DiffableDataSource(host: listView) { _, _, id in
      SimulatedCell(id, text: model.person(id)?.name ?? "")
    }
    // What a cell shows: a rename reconfigures the row, with no marks.
    dataSource.contentProvider = { id in model.person(id)?.name }
    // The snapshot, from the model; applied now, and again after every change of what it reads.
    observation = dataSource.applyObserving { [model] in
      let people = model.people
      return DiffableDataSourceSnapshot {
        SnapshotSection(PeopleSection.favorites, items: people.filter(\.isFavorite).map(\.id))
        SnapshotSection(PeopleSection.everyone, items: people.filter { !$0.isFavorite }.map(\.id))
      }
    }
  }

  /// Waits until the list shows every change made so far (for tests).
  func settle() async {
    while observation?.hasPendingChanges == true || dataSource.hasPendingApplies { await Task.yield() }
  }
}

@MainActor
@Suite("Getting started: the people screen on an @Observable model")
struct ObservedGettingStartedTests {
  @Test func theListFollowsTheModel() async throws {
    let ada = Person(id: UUID(), name: "Ada", isFavorite: false)
    let grace = Person(id: UUID(), name: "Grace", isFavorite: true)
    let model = PeopleModel()
    let screen = ObservedPeopleScreen(model: model)
    model.load([ada, grace])
    await screen.settle()
    #expect(screen.listView.itemIdentifiers == [[grace.id], [ada.id]])

    screen.listView.userSelects(IndexPath(item: 0, section: 1))
    model.toggleFavorite(ada.id)
    model.rename(grace.id, to: "Grace Hopper")
    await screen.settle()
    #expect(screen.listView.itemIdentifiers == [[ada.id, grace.id], []])
    #expect(screen.listView.selectedItemIdentifiers == [ada.id])
    #expect(screen.listView.cells[0].map(\.text) == ["Ada", "Grace Hopper"])
    #expect(screen.listView.batchErrors.isEmpty)
  }
}
