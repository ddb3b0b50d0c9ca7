#if GRDB
  import Foundation
  import GRDB
  import OpenDiffable
  import OpenDiffableGRDB
  import OpenDiffableTesting
  import Testing

  struct Person: Equatable, Sendable, FetchableRecord, Decodable {
    var id: Int64
    var name: String
    var team: String
  }

  enum Team: String, Hashable, Sendable { case red, blue, green }

  private let builder = DatabaseSnapshotBuilder<Person, String, Int64>(
    fixedSections: ["red", "blue"], section: \.team, identifier: \.id)

  @Suite struct DatabaseSnapshotBuilderTests {
    @Test func sectionsFromAColumnAndItemsByPrimaryKey() {
      let rows = [
        Person(id: 7, name: "Ann", team: "blue"), Person(id: 3, name: "Bo", team: "green"),
        Person(id: 5, name: "Cy", team: "blue"),
      ]
      let result = builder.makeSnapshot(records: rows)
      #expect(result.snapshot.sectionIdentifiers == ["red", "blue", "green"])
      #expect(result.snapshot.itemIdentifiers(inSection: "red") == [])
      #expect(result.snapshot.itemIdentifiers(inSection: "blue") == [7, 5])
      #expect(result.snapshot.itemIdentifiers(inSection: "green") == [3])
      #expect(result.records[3]?.name == "Bo")
      #expect(!result.snapshot.hasReloadOrReconfigureMarks)
    }

    @Test func changedContentIsMarkedForReconfigure() {
      let before = builder.makeSnapshot(records: [
        Person(id: 1, name: "Ann", team: "red"), Person(id: 2, name: "Bo", team: "red"),
      ])
      let after = builder.makeSnapshot(
        records: [Person(id: 2, name: "Bo", team: "red"), Person(id: 1, name: "Anna", team: "red")],
        previous: before.records)
      #expect(after.snapshot.itemIdentifiers == [2, 1])
      #expect(after.snapshot.reconfiguredItemIdentifiers == [1])
      #expect(after.snapshot.reloadedItemIdentifiers.isEmpty)
    }

    @Test func withoutMarksChangedContentIsNotMarked() {
      let unmarked = DatabaseSnapshotBuilder<Person, String, Int64>(
        fixedSections: ["red"], section: \.team, identifier: \.id, marksChangedItems: false)
      #expect(!unmarked.marksChangedItems && builder.marksChangedItems)
      let before = unmarked.makeSnapshot(records: [Person(id: 1, name: "Ann", team: "red")])
      let after = unmarked.makeSnapshot(records: [Person(id: 1, name: "Anna", team: "red")], previous: before.records)
      #expect(!after.snapshot.hasReloadOrReconfigureMarks)
      #expect(after.records[1]?.name == "Anna")
    }

    @Test func repeatedFixedSectionsAreKeptOnceInsteadOfStoppingTheProcess() {
      let repeated = DatabaseSnapshotBuilder<Person, String, Int64>(
        fixedSections: ["red", "blue", "red"], section: \.team, identifier: \.id)
      #expect(repeated.fixedSections == ["red", "blue"])
      let result = repeated.makeSnapshot(records: [Person(id: 1, name: "Ann", team: "red")])
      #expect(result.snapshot.sectionIdentifiers == ["red", "blue"])
      #expect(result.snapshot.itemIdentifiers(inSection: "red") == [1])
    }

    @Test func repeatedIdentifiersAreDroppedAndReported() {
      let result = builder.makeSnapshot(records: [
        Person(id: 1, name: "Ann", team: "red"), Person(id: 1, name: "Ann again", team: "blue"),
      ])
      #expect(result.snapshot.itemIdentifiers == [1])
      #expect(result.droppedIdentifiers == [1])
      #expect(result.droppedRecords == [.init(offset: 1, firstOffset: 0, identifier: 1, section: "blue")])
    }
  }

  /// A database in a fresh temporary directory.
  private func makeDatabase() throws -> (DatabaseQueue, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "opendiffable-grdb-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: directory.appendingPathComponent("test.sqlite").path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL)")
      try db.execute(
        sql: "INSERT INTO person (id, name, team) VALUES (1, 'Ann', 'red'), (2, 'Bo', 'blue'), (3, 'Cy', 'blue')")
    }
    return (queue, directory)
  }

  /// Writes synchronously, so no update can be delivered before the test starts waiting for it.
  private func execute(_ queue: DatabaseQueue, _ sql: String) throws {
    try queue.write { try $0.execute(sql: sql) }
  }

  @MainActor
  private func nextChange<R, S, I>(of observer: DatabaseSnapshotObserver<R, S, I>) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      observer.didChange = {
        observer.didChange = nil
        continuation.resume()
      }
    }
  }

  @MainActor
  @Suite(.timeLimit(.minutes(5))) struct DatabaseSnapshotObserverTests {
    @Test func aContentProviderReadingTheRecordsReconfiguresOnlyChangedRowsOnScreen() async throws {
      let (queue, directory) = try makeDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let observer = DatabaseSnapshotObserver(
        reader: queue, fetch: { db in try Person.fetchAll(db, sql: "SELECT * FROM person ORDER BY id") },
        builder: DatabaseSnapshotBuilder<Person, String, Int64>(
          fixedSections: ["red", "blue"], section: \.team, identifier: \.id, marksChangedItems: false))
      let view = SimulatedCollectionView<String, Int64>()
      view.visibleRowRange = 0..<2  // Ann (red) and Bo (blue) on screen; Cy below
      let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int64>, String, Int64>(host: view) {
        _, _, id in SimulatedCell(id, text: observer.records[id]?.name ?? "?")
      }
      dataSource.contentProvider = { observer.records[$0] }
      observer.start()
      await dataSource.apply(observer.snapshot)

      try execute(queue, "UPDATE person SET name = 'Bob' WHERE id = 2")
      try execute(queue, "UPDATE person SET name = 'Cyd' WHERE id = 3")
      await nextChange(of: observer)
      if observer.records[3]?.name != "Cyd" { await nextChange(of: observer) }
      #expect(!observer.snapshot.hasReloadOrReconfigureMarks)
      view.clearCalls()
      await dataSource.apply(observer.snapshot)
      #expect(view.calls == [.reconfigure([IndexPath(item: 0, section: 1)])])
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 1))?.text == "Bob")
      view.visibleRowRange = 0..<3
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 1))?.text == "Cyd")
    }

    @Test func insertsUpdatesAndDeletesProduceSnapshots() async throws {
      let (queue, directory) = try makeDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let observer = DatabaseSnapshotObserver(
        reader: queue, fetch: { db in try Person.fetchAll(db, sql: "SELECT * FROM person ORDER BY name") },
        builder: builder)
      var willChangeCalls = 0
      observer.willChange = { willChangeCalls += 1 }
      observer.start()
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [1])
      #expect(observer.snapshot.itemIdentifiers(inSection: "blue") == [2, 3])
      #expect(willChangeCalls == 1)

      // Insert.
      try execute(queue, "INSERT INTO person (id, name, team) VALUES (10, 'Al', 'red')")
      await nextChange(of: observer)
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [10, 1])
      #expect(!observer.snapshot.hasReloadOrReconfigureMarks)
      #expect(observer.records[10]?.name == "Al")

      // Update in place: same identity, new content -> reconfigure mark only for that row.
      try execute(queue, "UPDATE person SET name = 'Ann B.' WHERE id = 1")
      await nextChange(of: observer)
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [10, 1])
      #expect(observer.snapshot.reconfiguredItemIdentifiers == [1])
      #expect(observer.records[1]?.name == "Ann B.")

      // Section change: the row moves between sections, still keyed by its primary key.
      try execute(queue, "UPDATE person SET team = 'blue' WHERE id = 10")
      await nextChange(of: observer)
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [1])
      #expect(observer.snapshot.itemIdentifiers(inSection: "blue") == [10, 2, 3])
      #expect(observer.snapshot.reconfiguredItemIdentifiers == [10])

      // Delete.
      try execute(queue, "DELETE FROM person WHERE id IN (2, 3)")
      await nextChange(of: observer)
      #expect(observer.snapshot.itemIdentifiers == [1, 10])
      #expect(observer.snapshot.sectionIdentifiers == ["red", "blue"])
      #expect(observer.updateCount == 5)
      #expect(willChangeCalls == 5)
      observer.stop()
    }

    @Test func failingQueryIsATypedErrorAndKeepsTheLastSnapshot() async throws {
      let (queue, directory) = try makeDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let missing = DatabaseSnapshotObserver(
        reader: queue, fetch: { db in try Person.fetchAll(db, sql: "SELECT * FROM nowhere") }, builder: builder)
      var errors: [DatabaseSnapshotError] = []
      missing.didFail = { errors.append($0) }
      missing.start()
      #expect(errors.count == 1)
      #expect(errors.first?.kind == .readFailed)
      #expect(errors.first?.resultCode == 1)
      #expect(errors.first?.description.contains("nowhere") == true)
      // The description says what failed and where.
      #expect(errors.first?.databasePath == queue.path)
      #expect(errors.first?.description.hasPrefix("database read failed (test.sqlite): ") == true)
      #expect(!missing.isObserving)

      // A query that breaks later: the list keeps its last good content.
      let observer = DatabaseSnapshotObserver(
        reader: queue,
        fetch: { db in try Person.fetchAll(db, sql: "SELECT id, name, team, abs(id) AS size FROM person ORDER BY id") },
        builder: builder)
      observer.start()
      #expect(observer.snapshot.numberOfItems == 3)
      let failed = await withCheckedContinuation { (continuation: CheckedContinuation<DatabaseSnapshotError, Never>) in
        observer.didFail = { continuation.resume(returning: $0) }
        // abs() of the smallest integer is an "integer overflow" error at query time.
        try? queue.write {
          try $0.execute(sql: "INSERT INTO person (id, name, team) VALUES (-9223372036854775808, 'Min', 'red')")
        }
      }
      #expect(failed.kind == .readFailed)
      #expect(failed.message.contains("overflow"))
      #expect(observer.lastError?.kind == .readFailed)
      #expect(observer.snapshot.numberOfItems == 3)
    }
  }

  /// A switch the tests flip between fetches (fetches run on GRDB's queue).
  private final class Switch: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isOn: Bool {
      get { lock.withLock { value } }
      set { lock.withLock { value = newValue } }
    }
  }

  private struct Broken: Error, CustomStringConvertible {
    var description: String { "the disk is on fire" }
  }

  /// Decodes a person with throwing calls, so a NULL or a wrong type is an error, not a crash.
  @Sendable private func decodePerson(_ row: Row) throws -> Person {
    Person(
      id: try row.decode(Int64.self, forColumn: "id"), name: try row.decode(String.self, forColumn: "name"),
      team: try row.decode(String.self, forColumn: "team"))
  }

  @MainActor
  @Suite(.timeLimit(.minutes(5))) struct DatabaseSnapshotRecoveryTests {
    /// A table whose schema allows what `Person` does not expect: NULLs.
    private func makeLooseDatabase() throws -> (DatabaseQueue, URL) {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "opendiffable-grdb-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let queue = try DatabaseQueue(path: directory.appendingPathComponent("loose.sqlite").path)
      try queue.write { db in
        try db.execute(sql: "CREATE TABLE person (id INTEGER PRIMARY KEY, name, team)")
        try db.execute(
          sql: """
            INSERT INTO person (id, name, team) VALUES
              (1, 'Ann', 'red'), (2, NULL, 'blue'), (3, 'Cy', 'blue'), (4, 'Dee', 'red'), (5, 'Di', NULL)
            """)
      }
      return (queue, directory)
    }

    @Test func rowsThatCannotBeDecodedAreSkippedAndReported() async throws {
      let (queue, directory) = try makeLooseDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let observer = DatabaseSnapshotObserver(
        reader: queue, rows: { db in try Row.fetchCursor(db, sql: "SELECT * FROM person ORDER BY id") },
        decode: decodePerson, builder: builder)
      var errors: [DatabaseSnapshotError] = []
      var recoveries = 0
      observer.didFail = { errors.append($0) }
      observer.didRecover = { recoveries += 1 }
      observer.start()
      // The good rows are shown; the bad ones are listed and reported, with the file named.
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [1, 4])
      #expect(observer.snapshot.itemIdentifiers(inSection: "blue") == [3])
      #expect(observer.skippedRows.map(\.index) == [1, 4])
      #expect(observer.skippedRows.first?.row.contains("NULL") == true)
      #expect(errors.count == 1)
      #expect(errors.first?.kind == .invalidRows)
      #expect(
        errors.first?.description.hasPrefix("database rows skipped (loose.sqlite): 2 unreadable rows left out; first: ")
          == true)
      #expect(observer.lastError == errors.first)

      // Fixing the data clears the error.
      try execute(queue, "UPDATE person SET name = 'Bo' WHERE id = 2")
      await nextChange(of: observer)
      #expect(observer.skippedRows.map(\.index) == [4])
      #expect(errors.count == 2)
      try execute(queue, "UPDATE person SET team = 'red' WHERE id = 5")
      await nextChange(of: observer)
      #expect(observer.skippedRows.isEmpty)
      #expect(observer.snapshot.itemIdentifiers(inSection: "red") == [1, 4, 5])
      #expect(observer.lastError == nil)
      #expect(recoveries == 1)
      observer.stop()
    }

    @Test func unreadableRowsAndRepeatedIdentifiersAreAllReported() async throws {
      let (queue, directory) = try makeLooseDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      // Rows 1 and 4 cannot be decoded; row 5 repeats identifier 3 and is the only row of "green".
      let observer = DatabaseSnapshotObserver(
        reader: queue,
        rows: { db in
          try Row.fetchCursor(
            db, sql: "SELECT * FROM (SELECT * FROM person ORDER BY id) UNION ALL SELECT 3, 'Cy again', 'green'")
        },
        decode: decodePerson, builder: builder)
      var errors: [DatabaseSnapshotError] = []
      observer.didFail = { errors.append($0) }
      observer.start()
      #expect(observer.snapshot.itemIdentifiers == [1, 4, 3])
      #expect(!observer.snapshot.sectionIdentifiers.contains("green"))
      // Nothing left out goes unreported: the skipped rows and the repeated identifier, with its row.
      let described = errors.map(\.description).joined(separator: "\n")
      #expect(described.contains("2 unreadable rows"), "\(described)")
      #expect(described.contains("repeated identifier"), "\(described)")
      #expect(described.contains("row 5"), "\(described)")
      // One error names every row left out, with its identity.
      #expect(errors.count == 1)
      #expect(errors.first?.kind == .invalidRows)
      #expect(errors.first?.skippedRows.map(\.index) == [1, 4])
      #expect(
        errors.first?.repeatedRows == [
          DatabaseRepeatedRow(index: 5, firstIndex: 2, identifier: "3", section: "\"green\"")
        ])
      #expect(observer.repeatedRows == errors.first?.repeatedRows)
      #expect(
        errors.first?.description.hasSuffix(
          "the query returned 1 repeated identifier(s), left out: row 5 repeats identifier 3 of row 2 (section \"green\")"
        )
          == true, "\(described)")
      observer.stop()
    }

    @Test func aDecodingErrorInAPlainFetchRejectsTheResultWithoutCrashing() throws {
      let (queue, directory) = try makeLooseDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let observer = DatabaseSnapshotObserver(
        reader: queue,
        fetch: { db in try Row.fetchAll(db, sql: "SELECT * FROM person ORDER BY id").map(decodePerson) },
        builder: builder)
      observer.start()
      #expect(observer.lastError?.kind == .decodingFailed)
      #expect(observer.lastError?.message.contains("NULL") == true)
      #expect(observer.snapshot.numberOfItems == 0)
    }

    @Test func aSuccessfulRetryClearsTheErrorEvenWhenTheResultIsUnchanged() throws {
      let (queue, directory) = try makeDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      let failing = Switch()
      let observer = DatabaseSnapshotObserver(
        reader: queue,
        fetch: { db in
          if failing.isOn { throw Broken() }
          return try Person.fetchAll(db, sql: "SELECT * FROM person ORDER BY id")
        }, builder: builder)
      var changes = 0
      var recoveries = 0
      observer.didChange = { changes += 1 }
      observer.didRecover = { recoveries += 1 }
      observer.start()
      #expect(changes == 1)
      failing.isOn = true
      observer.start()
      #expect(observer.lastError?.kind == .readFailed)
      #expect(observer.lastError?.description == "database read failed (test.sqlite): the disk is on fire")
      #expect(!observer.isObserving)

      failing.isOn = false
      observer.start()  // the retry: same rows as before
      #expect(observer.lastError == nil)
      #expect(recoveries == 1)
      #expect(changes == 1, "an unchanged result is not delivered again")
      #expect(observer.isObserving)
      observer.stop()
    }

    @Test func writeErrorsAreLabelledAsWritesAndNameTheFile() throws {
      let (queue, directory) = try makeDatabase()
      defer { try? FileManager.default.removeItem(at: directory) }
      do {
        try queue.write { try $0.execute(sql: "INSERT INTO person (id, name, team) VALUES (1, 'Again', 'red')") }
        Issue.record("the insert should have failed")
      } catch {
        let failure = DatabaseSnapshotError(error, kind: .writeFailed, databasePath: queue.path)
        #expect(failure.kind == .writeFailed)
        #expect(failure.resultCode == 19)  // SQLITE_CONSTRAINT
        #expect(failure.description.hasPrefix("database write failed (test.sqlite): UNIQUE constraint failed"))
      }
    }
  }
#endif
