#if GRDB
  import GRDB
  import OpenDiffable

  /// Observes a database query and keeps a snapshot of its result, on the main actor — the GRDB
  /// counterpart of Core Data's fetched results controller handing a snapshot to its delegate.
  ///
  /// Each time the observed tables change, GRDB runs the query again off the main thread; the
  /// observer turns the rows into a ``DatabaseRecordsSnapshot`` (items keyed by primary key, sections from
  /// a column, reconfigure marks on rows whose content changed) and, on the main actor, calls
  /// ``willChange``, replaces ``snapshot`` and ``records``, then calls ``didChange``. The observer
  /// knows nothing of any list view: a screen applies ``snapshot`` to its data source in
  /// `didChange`.
  ///
  /// ```swift
  /// let observer = DatabaseSnapshotObserver(
  ///   reader: dbQueue,
  ///   fetch: { db in try Contact.order(Column("name")).fetchAll(db) },
  ///   builder: DatabaseSnapshotBuilder(section: { $0.company }, identifier: { $0.id }))
  /// observer.didChange = { [weak self] in self?.reloadSnapshot() }
  /// observer.didFail = { error in print(error) }
  /// observer.start()
  /// ```
  ///
  /// ## Errors
  /// A failing query never crashes and never empties the list: ``didFail`` receives a
  /// ``DatabaseSnapshotError`` naming the database file, ``lastError`` keeps it, and the last good
  /// snapshot stays. When a later fetch succeeds (after ``start(immediately:)`` is called again, or
  /// when the data is fixed), ``lastError`` goes back to nil and ``didRecover`` is called, so a
  /// screen can clear the message it showed.
  ///
  /// ## Rows that cannot be decoded
  /// A table can hold values its record type does not expect — a NULL, or text in a numeric column
  /// — when the schema allows them or the file was written by another program. With
  /// ``init(reader:rows:decode:builder:)`` each row is decoded on its own: a row whose `decode`
  /// throws is left out, listed in ``skippedRows`` and reported as ``DatabaseSnapshotError/Kind/invalidRows``,
  /// and the other rows are shown. With ``init(reader:fetch:builder:)`` a decoding error rejects
  /// the whole result (``DatabaseSnapshotError/Kind/decodingFailed``). Either way, decode with
  /// throwing calls (`try row.decode(String.self, forColumn: "name")`), not with `row["name"]`,
  /// which stops the process on a NULL.
  @MainActor
  public final class DatabaseSnapshotObserver<
    Record: Equatable & Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable
  > {
    /// The latest result as a snapshot. Reconfigure marks name the items whose content changed in
    /// the latest update. Empty until the first result arrives.
    public private(set) var snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>()
    /// The latest records by identifier.
    public private(set) var records: [ItemID: Record] = [:]
    /// The most recent error, or nil after a successful update.
    public private(set) var lastError: DatabaseSnapshotError?
    /// How many results have been delivered since ``start(immediately:)``.
    public private(set) var updateCount = 0
    /// Called on the main actor before ``snapshot`` and ``records`` change (capture selection here).
    public var willChange: (() -> Void)?
    /// Called on the main actor after ``snapshot`` and ``records`` changed (apply the snapshot here).
    public var didChange: (() -> Void)?
    /// Called on the main actor when the query fails, rows are skipped, or the query returns
    /// repeated identifiers. One error reports every row a result left out, whatever the reasons
    /// (``DatabaseSnapshotError/skippedRows``, ``DatabaseSnapshotError/repeatedRows``).
    public var didFail: ((DatabaseSnapshotError) -> Void)?
    /// Called on the main actor when a fetch succeeds cleanly after an error: ``lastError`` is nil
    /// again (clear any error message here). Called even when the result equals the last one, in
    /// which case ``didChange`` is not.
    public var didRecover: (() -> Void)?
    /// The rows of the latest result that could not be decoded and were left out of ``snapshot``.
    public private(set) var skippedRows: [DatabaseSkippedRow] = []
    /// The rows of the latest result left out of ``snapshot`` because their identifier repeats
    /// an earlier row's.
    public private(set) var repeatedRows: [DatabaseRepeatedRow] = []

    private let reader: any DatabaseReader
    private let fetch: @Sendable (Database) throws -> Fetched
    private let builder: DatabaseSnapshotBuilder<Record, SectionID, ItemID>
    private var cancellable: AnyDatabaseCancellable?
    private var lastFetched = Fetched(records: [], skipped: [])
    /// The problem with the current data (skipped rows, repeated identifiers), if any.
    private var dataError: DatabaseSnapshotError?

    /// One query result: the decoded records and the rows that could not be decoded.
    struct Fetched: Equatable, Sendable {
      var records: [Record]
      var skipped: [DatabaseSkippedRow]
    }

    /// Creates an observer; nothing is fetched until ``start(immediately:)``.
    ///
    /// - Parameters:
    ///   - reader: the database (a `DatabaseQueue` or `DatabasePool`).
    ///   - fetch: the query, run again whenever the tables it reads change.
    ///   - builder: how rows become sections and items.
    /// - Note: a decoding error thrown by `fetch` rejects the whole result
    ///   (``DatabaseSnapshotError/Kind/decodingFailed``); use ``init(reader:rows:decode:builder:)``
    ///   to skip undecodable rows instead.
    public init(
      reader: any DatabaseReader,
      fetch: @escaping @Sendable (Database) throws -> [Record],
      builder: DatabaseSnapshotBuilder<Record, SectionID, ItemID>
    ) {
      self.reader = reader
      self.fetch = { db in Fetched(records: try fetch(db), skipped: []) }
      self.builder = builder
    }

    /// Creates an observer that decodes each row on its own and leaves out the rows it cannot
    /// decode; nothing is fetched until ``start(immediately:)``.
    ///
    /// A row whose `decode` throws is listed in ``skippedRows`` and reported to ``didFail`` as
    /// ``DatabaseSnapshotError/Kind/invalidRows``; the other rows make the snapshot.
    ///
    /// ```swift
    /// DatabaseSnapshotObserver(
    ///   reader: dbQueue,
    ///   rows: { db in try Row.fetchCursor(db, sql: "SELECT * FROM contact ORDER BY name") },
    ///   decode: { row in try Contact(row: row) },
    ///   builder: DatabaseSnapshotBuilder(section: { $0.company }, identifier: { $0.id }))
    /// ```
    ///
    /// - Parameters:
    ///   - reader: the database (a `DatabaseQueue` or `DatabasePool`).
    ///   - rows: the query, run again whenever the tables it reads change. An error it throws
    ///     (or one a row cursor throws) fails the whole fetch.
    ///   - decode: turns one row into a record; it throws for a row it cannot decode. The row is
    ///     only valid during the call (cursor rows are reused): copy it to keep it.
    ///   - builder: how records become sections and items.
    public init(
      reader: any DatabaseReader,
      rows: @escaping @Sendable (Database) throws -> RowCursor,
      decode: @escaping @Sendable (Row) throws -> Record,
      builder: DatabaseSnapshotBuilder<Record, SectionID, ItemID>
    ) {
      self.reader = reader
      self.fetch = { db in
        let cursor = try rows(db)
        var fetched = Fetched(records: [], skipped: [])
        var index = 0
        while let row = try cursor.next() {
          do {
            fetched.records.append(try decode(row))
          } catch {
            fetched.skipped.append(DatabaseSkippedRow(index: index, row: row.description, reason: "\(error)"))
          }
          index += 1
        }
        return fetched
      }
      self.builder = builder
    }

    /// Whether the observation is running.
    public var isObserving: Bool { cancellable != nil }

    /// Starts (or restarts) observing. With `immediately` true (the default) the first result is
    /// fetched and delivered before this returns, so a screen has its data on first draw; later
    /// results arrive asynchronously on the main actor (through the main dispatch queue). A result
    /// equal to the current one is not delivered again.
    /// - Parameter immediately: whether the first result is fetched and delivered before this
    ///   returns (true) or later on the main actor (false).
    public func start(immediately: Bool = true) {
      cancellable?.cancel()
      cancellable = nil
      let fetch = self.fetch
      if immediately {
        // Not GRDB's `.immediate` scheduler: it requires the main *thread*, and after
        // `dispatchMain()` the main actor runs on whichever thread drains the main queue.
        do {
          receive(try reader.read { try fetch($0) })
        } catch {
          report(DatabaseSnapshotError(error, kind: .readFailed, databasePath: reader.path))
          return
        }
      }
      let observation = ValueObservation.tracking { db in try fetch(db) }
      let path = reader.path
      cancellable = observation.start(
        in: reader, scheduling: .mainActor,
        onError: { [weak self] error in
          guard let self else { return }
          self.cancellable = nil
          self.report(DatabaseSnapshotError(error, kind: .readFailed, databasePath: path))
        },
        onChange: { [weak self] rows in self?.receive(rows) })
    }

    /// Stops observing; the current snapshot stays.
    public func stop() {
      cancellable?.cancel()
      cancellable = nil
    }

    /// Replaces the state with a fresh result (the observation's change handler), then updates the
    /// error state: a problem with the new data is reported, and a clean result after an error
    /// clears ``lastError`` and calls ``didRecover``.
    private func receive(_ fetched: Fetched) {
      if updateCount == 0 || fetched != lastFetched {
        lastFetched = fetched
        let result = builder.makeSnapshot(records: fetched.records, previous: records)
        willChange?()
        snapshot = result.snapshot
        records = result.records
        skippedRows = fetched.skipped
        repeatedRows = Self.repeatedRows(result.droppedRecords, skipped: fetched.skipped)
        updateCount += 1
        dataError = problem(skipped: fetched.skipped, repeated: repeatedRows)
        didChange?()
      }
      if let dataError {
        if lastError != dataError { report(dataError) }
      } else if lastError != nil {
        lastError = nil
        didRecover?()
      }
    }

    /// The records the builder dropped as repeats, as rows of the query result: a record's
    /// offset counts only the rows that were decoded, so the skipped rows before it are added.
    private static func repeatedRows(
      _ dropped: [DatabaseRecordsSnapshot<Record, SectionID, ItemID>.DroppedRecord], skipped: [DatabaseSkippedRow]
    ) -> [DatabaseRepeatedRow] {
      let skippedIndices = skipped.map(\.index)  // ascending
      func rowIndex(_ offset: Int) -> Int {
        var index = offset
        for skippedIndex in skippedIndices {
          guard skippedIndex <= index else { break }
          index += 1
        }
        return index
      }
      return dropped.map {
        DatabaseRepeatedRow(
          index: rowIndex($0.offset), firstIndex: rowIndex($0.firstOffset),
          identifier: String(reflecting: $0.identifier),
          section: String(reflecting: $0.section))
      }
    }

    /// The error describing every row a result left out (skipped rows and repeated identifiers),
    /// or nil. Its kind is ``DatabaseSnapshotError/Kind/invalidRows`` when rows were skipped.
    private func problem(skipped: [DatabaseSkippedRow], repeated: [DatabaseRepeatedRow]) -> DatabaseSnapshotError? {
      var parts: [String] = []
      if let first = skipped.first {
        let rows = skipped.count == 1 ? "1 unreadable row" : "\(skipped.count) unreadable rows"
        parts.append("\(rows) left out; first: \(first.reason)")
      }
      if !repeated.isEmpty {
        let shown = repeated.prefix(5).map(\.description).joined(separator: ", ")
        let more = repeated.count > 5 ? ", and \(repeated.count - 5) more" : ""
        parts.append(
          "the query returned \(repeated.count) repeated identifier(s), left out: \(shown)\(more)")
      }
      guard !parts.isEmpty else { return nil }
      return DatabaseSnapshotError(
        kind: skipped.isEmpty ? .duplicateIdentifiers : .invalidRows, message: parts.joined(separator: "; "),
        databasePath: reader.path, skippedRows: skipped, repeatedRows: repeated)
    }

    private func report(_ error: DatabaseSnapshotError) {
      lastError = error
      didFail?(error)
    }
  }
#endif
