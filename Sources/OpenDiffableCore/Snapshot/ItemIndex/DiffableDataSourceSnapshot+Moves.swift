import Foundation

// Keeping the item index in step when items and sections move: re-indexing by position, bulk
// shifts of a slot's entries, compaction after removals.

extension DiffableDataSourceSnapshot {
  /// Rewrites positions and counts after the section order changed. O(sections).
  @inlinable mutating func _reindexSections() {
    for (position, slot) in _slotAtPosition.enumerated() { _slots[slot].position = position }
    let slots = _slots
    _counts = _SectionCounts(counts: _slotAtPosition.map { slots[$0].items.count })
  }

  /// Rewrites the stored offsets of the items of `slot` from offset `start` on, which moved to
  /// lower offsets: each is found at its old offset `oldOffset(offset)` (called in ascending
  /// order, never below `offset`). Repairs the index if one is not found there. O(section size
  /// - start) average.
  @inlinable mutating func _reindexItems(
    inSlot slot: Int, compactedFrom start: Int, operation: String, oldOffset: (Int) -> Int
  ) {
    if let lost = _index.table.relocate(_slots[slot].items, compactedFrom: start, slot: slot, oldOffset: oldOffset) {
      _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation)
    }
  }

  /// Rewrites the stored offsets of the items of `slot` from offset `start` on, which all moved
  /// by `shift`; the index must hold no entry for items just inserted (they are claimed after).
  /// Repairs the index if one is not found at its old offset. O(section size - start) average.
  @inlinable mutating func _reindexItems(inSlot slot: Int, from start: Int, shiftedBy shift: Int, operation: String) {
    if let lost = _index.table.relocate(_slots[slot].items, from: start, slot: slot, shiftedBy: shift) {
      _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation)
    }
  }

  /// Whether the item index is re-indexed in bulk after items move inside a section: the side
  /// of the change with fewer items moves (the section's bias in the index absorbs a shift of
  /// the items before it), and a large side is moved by one linear pass over the index entries
  /// instead of one hash lookup per item. Only for identifiers that cannot change while stored
  /// (``_defersIndex``): re-indexing by key is also what finds an identifier whose hash changed
  /// while stored (and repairs the index), which the bulk moves skip. A type test that folds away.
  @inlinable static var _shiftsIndexInBulk: Bool { _defersIndex }

  /// Moves the index entries of `slot` around a gap at `offset` (``_shiftsIndexInBulk`` only),
  /// after the section's array changed (the index reads keys from the arrays, so arrays change
  /// first). With `shift > 0` a gap of `shift` items opened: the array holds `shift` new items
  /// at `offset` (the index holds no entry for them yet), and the entries of the items that were
  /// at `offset` and after move up by `shift`. With `shift < 0` the gap closed: the array no
  /// longer holds the `-shift` items that were at `offset` (nor does the index), and the entries
  /// behind them move down. Whichever side of the gap holds fewer items is moved: the items
  /// behind it, or the ones before it with the section's bias changed by `shift`. Reads no key
  /// through the index.
  ///
  /// Returns false when an entry was not where it was (an identifier whose hash changed): the
  /// index was then rebuilt from the sections as they are, with a warning.
  /// - Complexity: O(min(offset, items behind)) average, or O(n) in one linear pass over the
  ///   index when that side is more than an eighth of the index.
  @inlinable mutating func _shiftItemLocations(inSlot slot: Int, at offset: Int, by shift: Int, operation: String)
    -> Bool
  {
    let entryCount = _slots[slot].items.count - shift  // the section's size before the change
    let first = shift > 0 ? offset : offset - shift  // the old offset of the first entry behind the gap
    let behind = entryCount - first
    let sectionSize = Swift.max(entryCount, entryCount + shift)
    let lost: Int?
    // The `index`-th entry visited was at `start + step * index` (plain integers, not a closure
    // chosen at run time: that closure's context was allocated on the heap on every call). Keys
    // are read from the section, already changed, through ``_withItemIndex(_:)`` (a closure
    // reading a local copy of the array made the index's storage look shared when optimized).
    if behind <= offset {
      // The entries behind the gap move by `shift`, visited in the direction they move.
      let (start, step) = shift > 0 ? (entryCount - 1, -1) : (first, 1)
      func old(_ index: Int) -> Int { start &+ step &* index }
      lost = _withItemIndex { index, keys in
        index.moveEntries(
          ofSlot: slot, sectionSize: sectionSize, count: behind, key: { keys(slot, old($0) + shift) }, old: old,
          new: { old($0) + shift },
          sweep: first..<entryCount
        ) { $0 + shift }
      }.map { old($0) + shift }
    } else {
      // The entries before the gap move by `-shift`, then the bias by `shift`: they stay put.
      let (start, step) = shift > 0 ? (0, 1) : (offset - 1, -1)
      func old(_ index: Int) -> Int { start &+ step &* index }
      lost = _withItemIndex { index, keys in
        index.moveEntries(
          ofSlot: slot, sectionSize: sectionSize, count: offset, key: { keys(slot, old($0)) }, old: old,
          new: { old($0) - shift },
          sweep: 0..<offset
        ) { $0 - shift }
      }.map(old)
      if lost == nil { _index.table.addBias(shift, toSlot: slot) }
    }
    guard let lost else { return true }
    _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation)
    return false
  }

  /// Re-indexes the items of `slot` after the items at the offsets `removed` (ascending, unique)
  /// were removed from its array and their entries from the index: each survivor moves down by
  /// the number removed before it. Repairs the index if an entry is not where it was.
  ///
  /// With ``_shiftsIndexInBulk`` the side with fewer survivors moves — those behind the first
  /// removed offset, or those before the last one (up by the number removed after them, the
  /// section's bias then down by the number removed) — in bulk as in
  /// ``_shiftItemLocations(inSlot:at:by:operation:)``; otherwise every survivor behind the first
  /// removed offset is re-indexed by key. O(k log k + min(sides)) average, or O(n) in one pass.
  @inlinable mutating func _reindexItems(inSlot slot: Int, afterRemoving removed: [Int], operation: String) {
    let firstRemoved = removed[0]
    // The offset a survivor had, walking up from `firstRemoved` (called once per survivor, in order).
    var next = 0
    var read = firstRemoved
    func nextOldOffset() -> Int {
      while next < removed.count && read == removed[next] {
        read += 1
        next += 1
      }
      defer { read += 1 }
      return read
    }
    guard Self._shiftsIndexInBulk else {
      _reindexItems(inSlot: slot, compactedFrom: firstRemoved, operation: operation) { _ in nextOldOffset() }
      return
    }
    let items = _slots[slot].items
    let oldCount = items.count + removed.count
    let lastRemoved = removed[removed.count - 1]
    /// How many removed offsets are below `offset`.
    func removedBelow(_ offset: Int) -> Int {
      var low = 0
      var high = removed.count
      while low < high {
        let middle = (low + high) / 2
        if removed[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let suffix = items.count - firstRemoved
    let prefix = lastRemoved + 1 - removed.count
    let lost: Int?
    if suffix <= prefix {
      lost = _withItemIndex { index, keys in
        index.moveEntries(
          ofSlot: slot, sectionSize: oldCount, count: suffix, key: { keys(slot, firstRemoved + $0) },
          old: { _ in nextOldOffset() },
          new: { firstRemoved + $0 }, sweep: firstRemoved..<oldCount
        ) { $0 - removedBelow($0) }
      }.map { firstRemoved + $0 }
    } else {
      // Walking down from the last removed offset.
      var previous = removed.count - 2
      var oldOffset = lastRemoved
      func previousOldOffset() -> Int {
        oldOffset -= 1
        while previous >= 0 && oldOffset == removed[previous] {
          oldOffset -= 1
          previous -= 1
        }
        return oldOffset
      }
      let count = removed.count
      lost = _withItemIndex { index, keys in
        index.moveEntries(
          ofSlot: slot, sectionSize: oldCount, count: prefix, key: { keys(slot, prefix - 1 - $0) },
          old: { _ in previousOldOffset() },
          new: { prefix - 1 - $0 + count }, sweep: 0..<lastRemoved
        ) { $0 + count - removedBelow($0) }
      }.map { prefix - 1 - $0 }
      if lost == nil { _index.table.addBias(-count, toSlot: slot) }
    }
    if let lost { _repairItemTable(lostTrackOf: items[lost], operation: operation) }
  }

  /// `offsets` sorted, or nil when one repeats. All are below `size` (the section's size).
  /// O(k log k), or O(size) through a bitmap when k is at least a sixteenth of `size`.
  @inlinable static func _sortedUnique(_ offsets: [Int], below size: Int) -> [Int]? {
    if offsets.count * 16 >= size {
      var marks = [Bool](repeating: false, count: size)
      var low = size
      var high = 0
      for offset in offsets {
        if marks[offset] { return nil }
        marks[offset] = true
        low = Swift.min(low, offset)
        high = Swift.max(high, offset)
      }
      var sorted: [Int] = []
      sorted.reserveCapacity(offsets.count)
      for offset in low...high where marks[offset] { sorted.append(offset) }
      return sorted
    }
    let sorted = offsets.sorted()
    for index in sorted.indices.dropFirst() where sorted[index] == sorted[index - 1] { return nil }
    return sorted
  }
}
