import GRDB

/// A problem observing a database query, delivered to
/// ``DatabaseSnapshotObserver/didFail`` instead of stopping the process or showing an empty list.
public struct DatabaseSnapshotError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Sendable, Equatable {
    /// The query failed (SQL error, missing table, unreadable file…). The observation has ended;
    /// the last good snapshot stays in place. Call ``DatabaseSnapshotObserver/start()`` to retry.
    case queryFailed
    /// The query returned the same identifier for several rows; the repeats were left out of the
    /// snapshot. A programming error: the identifier must be the primary key.
    case duplicateIdentifiers
  }

  /// What went wrong.
  public let kind: Kind
  /// A message meant for a person.
  public let message: String
  /// The SQLite result code when the database reported one (e.g. 1 for `SQLITE_ERROR`).
  public let resultCode: Int32?
  /// The SQL that failed, when known.
  public let sql: String?

  /// Creates an error.
  public init(kind: Kind, message: String, resultCode: Int32? = nil, sql: String? = nil) {
    self.kind = kind
    self.message = message
    self.resultCode = resultCode
    self.sql = sql
  }

  /// Wraps any error thrown by a database observation.
  ///
  /// - Complexity: O(1).
  public init(observationError error: any Error) {
    if let databaseError = error as? DatabaseError {
      self.init(
        kind: .queryFailed, message: databaseError.message ?? "\(databaseError)",
        resultCode: databaseError.resultCode.rawValue, sql: databaseError.sql)
    } else {
      self.init(kind: .queryFailed, message: "\(error)")
    }
  }

  /// A one-line description: kind, message and result code.
  public var description: String {
    var text = "database \(kind.rawValue): \(message)"
    if let resultCode { text += " (SQLite code \(resultCode))" }
    return text
  }
}
