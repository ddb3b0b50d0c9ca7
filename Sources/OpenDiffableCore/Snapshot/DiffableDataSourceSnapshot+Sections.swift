extension DiffableDataSourceSnapshot {
  /// Adds sections at the end.
  ///
  /// - Precondition: the identifiers are unique and none is already in the snapshot; otherwise
  ///   the process stops with a message naming them (see ``checkAppendingSections(_:)`` and
  ///   ``appendSectionsDroppingDuplicates(_:)`` for paths that do not stop).
  /// - Complexity: O(k) average for k new sections, amortized over calls: appending one
  ///   section per call is as cheap per section as appending them all at once. Keeps a deferred
  ///   item index deferred.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "appendSections(_:)"
    _stopForSectionsNotEqualToThemselves(identifiers, operation: operation)
    _prepareDeferredChange()
    _tableNewSections(identifiers, anchor: nil, operation: operation)
    _appendTabledSections(identifiers)
  }

  /// Inserts sections immediately before the section `toIdentifier`.
  ///
  /// - Precondition: `toIdentifier` is in the snapshot and not among `identifiers`; the
  ///   identifiers are unique and new. Otherwise the process stops with a message naming them.
  /// - Complexity: O(s - p + k) for s sections, k new sections and p the insertion position,
  ///   of which the O(s - p) part is moving the later section identifiers in memory, as
  ///   `Array.insert(contentsOf:at:)` does; the rest is O(min(p, s - p) + k + log s), so
  ///   inserting at the front costs what inserting at the end does, plus that move.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _insertSections(identifiers, anchor: toIdentifier, after: false, operation: "insertSections(_:beforeSection:)")
  }

  /// Inserts sections immediately after the section `toIdentifier`.
  ///
  /// - Precondition: `toIdentifier` is in the snapshot and not among `identifiers`; the
  ///   identifiers are unique and new. Otherwise the process stops with a message naming them.
  /// - Complexity: O(s - p + k) for s sections, k new sections and p the insertion position,
  ///   of which the O(s - p) part is moving the later section identifiers in memory, as
  ///   `Array.insert(contentsOf:at:)` does; the rest is O(min(p, s - p) + k + log s), so
  ///   inserting at the front costs what inserting at the end does, plus that move.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _insertSections(identifiers, anchor: toIdentifier, after: true, operation: "insertSections(_:afterSection:)")
  }

  /// Deletes sections and every item in them. Identifiers that are not in the snapshot are
  /// ignored.
  ///
  /// - Precondition: the identifiers are unique; otherwise the process stops naming the repeats.
  /// - Complexity: O(min(s - p, q) + k + m): s sections, k identifiers, m items in the deleted
  ///   sections, p and q the positions of the first and the last deleted section: the shorter
  ///   side is compacted (plus moving the later section identifiers in memory, as
  ///   `Array.removeSubrange(_:)` does). It is paid once per call, not per section: delete many
  ///   sections in one call.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    // A repeated identifier is one the table misses (its first occurrence was removed, or
    // missed too): from the first miss on, the identifiers are also kept in a set, which is
    // given the ones before the miss. A call whose sections are all present hashes each
    // identifier once. A repeat stops the process before anything below the loop runs.
    var seen: _HashPinnedSet<SectionIdentifierType>?
    var firstRemoved = Int.max
    var lastRemoved = -1
    var removed = 0
    var lost: ItemIdentifierType?
    // The last storage slot, when its section is deleted, is dropped after the compaction (which
    // reads the freed slots) rather than listed as free: nothing is allocated for the free list.
    var dropsLastSlot = false
    for index in 0..<identifiers.count {
      let identifier = identifiers[index]
      if seen != nil, !seen!.insert(identifier) { _stopRepeatedSections(identifiers) }
      guard let slot = _slotBySection.removeValue(forKey: identifier) else {
        if seen == nil, identifiers.count > 1 { seen = _sectionsBeforeFirstMiss(identifiers, index) }
        continue
      }
      let position = _sectionPosition(ofSlot: slot)
      firstRemoved = Swift.min(firstRemoved, position)
      lastRemoved = Swift.max(lastRemoved, position)
      removed += 1
      // Its count goes to 0 now: the compaction then moves only the kept sections' counts.
      _counts.add(-_slots[slot].items.count, at: _slots[slot].position)
      for (offset, item) in _slots[slot].items.enumerated()
      where lost == nil
        && !_withItemIndex({ index, keys in
          index.removeValue(forKey: item, at: .init(slot: slot, offset: offset), keys: keys)
        })
      {
        lost = lost ?? item
      }
      _slots[slot].items = []
      _slots[slot].position = _SectionStorage.free
      if slot == _slots.count - 1 {
        dropsLastSlot = true
      } else {
        _freeSlots.append(slot)
      }
    }
    guard firstRemoved != Int.max else { return }
    _compactSections(first: firstRemoved, last: lastRemoved, removed: removed)
    if dropsLastSlot {
      _slots.removeLast()
      _index.table.dropBiases(fromSlot: _slots.count)
    }
    if let lost { _repairItemTable(lostTrackOf: lost, operation: "deleteSections(_:)") }
    _pruneMarks()
  }

  /// The identifiers of a `deleteSections(_:)` call up to its first one the table missed, at
  /// `index`, in a set; stops if that one repeats an earlier one.
  @inlinable @inline(never)
  func _sectionsBeforeFirstMiss(
    _ identifiers: [SectionIdentifierType], _ index: Int
  ) -> _HashPinnedSet<SectionIdentifierType> {
    var earlier = _HashPinnedSet<SectionIdentifierType>(minimumCapacity: identifiers.count)
    for earlierIdentifier in identifiers[..<index] { earlier.insert(earlierIdentifier) }
    if !earlier.insert(identifiers[index]) { _stopRepeatedSections(identifiers) }
    return earlier
  }

  /// Stops for the repeated identifiers of a `deleteSections(_:)` call (out of line: the
  /// message's work stays out of the deletion's loop; inlinable, so that the caller's array
  /// is seen not to escape and may stay on its stack).
  @inlinable @inline(never)
  func _stopRepeatedSections(_ identifiers: [SectionIdentifierType]) -> Never {
    var repeated = _repeatedIdentifiers(identifiers)
    // An `==` that changes its answer could make the second pass find none: name them all (a
    // new array: the caller's stays its own).
    if repeated.isEmpty { repeated = identifiers.map { $0 } }
    _stop(.init(kind: .duplicateIdentifiers, operation: "deleteSections(_:)", identifiers: repeated))
  }

  /// Moves the section `identifier` to just before the section `toIdentifier`, with its items.
  ///
  /// - Precondition: both sections are in the snapshot and differ; otherwise the process stops
  ///   with a message naming them.
  /// - Complexity: O(min(d, s - d) + log s) for s sections, d the distance moved (plus moving
  ///   the section identifiers between the two places in memory): moving the first section to
  ///   the end, or the last to the front, is O(log s) plus that move.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _moveSection(identifier, anchor: toIdentifier, after: false, operation: "moveSection(_:beforeSection:)")
  }

  /// Moves the section `identifier` to just after the section `toIdentifier`, with its items.
  ///
  /// - Precondition: both sections are in the snapshot and differ; otherwise the process stops
  ///   with a message naming them.
  /// - Complexity: O(min(d, s - d) + log s) for s sections, d the distance moved (plus moving
  ///   the section identifiers between the two places in memory): moving the first section to
  ///   the end, or the last to the front, is O(log s) plus that move.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _moveSection(identifier, anchor: toIdentifier, after: true, operation: "moveSection(_:afterSection:)")
  }

  // MARK: Implementation

  /// The problem with adding `identifiers` as new sections (relative to `anchor`), if any.
  /// O(k) average; specialized for the caller's identifier types.
  @inlinable
  func _newSectionsError(
    _ identifiers: [SectionIdentifierType], anchor: SectionIdentifierType?, operation: String
  ) -> DiffableDataSourceSnapshotError? {
    if let anchor {
      if _slotBySection[anchor] == nil {
        return _sectionNotFound([anchor], operation: operation)
      }
      if identifiers.contains(anchor) {
        return .init(kind: .anchorIsInserted, operation: operation, identifiers: [anchor])
      }
    }
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty {
      return .init(kind: .duplicateIdentifiers, operation: operation, identifiers: repeated)
    }
    let existing = identifiers.filter { _slotBySection[$0] != nil }
    if existing.isEmpty { return nil }
    return .init(kind: .sectionAlreadyExists, operation: operation, identifiers: existing)
  }

  /// Puts `identifiers` in the section table as new sections, each hashed once, with the slots
  /// they will take (``_nextSlot(_:)``): the table finds a section already present, or repeated
  /// in `identifiers`. On such a problem the entries made are taken out again and the process
  /// stops naming it, as ``_newSectionsError(_:anchor:operation:)`` describes the snapshot before
  /// the call. O(k) average.
  @inlinable
  mutating func _tableNewSections(
    _ identifiers: [SectionIdentifierType], anchor: SectionIdentifierType?, operation: String
  ) {
    for (offset, identifier) in identifiers.enumerated()
    where !_slotBySection.insertIfAbsent(_nextSlot(offset), forKey: identifier) {
      for earlier in identifiers[..<offset] where _slotBySection.removeValue(forKey: earlier) == nil {
        _stopForUnstableSections([earlier], operation: operation)
      }
      guard let error = _newSectionsError(identifiers, anchor: anchor, operation: operation) else {
        _stopForUnstableSections([identifier], operation: operation)
      }
      _stop(error)
    }
  }

  /// The storage slot that the new section `offset` places from now takes: ``_allocateSlot(position:)``
  /// reuses the free slots, last listed first, then adds slots at the end. O(1).
  @inlinable
  func _nextSlot(_ offset: Int) -> Int {
    let free = _freeSlots.count
    return offset < free ? _freeSlots[free &- 1 &- offset] : _slots.count &+ (offset &- free)
  }

  /// Appends sections whose table entries are made, with the slots ``_nextSlot(_:)`` gave in
  /// order. O(k) amortized.
  ///
  /// No `reserveCapacity` here: reserving exactly `count + k` on every call defeats the arrays'
  /// geometric growth, making one-section-at-a-time appends quadratic.
  @inlinable
  mutating func _appendTabledSections<C: Collection>(_ identifiers: C) where C.Element == SectionIdentifierType {
    for identifier in identifiers {
      _slotAtPosition.append(_allocateSlot(position: _counts.appendSection()))
      _sectionIDs.append(identifier)
    }
  }

  /// A storage slot for a new, empty section at stored position `position`. O(1) amortized.
  @inlinable
  mutating func _allocateSlot(position: Int) -> Int {
    if let slot = _freeSlots.popLast() {
      _slots[slot].position = position
      return slot
    }
    _slots.append(_SectionStorage(items: [], position: position))
    return _slots.count - 1
  }

  /// Stops the process when a section identifier is not equal to itself (`Double.nan`, or a
  /// struct holding one), naming it: such a section could never be found again — not to append
  /// items to it, not by the diff, which would report it missing at the first apply. Items may be
  /// such values (each is a new item, as a `Dictionary` key is); sections are looked up by
  /// identifier everywhere, so they may not. O(k) comparisons.
  @inlinable
  func _stopForSectionsNotEqualToThemselves(_ identifiers: [SectionIdentifierType], operation: String) {
    // One comparison per identifier; the array is scanned again only to name the culprits.
    guard identifiers.contains(where: { $0 != $0 }) else { return }
    _misuse(
      operation,
      "section identifiers \(_describeIdentifiers(identifiers.filter { $0 != $0 })) are each not equal to "
        + "itself (like Double.nan): a section with such an identifier could never be found again",
      fix: "Use section identifiers whose == is reflexive: replace NaN with a real value, or wrap it in a "
        + "type whose equality compares its bits.")
  }

  /// The error for sections `identifiers` that the section table does not find — or, when one
  /// of them is in the snapshot all the same (`==` to a stored section: its hash changed after it
  /// was appended), a stop naming that change rather than a missing section. O(s) for s sections,
  /// on this failing path only.
  @usableFromInline
  func _sectionNotFound(_ identifiers: [SectionIdentifierType], operation: String) -> DiffableDataSourceSnapshotError {
    for identifier in identifiers where _sectionIDs.contains(where: { $0 == identifier }) {
      _misuse(
        operation,
        "section identifier \(_describeIdentifiers(CollectionOfOne(identifier))) is in the snapshot but is no longer "
          + "found by its hash: its hash or equality changed after the section was appended (it may now equal "
          + "another section)",
        fix: "Use section identifiers whose Hashable conformance is stable: value types, or classes whose hashed "
          + "properties never change.")
    }
    return .init(kind: .sectionNotFound, operation: operation, identifiers: identifiers)
  }

  /// Stops the process when section identifiers that were just found are no longer found: their
  /// hash or equality is not stable from one call to the next.
  @usableFromInline
  func _stopForUnstableSections(_ identifiers: [SectionIdentifierType], operation: String) -> Never {
    _misuse(
      operation,
      "section identifiers \(_describeIdentifiers(identifiers)) gave different answers to the same lookup within "
        + "one call: an identifier's hash or equality changed while it was in the snapshot",
      fix: "Use identifiers whose Hashable conformance is stable: value types, or classes whose hashed "
        + "properties never change.")
  }

  /// Inserts sections known to be new before the section at `position`. The sections on the
  /// shorter side of the insertion get new stored positions (before it: by moving the bias):
  /// O(min(p, s - p) + k + log s) for the count ring and the slots, plus moving the section
  /// arrays' elements after the insertion point.
  @inlinable
  mutating func _insertSections(
    _ identifiers: [SectionIdentifierType], anchor: SectionIdentifierType, after: Bool, operation: String
  ) {
    _stopForSectionsNotEqualToThemselves(identifiers, operation: operation)
    // An anchor among the identifiers is present, so the table pass below finds it and stops
    // (`anchorIsInserted`, which `_newSectionsError` names first): no scan for it here.
    guard let anchorSlot = _slotBySection[anchor] else {
      guard let error = _newSectionsError(identifiers, anchor: anchor, operation: operation) else {
        _stopForUnstableSections([anchor], operation: operation)
      }
      _stop(error)
    }
    guard !identifiers.isEmpty else { return }
    _tableNewSections(identifiers, anchor: anchor, operation: operation)
    let position = _sectionPosition(ofSlot: anchorSlot) + (after ? 1 : 0)
    let count = _sectionIDs.count
    // After the last section: an append (the new sections take the ring entries after the
    // last, which hold 0), as `appendSections` makes it.
    if position == count { return _appendTabledSections(identifiers) }
    let k = identifiers.count
    _slotAtPosition.makeRoom(k, at: position)
    // The slots `_tableNewSections` stored, in order.
    for offset in 0..<k { _slotAtPosition[position + offset] = _allocateSlot(position: _SectionStorage.free) }
    _counts.reserve(count + k)
    // The identifiers last: after a copy-on-write copy, the largest array copied stays in cache
    // for the next call.
    defer { _sectionIDs.insert(contentsOf: identifiers, at: position) }
    let bias = _counts.bias
    _counts.count += k
    if position == 0 {
      // At the front the new sections, which have no items, take ring entries no section
      // occupied (which hold 0): no count changes, only the bias.
      _counts.bias = bias - k
      _counts.refreshBelow()
      for offset in 0..<k { _slots[_slotAtPosition[offset]].position = bias - k + offset }
      return
    }
    if position < count - position {
      // The sections before the insertion move k stored positions down, with the bias.
      _counts.bias = bias - k
      _placeSections(stored: (bias - k)..<(bias + position))
    } else {
      // The sections after it move k stored positions up.
      _placeSections(stored: (bias + position)..<(bias + count + k))
    }
  }

  /// Moves a section. Either the sections between its old and new place get new stored
  /// positions, or (when fewer) the sections outside them, by moving the bias:
  /// O(min(d, s - d) + log s) for the count ring and the slots, d the distance moved, plus moving
  /// the section arrays' elements between the two places.
  @inlinable
  mutating func _moveSection(
    _ identifier: SectionIdentifierType, anchor: SectionIdentifierType, after: Bool, operation: String
  ) {
    if identifier == anchor {
      _stop(.init(kind: .moveRelativeToItself, operation: operation, identifiers: [identifier]))
    }
    guard let movedSlot = _slotBySection[identifier], let anchorSlot = _slotBySection[anchor] else {
      let missing = [identifier, anchor].filter { _slotBySection[$0] == nil }
      if !missing.isEmpty { _stop(_sectionNotFound(missing, operation: operation)) }
      _stopForUnstableSections([identifier, anchor], operation: operation)
    }
    let from = _sectionPosition(ofSlot: movedSlot)
    var to = _sectionPosition(ofSlot: anchorSlot)
    if from < to { to -= 1 }
    if after { to += 1 }
    guard from != to else { return }
    let count = _sectionIDs.count
    let changed = Swift.min(from, to)..<(Swift.max(from, to) + 1)
    _slotAtPosition.move(from: from, to: to)
    // The identifiers last, as `_insertSections` does.
    defer { _moveElement(&_sectionIDs, from: from, to: to) }
    let bias = _counts.bias
    let outside = count - changed.count + 1
    if Swift.min(outside, changed.count) <= 4 && (outside >= changed.count || count < _counts.capacity) {
      // Few sections get new stored positions: each count moves by two tree updates.
      if outside < changed.count {
        _counts.bias = from < to ? bias + 1 : bias - 1
        _counts.refreshBelow()
        _restorePositions(0..<Swift.min(from, to))
        _restorePositions(Swift.min(from, to)..<(Swift.min(from, to) + 1))
        _restorePositions(Swift.max(from, to)..<count)
      } else {
        _restorePositions(changed)
      }
      return
    }
    if outside >= changed.count {
      // The sections between the two places move by one.
      _placeSections(stored: (bias + changed.lowerBound)..<(bias + changed.upperBound))
      return
    }
    // The sections before and after the two places move by one the other way, and the bias
    // with them, so that those between keep their stored positions; the ring needs one free entry.
    _counts.reserve(count + 1)
    if from < to {
      // Stored positions bias..<bias + from + 1: the sections before `from` move up one, leaving
      // bias free; bias + to + 1..<bias + count + 1: the moved section, then those after `to`.
      _counts.bias = bias + 1
      _placeSections(stored: bias..<(bias + from + 1))
      _placeSections(stored: (bias + to + 1)..<(bias + count + 1))
    } else {
      // Stored positions bias - 1..<bias + to + 1: the sections before `to` move down one, then
      // the moved section; bias + from..<bias + count: those after `from` move down one.
      _counts.bias = bias - 1
      _placeSections(stored: (bias - 1)..<(bias + to))
      _placeSections(stored: (bias + from)..<(bias + count))
    }
  }

  /// Removes the `removed` sections whose slots were freed (their counts already 0) from the
  /// section order, all between positions `first` and `last`, moving the shorter side: the
  /// sections after the first removed one, or (changing the bias) those before the last removed
  /// one. O(min(s - first, last) + log s) for the count ring and the slots, plus moving the
  /// section arrays' elements; O(log s) for the ring when the removed sections were the first
  /// ones, O(1) when they were the last ones.
  @inlinable @inline(__always)
  mutating func _compactSections(first: Int, last: Int, removed: Int) {
    let oldCount = _sectionIDs.count
    if last == oldCount - 1 && last - first + 1 == removed {
      // The last sections: nothing moves (inline: the common deletion at the end runs no more
      // code than it needs).
      // One section (the common call): `removeLast()`, which `removeLast(_:)` and
      // `removeSubrange` are not (they run the general replacement: 72 instructions more).
      if removed == 1 {
        _sectionIDs.removeLast()
      } else {
        _sectionIDs.removeSubrange(first..<oldCount)
      }
      _slotAtPosition.removeLast(removed)
      _counts.count -= removed
      return
    }
    _compactSectionsMoving(first: first, last: last, removed: removed, oldCount: oldCount)
  }

  /// ``_compactSections(first:last:removed:)`` when the removed sections are not the last ones
  /// (`oldCount`: the number of sections).
  @inlinable
  mutating func _compactSectionsMoving(first: Int, last: Int, removed: Int, oldCount: Int) {
    let bias = _counts.bias
    if first == 0 && last + 1 == removed {
      // The first sections: nothing else moves.
      _sectionIDs.removeSubrange(0..<removed)
      _slotAtPosition.removeSubrange(0..<removed)
      _counts.bias = bias + removed
      _counts.count -= removed
      _counts.refreshBelow()
      return
    }
    if last + 1 < oldCount - first {
      // Compacted toward `last`: the kept sections before it move up, and the bias with them.
      var write = last
      for read in stride(from: last, through: 0, by: -1) {
        let slot = _slotAtPosition[read]
        guard _slots[slot].position != _SectionStorage.free else { continue }
        if write != read {
          _sectionIDs.swapAt(write, read)
          _slotAtPosition[write] = slot
        }
        write -= 1
      }
      let removed = write + 1
      _sectionIDs.removeSubrange(0..<removed)
      _slotAtPosition.removeSubrange(0..<removed)
      _counts.bias = bias + removed
      _counts.count -= removed
      _placeSections(stored: bias..<(bias + last + 1))
      return
    }
    // Compacted toward `first`: the kept sections after it move down.
    var write = first
    for read in first..<oldCount {
      let slot = _slotAtPosition[read]
      guard _slots[slot].position != _SectionStorage.free else { continue }
      if write != read {
        _sectionIDs.swapAt(write, read)
        _slotAtPosition[write] = slot
      }
      write += 1
    }
    _sectionIDs.removeSubrange(write..<oldCount)
    _slotAtPosition.removeSubrange(write..<oldCount)
    _counts.count -= oldCount - write
    _placeSections(stored: (bias + first)..<(bias + oldCount))
  }

  /// Gives the sections at `positions` their stored positions for the current bias, moving
  /// their counts with them (the count ring's `below` must be current for the bias).
  /// O(positions.count × log s).
  @inlinable
  mutating func _restorePositions(_ positions: Range<Int>) {
    let bias = _counts.bias
    for position in positions {
      let slot = _slotAtPosition[position]
      let old = _slots[slot].position
      let new = bias &+ position
      guard old != new else { continue }
      let count = _slots[slot].items.count
      if count != 0 {
        _counts.add(-count, at: old)
        _counts.add(count, at: new)
      }
      _slots[slot].position = new
    }
  }

  /// Gives each section whose stored position for the current bias is in `range` that position
  /// in its slot and its item count in the count ring; entries of `range` that no section
  /// occupies get 0. The section order and the bias must be final. O(range.count + log² s).
  @inlinable
  mutating func _placeSections(stored range: Range<Int>) {
    let bias = _counts.bias
    let count = UInt(bitPattern: _slotAtPosition.count)
    // The sections placed are those at positions below `range.upperBound - bias`.
    _slotAtPosition.makeLinear(through: range.upperBound &- bias)
    _slotAtPosition.withLinearReader { slotAtPosition in
      _slots.withUnsafeMutableBufferPointer { slots in
        _counts.assign(stored: range) { stored in
          let position = stored &- bias
          guard UInt(bitPattern: position) < count else { return 0 }
          let slot = slotAtPosition[position]
          slots[slot].position = stored
          return slots[slot].items.count
        }
      }
    }
  }
}
