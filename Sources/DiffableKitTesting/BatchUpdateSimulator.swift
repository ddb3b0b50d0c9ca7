import DiffableKitCore
import Foundation

/// A simulated collection or table view: rows of identifiers, updated by batch updates that are
/// interpreted exactly as UIKit's `performBatchUpdates(_:completion:)` interprets them, with a
/// descriptive ``BatchUpdateError`` for every rule UIKit enforces.
///
/// Each row remembers the identifier its cell shows. A row keeps its cell when it survives the
/// update or is moved; it gets a newly loaded cell, showing the data source's identifier at its
/// new position, when it is inserted or reloaded (directly or through its section). After an
/// update, the list therefore shows exactly what a real list view would show, and a wrong batch
/// shows up as a row with a stale identifier even when UIKit would not have raised.
///
/// How UIKit reads a batch (Apple's `performBatchUpdates` documentation and the table view
/// programming guide):
/// - deletes, reloads and move sources name positions **before** the update; inserts and move
///   destinations name positions **after** it; the order of the calls does not matter;
/// - a reload is a delete of the old position plus an insert where the element lands;
/// - elements that are neither deleted nor moved keep their relative order and fill, in order,
///   the positions that inserts and move destinations leave free; items of a section that moves
///   go with it;
/// - for every section that survives, items after = items before + inserted − deleted +
///   moved in − moved out, and the same for the number of sections.
///
/// ```swift
/// var list = BatchUpdateSimulator(oldSnapshot)
/// try list.performBatchUpdates(SnapshotChangeset(from: oldSnapshot, to: newSnapshot), dataSource: newSnapshot)
/// #expect(list.sectionIdentifiers == newSnapshot.sectionIdentifiers)
/// ```
///
/// For the common check, use ``validate(_:from:to:)``.
public struct BatchUpdateSimulator<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The snapshot type that plays the data source.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// One row (cell) of the simulated list.
  public struct Row: Hashable {
    /// The identifier the row's cell shows.
    public var identifier: ItemIdentifierType
    /// Whether the cell was loaded from the data source by the last update (insert or reload).
    public var isLoaded: Bool
    /// Whether the cell was reconfigured after the last update.
    public var isReconfigured: Bool

    /// Creates a row showing `identifier`.
    public init(identifier: ItemIdentifierType, isLoaded: Bool = false, isReconfigured: Bool = false) {
      self.identifier = identifier
      self.isLoaded = isLoaded
      self.isReconfigured = isReconfigured
    }
  }

  /// One section of the simulated list.
  public struct Section: Hashable {
    /// The identifier the section (its header) shows.
    public var identifier: SectionIdentifierType
    /// Whether the section was loaded from the data source by the last update (insert or
    /// reload).
    public var isLoaded: Bool
    /// The section's rows, in order.
    public var rows: [Row]

    /// Creates a section.
    public init(identifier: SectionIdentifierType, isLoaded: Bool = false, rows: [Row]) {
      self.identifier = identifier
      self.isLoaded = isLoaded
      self.rows = rows
    }
  }

  /// The sections, in display order.
  public private(set) var sections: [Section] = []

  /// An empty list.
  public init() {}

  /// A list showing `snapshot`, as after `reloadData()`.
  ///
  /// - Complexity: O(n).
  public init(_ snapshot: Snapshot) {
    reloadData(snapshot)
  }

  /// Shows `snapshot` without a batch update, as `reloadData()` does. Reload marks are ignored.
  ///
  /// - Complexity: O(n).
  public mutating func reloadData(_ snapshot: Snapshot) {
    sections = snapshot.sectionIdentifiers.map { section in
      Section(identifier: section, rows: snapshot.itemIdentifiers(inSection: section).map { Row(identifier: $0) })
    }
  }

  /// The identifiers the sections show, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.identifier) }

  /// The identifiers the rows of the section at `position` show, in order.
  ///
  /// - Precondition: `position` is a valid section position.
  public func itemIdentifiers(inSection position: Int) -> [ItemIdentifierType] {
    sections[position].rows.map(\.identifier)
  }

  /// Applies `changeset` as one batch update, `dataSource` giving the state after the update
  /// (counts, and the identifiers of loaded cells). See the `BatchUpdateOperations` overload.
  ///
  /// - Throws: ``BatchUpdateError`` naming the first rule the batch breaks; the list is then
  ///   unchanged.
  /// - Complexity: O(n + k log k), n rows and k operations.
  public mutating func performBatchUpdates(
    _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, dataSource: Snapshot
  ) throws(BatchUpdateError) {
    try performBatchUpdates(BatchUpdateOperations(changeset), dataSource: dataSource)
  }

  /// Applies `update` as one batch update, `dataSource` giving the state after the update
  /// (counts, and the identifiers of loaded cells), then applies its reconfigures.
  ///
  /// Checks, in this order, as UIKit does: section positions in range; no section both deleted
  /// and reloaded; no conflicting section moves; no section moved from a deleted one or to an
  /// inserted one; the number of sections; item index paths in range; no item both deleted and
  /// reloaded; no item moved out of a deleted (or reloaded) section or into an inserted (or
  /// reloaded) one; no conflicting item moves; no item moved from a deleted path or to an
  /// inserted path; then the number of items in every surviving section.
  ///
  /// - Throws: ``BatchUpdateError`` naming the first rule the batch breaks; the list is then
  ///   unchanged.
  /// - Complexity: O(n + k log k), n rows and k operations.
  public mutating func performBatchUpdates(
    _ update: BatchUpdateOperations, dataSource: Snapshot
  ) throws(BatchUpdateError) {
    var pass = _BatchUpdatePass(old: sections, update: update, new: dataSource)
    sections = try pass.run()
  }
}

