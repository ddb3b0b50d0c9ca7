import Foundation

// The snapshot's invariants, checked after every mutation under OPENDIFFABLE_INTERNAL_CHECKS.

extension DiffableDataSourceSnapshot {
  /// Calls ``_checkInvariants()`` when OpenDiffable is compiled with the
  /// `OPENDIFFABLE_INTERNAL_CHECKS` condition (`.ci/run` runs the test suite once that way); does
  /// nothing otherwise. Every public mutating member calls it last.
  @inlinable @inline(__always)
  func _checkInvariantsIfEnabled() {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      _checkAllInvariants()
    #endif
  }

  /// Checks every internal invariant, the item table's included; traps with a description of
  /// the first broken one.
  ///
  /// For tests and debugging. - Complexity: O(n).
  /// Not public API: `@_spi(Testing) import OpenDiffableCore` to call it (tests, the fuzz target).
  @_spi(Testing) public func _checkInvariants() { _checkAllInvariants() }

  /// ``_checkInvariants()``'s body: an SPI member cannot be called from `@inlinable` code
  /// (``_checkInvariantsIfEnabled()``).
  @usableFromInline
  func _checkAllInvariants() {
    precondition((_index.deferred == nil) == (_index.lookup == nil), "the deferred index and its lookup disagree")
    let total = _checkSectionInvariants()
    if let deferred = _index.deferred {
      // Deferred: no index is stored, the recorded calls account for every stored item, and
      // the resolved form, if it was built, is checked too.
      precondition(_index.table.count == 0, "a snapshot with a deferred index stores index entries")
      let recorded = deferred.calls.reduce(0) { $0 + $1.items.count }
      precondition(recorded == deferred.itemCount, "the deferred index miscounts its calls")
      precondition(total == recorded, "the stored items (\(total)) are not the recorded appends (\(recorded))")
      deferred.resolvedIfBuilt?.pointee._checkInvariants()
    } else {
      _checkItemTableInvariants(total: total)
    }
    _checkMarks()
  }

  /// The section arrays, the slot table, the count ring and the free slots agree; returns the
  /// number of stored items.
  func _checkSectionInvariants() -> Int {
    precondition(_sectionIDs.count == _slotAtPosition.count, "section arrays disagree")
    precondition(_slotBySection.count == _sectionIDs.count, "section table size disagrees")
    _slotBySection._checkInvariants()
    precondition(_counts.count == _sectionIDs.count, "count ring size disagrees")
    _counts._checkInvariants { _slots[_slotAtPosition[$0]].items.count }
    var total = 0
    for (position, section) in _sectionIDs.enumerated() {
      let slot = _slotAtPosition[position]
      precondition(_slotBySection[section] == slot, "section \(section) maps to the wrong slot")
      precondition(_slots[slot].position == _counts.bias + position, "slot \(slot) has the wrong position")
      total += _slots[slot].items.count
    }
    var free = Set(_freeSlots)
    precondition(free.count == _freeSlots.count, "a free slot is listed twice")
    for slot in _slots.indices where _slots[slot].position == _SectionStorage.free {
      precondition(free.remove(slot) != nil, "slot \(slot) is unused but not free")
      precondition(_slots[slot].items.isEmpty, "free slot \(slot) still holds items")
    }
    precondition(free.isEmpty, "a used slot is listed as free")
    return total
  }

  /// The item table indexes exactly the `total` stored items, one entry per position.
  func _checkItemTableInvariants(total: Int) {
    _index.table._checkInvariants { slot, offset in
      slot < _slots.count && offset >= 0 && offset < _slots[slot].items.count ? _slots[slot].items[offset] : nil
    }
    for position in _slotAtPosition.indices {
      let slot = _slotAtPosition[position]
      // An identifier that is not equal to itself (`Double.nan`) is held but never found, as in
      // a `Dictionary`; every other one must be found where it is.
      for (offset, item) in _slots[slot].items.enumerated() where item == item {
        precondition(
          _itemLocation(item) == _ItemLocation(slot: slot, offset: offset),
          "item \(item) has a stale location")
      }
    }
    precondition(total == _index.table.count, "item table holds items that are in no section")
    // Section biases (see `_ItemTable._biases`) exist only for slots that exist.
    precondition(_index.table._biases.count <= _slots.count, "item table has biases for slots that do not exist")
    // Exactly one entry per position, whatever the identifiers do, is the table's own check
    // above: every bucket's location is distinct and holds an item (free slots hold none).
  }

  /// Marked items are in the snapshot (a deferred snapshot has none: marking builds the index),
  /// and so are marked sections.
  func _checkMarks() {
    guard let marks = _marks else { return }
    for item in marks.reloadedItems.elements + marks.reconfiguredItems.elements {
      precondition(_index.deferred == nil, "a snapshot with a deferred index has item marks")
      precondition(_itemLocation(item) != nil, "marked item \(item) is not in the snapshot")
    }
    for section in marks.reloadedSections.elements {
      precondition(_slotBySection[section] != nil, "marked section \(section) is not in the snapshot")
    }
  }
}

/// Whether two arrays of a type that holds no references have the same elements, byte for byte.
/// (Padding bytes may differ between equal values: that only makes arrays look different, which
/// costs a fallback, never a wrong answer.) O(1) for arrays sharing storage, O(n) otherwise.
@inlinable
func _bytesEqual<Element>(_ a: [Element], _ b: [Element]) -> Bool {
  guard a.count == b.count else { return false }
  return a.withUnsafeBytes { left in
    b.withUnsafeBytes { right in
      left.baseAddress == right.baseAddress || left.count == 0
        || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }
  }
}
