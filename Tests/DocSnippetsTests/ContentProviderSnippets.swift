#if GRDB
  import Foundation
  import GRDB
  import OpenDiffable
  import OpenDiffableGRDB
  import OpenDiffableTesting
  import Testing

  // The code of the content-provider sections of GettingStarted.md, LiveData.md and
  // TestingListUpdates.md: the data source finds the visible items whose content changed.

  @MainActor
  @Suite("Content provider: cells refreshed from the store")
  struct ContentProviderSnippetTests {
    @Test func visibleCellsWhoseContentChangedAreReconfigured() async {
      var names = [1: "Ada", 2: "Grace", 3: "Linus"]
      let listView = SimulatedCollectionView<String, Int>()
      let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: listView) {
        _, _, id in SimulatedCell(id, text: names[id] ?? "")
      }
      dataSource.contentProvider = { id in names[id] }  // what a cell shows: any Equatable value
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["people"])
      snapshot.appendItems([1, 2, 3])
      await dataSource.apply(snapshot)

      names[2] = "Grace Hopper"
      await dataSource.apply(dataSource.snapshot())  // no marks: the data source finds the change
      #expect(listView.cells[0].map(\.text) == ["Ada", "Grace Hopper", "Linus"])
      #expect(listView.calls.last == .reconfigure([IndexPath(item: 1, section: 0)]))
    }

    @Test func onlyRowsOnScreenAreCompared() async {
      var names = Dictionary(uniqueKeysWithValues: (0..<100).map { ($0, "row \($0)") })
      let listView = SimulatedCollectionView<String, Int>()
      listView.visibleRowRange = 0..<10  // the rows on screen
      let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: listView) {
        _, _, id in SimulatedCell(id, text: names[id] ?? "")
      }
      dataSource.contentProvider = { id in names[id] }
      var traces: [DiffableDataSourceApplyTrace] = []
      dataSource.traceHandler = { traces.append($0) }
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["all"])
      snapshot.appendItems(Array(0..<100))
      await dataSource.apply(snapshot)

      names[3] = "three"  // on screen
      names[50] = "fifty"  // off screen: its cell is made fresh when it scrolls in
      await dataSource.apply(dataSource.snapshot())
      #expect(traces.last?.contentReconfigures == 1)
      #expect(listView.visibleIndexPaths.count == 10)
    }

    @Test func aGRDBListWithoutPerRecordComparisons() async throws {
      let database = try DatabaseQueue()
      try await database.write { db in
        try db.execute(
          sql: """
            CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL, isFavorite BOOLEAN NOT NULL);
            INSERT INTO contact (id, name, isFavorite) VALUES (1, 'Ada', 0), (2, 'Grace', 1);
            """)
      }
      let listView = SimulatedCollectionView<ContactSection, Int64>()
      let observer = DatabaseSnapshotObserver<Contact, ContactSection, Int64>(
        reader: database,
        fetch: { db in try Contact.fetchAll(db, sql: "SELECT * FROM contact ORDER BY name") },
        builder: DatabaseSnapshotBuilder(
          fixedSections: [.favorites, .all],
          section: { $0.isFavorite ? .favorites : .all },
          identifier: { $0.id },
          marksChangedItems: false))  // the content provider finds the changed rows on screen
      let dataSource = DiffableDataSource<SimulatedCollectionView<ContactSection, Int64>, ContactSection, Int64>(
        host: listView
      ) { _, _, id in SimulatedCell(id, text: observer.records[id]?.name ?? "") }
      dataSource.contentProvider = { id in observer.records[id] }
      observer.didChange = { dataSource.apply(observer.snapshot) }
      observer.start()
      while dataSource.hasPendingApplies { await Task.yield() }

      try await database.write { db in try db.execute(sql: "UPDATE contact SET name = 'Ada L.' WHERE id = 1") }
      while listView.cells[1].map(\.text) != ["Ada L."] { await Task.yield() }
      #expect(observer.snapshot.reconfiguredItemIdentifiers.isEmpty)
    }
  }
#endif
