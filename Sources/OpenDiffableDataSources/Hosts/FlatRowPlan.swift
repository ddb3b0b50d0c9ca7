import Foundation
import OpenDiffableCore

/// Where each section's rows start in a single flat list of rows (AppKit's `NSTableView` has no
/// sections: a section is an optional header row followed by its items).
struct _FlatRowLayout: Equatable {
  /// `starts[s]` is the first row of section `s`; `starts.last` is the total number of rows.
  var starts: [Int]
  /// Whether every section begins with a header (group) row.
  var hasHeaderRows: Bool
  /// The number of items of each section.
  var itemCounts: [Int]

  /// Builds the layout from per-section item counts. O(sections).
  init(itemCounts: [Int], hasHeaderRows: Bool) {
    self.hasHeaderRows = hasHeaderRows
    self.itemCounts = itemCounts
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

/// What a flat-row table (AppKit's `NSTableView`, whose row changes inside
/// `beginUpdates()`/`endUpdates()` apply one call after the other) performs for one batch, read
/// from the batch's ``BatchUpdatePlacement``: old rows removed, then new rows inserted, then new
/// rows reloaded in place.
///
/// A row stays where it is when the placement keeps it (or reloads it) in a section that is
/// kept; a kept section's header row stays too. Every other row is removed and inserted: the
/// rows of inserted, reloaded and moved sections, and moved rows (their views are made again).
/// The rows that stay keep their order through the batch (the placement keeps the order of
/// what is neither moved nor deleted), so removing the removed rows from the old list and
/// inserting the inserted rows gives the new list.
struct _FlatRowPlan: Equatable {
  /// Rows before the batch.
  var removed = IndexSet()
  /// Rows after the batch.
  var inserted = IndexSet()
  /// Rows after the batch that stay and get new views: reloaded and reconfigured rows.
  var reloaded = IndexSet()

  /// - Complexity: O(rows before + rows after).
  init(_ placement: BatchUpdatePlacement, before: _FlatRowLayout, after: _FlatRowLayout) {
    var stays = [Bool](repeating: false, count: before.numberOfRows)
    var stayed = [Bool](repeating: false, count: after.numberOfRows)
    for (section, source) in placement.sections.enumerated() {
      guard case .kept(let oldSection) = source else { continue }
      if let old = before.headerRow(ofSection: oldSection), let new = after.headerRow(ofSection: section) {
        stays[old] = true
        stayed[new] = true
      }
      for (item, row) in placement.rows[section].enumerated() {
        let new = after.row(for: IndexPath(_item: item, section: section))
        switch row {
        case .kept(let path):
          stays[before.row(for: path)] = true
          stayed[new] = true
        case .reloaded(let path):
          stays[before.row(for: path)] = true
          stayed[new] = true
          reloaded.insert(new)
        case .moved, .inserted, .loadedWithSection: break
        }
      }
    }
    removed = Self.rows(where: stays, is: false)
    inserted = Self.rows(where: stayed, is: false)
    for path in placement.reconfigured {
      let row = after.row(for: path)
      if stayed[row] { reloaded.insert(row) }
    }
  }

  /// The positions of `flags` that are `value`, as ranges. O(flags).
  static func rows(where flags: [Bool], is value: Bool) -> IndexSet {
    var result = IndexSet()
    var start: Int?
    for (row, flag) in flags.enumerated() {
      if flag == value {
        if start == nil { start = row }
      } else if let first = start {
        result.insert(integersIn: first..<row)
        start = nil
      }
    }
    if let first = start { result.insert(integersIn: first..<flags.count) }
    return result
  }
}
