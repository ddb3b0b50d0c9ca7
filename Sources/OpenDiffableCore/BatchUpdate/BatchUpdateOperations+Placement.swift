import Foundation

extension BatchUpdateOperations {
  /// Where every section and row comes from after this batch, read as UIKit's
  /// `performBatchUpdates(_:completion:)` reads it: deletes, reloads and move sources are
  /// positions before the update, inserts and move destinations after it, in any call order; a
  /// reload is a delete plus an insert; items of a moved section go with it; the elements neither
  /// deleted nor moved keep their order and fill the positions left free. A host applies the
  /// result to what it keeps per row with ``applying(to:newItemCounts:_:)``.
  ///
  /// - Parameters:
  ///   - oldItemCounts: the number of rows in each section before the update.
  ///   - newItemCounts: the number of rows in each section after it (the data source's counts).
  /// - Returns: the placement of every section and row after the update.
  /// - Throws: ``BatchUpdateError`` naming the first rule the batch breaks (a position out of
  ///   range, conflicting operations, counts that do not add up), in UIKit's wording where UIKit
  ///   has one.
  /// - Complexity: O(n + k log k), n rows and k operations.
  public func placement(oldItemCounts: [Int], newItemCounts: [Int]) throws(BatchUpdateError) -> BatchUpdatePlacement {
    var pass = _BatchUpdatePass(update: self, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    return try pass.run()
  }

  /// This batch applied to rows of any kind: each row after the update is made by `makeRow` from
  /// its source in ``placement(oldItemCounts:newItemCounts:)`` and its old row, if any.
  ///
  /// ```swift
  /// rows = try update.applying(to: rows, newItemCounts: counts) { path, source, old in
  ///   source.isLoaded ? Row(cell: nil) : old!  // kept and moved rows keep their cell
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - rows: the rows before the update, by section.
  ///   - newItemCounts: the number of rows in each section after the update.
  ///   - makeRow: the row at a new index path, from its source and its old row (kept, moved or
  ///     reloaded rows have one).
  /// - Returns: the rows after the update, by section; reconfigures are left to the caller
  ///   (``BatchUpdatePlacement/reconfigured``).
  /// - Throws: ``BatchUpdateError`` naming the first broken rule; nothing is made then.
  /// - Complexity: O(n + k log k).
  public func applying<Row>(
    to rows: [[Row]], newItemCounts: [Int],
    _ makeRow: (_ indexPath: IndexPath, _ source: BatchUpdatePlacement.RowSource, _ oldRow: Row?) -> Row
  ) throws(BatchUpdateError) -> [[Row]] {
    let placement = try placement(oldItemCounts: rows.map(\.count), newItemCounts: newItemCounts)
    return placement.rows.enumerated().map { section, sources in
      sources.enumerated().map { item, source in
        let old = source.oldIndexPath.map { rows[$0[0]][$0[1]] }
        return makeRow(IndexPath(_item: item, section: section), source, old)
      }
    }
  }
}

/// Where each section and row of a list comes from after a batch update: the result of
/// ``BatchUpdateOperations/placement(oldItemCounts:newItemCounts:)``.
public struct BatchUpdatePlacement: Hashable, Sendable {
  /// Where a section after the update comes from.
  public enum SectionSource: Hashable, Sendable {
    /// The old section at this position survived (possibly at another position, as the others
    /// around it moved).
    case kept(Int)
    /// The old section at this position was moved here.
    case moved(Int)
    /// The old section at this position was reloaded: it is here, loaded afresh.
    case reloaded(Int)
    /// The section is new.
    case inserted

    /// The old section it continues (kept, moved or reloaded), or nil when it is new.
    public var oldSection: Int? {
      switch self {
      case .kept(let old), .moved(let old), .reloaded(let old): old
      case .inserted: nil
      }
    }
  }

  /// Where a row after the update comes from.
  public enum RowSource: Hashable, Sendable {
    /// The row at this old index path survived; its cell is kept.
    case kept(IndexPath)
    /// The row at this old index path was moved here; its cell is kept.
    case moved(IndexPath)
    /// The row at this old index path was reloaded: it is here, with a newly loaded cell.
    case reloaded(IndexPath)
    /// The row was inserted: a newly loaded cell.
    case inserted
    /// The row's section was inserted or reloaded: a newly loaded cell.
    case loadedWithSection

