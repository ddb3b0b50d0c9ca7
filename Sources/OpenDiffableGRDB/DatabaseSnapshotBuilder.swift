#if GRDB
  import OpenDiffable

  /// Turns the rows of a query into a snapshot: items keyed by a stable identifier (the primary
  /// key), sections from a column, and reconfigure marks on items whose content changed.
  ///
  /// A pure value: no database, no UI. ``DatabaseSnapshotObserver`` feeds it each fresh query result;
  /// tests can feed it arrays directly. Whatever the records hold, it never stops the process:
  /// repeated identifiers are left out and reported (``DatabaseRecordsSnapshot/droppedRecords``), and
  /// rows that cannot be decoded never reach it (the observer skips them, see
  /// ``DatabaseSnapshotObserver/skippedRows``).
  public struct DatabaseSnapshotBuilder<
    Record: Equatable & Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable
  >:
    Sendable
  {
    /// The identifier of a record: its primary key, never its position in the result.
    public let identifier: @Sendable (Record) -> ItemID
    /// The section a record belongs to (typically a column value).
    public let section: @Sendable (Record) -> SectionID
    /// Sections that always appear, in this order, even when empty. Sections that records name
    /// but this list does not follow, in the order they first appear in the result.
    public let fixedSections: [SectionID]
    /// Whether ``makeSnapshot(records:previous:)`` compares every record with the previous result
    /// and marks the changed ones for reconfigure (the default). Turn it off when the data source
    /// has a `contentProvider` (for example `{ observer.records[$0] }`): the data source then finds
    /// the changed rows itself, comparing only the rows on screen, and the builder saves a
    /// comparison per record on every update.
    public let marksChangedItems: Bool

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - fixedSections: sections shown even when empty, in order (e.g. `[.favorites, .all]`). A
    ///     repeated section is kept once, at its first place (a snapshot cannot hold it twice).
    ///   - section: the section of a record.
    ///   - identifier: the stable identifier of a record (its primary key).
    ///   - marksChangedItems: whether changed records are marked for reconfigure (see
    ///     ``marksChangedItems``). Default: true.
    /// - Complexity: O(f) for f fixed sections.
    public init(
      fixedSections: [SectionID] = [],
      section: @escaping @Sendable (Record) -> SectionID,
      identifier: @escaping @Sendable (Record) -> ItemID,
      marksChangedItems: Bool = true
    ) {
      var seen = Set<SectionID>()
      self.marksChangedItems = marksChangedItems
      self.fixedSections = fixedSections.filter { seen.insert($0).inserted }
      self.section = section
      self.identifier = identifier
    }

    /// Builds the snapshot for `records` (in query order) and, when ``marksChangedItems`` is true,
    /// marks for reconfigure every item that was in `previous` with different content.
    ///
    /// Records whose identifier repeats an earlier one are left out and listed, every one of them,
    /// in ``DatabaseRecordsSnapshot/droppedRecords`` (with their positions and sections; a section that
    /// only such records name is left out too) — a query keyed by a primary key never has any, so
    /// a non-empty list means the identifier function or the query is wrong.
    ///
    /// - Parameters:
    ///   - records: the query result, in order.
    ///   - previous: the records of the previous result by identifier, to find changed content.
    /// - Returns: the snapshot with the records by identifier and the records left out as repeats.
    /// - Complexity: O(n) average for n records (without the comparisons to `previous` when
    ///   ``marksChangedItems`` is false).
    public func makeSnapshot(records: [Record], previous: [ItemID: Record] = [:]) -> DatabaseRecordsSnapshot<
      Record, SectionID, ItemID
    > {
      var order = fixedSections
      var known = Set(fixedSections)
      var itemsBySection: [SectionID: [ItemID]] = [:]
      var contents: [ItemID: Record] = [:]
      contents.reserveCapacity(records.count)
      var firstOffsets: [ItemID: Int] = [:]
      firstOffsets.reserveCapacity(records.count)
      var dropped: [DatabaseRecordsSnapshot<Record, SectionID, ItemID>.DroppedRecord] = []
      var changed: [ItemID] = []
      for (offset, record) in records.enumerated() {
        let id = identifier(record)
        if let first = firstOffsets.updateValue(offset, forKey: id) {
          firstOffsets[id] = first
          dropped.append(.init(offset: offset, firstOffset: first, identifier: id, section: section(record)))
          continue
        }
        contents[id] = record
        let sectionID = section(record)
        if known.insert(sectionID).inserted { order.append(sectionID) }
        itemsBySection[sectionID, default: []].append(id)
        if marksChangedItems, let old = previous[id], old != record { changed.append(id) }
      }
      var snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>()
      snapshot.appendSections(order)
      for sectionID in order {
        if let items = itemsBySection[sectionID] { snapshot.appendItems(items, toSection: sectionID) }
      }
      if !changed.isEmpty { snapshot.reconfigureItems(changed) }
      return DatabaseRecordsSnapshot(snapshot: snapshot, records: contents, droppedRecords: dropped)
    }
  }

  /// One query result as a list: the snapshot, and the records by identifier for cell providers.
  public struct DatabaseRecordsSnapshot<Record: Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    Sendable
  {
    /// The snapshot: sections and item identifiers, with reconfigure marks on items whose content
    /// changed since the previous result.
    public var snapshot: DiffableDataSourceSnapshot<SectionID, ItemID>
    /// The records by identifier: what a cell provider reads to draw an item.
    public var records: [ItemID: Record]
    /// Every record left out because its identifier repeats an earlier record's, in result order.
    public var droppedRecords: [DroppedRecord]
    /// The identifiers of ``droppedRecords``, in the same order (one per record left out).
    public var droppedIdentifiers: [ItemID] { droppedRecords.map(\.identifier) }

    /// A record left out of the snapshot because its identifier repeats an earlier record's.
    public struct DroppedRecord: Hashable, Sendable {
      /// Its position in the records given to the builder (0 for the first).
      public var offset: Int
      /// The position of the earlier record with the same identifier, the one shown.
      public var firstOffset: Int
      /// The identifier it repeats.
      public var identifier: ItemID
      /// The section it named (left out with it when no other record names it).
      public var section: SectionID

      /// Creates a value.
      ///
      /// - Complexity: O(1).
      public init(offset: Int, firstOffset: Int, identifier: ItemID, section: SectionID) {
        self.offset = offset
        self.firstOffset = firstOffset
        self.identifier = identifier
        self.section = section
      }
    }

    /// Creates a value from its parts.
    ///
    /// - Complexity: O(1).
    public init(
      snapshot: DiffableDataSourceSnapshot<SectionID, ItemID>, records: [ItemID: Record],
      droppedRecords: [DroppedRecord] = []
    ) {
      self.snapshot = snapshot
      self.records = records
      self.droppedRecords = droppedRecords
    }
  }
#endif
