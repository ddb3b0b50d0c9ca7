#if GRDB
  import Foundation
  import GRDB
  import OpenDiffable
  import OpenDiffableGRDB
  import OpenDiffableTesting
  import Testing

  // The code of LiveData.md (OpenDiffable catalog) and of OpenDiffableGRDB.md: a screen whose
  // snapshot comes from a GRDB query and follows every change to the tables it reads.

  struct Contact: Equatable, Sendable, FetchableRecord, Decodable {
    var id: Int64
    var name: String
    var isFavorite: Bool
  }

  enum ContactSection: Hashable, Sendable {
    case favorites
    case all
  }

  @MainActor
  final class ContactsScreen {
    typealias ListView = SimulatedCollectionView<ContactSection, Int64>

    let listView = ListView()
    private let observer: DatabaseSnapshotObserver<Contact, ContactSection, Int64>
    private var dataSource: DiffableDataSource<ListView, ContactSection, Int64>!
    private(set) var errorMessage: String?

    init(database: any DatabaseReader) {
      observer = DatabaseSnapshotObserver(
        reader: database,
        fetch: { db in try Contact.fetchAll(db, sql: "SELECT * FROM contact ORDER BY name") },
        builder: DatabaseSnapshotBuilder(
          fixedSections: [.favorites, .all],
          section: { $0.isFavorite ? .favorites : .all },
          identifier: { $0.id }))
      dataSource = DiffableDataSource(host: listView) { [unowned self] _, _, id in
        SimulatedCell(id, text: self.observer.records[id]?.name ?? "")
      }
      observer.didChange = { [weak self] in self?.reloadSnapshot() }
      observer.didFail = { [weak self] error in self?.errorMessage = error.description }
      observer.didRecover = { [weak self] in self?.errorMessage = nil }
      observer.start()  // the first result is delivered before start() returns
    }

    private func reloadSnapshot() {
      let animated = observer.updateCount > 1  // the first result loads without animating
      dataSource.apply(observer.snapshot, animatingDifferences: animated)
    }

    func settle() async {
      while dataSource.hasPendingApplies { await Task.yield() }
    }
  }

  private func makeContactsDatabase() throws -> DatabaseQueue {
    let database = try DatabaseQueue()  // in memory
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL, isFavorite BOOLEAN NOT NULL);
          INSERT INTO contact (id, name, isFavorite) VALUES (1, 'Ada', 0), (2, 'Grace', 1), (3, 'Linus', 0);
          """)
    }
    return database
  }

  @MainActor
  @Suite("Live data: a screen on a GRDB query", .timeLimit(.minutes(5)))
  struct LiveDataTests {
    @Test func theListFollowsTheDatabase() async throws {
      let database = try makeContactsDatabase()
      let screen = ContactsScreen(database: database)
      await screen.settle()
      #expect(screen.listView.itemIdentifiers == [[2], [1, 3]])

      try await database.write { db in
        try db.execute(sql: "UPDATE contact SET isFavorite = 1 WHERE id = 1")
        try db.execute(sql: "UPDATE contact SET name = 'Grace Hopper' WHERE id = 2")
      }
      while screen.listView.itemIdentifiers != [[1, 2], [3]] { await Task.yield() }
      await screen.settle()
      #expect(screen.listView.cells[0].map(\.text) == ["Ada", "Grace Hopper"])
      #expect(screen.errorMessage == nil)
    }

    @Test func theBuilderIsAPureValue() {
      let builder = DatabaseSnapshotBuilder<Contact, ContactSection, Int64>(
        fixedSections: [.favorites, .all],
        section: { $0.isFavorite ? .favorites : .all },
        identifier: { $0.id })
      let before = [Contact(id: 1, name: "Ada", isFavorite: false)]
      let after = [Contact(id: 1, name: "Ada L.", isFavorite: false)]
      let first = builder.makeSnapshot(records: before)
      let second = builder.makeSnapshot(records: after, previous: first.records)
      #expect(second.snapshot.itemIdentifiers(inSection: .all) == [1])
      #expect(second.snapshot.reconfiguredItemIdentifiers == [1])
    }
  }
#endif