    /// The index path before the update of a kept, moved or reloaded row.
    public var oldIndexPath: IndexPath? {
      switch self {
      case .kept(let path), .moved(let path), .reloaded(let path): path
      case .inserted, .loadedWithSection: nil
      }
    }

    /// Whether the row gets a newly loaded cell (inserted, reloaded, or in a loaded section).
    public var isLoaded: Bool {
      switch self {
      case .kept, .moved: false
      case .reloaded, .inserted, .loadedWithSection: true
      }
    }
  }

  /// For each section after the update, where it comes from.
  public var sections: [SectionSource]
  /// For each section after the update, where each of its rows comes from.
  public var rows: [[RowSource]]
  /// The reconfigured index paths (after the update), checked to exist.
  public var reconfigured: [IndexPath]
}

/// One batch update being read: the checks and the placement of every row.
struct _BatchUpdatePass {
  let update: BatchUpdateOperations
  let oldItemCounts: [Int]
  let newItemCounts: [Int]

  /// Section positions before the update that are deleted or reloaded (their items go with them).
  var sectionGone: [Bool] = []
  /// Section positions after the update that are inserted or reloaded (loaded from the data source).
  var sectionLoaded: [Bool] = []
  /// For each old section position, its position after the update (nil when deleted).
  var newPositionOfOld: [Int?] = []
  /// For each new section position, the old section it shows (nil when inserted).
  var oldPositionOfNew: [Int?] = []
  /// Old section positions that were moved explicitly.
  var movedSections: Set<Int> = []
  /// Old section positions that were reloaded.
  var reloadedSections: Set<Int> = []

  init(update: BatchUpdateOperations, oldItemCounts: [Int], newItemCounts: [Int]) {
    self.update = update
    self.oldItemCounts = oldItemCounts
    self.newItemCounts = newItemCounts
  }

  var oldSectionCount: Int { oldItemCounts.count }
  var newSectionCount: Int { newItemCounts.count }

  mutating func run() throws(BatchUpdateError) -> BatchUpdatePlacement {
    try checkShapes()
    try applySectionRules()
    let items = try applyItemRules()
    for path in update.itemReconfigures { try checkNew(path, "reconfigure") }
    return place(items)
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
    movedSections = Set(destinationOf.keys)
    reloadedSections = reloaded
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
    let count = oldItemCounts[section]
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
    let count = newItemCounts[section]
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
      let before = oldItemCounts[source]
      let after = newItemCounts[target]
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

  func place(_ plan: ItemPlan) -> BatchUpdatePlacement {
    var sections: [BatchUpdatePlacement.SectionSource] = []
    var rows: [[BatchUpdatePlacement.RowSource]] = []
    sections.reserveCapacity(newSectionCount)
    rows.reserveCapacity(newSectionCount)
    for target in 0..<newSectionCount {
      let count = newItemCounts[target]
      guard let source = oldPositionOfNew[target] else {
        sections.append(.inserted)
        rows.append(Array(repeating: .loadedWithSection, count: count))
        continue
      }
      if sectionLoaded[target] {
        sections.append(.reloaded(source))
        rows.append(Array(repeating: .loadedWithSection, count: count))
        continue
      }
      sections.append(movedSections.contains(source) ? .moved(source) : .kept(source))
      var slots = [BatchUpdatePlacement.RowSource?](repeating: nil, count: count)
      for offset in plan.inserted[target] { slots[offset] = .inserted }
      for (offset, from) in plan.arriving[target] { slots[offset] = .moved(from) }
      var leaving = [Bool](repeating: false, count: oldItemCounts[source])
      for offset in plan.leaving[source] { leaving[offset] = true }
      var reloading = [Bool](repeating: false, count: oldItemCounts[source])
      for offset in plan.reloaded[source] { reloading[offset] = true }
      var free = 0
      for offset in 0..<oldItemCounts[source] where !leaving[offset] {
        while slots[free] != nil { free += 1 }  // the count check guarantees a free slot
        let path = IndexPath(_item: offset, section: source)
        slots[free] = reloading[offset] ? .reloaded(path) : .kept(path)
      }
      rows.append(slots.map { $0! })
    }
    return BatchUpdatePlacement(sections: sections, rows: rows, reconfigured: update.itemReconfigures)
  }
}
