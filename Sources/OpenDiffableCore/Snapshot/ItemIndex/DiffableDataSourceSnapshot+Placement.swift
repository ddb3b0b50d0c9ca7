import Foundation

// Items placed, removed and moved at positions of a section's slot, the array first and the
// index after (see `_ItemIndex` for the rules): what the public item operations in `+Items`
// reduce to.

extension DiffableDataSourceSnapshot {
  /// Inserts identifiers that must all be new at `target`; returns false, leaving the snapshot
  /// unchanged, when one of them is present or repeated. O(k + items after the offset).
  ///
  /// The section's array changes first, then the index: the index reads the keys it compares
  /// from the arrays. The entries of the items behind the offset (or, for identifiers that hold
  /// no references, of the shorter side) are moved by position, then the new identifiers are
  /// claimed where they now are; a claim that meets an equal identifier is undone in the same
  /// order, backwards.
  @inlinable
  mutating func _tryPlaceNewItems(
    _ identifiers: [ItemIdentifierType], at target: (slot: Int, offset: Int), operation: String
  ) -> Bool {
    let (slot, offset) = target
    let count = identifiers.count
    let shifts = offset < _slots[slot].items.count
    // Before an insertion that moves items, a shared index is copied before the array (the
    // array, which the next such insertion moves, is then the one left in cache). O(1) when this
    // value holds the index alone; appends skip it (the claims below copy it with room).
    let copied = shifts ? _index.table.makeUnique() : _index.table.isShared()
    if _slots[slot].items.isEmpty {
      // An empty section adopts the array (no copy), as a deferred append does.
      _slots[slot].items = identifiers
    } else if !shifts {
      if copied { _reserveForChange(&_slots[slot].items, adding: count, afterCopy: true) }
      _slots[slot].items.append(contentsOf: identifiers)
    } else {
      _reserveForChange(&_slots[slot].items, adding: count, afterCopy: copied)
      _slots[slot].items.insert(contentsOf: identifiers, at: offset)
    }
    if shifts && !_makeRoomInIndex(inSlot: slot, at: offset, count: count, operation: operation) {
      // An entry was not where it was: the index was rebuilt from the sections as they are,
      // new identifiers included. Keep them only if none equals another identifier.
      let clashes = (offset..<offset + count).contains { index in
        _index.table.countOthers(
          equalTo: _slots[slot].items[index], besides: .init(slot: slot, offset: index),
          keys: { _slots[$0].items[$1] }) > 0
      }
      if !clashes {
        _counts.add(count, at: _slots[slot].position)
        return true
      }
      _slots[slot].items.removeSubrange(offset..<offset + count)
      _rebuildItemTable()
      return false
    }
    if _withItemIndex({ index, keys in index.insertAllNew(identifiers, slot: slot, firstOffset: offset, keys: keys) }) {
      _counts.add(count, at: _slots[slot].position)
      return true
    }
    // Undo: the array, then the entries behind the offset (found where they were moved to).
    if !shifts {
      _slots[slot].items.removeLast(count)
      return false
    }
    _slots[slot].items.removeSubrange(offset..<offset + count)
    if Self._shiftsIndexInBulk {
      _ = _shiftItemLocations(inSlot: slot, at: offset, by: -count, operation: operation)
    } else {
      _reindexItems(inSlot: slot, compactedFrom: offset, operation: operation) { $0 + count }
    }
    return false
  }

