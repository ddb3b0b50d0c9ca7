extension DiffableDataSourceSnapshot {
  /// Adds items at the end of a section (the last section when `sectionIdentifier` is nil).
  ///
  /// An item that is already in the snapshot is moved to the new place and a warning goes to
  /// ``OpenDiffableDiagnostics/warningHandler``, as Apple's snapshot does.
  ///
  /// - Precondition: the snapshot has a section (and `sectionIdentifier`, when given, is one of
  ///   them); the identifiers are unique. Otherwise the process stops with a message naming them
  ///   and this operation — at the call for a missing section; for repeated identifiers on a
  ///   snapshot being built, when its item index is built (or when it is released unread).
  ///   ``appendItemsDroppingDuplicates(_:toSection:)`` never stops.
  /// - Complexity: On a snapshot without an item index (one being built from scratch): O(1)
  ///   when the section is empty (it adopts the array), otherwise O(k) copying; nothing is
  ///   hashed, and the identifiers are checked when the index is built or a diff settles the
  ///   snapshot. With an index: O(k) average for k items (plus the removal cost for items
  ///   already present).
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    defer { _checkInvariantsIfEnabled() }
    let operation = Self._appendOperation
    let slot: Int
    switch _appendTarget(sectionIdentifier, identifiers: identifiers, operation: operation) {
    case .success(let target): slot = target
    case .failure(let error):
      // A section that is there but changed while stored stops naming that change.
      if let sectionIdentifier { _ = _sectionNotFound([sectionIdentifier], operation: operation) }
      _stop(error)
    }
    guard !identifiers.isEmpty else { return }
    if _deferAppend(identifiers, slot: slot) { return }
    _appendItemsEagerly(identifiers, slot: slot, operation: operation)
  }

  /// Appends with the item index kept up to date: every identifier is hashed now; repeats stop
  /// and items already present move, with a warning. O(k) average.
  @inlinable
  mutating func _appendItemsEagerly(_ identifiers: [ItemIdentifierType], slot: Int, operation: String) {
    _placeItems(identifiers, anchor: nil, operation: operation) { snapshot in
      (slot, snapshot._slots[slot].items.count)
    }
  }

  /// Inserts items immediately before the item `beforeIdentifier`, in its section.
  ///
  /// An item that is already in the snapshot is moved to the new place, with a warning.
  ///
  /// - Precondition: `beforeIdentifier` is in the snapshot and not among `identifiers`; the
  ///   identifiers are unique. Otherwise the process stops with a message naming them.
  /// - Complexity: O(k) average plus shifting the section's array behind the insertion point
  ///   (one memory move) plus re-indexing: for identifiers that hold no references (integers,
  ///   `UUID`, trivial structs), only the items on the shorter side of the insertion point are
  ///   re-indexed — O(min(d, m − d)) average for offset d in a section of m items, so the front
  ///   and the end of a section are O(k), or one linear pass over the index (O(n), no hashing)
  ///   when that side is more than an eighth of the snapshot; other identifiers re-index the
  ///   items after the insertion point, O(m − d) average.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _insertItems(identifiers, anchor: beforeIdentifier, after: false, operation: "insertItems(_:beforeItem:)")
  }

  /// Inserts items immediately after the item `afterIdentifier`, in its section.
  ///
  /// An item that is already in the snapshot is moved to the new place, with a warning.
  ///
  /// - Precondition: `afterIdentifier` is in the snapshot and not among `identifiers`; the
  ///   identifiers are unique. Otherwise the process stops with a message naming them.
  /// - Complexity: as ``insertItems(_:beforeItem:)``: O(k) average plus shifting the section's
  ///   array and re-indexing the shorter side of the insertion point (identifiers holding no
  ///   references) or the items after it (other identifiers).
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _insertItems(identifiers, anchor: afterIdentifier, after: true, operation: "insertItems(_:afterItem:)")
  }

  /// Deletes items. Identifiers that are not in the snapshot are ignored; sections stay, even
  /// when they become empty.
  ///
  /// - Precondition: the identifiers are unique; otherwise the process stops naming the repeats.
  /// - Complexity: O(k log k) average for k identifiers, plus closing the gaps in the arrays of
  ///   the sections they leave (memory moves of the items behind the first deleted one) plus
  ///   re-indexing: for identifiers that hold no references, the survivors on the shorter side
  ///   (before the last deleted item or after the first), or one linear pass over the index
  ///   (O(n), no hashing) when that is more than an eighth of the snapshot; for other
  ///   identifiers the survivors after the first deleted item. Never O(n·k).
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    if let repeated = _removeItems(identifiers, operation: "deleteItems(_:)") {
      _stop(.init(kind: .duplicateIdentifiers, operation: "deleteItems(_:)", identifiers: repeated))
    }
    _pruneMarks()
  }

  /// Deletes every item **and every section**, as Apple's snapshot does, leaving an empty
  /// snapshot.
  ///
  /// - Complexity: O(1) (the old storage is released when no other snapshot shares it).
  public mutating func deleteAllItems() {
    defer { _checkInvariantsIfEnabled() }
    self = Self()
  }

  /// Moves the item `identifier` to just before the item `toIdentifier`, possibly into another
  /// section.
  ///
  /// - Precondition: both items are in the snapshot and differ; otherwise the process stops with
  ///   a message naming them.
  /// - Complexity: within one section, O(d) average for a move by d positions (the items between
  ///   shift by one, in place), or a deletion and an insertion when cheaper; into another
  ///   section, a deletion and an insertion of one item (see ``deleteItems(_:)`` and
  ///   ``insertItems(_:beforeItem:)``): O(1) average plus the array shifts, for identifiers that
  ///   hold no references, near either end of a section; O(m) average, m the sizes of the
  ///   sections involved, at worst.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _moveItem(identifier, anchor: toIdentifier, after: false, operation: "moveItem(_:beforeItem:)")
  }

  /// Moves the item `identifier` to just after the item `toIdentifier`, possibly into another
  /// section.
  ///
  /// - Precondition: both items are in the snapshot and differ; otherwise the process stops with
  ///   a message naming them.
  /// - Complexity: within one section, O(d) average for a move by d positions (the items between
  ///   shift by one, in place), or a deletion and an insertion when cheaper; into another
  ///   section, a deletion and an insertion of one item (see ``deleteItems(_:)`` and
  ///   ``insertItems(_:beforeItem:)``): O(1) average plus the array shifts, for identifiers that
  ///   hold no references, near either end of a section; O(m) average, m the sizes of the
  ///   sections involved, at worst.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _moveItem(identifier, anchor: toIdentifier, after: true, operation: "moveItem(_:afterItem:)")
  }

  // MARK: Implementation

  /// The slot that `appendItems` targets, or the problem. Inlinable: it runs on every append,
  /// often for few items, and must not cost an unspecialized dictionary lookup.
  @inlinable
  func _appendTarget(
    _ sectionIdentifier: SectionIdentifierType?, identifiers: [ItemIdentifierType], operation: String
  ) -> Result<Int, DiffableDataSourceSnapshotError> {
    if let sectionIdentifier {
      guard let slot = _slotBySection[sectionIdentifier] else {
        return .failure(.init(kind: .sectionNotFound, operation: operation, identifiers: [sectionIdentifier]))
      }
      return .success(slot)
    }
    guard let last = _slotAtPosition.last else {
      return .failure(.init(kind: .noSections, operation: operation, identifiers: identifiers))
    }
    return .success(last)
  }

  @inlinable
  mutating func _insertItems(
    _ identifiers: [ItemIdentifierType], anchor: ItemIdentifierType, after: Bool, operation: String
  ) {
    guard let location = _itemLocation(anchor) else {
      _stop(.init(kind: .itemNotFound, operation: operation, identifiers: [anchor]))
    }
    guard !identifiers.isEmpty else { return }
    // The anchor is looked up once on the fast path, again only after present items moved.
    if _tryPlaceNewItems(
      identifiers, at: (Int(location.slot), Int(location.offset) + (after ? 1 : 0)), operation: operation)
    {
      return
    }
    _placeConflictingItems(identifiers, anchor: anchor, operation: operation) { snapshot in
      let location = snapshot._itemLocation(anchor)!
      return (Int(location.slot), Int(location.offset) + (after ? 1 : 0))
    }
  }

  /// Places `identifiers` at the (slot, offset) that `target` computes.
  ///
  /// The fast path claims every identifier in the item table in one pass (one hash operation per
  /// item). If any identifier was already present or is repeated, the claims are rolled back and
  /// the slow path reports repeats (stop), then moves present items: it removes them, warns, and
  /// places the whole list again at the recomputed target.
  @inlinable
  mutating func _placeItems(
    _ identifiers: [ItemIdentifierType], anchor: ItemIdentifierType?, operation: String,
    target: (Self) -> (slot: Int, offset: Int)
  ) {
    guard !identifiers.isEmpty else { return }
    if _tryPlaceNewItems(identifiers, at: target(self), operation: operation) { return }
    _placeConflictingItems(identifiers, anchor: anchor, operation: operation, target: target)
  }

  /// The slow path of ``_placeItems(_:anchor:operation:target:)``, after the fast path found an
  /// identifier that is present or repeated (and left the snapshot unchanged).
  @usableFromInline
  mutating func _placeConflictingItems(
    _ identifiers: [ItemIdentifierType], anchor: ItemIdentifierType?, operation: String,
    target: (Self) -> (slot: Int, offset: Int)
  ) {
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty {
      _stop(.init(kind: .duplicateIdentifiers, operation: operation, identifiers: repeated))
    }
    if let anchor, identifiers.contains(anchor) {
      _stop(.init(kind: .anchorIsInserted, operation: operation, identifiers: [anchor]))
    }
    let existing = identifiers.filter { _itemLocation($0) != nil }
    if !existing.isEmpty { Self._warnMovingExisting(existing, operation: operation) }
    _ = _removeItems(existing, operation: operation)
    if !_tryPlaceNewItems(identifiers, at: target(self), operation: operation) {
      _stopForUnstableIdentifiers(identifiers, operation: operation)
    }
  }

  /// The warning for identifiers that are already in the snapshot and are moved into place.
  @usableFromInline
  static func _warnMovingExisting(_ existing: [ItemIdentifierType], operation: String) {
    OpenDiffableDiagnostics.warn(
      "\(operation): \(existing.count) item identifier\(existing.count == 1 ? "" : "s") already "
        + "exist\(existing.count == 1 ? "s" : "") in the snapshot and will be moved into place instead: "
        + "\(_describeIdentifiers(existing)). Inserted identifiers should be new; delete or move existing ones.")
  }

  /// Stops the process when identifiers that were just found (or just removed) are no longer
  /// found (or still found): their hash or equality is not stable from one call to the next.
  @usableFromInline
  func _stopForUnstableIdentifiers(_ identifiers: [ItemIdentifierType], operation: String) -> Never {
    _misuse(
      operation,
      "item identifiers \(_describeIdentifiers(identifiers)) gave different answers to the same lookup within "
        + "one call: an identifier's hash or equality changed while it was in the snapshot",
      fix: "Use identifiers whose Hashable conformance is stable: value types, or classes whose hashed "
        + "properties never change.")
  }

  /// Drops marks of items and sections that are no longer in the snapshot. O(marks); O(1),
  /// inline, without marks.
  @inlinable @inline(__always)
  mutating func _pruneMarks() {
    if _marks != nil { _pruneExistingMarks() }
  }

  /// ``_pruneMarks()`` when there are marks.
  @usableFromInline
  mutating func _pruneExistingMarks() {
    guard var marks = _marks else { return }
    marks.reloadedItems.filter { _itemLocation($0) != nil }
    marks.reconfiguredItems.filter { _itemLocation($0) != nil }
    marks.reloadedSections.filter { _slotBySection[$0] != nil }
    _marks = marks.isEmpty ? nil : marks
  }
}

