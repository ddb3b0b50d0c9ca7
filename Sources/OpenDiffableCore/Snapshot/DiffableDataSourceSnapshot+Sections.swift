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
    if let error = _newSectionsError(identifiers, anchor: nil, operation: operation) { _stop(error) }
    _prepareDeferredChange()
    _appendValidatedSections(identifiers)
  }

  /// Inserts sections immediately before the section `toIdentifier`.
  ///
  /// - Precondition: `toIdentifier` is in the snapshot and not among `identifiers`; the
  ///   identifiers are unique and new. Otherwise the process stops with a message naming them.
  /// - Complexity: O(s - p + k) for s sections, k new sections and p the insertion position:
  ///   only the positions after it are rewritten.
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
  /// - Complexity: O(s - p + k) for s sections, k new sections and p the insertion position:
  ///   only the positions after it are rewritten.
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
  /// - Complexity: O(s - p + k + m): s sections, k identifiers, m items in the deleted
  ///   sections, p the position of the first deleted section. The O(s - p) part (compacting the
  ///   section order after it and rewriting the count tree there) is paid once per call, not per
  ///   section: delete many sections in one call.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty {
      _stop(.init(kind: .duplicateIdentifiers, operation: "deleteSections(_:)", identifiers: repeated))
    }
    _materialize()
    var firstRemoved = Int.max
    var lost: ItemIdentifierType?
    for identifier in identifiers {
      guard let slot = _slotBySection.removeValue(forKey: identifier) else { continue }
      firstRemoved = Swift.min(firstRemoved, _slots[slot].position)
      for (offset, item) in _slots[slot].items.enumerated()
      where lost == nil
        && !_withItemIndex({ index, keys in
          index.removeValue(forKey: item, at: .init(slot: slot, offset: offset), keys: keys)
        })
      {
        lost = lost ?? item
      }
      _slots[slot].items = []
      _slots[slot].position = -1
      _freeSlots.append(slot)
    }
    guard firstRemoved != Int.max else { return }
    _compactSections(from: firstRemoved)
    if let lost { _repairItemTable(lostTrackOf: lost, operation: "deleteSections(_:)") }
    _pruneMarks()
  }

  /// Moves the section `identifier` to just before the section `toIdentifier`, with its items.
  ///
  /// - Precondition: both sections are in the snapshot and differ; otherwise the process stops
  ///   with a message naming them.
  /// - Complexity: O(d + log s) for s sections, d the distance moved: only the positions
  ///   between its old and new place are rewritten.
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
  /// - Complexity: O(d + log s) for s sections, d the distance moved: only the positions
  ///   between its old and new place are rewritten.
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
    guard identifiers.contains(where: { _slotBySection[$0] != nil }) else { return nil }
    let existing = identifiers.filter { _slotBySection[$0] != nil }
    return .init(kind: .sectionAlreadyExists, operation: operation, identifiers: existing)
  }

  /// Appends sections known to be unique and new. O(k log s).
  ///
  /// No `reserveCapacity` here: reserving exactly `count + k` on every call defeats the arrays'
  /// geometric growth, making one-section-at-a-time appends quadratic.
  @inlinable
  mutating func _appendValidatedSections<C: Collection>(_ identifiers: C)
  where C.Element == SectionIdentifierType {
    for identifier in identifiers {
      let position = _sectionIDs.count
      let slot = _allocateSlot(position: position)
      _slotBySection[identifier] = slot
      _sectionIDs.append(identifier)
      _slotAtPosition.append(slot)
      _counts.append(0)
    }
  }

  /// A storage slot for a new, empty section at `position`. O(1) amortized.
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

  /// Inserts sections known to be new before the section at `position`. Only the positions
  /// from `position` on are rewritten: O(s - position + k).
  @inlinable
  mutating func _insertSections(
    _ identifiers: [SectionIdentifierType], anchor: SectionIdentifierType, after: Bool, operation: String
  ) {
    _stopForSectionsNotEqualToThemselves(identifiers, operation: operation)
    if let error = _newSectionsError(identifiers, anchor: anchor, operation: operation) { _stop(error) }
    guard !identifiers.isEmpty else { return }
    guard let anchorSlot = _slotBySection[anchor] else { _stopForUnstableSections([anchor], operation: operation) }
    let position = _slots[anchorSlot].position + (after ? 1 : 0)
    var newSlots: [Int] = []
    newSlots.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      let slot = _allocateSlot(position: -1)
      _slotBySection[identifier] = slot
      newSlots.append(slot)
    }
    _sectionIDs.insert(contentsOf: identifiers, at: position)
    _slotAtPosition.insert(contentsOf: newSlots, at: position)
    _setPositions(position..<_slotAtPosition.count)
    _counts.replaceSubrange(position..<position, with: [Int](repeating: 0, count: identifiers.count))
  }

  /// Moves a section. Only the positions between its old and new place are rewritten:
  /// O(distance + log s).
  @inlinable
  mutating func _moveSection(
    _ identifier: SectionIdentifierType, anchor: SectionIdentifierType, after: Bool, operation: String
  ) {
    if identifier == anchor {
      _stop(.init(kind: .moveRelativeToItself, operation: operation, identifiers: [identifier]))
    }
    let missing = [identifier, anchor].filter { _slotBySection[$0] == nil }
    if !missing.isEmpty { _stop(_sectionNotFound(missing, operation: operation)) }
    guard let movedSlot = _slotBySection[identifier], let anchorSlot = _slotBySection[anchor] else {
      _stopForUnstableSections([identifier, anchor], operation: operation)
    }
    let from = _slots[movedSlot].position
    var to = _slots[anchorSlot].position
    if from < to { to -= 1 }
    if after { to += 1 }
    guard from != to else { return }
    let changed = Swift.min(from, to)..<(Swift.max(from, to) + 1)
    let oldCounts = _counts.counts(in: changed)
    var counts = oldCounts
    _moveElement(&_sectionIDs, from: from, to: to)
    _moveElement(&_slotAtPosition, from: from, to: to)
    _moveElement(&counts, from: from - changed.lowerBound, to: to - changed.lowerBound)
    _setPositions(changed)
    _counts.replaceSubrange(changed, with: counts, oldCounts: oldCounts)
  }

  /// Removes the sections whose slots were freed (position -1) from the section order, all at
  /// `start` or after it, and rewrites the positions and counts from there. O(s - start).
  @inlinable
  mutating func _compactSections(from start: Int) {
    let oldCount = _sectionIDs.count
    // The count tree still holds the removed sections' counts: read before it is rewritten.
    let oldCounts = _counts.counts(in: start..<oldCount)
    var keptCounts: [Int] = []
    keptCounts.reserveCapacity(oldCount - start)
    var write = start
    for read in start..<oldCount {
      let slot = _slotAtPosition[read]
      guard _slots[slot].position >= 0 else { continue }
      if write != read {
        _sectionIDs.swapAt(write, read)
        _slotAtPosition[write] = slot
      }
      _slots[slot].position = write
      keptCounts.append(oldCounts[read - start])
      write += 1
    }
    _sectionIDs.removeSubrange(write..<oldCount)
    _slotAtPosition.removeSubrange(write..<oldCount)
    _counts.replaceSubrange(start..<oldCount, with: keptCounts)
  }

  /// Writes each section's position into its slot, for the positions in `positions`.
  /// O(positions.count).
  @inlinable
  mutating func _setPositions(_ positions: Range<Int>) {
    _slotAtPosition.withUnsafeBufferPointer { slotAtPosition in
      _slots.withUnsafeMutableBufferPointer { slots in
        for position in positions { slots[slotAtPosition[position]].position = position }
      }
    }
  }
}