  /// Moves the index entries of the items of `slot` behind `offset`, after `count` items were
  /// inserted into its array there (the index holds no entry for them yet): the shorter side in
  /// bulk for identifiers that hold no references, every item behind by key otherwise. Returns
  /// false when an entry was not where it was: the index was then rebuilt from the sections as
  /// they are (the inserted items included), with a warning.
  @inlinable
  mutating func _makeRoomInIndex(inSlot slot: Int, at offset: Int, count: Int, operation: String) -> Bool {
    if Self._shiftsIndexInBulk {
      return _shiftItemLocations(inSlot: slot, at: offset, by: count, operation: operation)
    }
    if let lost = _index.table.relocate(_slots[slot].items, from: offset + count, slot: slot, shiftedBy: count) {
      _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation)
      return false
    }
    return true
  }

  /// Removes the identifiers that are present (ignoring the others), keeping marks as they are.
  /// Returns the repeated identifiers, without changing anything, if there are repeats.
  ///
  /// - Complexity: O(k + m) average: k identifiers, m the total size of the affected sections.
  @inlinable @discardableResult
  mutating func _removeItems<C: Collection>(_ identifiers: C, operation: String) -> [ItemIdentifierType]?
  where C.Element == ItemIdentifierType {
    // One identifier (the common case: a row deleted): no grouping, sorting or allocation.
    if let only = identifiers.first, identifiers.index(after: identifiers.startIndex) == identifiers.endIndex {
      _removeItem(only, operation: operation)
      return nil
    }
    // Group the offsets to remove by slot, in call order: one hash access per identifier.
    var removedBySlot: [Int: [Int]] = [:]
    for identifier in identifiers {
      guard let location = _itemLocation(identifier) else { continue }
      let slot = Int(location.slot)
      let offset = Int(location.offset)
      if offset >= _slots[slot].items.count { _internalError("an item-table entry points past its section") }
      removedBySlot[slot, default: []].append(offset)
    }
    // Sort each slot's offsets (through a bitmap when they are many for the section), finding
    // repeats as equal offsets.
    var sortedBySlot: [(slot: Int, offsets: [Int])] = []
    sortedBySlot.reserveCapacity(removedBySlot.count)
    for (slot, offsets) in removedBySlot {
      guard let sorted = Self._sortedUnique(offsets, below: _slots[slot].items.count) else {
        return _identifiersNamingOneItemTwice(identifiers)
      }
      sortedBySlot.append((slot, sorted))
    }
    let copied = _index.table.isShared()  // the removals below copy it
    var lost: ItemIdentifierType?
    for (slot, removed) in sortedBySlot {
      // Remove the entries first, found where they are (before any entry moves), while the array
      // still holds every key the index reads. Once one is lost, the index is rebuilt at the end
      // and no longer read.
      if lost == nil {
        for offset in removed {
          let item = _slots[slot].items[offset]
          let found = _withItemIndex({ index, keys in
            index.removeValue(forKey: item, at: .init(slot: slot, offset: offset), keys: keys)
          })
          if !found {
            lost = item
            break
          }
        }
      }
      if copied { _reserveForChange(&_slots[slot].items, adding: 0, afterCopy: true) }
      var items = _slots[slot].items
      _slots[slot].items = []  // keep `items` uniquely referenced while compacting
      // Close the gaps: one contiguous run is one memory move; otherwise each run of survivors
      // between removed offsets moves down at once.
      if removed[removed.count - 1] - removed[0] == removed.count - 1 {
        items.removeSubrange(removed[0]...removed[removed.count - 1])
      } else {
        items.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          var write = removed[0]
          for index in removed.indices {
            let start = removed[index] + 1
            let end = index + 1 < removed.count ? removed[index + 1] : buffer.count
            if start < end { (base + write).update(from: base + start, count: end - start) }
            write += end - start
          }
        }
        items.removeLast(removed.count)
      }
      _slots[slot].items = items
      _counts.add(-removed.count, at: _slots[slot].position)
      if lost == nil { _reindexItems(inSlot: slot, afterRemoving: removed, operation: operation) }
    }
    // A removed identifier that could not be found again leaves a stale entry: rebuild (once).
    if let lost { _repairItemTable(lostTrackOf: lost, operation: operation) }
    return nil
  }

  /// Removes `identifier` if it is present (``_removeItems(_:operation:)`` for one identifier):
  /// its entry, found where it is, then out of its section's array, then the re-indexing of the
  /// shorter side (see ``_shiftItemLocations(inSlot:at:by:operation:)``), as a move's removal
  /// does. Allocates nothing. O(1) average near either end of a section for identifiers that
  /// hold no references; see ``deleteItems(_:)``.
  @inlinable
  mutating func _removeItem(_ identifier: ItemIdentifierType, operation: String) {
    guard let location = _itemLocation(identifier) else { return }
    let slot = Int(location.slot)
    let offset = Int(location.offset)
    if offset >= _slots[slot].items.count { _internalError("an item-table entry points past its section") }
    // The item as the snapshot holds it (equal to `identifier`, possibly not the same value).
    let item = _slots[slot].items[offset]
    let copied = _index.table.isShared()  // the removal copies it
    let found = _withItemIndex({ index, keys in index.removeValue(forKey: item, at: location, keys: keys) })
    if copied { _reserveForChange(&_slots[slot].items, adding: 0, afterCopy: true) }
    let removed = _slots[slot].items.remove(at: offset)
    _counts.add(-1, at: _slots[slot].position)
    guard found else {
      _repairItemTable(lostTrackOf: removed, operation: operation)
      return
    }
    if Self._shiftsIndexInBulk {
      _ = _shiftItemLocations(inSlot: slot, at: offset, by: -1, operation: operation)
    } else {
      _reindexItems(inSlot: slot, compactedFrom: offset, operation: operation) { $0 + 1 }
    }
  }

  @inlinable
  mutating func _moveItem(
    _ identifier: ItemIdentifierType, anchor: ItemIdentifierType, after: Bool, operation: String
  ) {
    if identifier == anchor {
      _stop(.init(kind: .moveRelativeToItself, operation: operation, identifiers: [identifier]))
    }
    guard let source = _itemLocation(identifier), let anchorLocation = _itemLocation(anchor) else {
      let missing = [identifier, anchor].filter { _itemLocation($0) == nil }
      _stop(.init(kind: .itemNotFound, operation: operation, identifiers: missing))
    }
    let sourceSlot = Int(source.slot)
    if anchorLocation.slot == source.slot {
      // Within one section: the offset the item ends at, after its removal.
      let offset = Int(source.offset)
      let anchorOffset = Int(anchorLocation.offset)
      let destination = (anchorOffset > offset ? anchorOffset - 1 : anchorOffset) + (after ? 1 : 0)
      if _rotatesItem(inSlot: sourceSlot, from: offset, to: destination) {
        _rotateItem(inSlot: sourceSlot, from: offset, to: destination, operation: operation)
        return
      }
    }
    // The item as the snapshot holds it (equal to `identifier`, possibly not the same value).
    let item = _slots[sourceSlot].items[Int(source.offset)]
    let copied = _index.table.isShared()  // the removal copies it
    let found = _withItemIndex({ index, keys in index.removeValue(forKey: item, at: source, keys: keys) })
    if copied {
      // Room for the insertion that follows too, when it is into the same section.
      _reserveForChange(
        &_slots[sourceSlot].items, adding: anchorLocation.slot == source.slot ? 1 : 0, afterCopy: true)
    }
    let moved = _slots[sourceSlot].items.remove(at: Int(source.offset))
    _counts.add(-1, at: _slots[sourceSlot].position)
    if found {
      if Self._shiftsIndexInBulk {
        _ = _shiftItemLocations(inSlot: sourceSlot, at: Int(source.offset), by: -1, operation: operation)
      } else {
        _reindexItems(inSlot: sourceSlot, compactedFrom: Int(source.offset), operation: operation) { $0 + 1 }
      }
    } else {
      _repairItemTable(lostTrackOf: moved, operation: operation)
    }
    // Where the anchor is now: one lower when it was behind the moved item in its section (the
    // sections did not change otherwise, even when the index was rebuilt).
    var destination = anchorLocation
    if destination.slot == source.slot && destination.offset > source.offset { destination.offset -= 1 }
    guard
      _tryPlaceNewItems(
        [moved], at: (Int(destination.slot), Int(destination.offset) + (after ? 1 : 0)), operation: operation)
    else { _stopForUnstableIdentifiers([moved, anchor], operation: operation) }
  }

  /// Whether moving an item of `slot` from offset `source` to `destination` (an offset in the
  /// section without it) is cheaper as a rotation of the items between
  /// (``_rotateItem(inSlot:from:to:operation:)``) than as a removal and an insertion: whether
  /// the rotation re-indexes no more entries than they would — the shorter side of each, for
  /// identifiers that hold no references (``_shiftsIndexInBulk``), every item behind each
  /// otherwise —, give or take the removal's and the insertion's own probes. O(1).
  @inlinable func _rotatesItem(inSlot slot: Int, from source: Int, to destination: Int) -> Bool {
    let last = _slots[slot].items.count - 1
    let distance = source < destination ? destination - source : source - destination
    let replaced =
      Self._shiftsIndexInBulk
      ? Swift.min(source, last - source) + Swift.min(destination, last - destination)
      : (last - source) + (last - destination)
    return distance <= replaced + 2
  }

  /// Moves the item at offset `source` of `slot` to offset `destination` by rotating the items
  /// between one step toward `source` (`destination` is where it ends, as after its removal):
  /// the array first, in place (``_moveElement(_:from:to:)``, as `moveSection` does), then the index
  /// (``_ItemTable/rotateEntries(ofSlot:sectionSize:from:to:sweeps:key:)``). Nothing is removed
  /// or inserted, so the moved item keeps its index entry and the section its count. Repairs the
  /// index, with a warning, if an entry is not where it was.
  /// O(|destination - source|) average.
  @inlinable
  mutating func _rotateItem(inSlot slot: Int, from source: Int, to destination: Int, operation: String) {
    guard source != destination else { return }
    let copied = _index.table.makeUnique()
    _reserveForChange(&_slots[slot].items, adding: 0, afterCopy: copied)
    _moveElement(&_slots[slot].items, from: source, to: destination)
    let size = _slots[slot].items.count
    let lost = _withItemIndex { index, keys in
      index.rotateEntries(
        ofSlot: slot, sectionSize: size, from: source, to: destination, sweeps: Self._shiftsIndexInBulk
      ) { keys(slot, $0) }
    }
    if let lost { _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation) }
  }
}
