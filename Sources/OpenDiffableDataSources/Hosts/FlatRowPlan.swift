import Foundation

/// Where each section's rows start in a single flat list of rows (AppKit's `NSTableView` has no
/// sections: a section is an optional header row followed by its items).
struct _FlatRowLayout: Equatable {
  /// `starts[s]` is the first row of section `s`; `starts.last` is the total number of rows.
  var starts: [Int]
  /// Whether every section begins with a header (group) row.
  var hasHeaderRows: Bool

  /// Builds the layout from per-section item counts. O(sections).
  init(itemCounts: [Int], hasHeaderRows: Bool) {
    self.hasHeaderRows = hasHeaderRows
    var starts = [0]
    starts.reserveCapacity(itemCounts.count + 1)
    for count in itemCounts { starts.append(starts.last! + count + (hasHeaderRows ? 1 : 0)) }
    self.starts = starts
  }

  var numberOfRows: Int { starts.last! }
  var numberOfSections: Int { starts.count - 1 }

  /// The row of the item at `indexPath`. O(1).
  func row(for indexPath: IndexPath) -> Int {
    starts[indexPath._section] + (hasHeaderRows ? 1 : 0) + indexPath._item
  }

  /// The rows of section `section`, header included. O(1).
  func rows(ofSection section: Int) -> Range<Int> { starts[section]..<starts[section + 1] }

  /// The row of the header of `section`, or nil when sections have no header rows. O(1).
  func headerRow(ofSection section: Int) -> Int? { hasHeaderRows ? starts[section] : nil }

  /// The section and item at `row`; the item is nil for a header row; nil when out of range.
  /// O(log sections).
  func position(ofRow row: Int) -> (section: Int, item: Int?)? {
    guard row >= 0, row < numberOfRows else { return nil }
    // The last section whose start is <= row.
    var low = 0
    var high = numberOfSections - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= row { low = middle } else { high = middle - 1 }
    }
    let offset = row - starts[low]
    if hasHeaderRows { return offset == 0 ? (low, nil) : (low, offset - 1) }
    return (low, offset)
  }
}

/// The operations recorded inside one batch, turned into what a flat-row table performs:
/// rows removed (old rows), rows inserted (new rows), rows reloaded in place (new rows).
///
/// Section operations become removals and insertions of all their rows; item moves become a
/// removal and an insertion (a flat table cannot move one row in a batch with others safely).
/// Removing the removed rows from the old list and inserting the inserted rows gives the new
/// list, whatever order the table processes the two index sets in, as long as it removes first.
struct _FlatRowBatch {
  var sectionDeletes = IndexSet(), sectionInserts = IndexSet(), sectionReloads = IndexSet()
  var sectionMoves: [(from: Int, to: Int)] = []
  var itemDeletes: [IndexPath] = [], itemInserts: [IndexPath] = [], itemReloads: [IndexPath] = []
  var itemMoves: [(from: IndexPath, to: IndexPath)] = []

  struct Plan: Equatable {
    var removed = IndexSet()
    var inserted = IndexSet()
    var reloaded = IndexSet()
  }

  /// - Parameters:
  ///   - before: the layout before the batch; `after`: the layout after it.
  ///   - newPathOfReloadedItem: where an item reloaded at an old index path is after the batch.
  func plan(
    before: _FlatRowLayout, after: _FlatRowLayout, newPathOfReloadedItem: (IndexPath) -> IndexPath?
  ) -> Plan {
    var plan = Plan()
    // Sections that are deleted, moved or reloaded leave with all their rows, and come back
    // (inserted, moved, reloaded) with all their new rows.
    var oldSections = sectionDeletes.union(sectionReloads)
    var newSections = sectionInserts
    for move in sectionMoves {
      oldSections.insert(move.from)
      newSections.insert(move.to)
    }
    for section in oldSections { plan.removed.insert(integersIn: before.rows(ofSection: section)) }
    for section in newSections { plan.inserted.insert(integersIn: after.rows(ofSection: section)) }
    // Reloaded sections keep their place among the sections that do not move: find them after.
    if !sectionReloads.isEmpty {
      let oldToNew = Self.sectionMap(
        oldCount: before.numberOfSections, newCount: after.numberOfSections, deletes: sectionDeletes,
        inserts: sectionInserts, moves: sectionMoves)
      for section in sectionReloads {
        if let new = oldToNew[section] { plan.inserted.insert(integersIn: after.rows(ofSection: new)) }
      }
    }
    for path in itemDeletes { plan.removed.insert(before.row(for: path)) }
    for path in itemInserts { plan.inserted.insert(after.row(for: path)) }
    for move in itemMoves {
      plan.removed.insert(before.row(for: move.from))
      plan.inserted.insert(after.row(for: move.to))
    }
    for path in itemReloads {
      if let new = newPathOfReloadedItem(path) { plan.reloaded.insert(after.row(for: new)) }
    }
    return plan
  }

  /// Old section position → new position for sections that are neither deleted nor moved.
  static func sectionMap(
    oldCount: Int, newCount: Int, deletes: IndexSet, inserts: IndexSet, moves: [(from: Int, to: Int)]
  ) -> [Int: Int] {
    let movedFrom = Set(moves.map(\.from))
    let movedTo = Set(moves.map(\.to))
    let stayingOld = (0..<oldCount).filter { !deletes.contains($0) && !movedFrom.contains($0) }
    let freeNew = (0..<newCount).filter { !inserts.contains($0) && !movedTo.contains($0) }
    var map: [Int: Int] = [:]
    for (old, new) in zip(stayingOld, freeNew) { map[old] = new }
    return map
  }
}
