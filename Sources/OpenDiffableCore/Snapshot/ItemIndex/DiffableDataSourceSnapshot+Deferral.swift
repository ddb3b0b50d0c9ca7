import Foundation

// The item index while it is deferred: appends recorded without hashing, resolved at the first
// lookup (see ARCHITECTURE.md, "The item index").

extension DiffableDataSourceSnapshot {
  /// The operation named by messages about appended items.
  @usableFromInline static var _appendOperation: String { "appendItems(_:toSection:)" }

  /// The operation named by messages about the items of a ``SnapshotSection`` that a result
  /// builder appended: the append, and the builder's section. (Its base name is `appendItems`,
  /// so the error's fix names the item API.)
  @usableFromInline static func _builderAppendOperation(_ section: SectionIdentifierType) -> String {
    "\(_appendOperation) in SnapshotSection(\(String(reflecting: section)))"
  }

  /// Calls `body` with this snapshot as it reads, its item index built: itself when it has
  /// one, otherwise its resolved form (built once, shared by copies). O(1), or O(n) the first
  /// time a deferred index is needed.
  @inlinable func _withIndex<R>(_ body: (Self) throws -> R) rethrows -> R {
    guard let deferred = _index.deferred else { return try body(self) }
    return try deferred.withResolved(self, body)
  }

  /// Calls `body` with this snapshot as it reads, its sections holding every identifier once:
  /// itself when that is known (it has an index, or its appended items were checked), its
  /// resolved form otherwise. The index of the snapshot passed may be deferred.
  @inlinable func _withCheckedSections<R>(_ body: (Self) throws -> R) rethrows -> R {
    guard let deferred = _index.deferred, !deferred.sectionsAreChecked else { return try body(self) }
    return try deferred.withResolved(self, body)
  }

  /// Builds the deferred item index, if any, into this value, so that it can be changed in place.
  /// O(1) with an index (inline: one check); O(n) otherwise (once per set of copies).
  @inlinable @inline(__always) mutating func _materialize() {
    if _index.deferred != nil { _materializeDeferred() }
  }

  /// ``_materialize()`` when the index is deferred (it must be).
  @inlinable mutating func _materializeDeferred() {
    // One expression, so that no local keeps the deferred index (and the resolved snapshot it
    // holds) alive: its table must be referenced by this value only, or the next change copies it.
    self = _index.deferred!.withResolved(self) { $0 }
  }

  /// Whether the item index may be deferred and shifted in bulk, and rebuilt snapshots settled
  /// by comparing their stored sections: only for identifiers that cannot change while stored
  /// (``_IdentifierTraits/isSelfContained``), for which a check made later (at the first lookup,
  /// or at release) finds exactly what a check at the call would have. Any other identifier is
  /// indexed at the call, as Apple's snapshot does.
  @inlinable static var _defersIndex: Bool {
    _IdentifierTraits<ItemIdentifierType>.isSelfContained
  }

  /// Records `identifiers` at the end of the section in `slot` without hashing them, when the
  /// snapshot has no item index to keep up to date (none was built yet). Returns false when the
  /// append must take the eager path. O(1) when the section was empty (its array is adopted),
  /// else O(k) copying.
  @inlinable mutating func _deferAppend(
    _ identifiers: [ItemIdentifierType], slot: Int, builderSection: SectionIdentifierType? = nil
  ) -> Bool {
    // Only identifiers that cannot change while stored are checked later (see `_defersIndex`).
    if !Self._defersIndex { return false }
    var copied = false
    if _index.deferred == nil {
      guard _index.table.count == 0 else { return false }
      _index.setDeferred(_DeferredItemIndex())
    } else {
      copied = _prepareDeferredChange()
      // The index was built or the items checked: it is kept, and the append is eager.
      if _index.deferred == nil { return false }
    }
    let deferred = _index.deferred!
    deferred.calls.append(.init(slot: slot, items: identifiers, builderSection: builderSection))
    deferred.itemCount += identifiers.count
    if _slots[slot].items.isEmpty {
      _slots[slot].items = identifiers
    } else {
      if copied { _reserveForChange(&_slots[slot].items, adding: identifiers.count, afterCopy: true) }
      _slots[slot].items.append(contentsOf: identifiers)
    }
    _counts.add(identifiers.count, at: _slots[slot].position)
    return true
  }

  /// Prepares a deferred snapshot for an append (of sections or items) that keeps its index
  /// deferred: builds the index in when it was already built or checked (it would miss the
  /// change; `_index.deferred` is then nil), and otherwise makes the deferred index this value's own,
  /// since it describes the stored state of every copy that shares it. O(1), or O(calls) when
  /// shared, or O(n) when built.
  /// Returns whether the deferred index was shared and kept (this value is a copy changed for
  /// the first time since it was copied).
  @inlinable @discardableResult mutating func _prepareDeferredChange() -> Bool {
    // No binding of the deferred index may live across the uniqueness check: it would make the
    // index look shared, and every append would copy it (and release-check the old one).
    guard _index.deferred != nil else { return false }
    if _index.deferred.unsafelyUnwrapped.isSettled {
      _materialize()
    } else if !_index.deferredIsUniquelyReferenced() {
      _index.setDeferred(_index.deferred.unsafelyUnwrapped.copyForAppending())
      return true
    }
    return false
  }

  /// Whether both snapshots have the same sections, in the same order, with the same items in
  /// the same order, as stored. With `bytewise`, items are compared byte for byte, so that a
  /// section equal to a checked one holds every identifier once whatever the identifiers' `==`
  /// does: only for identifiers that hold no references (``_defersIndex``; `false` for any other
  /// type). O(n) comparisons (or one `memcmp` per section) at worst, O(s) for shared arrays;
  /// stops at the first difference.
  @inlinable func _storedSectionsEqual(_ other: Self, bytewise: Bool = false) -> Bool {
    if bytewise && !Self._defersIndex { return false }
    guard _sectionIDs == other._sectionIDs else { return false }
    for position in _slotAtPosition.indices {
      let mine = _items(atPosition: position)
      let theirs = other._items(atPosition: position)
      if bytewise ? !_bytesEqual(mine, theirs) : mine != theirs { return false }
    }
    return true
  }
}
