import Foundation
import GRDB
import OpenDiffable

/// A contact as stored in the `contact` table.
struct Contact: Equatable, Sendable, FetchableRecord {
  var id: Int64
  var name: String
  var company: String
  var email: String
  var isFavorite: Bool
  /// Manual order (J/K reorder; the sync moves rows by changing it).
  var position: Double

  init(id: Int64, name: String, company: String, email: String, isFavorite: Bool, position: Double) {
    self.id = id
    self.name = name
    self.company = company
    self.email = email
    self.isFavorite = isFavorite
    self.position = position
  }

  /// Decodes a row, throwing ``InvalidContactRow`` for a NULL or a value of the wrong type.
  ///
  /// The schema says NOT NULL, but a database file can come from elsewhere (an older schema, a
  /// script, another tool), and SQLite stores text in a numeric column if asked to. Subscripts
  /// such as `row["name"]` would stop the process on such a row; the list skips it instead.
  init(row: Row) throws {
    id = try Self.value(row, "id")
    name = try Self.value(row, "name")
    company = try Self.value(row, "company")
    email = try Self.value(row, "email")
    isFavorite = try Self.value(row, "isFavorite")
    position = try Self.value(row, "position")
  }

  private static func value<Value: DatabaseValueConvertible>(_ row: Row, _ column: String) throws -> Value {
    let databaseValue: DatabaseValue = row[column]
    guard let value = Value.fromDatabaseValue(databaseValue) else {
      throw InvalidContactRow(
        id: Int64.fromDatabaseValue(row["id"]), column: column, value: databaseValue, expected: Value.self)
    }
    return value
  }
}

/// A `contact` row the app cannot show: a NULL or a value of the wrong type.
struct InvalidContactRow: Error, CustomStringConvertible {
  var id: Int64?
  var column: String
  var value: DatabaseValue
  var expected: Any.Type

  var description: String {
    let contact = id.map { "contact \($0)" } ?? "a contact"
    let found = value.isNull ? "NULL" : "\(value)"
    return "\(contact): \(column) is \(found), expected \(expected)"
  }
}

/// The list's sections: favorites first, then everyone else.
enum ContactSection: String, Hashable, Sendable {
  case favorites = "Favorites"
  case all = "All"
}

/// The contacts database: schema, seed data and every write the demo makes.
///
/// Writes happen here; the screens never write. They see changes because their
/// `DatabaseSnapshotObserver`s observe the tables.
final class ContactStore: Sendable {
  let queue: DatabaseQueue
  let path: String

  static let firstNames = [
    "Ada", "Alan", "Barbara", "Brian", "Carla", "Chen", "Dana", "Dmitri", "Elena", "Emeka", "Fatima", "Felix",
    "Grace", "Gustavo", "Hana", "Hugo", "Ines", "Ivan", "Jamal", "Julia", "Kai", "Keiko", "Lars", "Leila", "Maya",
    "Mateo", "Nadia", "Noah", "Olga", "Omar", "Priya", "Pablo", "Quinn", "Rosa", "Ravi", "Sofia", "Sven", "Tara",
    "Tomas", "Uma", "Victor", "Wen", "Xavier", "Yara", "Yusuf", "Zoe",
  ]
  static let lastNames = [
    "Adams", "Berg", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
    "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov", "Quint", "Rossi", "Silva", "Tanaka", "Ueda", "Varga",
    "Weber", "Xu", "Yilmaz", "Zhang", "Novak", "Larsen", "Murphy", "Schmidt",
  ]
  static let companies = [
    "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Cyberdyne",
    "Soylent", "Wonka", "Aperture", "Massive Dynamic", "Oscorp", "Pied Piper", "Dunder Mifflin", "Gringotts",
  ]

  /// The `PRAGMA user_version` the demo sets when it creates the schema. A database it created
  /// carries it; a database it did not create (user_version 0) is never seeded.
  static let schemaVersion = 1