/// Makes `array` uniquely referenced with room for `extra` more elements, before elements are
/// inserted into it, appended to it or removed from it in place.
///
/// Growth is geometric (at least doubling) when it lacks room or has less than a sixteenth left:
/// an array with little room may be shared (a section adopts the caller's array) and is then
/// copied here, and a copy keeps the capacity it copies — often exactly its count — so without
/// room the next insertion would copy the whole section again. `afterCopy` says that the
/// snapshot holding the array was just found to be a copy changed for the first time (its item
/// index was shared): when it has less than an eighth left, its copy gets an eighth more
/// instead. O(1) when the array is unique and has room, else O(count).
@inlinable @inline(__always)
func _reserveForChange<Element>(_ array: inout [Element], adding extra: Int, afterCopy: Bool) {
  let needed = array.count &+ extra
  let capacity = array.capacity
  if needed > capacity {
    array.reserveCapacity(Swift.max(needed, capacity &* 2))
  } else if afterCopy && capacity &- needed < needed >> 3 {
    array.reserveCapacity(needed &+ needed >> 3)
  } else if capacity &- needed < needed >> 4 {
    // Little room left: the array may be shared with the caller that appended it (the section
    // adopted it) and is then copied here anyway; it grows as if full, so that the next
    // insertion finds room. (A unique array grows a little early, at the same amortized cost.)
    array.reserveCapacity(Swift.max(needed, capacity &* 2))
  } else {
    array.reserveCapacity(capacity)
  }
}
