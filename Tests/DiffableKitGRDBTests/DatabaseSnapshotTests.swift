import DiffableKitGRDB
import Foundation
import GRDB
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

  @Test func repeatedIdentifiersAreDroppedAndReported() {
    let result = builder.makeSnapshot(records: [
      Person(id: 1, name: "Ann", team: "red"), Person(id: 1, name: "Ann again", team: "blue"),
    ])
    #expect(result.snapshot.itemIdentifiers == [1])
    #expect(result.droppedIdentifiers == [1])
  }
}

/// A database in a fresh temporary directory.
private func makeDatabase() throws -> (DatabaseQueue, URL) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffablekit-grdb-\(UUID().uuidString)")
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
@Suite(.timeLimit(.minutes(1))) struct DatabaseSnapshotObserverTests {
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
    #expect(errors.first?.kind == .queryFailed)
    #expect(errors.first?.resultCode == 1)
    #expect(errors.first?.description.contains("nowhere") == true)
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
    #expect(failed.kind == .queryFailed)
    #expect(failed.message.contains("overflow"))
    #expect(observer.lastError?.kind == .queryFailed)
    #expect(observer.snapshot.numberOfItems == 3)
  }
}
