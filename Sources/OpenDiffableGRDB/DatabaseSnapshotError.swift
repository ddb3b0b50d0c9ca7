#if GRDB
  import GRDB

  /// A problem with a database behind a list: a read or a write that failed, rows that could not be
  /// decoded, or repeated identifiers.
  ///
  /// ``DatabaseSnapshotObserver`` delivers it to ``DatabaseSnapshotObserver/didFail`` instead of
  /// stopping the process or showing an empty list; apps can wrap their own write errors in it
  /// (``init(_:kind:databasePath:)`` with ``Kind/writeFailed``) to report them the same way.
  public struct DatabaseSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
      /// Reading failed: the query failed (SQL error, missing table, unreadable file…). The
      /// observation has ended; the last good snapshot stays in place. Call
      /// ``DatabaseSnapshotObserver/start(immediately:)`` to retry.
      case readFailed = "read failed"
      /// A write failed (constraint, trigger, read-only or full disk…). Reported by the app for its
      /// own writes; an observer never writes.
      case writeFailed = "write failed"
      /// A row could not be decoded (a NULL or a value of the wrong type where the record expects
      /// something else), so the whole result was rejected and the last good snapshot stays. An
      /// observer created with a `decode` function skips such rows instead
      /// (``invalidRows``).
      case decodingFailed = "decoding failed"
      /// Some rows could not be decoded and were left out of the snapshot; the others are shown.
      /// ``DatabaseSnapshotError/skippedRows`` (and ``DatabaseSnapshotObserver/skippedRows``)
      /// lists them. When the same result also repeated identifiers, the error is of this kind and
      /// ``DatabaseSnapshotError/repeatedRows`` lists the repeats too: one error reports every
      /// row a result left out.
      case invalidRows = "rows skipped"
      /// The query returned the same identifier for several rows; the repeats were left out of the
      /// snapshot, every one listed in ``DatabaseSnapshotError/repeatedRows``. A programming
      /// error: the identifier must be the primary key.
      case duplicateIdentifiers = "duplicate identifiers"
    }

    /// What went wrong.
    public let kind: Kind
    /// A message meant for a person.
    public let message: String
    /// The SQLite result code when the database reported one (e.g. 1 for `SQLITE_ERROR`).
    public let resultCode: Int32?
    /// The SQL that failed, when known.
    public let sql: String?
    /// The path of the database file, when known (`:memory:` or empty for in-memory databases).
    public let databasePath: String?
    /// Every row of the result left out because it could not be decoded.
    public let skippedRows: [DatabaseSkippedRow]
    /// Every row of the result left out because its identifier repeats an earlier row's.
    public let repeatedRows: [DatabaseRepeatedRow]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - message: a description of the problem.
    ///   - resultCode: the SQLite result code, when the database reported one.
    ///   - sql: the SQL that failed, when known.
    ///   - databasePath: the database file, when known.
    ///   - skippedRows: the rows left out because they could not be decoded.
    ///   - repeatedRows: the rows left out because their identifier repeats an earlier row's.
    /// - Complexity: O(1).
    public init(
      kind: Kind, message: String, resultCode: Int32? = nil, sql: String? = nil, databasePath: String? = nil,
      skippedRows: [DatabaseSkippedRow] = [], repeatedRows: [DatabaseRepeatedRow] = []
    ) {
      self.kind = kind
      self.message = message
      self.resultCode = resultCode
      self.sql = sql
      self.databasePath = databasePath
      self.skippedRows = skippedRows
      self.repeatedRows = repeatedRows
    }

    /// Wraps an error thrown by a database read or write.
    ///
    /// A GRDB `DatabaseError` gives its message, result code and SQL; a `RowDecodingError` during a
    /// read is reported as ``Kind/decodingFailed``.
    ///
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - kind: ``Kind/readFailed`` for a query, ``Kind/writeFailed`` for a write.
    ///   - databasePath: the database file (a reader's or writer's `path`), named in the
    ///     description.
    /// - Complexity: O(length of the error's description).
    public init(_ error: any Error, kind: Kind = .readFailed, databasePath: String? = nil) {
      if let databaseError = error as? DatabaseError {
        self.init(
          kind: kind, message: databaseError.message ?? "\(databaseError)",
          resultCode: databaseError.resultCode.rawValue, sql: databaseError.sql, databasePath: databasePath)
      } else if error is RowDecodingError, kind == .readFailed {
        self.init(kind: .decodingFailed, message: "\(error)", databasePath: databasePath)
      } else {
        self.init(kind: kind, message: "\(error)", databasePath: databasePath)
      }
    }

    /// The file name of ``databasePath`` (the last path component), or nil.
    public var databaseName: String? {
      guard let databasePath, !databasePath.isEmpty else { return nil }
      return databasePath.split(separator: "/").last.map(String.init) ?? databasePath
    }

    /// A one-line description: the operation, the database file, the message and the result code,
    /// e.g. `database write failed (contacts.sqlite): locked (SQLite code 19)`.
    public var description: String {
      var text = "database \(kind.rawValue)"
      if let databaseName { text += " (\(databaseName))" }
      text += ": \(message)"
      if let resultCode { text += " (SQLite code \(resultCode))" }
      return text
    }
  }

  /// A row left out of a snapshot because it could not be decoded.
  public struct DatabaseSkippedRow: Sendable, Equatable, CustomStringConvertible {
    /// The row's position in the query result (0 for the first row).
    public let index: Int
    /// The row's values as text, e.g. `[id:3 name:NULL team:"red"]`.
    public let row: String
    /// Why it could not be decoded (the decoding error's description).
    public let reason: String

    /// Creates a value.
    ///
    /// - Complexity: O(1).
    public init(index: Int, row: String, reason: String) {
      self.index = index
      self.row = row
      self.reason = reason
    }

    /// The reason and the row.
    public var description: String { "\(reason) — row \(row)" }
  }

  /// A row left out of a snapshot because its identifier repeats an earlier row's.
  public struct DatabaseRepeatedRow: Sendable, Equatable, CustomStringConvertible {
    /// The row's position in the query result (0 for the first row).
    public let index: Int
    /// The position of the earlier row with the same identifier, the one shown.
    public let firstIndex: Int
    /// The identifier, as text (`String(reflecting:)`).
    public let identifier: String
    /// The section the row named, as text; left out with it when no other row names it.
    public let section: String

    /// Creates a value.
    ///
    /// - Complexity: O(1).
    public init(index: Int, firstIndex: Int, identifier: String, section: String) {
      self.index = index
      self.firstIndex = firstIndex
      self.identifier = identifier
      self.section = section
    }

    /// The row and what it repeats, e.g. `row 5 repeats identifier 3 of row 2 (section "green")`.
    public var description: String {
      "row \(index) repeats identifier \(identifier) of row \(firstIndex) (section \(section))"
    }
  }
#endif
