import DiffableKit
import GRDB

/// Observes a database query and keeps a snapshot of its result, on the main actor — the GRDB
/// counterpart of Core Data's fetched results controller handing a snapshot to its delegate.
///
/// Each time the observed tables change, GRDB runs the query again off the main thread; the
/// observer turns the rows into a ``DatabaseSnapshot`` (items keyed by primary key, sections from
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
/// ``DatabaseSnapshotError``, ``lastError`` keeps it, and the last good snapshot stays.
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
  /// How many results have been delivered since ``start()``.
  public private(set) var updateCount = 0
  /// Called on the main actor before ``snapshot`` and ``records`` change (capture selection here).
  public var willChange: (() -> Void)?
  /// Called on the main actor after ``snapshot`` and ``records`` changed (apply the snapshot here).
  public var didChange: (() -> Void)?
  /// Called on the main actor when the query fails or returns repeated identifiers.
  public var didFail: ((DatabaseSnapshotError) -> Void)?

  private let reader: any DatabaseReader
  private let fetch: @Sendable (Database) throws -> [Record]
  private let builder: DatabaseSnapshotBuilder<Record, SectionID, ItemID>
  private var cancellable: AnyDatabaseCancellable?
  private var lastRows: [Record] = []

  /// Creates an observer; nothing is fetched until ``start()``.
  ///
  /// - Parameters:
  ///   - reader: the database (a `DatabaseQueue` or `DatabasePool`).
  ///   - fetch: the query, run again whenever the tables it reads change.
  ///   - builder: how rows become sections and items.
  public init(
    reader: any DatabaseReader,
    fetch: @escaping @Sendable (Database) throws -> [Record],
    builder: DatabaseSnapshotBuilder<Record, SectionID, ItemID>
  ) {
    self.reader = reader
    self.fetch = fetch
    self.builder = builder
  }

  /// Whether the observation is running.
  public var isObserving: Bool { cancellable != nil }

  /// Starts (or restarts) observing. With `immediately` true (the default) the first result is
  /// fetched and delivered before this returns, so a screen has its data on first draw; later
  /// results arrive asynchronously on the main actor (through the main dispatch queue). A result
  /// equal to the current one is not delivered again.
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
        report(DatabaseSnapshotError(observationError: error))
        return
      }
    }
    let observation = ValueObservation.tracking { db in try fetch(db) }
    cancellable = observation.start(
      in: reader, scheduling: .mainActor,
      onError: { [weak self] error in
        guard let self else { return }
        self.cancellable = nil
        self.report(DatabaseSnapshotError(observationError: error))
      },
      onChange: { [weak self] rows in self?.receive(rows) })
  }

  /// Stops observing; the current snapshot stays.
  public func stop() {
    cancellable?.cancel()
    cancellable = nil
  }

  /// Replaces the state with a fresh result (the observation's change handler).
  private func receive(_ rows: [Record]) {
    if updateCount > 0, rows == lastRows { return }
    lastRows = rows
    let result = builder.makeSnapshot(records: rows, previous: records)
    willChange?()
    snapshot = result.snapshot
    records = result.records
    updateCount += 1
    lastError = nil
    didChange?()
    if !result.droppedIdentifiers.isEmpty {
      report(
        DatabaseSnapshotError(
          kind: .duplicateIdentifiers,
          message: "the query returned \(result.droppedIdentifiers.count) repeated identifier(s), e.g. "
            + "\(String(reflecting: result.droppedIdentifiers[0])); repeats were left out"))
    }
  }

  private func report(_ error: DatabaseSnapshotError) {
    lastError = error
    didFail?(error)
  }
}