  /// Opens (creating if needed) the database at `path`; `reset` deletes it first.
  ///
  /// Seeds `seedCount` contacts only into a database this initializer creates the `contact`
  /// table in (and marks it with ``schemaVersion``), in the same transaction. An existing table
  /// is never seeded again, even when empty: deleting every contact must not bring 3,000 back on
  /// the next start. `--reset` is the way to start over.
  init(path: String, reset: Bool, seedCount: Int) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if reset {
      for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    self.path = path
    queue = try DatabaseQueue(path: path)
    try queue.write { db in
      let isNew = try !db.tableExists("contact")
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS contact (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            company TEXT NOT NULL,
            email TEXT NOT NULL,
            isFavorite BOOLEAN NOT NULL DEFAULT 0,
            position DOUBLE NOT NULL
          );
          CREATE INDEX IF NOT EXISTS contact_position ON contact(isFavorite, position);
          """)
      if isNew {
        try Self.seed(db, count: seedCount)
        try db.execute(sql: "PRAGMA user_version = \(Self.schemaVersion)")
      }
    }
  }

  static func makeName(_ random: inout SplitMix64) -> String {
    let initial = Character(Unicode.Scalar(UInt8(65 + Int.random(in: 0..<26, using: &random))))
    return "\(firstNames.randomElement(using: &random)!) \(initial). \(lastNames.randomElement(using: &random)!)"
  }

  static func email(for name: String, company: String) -> String {
    let local = name.lowercased().filter { $0.isLetter || $0 == " " }.split(separator: " ").joined(separator: ".")
    let domain = company.lowercased().filter(\.isLetter)
    return "\(local)@\(domain).example"
  }

  private static func seed(_ db: Database, count: Int) throws {
    var random = SplitMix64(seed: 2026)
    var names = (0..<count).map { _ in makeName(&random) }
    names.sort()
    let statement = try db.makeStatement(
      sql: "INSERT INTO contact (name, company, email, isFavorite, position) VALUES (?, ?, ?, ?, ?)")
    for (index, name) in names.enumerated() {
      let company = companies.randomElement(using: &random)!
      let favorite = Int.random(in: 0..<40, using: &random) == 0
      try statement.execute(arguments: [name, company, email(for: name, company: company), favorite, Double(index)])
    }
  }

  // MARK: - Queries

  /// Rows whose `position` is a number. SQLite lets a numeric column hold text; such rows are left
  /// out of the list, and position arithmetic must not pick them up either.
  static let numericPosition = "typeof(position) IN ('integer', 'real')"

  /// Rows of the contacts whose name, company or e-mail contains `search` (all when empty),
  /// favorites first, in manual order. Decode them with ``Contact/init(row:)``.
  static func contactRows(_ db: Database, search: String) throws -> RowCursor {
    let trimmed = search.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty {
      return try Row.fetchCursor(db, sql: "SELECT * FROM contact ORDER BY isFavorite DESC, position")
    }
    let escaped = trimmed.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
    let pattern = "%\(escaped)%"
    return try Row.fetchCursor(
      db,
      sql: """
        SELECT * FROM contact
        WHERE name LIKE ? ESCAPE '\\' OR company LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\'
        ORDER BY isFavorite DESC, position
        """,
      arguments: [pattern, pattern, pattern])
  }

  /// Rows of every contact by company, then name.
  static func rowsByCompany(_ db: Database) throws -> RowCursor {
    try Row.fetchCursor(db, sql: "SELECT * FROM contact ORDER BY company, name")
  }

  func count() throws -> Int {
    try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") ?? 0 }
  }

  // MARK: - Writes

  func toggleFavorite(_ id: Int64) throws {
    try queue.write { db in
      try db.execute(sql: "UPDATE contact SET isFavorite = NOT isFavorite WHERE id = ?", arguments: [id])
    }
  }

  func delete(_ id: Int64) throws {
    try queue.write { try $0.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [id]) }
  }

  /// Adds a contact right after `anchor` in manual order (at the end when nil); returns its id
  /// and name.
  func add(after anchor: Int64?, seed: UInt64) throws -> (id: Int64, name: String) {
    try queue.write { db in
      var random = SplitMix64(seed: seed)
      let name = Self.makeName(&random)
      let company = Self.companies.randomElement(using: &random)!
      var position =
        (try Double.fetchOne(db, sql: "SELECT MAX(position) FROM contact WHERE \(Self.numericPosition)") ?? 0) + 1
      if let anchor,
        let anchorPosition = try Double.fetchOne(
          db, sql: "SELECT position FROM contact WHERE id = ? AND \(Self.numericPosition)", arguments: [anchor])
      {
        let next = try Double.fetchOne(
          db, sql: "SELECT MIN(position) FROM contact WHERE position > ? AND \(Self.numericPosition)",
          arguments: [anchorPosition])
        position = next.map { (anchorPosition + $0) / 2 } ?? anchorPosition + 1
      }
      try db.execute(
        sql: "INSERT INTO contact (name, company, email, isFavorite, position) VALUES (?, ?, ?, 0, ?)",
        arguments: [name, company, Self.email(for: name, company: company), position])
      return (db.lastInsertedRowID, name)
    }
  }

  /// Swaps `id` with its neighbour in its section (same favorite state): up when `offset` is
  /// negative, down when positive. Returns false at the section's end.
  @discardableResult
  func move(_ id: Int64, by offset: Int) throws -> Bool {
    try queue.write { db in
      guard
        let row = try Row.fetchOne(db, sql: "SELECT isFavorite, position FROM contact WHERE id = ?", arguments: [id])
      else { return false }
      guard let favorite = Bool.fromDatabaseValue(row["isFavorite"]),
        let position = Double.fromDatabaseValue(row["position"])
      else { return false }
      let sql =
        offset < 0
        ? "SELECT id, position FROM contact WHERE isFavorite = ? AND position < ? AND \(Self.numericPosition) "
          + "ORDER BY position DESC LIMIT 1"
        : "SELECT id, position FROM contact WHERE isFavorite = ? AND position > ? AND \(Self.numericPosition) "
          + "ORDER BY position LIMIT 1"
      guard let neighbour = try Row.fetchOne(db, sql: sql, arguments: [favorite, position]),
        let otherID = Int64.fromDatabaseValue(neighbour["id"]),
        let otherPosition = Double.fromDatabaseValue(neighbour["position"])
      else { return false }
      try db.execute(sql: "UPDATE contact SET position = ? WHERE id = ?", arguments: [otherPosition, id])
      try db.execute(sql: "UPDATE contact SET position = ? WHERE id = ?", arguments: [position, otherID])
      return true
    }
  }

  /// What a simulated sync changed.
  struct SyncSummary: Sendable {
    var inserted = 0, deleted = 0, renamed = 0, moved = 0, favorited = 0
    var total: Int { inserted + deleted + renamed + moved + favorited }
  }

  /// Simulates a remote sync: `size` rows change in one transaction (fewer only when the table
  /// has too few rows) — as many inserts as deletes, so the count stays, as many moves (new
  /// positions), a fiftieth favorite flips, and renames for the rest.
  func simulateSync(size: Int, seed: UInt64) throws -> SyncSummary {
    try queue.write { db in
      var random = SplitMix64(seed: seed)
      var summary = SyncSummary()
      let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact").shuffled(using: &random)
      let flips = max(1, size / 50)
      let share = max(1, (size - flips) / 4)
      let renames = max(1, size - flips - 3 * share)
      var cursor = ids.makeIterator()
      let maxPosition =
        try Double.fetchOne(db, sql: "SELECT MAX(position) FROM contact WHERE \(Self.numericPosition)") ?? 0
      for _ in 0..<share {
        guard let id = cursor.next() else { break }
        try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [id])
        summary.deleted += 1
      }
      for _ in 0..<renames {
        guard let id = cursor.next() else { break }
        let name = Self.makeName(&random)
        try db.execute(sql: "UPDATE contact SET name = ? WHERE id = ?", arguments: [name, id])
        summary.renamed += 1
      }
      for _ in 0..<share {
        guard let id = cursor.next() else { break }
        let position = Double.random(in: 0...max(1, maxPosition), using: &random)
        try db.execute(sql: "UPDATE contact SET position = ? WHERE id = ?", arguments: [position, id])
        summary.moved += 1
      }
      for _ in 0..<flips {
        guard let id = cursor.next() else { break }
        try db.execute(sql: "UPDATE contact SET isFavorite = NOT isFavorite WHERE id = ?", arguments: [id])
        summary.favorited += 1
      }
      for _ in 0..<share {
        let name = Self.makeName(&random)
        let company = Self.companies.randomElement(using: &random)!
        let position = Double.random(in: 0...max(1, maxPosition), using: &random)
        try db.execute(
          sql: "INSERT INTO contact (name, company, email, isFavorite, position) VALUES (?, ?, ?, 0, ?)",
          arguments: [name, company, Self.email(for: name, company: company), position])
        summary.inserted += 1
      }
      return summary
    }
  }
}