extension BatchUpdateSimulator: Hashable {}
extension BatchUpdateSimulator: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension BatchUpdateSimulator.Row: Sendable where ItemIdentifierType: Sendable {}
extension BatchUpdateSimulator.Section: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

/// One batch update being applied: the checks and the placement of every row.
struct _BatchUpdatePass<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  typealias Simulator = BatchUpdateSimulator<SectionIdentifierType, ItemIdentifierType>
  typealias Snapshot = Simulator.Snapshot

  let old: [Simulator.Section]
  let update: BatchUpdateOperations
  let newSectionIDs: [SectionIdentifierType]
  let newItems: [[ItemIdentifierType]]

  /// Section positions before the update that are deleted or reloaded (their items go with them).
  var sectionGone: [Bool] = []
  /// Section positions after the update that are inserted or reloaded (loaded from the data source).
  var sectionLoaded: [Bool] = []
  /// For each old section position, its position after the update (nil when deleted).
  var newPositionOfOld: [Int?] = []
  /// For each new section position, the old section it shows (nil when inserted).
  var oldPositionOfNew: [Int?] = []

  init(old: [Simulator.Section], update: BatchUpdateOperations, new: Snapshot) {
    self.old = old
    self.update = update
    newSectionIDs = new.sectionIdentifiers
    newItems = newSectionIDs.map { new.itemIdentifiers(inSection: $0) }
  }

  var oldSectionCount: Int { old.count }
  var newSectionCount: Int { newSectionIDs.count }

  mutating func run() throws(BatchUpdateError) -> [Simulator.Section] {
    try checkShapes()
    try applySectionRules()
    let items = try applyItemRules()
    var result = place(items)
    try reconfigure(&result)
    return result
  }

  // MARK: Shapes

  func checkShapes() throws(BatchUpdateError) {
    let sectionLists = [
      ("delete", update.sectionDeletes), ("insert", update.sectionInserts), ("reload", update.sectionReloads),
      ("move", update.sectionMoves.flatMap { [$0.from, $0.to] }),
    ]
    for (verb, list) in sectionLists {
      if let bad = list.first(where: { $0 < 0 }) {
        throw .init(.malformedPosition, "attempt to \(verb) section \(bad): section positions cannot be negative")
      }
    }
    let pathLists = [
      ("delete", update.itemDeletes), ("insert", update.itemInserts), ("reload", update.itemReloads),
      ("move", update.itemMoves.flatMap { [$0.from, $0.to] }), ("reconfigure", update.itemReconfigures),
    ]
    for (verb, list) in pathLists {
      for path in list where path.count != 2 || path[0] < 0 || path[1] < 0 {
        throw .init(
          .malformedPosition, "attempt to \(verb) the item at \(path): an index path needs two non-negative indexes")
      }
    }
  }

  // MARK: Sections

  mutating func applySectionRules() throws(BatchUpdateError) {
    let before = oldSectionCount
    let after = newSectionCount
    for section in update.sectionDeletes where section >= before {
      throw .init(
        .sectionOutOfRange,
        "attempt to delete section \(section), but there are only \(before) sections before the update")
    }
    for section in update.sectionReloads where section >= before {
      throw .init(
        .sectionOutOfRange,
        "attempt to reload section \(section), but there are only \(before) sections before the update")
    }
    for section in update.sectionInserts where section >= after {
      throw .init(
        .sectionOutOfRange, "attempt to insert section \(section) but there are only \(after) sections after the update"
      )
    }
    for move in update.sectionMoves {
      if move.from >= before {
        throw .init(
          .sectionOutOfRange,
          "attempt to move section \(move.from), but there are only \(before) sections before the update")
      }
      if move.to >= after {
        throw .init(
          .sectionOutOfRange,
          "attempt to move section \(move.from) to section \(move.to), but there are only \(after) sections after the update"
        )
      }
    }
    let deleted = Set(update.sectionDeletes)
    let reloaded = Set(update.sectionReloads)
    let inserted = Set(update.sectionInserts)
    if let section = update.sectionReloads.first(where: deleted.contains) {
      throw .init(.sectionDeleteAndReload, "attempt to delete and reload the same section (\(section))")
    }
    var destinationOf: [Int: Int] = [:]
    var sourceOf: [Int: Int] = [:]
    for move in update.sectionMoves {
      if let earlier = destinationOf[move.from] {
        if earlier == move.to { continue }  // an exact repeat is merged
        throw .init(
          .conflictingSectionMoves,
          "attempt to move section \(move.from) to both section \(earlier) and section \(move.to)")
      }
      if let earlier = sourceOf[move.to] {
        throw .init(
          .conflictingSectionMoves,
          "attempt to move both section \(earlier) and section \(move.from) to section \(move.to)")
      }
      destinationOf[move.from] = move.to
      sourceOf[move.to] = move.from
    }
    for move in update.sectionMoves {
      if deleted.contains(move.from) || reloaded.contains(move.from) {
        throw .init(
          .sectionDeleteAndMove, "attempt to perform a delete and a move from the same section (\(move.from))")
      }
      if inserted.contains(move.to) {
        throw .init(.sectionInsertAndMove, "attempt to perform an insert and a move to the same section (\(move.to))")
      }
    }
    guard after == before + inserted.count - deleted.count else {
      throw .init(
        .invalidNumberOfSections,
        "Invalid update: invalid number of sections. The number of sections contained in the collection view after "
          + "the update (\(after)) must be equal to the number of sections contained in the collection view before "
          + "the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted.count) "
          + "inserted, \(deleted.count) deleted).")
    }
    // Placement: moved sections go where they are sent; the others keep their order and fill
    // the positions that inserts and move destinations leave free. A reloaded section is placed
    // as a survivor and loaded afresh.
    newPositionOfOld = Array(repeating: nil, count: before)
    oldPositionOfNew = Array(repeating: nil, count: after)
    for (from, to) in destinationOf {
      newPositionOfOld[from] = to
      oldPositionOfNew[to] = from
    }
    var staying = (0..<before).filter { !deleted.contains($0) && destinationOf[$0] == nil }.makeIterator()
    for position in 0..<after where !inserted.contains(position) && sourceOf[position] == nil {
      let source = staying.next()!  // the count check above guarantees one
      newPositionOfOld[source] = position
      oldPositionOfNew[position] = source
    }
    sectionGone = (0..<before).map { deleted.contains($0) || reloaded.contains($0) }
    sectionLoaded = oldPositionOfNew.map { source in source.map { reloaded.contains($0) } ?? true }
  }

  // MARK: Items

  /// The item operations, grouped by section.
  struct ItemPlan {
    /// By old section: offsets that leave their place (deleted or moved away).
    var leaving: [[Int]]
    /// By old section: offsets reloaded in place.
    var reloaded: [[Int]]
    /// By new section: offsets inserted.
    var inserted: [[Int]]
    /// By new section: (destination offset, source path).
    var arriving: [[(offset: Int, from: IndexPath)]]
  }

  func checkOld(_ path: IndexPath, _ verb: String) throws(BatchUpdateError) {
    let (section, item) = (path[0], path[1])
    guard section < oldSectionCount else {
      throw .init(
        .itemOutOfRange,
        "attempt to \(verb) item \(item) from section \(section), but there are only \(oldSectionCount) sections "
          + "before the update")
    }
    let count = old[section].rows.count
    guard item < count else {
      throw .init(
        .itemOutOfRange,
        "attempt to \(verb) item \(item) from section \(section) which only contains \(count) items before the update")
    }
  }

  func checkNew(_ path: IndexPath, _ verb: String) throws(BatchUpdateError) {
    let (section, item) = (path[0], path[1])
    guard section < newSectionCount else {
      throw .init(
        .itemOutOfRange,
        "attempt to \(verb) item \(item) into section \(section), but there are only \(newSectionCount) sections "
          + "after the update")
    }
    let count = newItems[section].count
    guard item < count else {
      throw .init(
        .itemOutOfRange,
        "attempt to \(verb) item \(item) into section \(section), but there are only \(count) items in section "
          + "\(section) after the update")
    }
  }

  func applyItemRules() throws(BatchUpdateError) -> ItemPlan {
    for path in update.itemDeletes {
      try checkOld(path, "delete")
      if sectionGone[path[0]] {
        throw .init(
          .itemOperationInDeletedSection,
          "attempt to delete item \(path[1]) from section \(path[0]), which the same update deletes or reloads")
      }
    }
    for path in update.itemReloads {
      try checkOld(path, "reload")
      if sectionGone[path[0]] {
        throw .init(
          .itemOperationInDeletedSection,
          "attempt to reload item \(path[1]) from section \(path[0]), which the same update deletes or reloads")
      }
    }
    for path in update.itemInserts {
      try checkNew(path, "insert")
      if sectionLoaded[path[0]] {
        throw .init(
          .itemOperationInInsertedSection,
          "attempt to insert item \(path[1]) into section \(path[0]), which the same update inserts or reloads")
      }
    }
    let deleted = Set(update.itemDeletes)
    let reloaded = Set(update.itemReloads)
    let inserted = Set(update.itemInserts)
    if let path = update.itemReloads.first(where: deleted.contains) {
      throw .init(.itemDeleteAndReload, "attempt to delete and reload the same index path (\(path))")
    }
    var destinationOf: [IndexPath: IndexPath] = [:]
    var sourceOf: [IndexPath: IndexPath] = [:]
    var moves: [ChangesetMove<IndexPath>] = []
    for move in update.itemMoves {
      try checkOld(move.from, "move")
      try checkNew(move.to, "move")
      if sectionGone[move.from[0]] {
        throw .init(.moveFromDeletedSection, "cannot move an item from a deleted section (\(move.from[0]))")
      }
      if sectionLoaded[move.to[0]] {
        throw .init(.moveIntoInsertedSection, "cannot move an item into a newly inserted section (\(move.to[0]))")
      }
      if let earlier = destinationOf[move.from] {
        if earlier == move.to { continue }  // an exact repeat is merged
        throw .init(
          .conflictingItemMoves, "attempt to move item at index path \(move.from) to both \(earlier) and \(move.to)")
      }
      if let earlier = sourceOf[move.to] {
        throw .init(
          .conflictingItemMoves, "attempt to move both item at index path \(earlier) and \(move.from) to \(move.to)")
      }
      destinationOf[move.from] = move.to
      sourceOf[move.to] = move.from
      moves.append(move)
    }
    for move in moves {
      if deleted.contains(move.from) || reloaded.contains(move.from) {
        throw .init(
          .itemDeleteAndMove, "attempt to perform a delete and a move from the same index path (\(move.from))")
      }
      if inserted.contains(move.to) {
        throw .init(.itemInsertAndMove, "attempt to perform an insert and a move to the same index path (\(move.to))")
      }
    }

    var plan = ItemPlan(
      leaving: Array(repeating: [], count: oldSectionCount), reloaded: Array(repeating: [], count: oldSectionCount),
      inserted: Array(repeating: [], count: newSectionCount), arriving: Array(repeating: [], count: newSectionCount))
    for path in deleted { plan.leaving[path[0]].append(path[1]) }
    for path in reloaded { plan.reloaded[path[0]].append(path[1]) }
    for path in inserted { plan.inserted[path[0]].append(path[1]) }
    var movedOut = Array(repeating: 0, count: oldSectionCount)
    for move in moves {
      plan.leaving[move.from[0]].append(move.from[1])
      plan.arriving[move.to[0]].append((move.to[1], move.from))
      movedOut[move.from[0]] += 1
    }
    for source in 0..<oldSectionCount where !sectionGone[source] {
      let target = newPositionOfOld[source]!
      let before = old[source].rows.count
      let after = newItems[target].count
      let insertCount = plan.inserted[target].count
      let deleteCount = plan.leaving[source].count - movedOut[source]
      let movedIn = plan.arriving[target].count
      let expected = before + insertCount - deleteCount + movedIn - movedOut[source]
      guard after == expected else {
        throw .init(
          .invalidNumberOfItems,
          "Invalid update: invalid number of items in section \(target). The number of items contained in an "
            + "existing section after the update (\(after)) must be equal to the number of items contained in that "
            + "section before the update (\(before)), plus or minus the number of items inserted or deleted from "
            + "that section (\(insertCount) inserted, \(deleteCount) deleted) and plus or minus the number of items "
            + "moved into or out of that section (\(movedIn) moved in, \(movedOut[source]) moved out)."
            + (expected < 0 ? " Attempt to delete more items than exist in section." : ""))
      }
    }
    return plan
  }

  // MARK: Placement

  func place(_ plan: ItemPlan) -> [Simulator.Section] {
    var result: [Simulator.Section] = []
    result.reserveCapacity(newSectionCount)
    for target in 0..<newSectionCount {
      let identifiers = newItems[target]
      guard let source = oldPositionOfNew[target], !sectionLoaded[target] else {
        let rows = identifiers.map { Simulator.Row(identifier: $0, isLoaded: true) }
        result.append(.init(identifier: newSectionIDs[target], isLoaded: true, rows: rows))
        continue
      }
      var slots = [Simulator.Row?](repeating: nil, count: identifiers.count)
      for offset in plan.inserted[target] {
        slots[offset] = Simulator.Row(identifier: identifiers[offset], isLoaded: true)
      }
      for (offset, from) in plan.arriving[target] {
        slots[offset] = Simulator.Row(identifier: old[from[0]].rows[from[1]].identifier)
      }
      let oldRows = old[source].rows
      var leaving = [Bool](repeating: false, count: oldRows.count)
      for offset in plan.leaving[source] { leaving[offset] = true }
      var reloading = [Bool](repeating: false, count: oldRows.count)
      for offset in plan.reloaded[source] { reloading[offset] = true }
      var free = 0
      for (offset, row) in oldRows.enumerated() where !leaving[offset] {
        while slots[free] != nil { free += 1 }  // the count check guarantees a free slot
        slots[free] =
          reloading[offset]
          ? Simulator.Row(identifier: identifiers[free], isLoaded: true) : Simulator.Row(identifier: row.identifier)
      }
      result.append(.init(identifier: old[source].identifier, rows: slots.map { $0! }))
    }
    return result
  }

  func reconfigure(_ sections: inout [Simulator.Section]) throws(BatchUpdateError) {
    for path in update.itemReconfigures {
      try checkNew(path, "reconfigure")
      sections[path[0]].rows[path[1]].isReconfigured = true
    }
  }
}
