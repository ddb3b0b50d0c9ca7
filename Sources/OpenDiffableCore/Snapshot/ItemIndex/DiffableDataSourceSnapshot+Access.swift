import Atomics
import Foundation

// How the snapshot reads and changes its item index: the keys the table compares are read from
// the sections, borrowed through a pointer (see `_ItemIndex`).

extension DiffableDataSourceSnapshot {
  /// The location of `item` in the item index (its slot and its offset in the slot's items),
  /// or nil. The index reads the keys it compares from the sections. O(1) average.
  @inlinable @inline(__always) func _itemLocation(_ item: ItemIdentifierType) -> _ItemLocation? {
    _withItemKeys { _index.table.location(of: item, keys: $0) }
  }

  /// Calls `body(index, location)` with the location of each of `items` in this snapshot (nil
  /// when absent), in order, looking them up in batches whose cache misses overlap. The index
  /// must be built (not deferred). O(k) average.
  @inlinable @inline(__always) func _forEachItemLocation(
    of items: UnsafeBufferPointer<ItemIdentifierType>, _ body: (Int, _ItemLocation?) -> Void
  ) {
    // The keys the table compares, read from this snapshot's sections.
    let slots = _slots
    _index.table.forEachLookup(of: items, keys: { slots[$0].items[$1] }, body)
  }

  /// Calls `body` with the reader of the keys the item index compares, `keys(slot, offset)`:
  /// the sections, borrowed through a pointer, not read through a closure over `self` (see
  /// ``_withItemIndex(_:)``). O(1) besides `body`.
  @inlinable @inline(__always) func _withItemKeys<R>(_ body: ((Int, Int) -> ItemIdentifierType) -> R) -> R {
    _slots.withUnsafeBufferPointer { slots in body { slots[$0].items[$1] } }
  }

  /// Calls `body` with the item index, to change it, and the reader of the keys it compares
  /// (`keys(slot, offset)`, the sections). The reader borrows the sections through a pointer.
  /// (Closures that captured `self` to read `_slots` while the index changed made, in optimized
  /// builds, the index's storage look shared, so that changes copied it.)
  @inlinable mutating func _withItemIndex<R>(
    _ body: (inout _ItemTable<ItemIdentifierType>, (Int, Int) -> ItemIdentifierType) -> R
  ) -> R {
    // The index is moved out of `self` for the call, so that nothing `self` holds can make its
    // storage look shared (the closures below capture a local, not `self`). The reader is
    // ``_withItemKeys(_:)``'s, written out: Swift does not let a closure parameter be handed on
    // to `body`.
    var index = _ItemTable<ItemIdentifierType>()
    swap(&index, &_index.table)
    defer { swap(&index, &_index.table) }
    return _slots.withUnsafeBufferPointer { slots in body(&index) { slots[$0].items[$1] } }
  }

  /// For lookups on a snapshot whose index is deferred (``_ItemIndex/lookup`` set): the
  /// resolved snapshot, nil while it is not built. Read through the published address: the
  /// resolved snapshot is lent, never copied, and no lock or reference count is touched (this
  /// value keeps the deferred index alive, and the resolved snapshot never changes once
  /// published). Read fields through `pointee` directly, after
  /// `let owner = _index.deferred; defer { _fixLifetime(owner) }`, and nothing from `self`
  /// after: the pointer is valid only while the deferred index lives, and nothing else keeps
  /// this value alive after its last use. When it
  /// is nil, the lookup calls its slow path (below). (Why the lookups are written this way:
  /// `ItemIndex/README.md`, "Lookups from client code".)
  @inlinable @inline(__always) func _resolvedForLookup(_ lookup: _DeferredLookup) -> UnsafeMutablePointer<Self>? {
    UnsafeMutablePointer<Self>(bitPattern: lookup.resolvedAddress())
  }

  // The slow paths of the lookups: the same lookup in the resolved snapshot, built first (O(n),
  // once), or in the sections once checked. Not inlined, and each takes this value as its own
  // copy (`__consuming`): the inlined lookups then never pass the caller's snapshot to a call
  // that could change it, so that a caller holding it in a class's stored property or a global
  // reads it in place instead of copying it per lookup. One function per lookup, each returning
  // its result directly: a generic helper taking the lookup as a closure returns it through
  // memory, and a helper returning the snapshot returns that through memory, both of which made
  // callers copy the snapshot again.

  @inlinable @inline(never) __consuming func _indexOfItemResolving(_ item: ItemIdentifierType) -> Int? {
    _index.deferred.unsafelyUnwrapped.withResolved(self) { $0.indexOfItem(item) }
  }

  @inlinable @inline(never)
  __consuming func _sectionIdentifierResolving(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
    _index.deferred.unsafelyUnwrapped.withResolved(self) { $0.sectionIdentifier(containingItem: item) }
  }

  @inlinable @inline(never) __consuming func _containsItemResolving(_ item: ItemIdentifierType) -> Bool {
    _index.deferred.unsafelyUnwrapped.withResolved(self) { $0.containsItem(item) }
  }

  @inlinable @inline(never) __consuming func _indexPathResolving(for item: ItemIdentifierType) -> IndexPath? {
    _index.deferred.unsafelyUnwrapped.withResolved(self) { $0.indexPath(for: item) }
  }

  /// The address of the resolved snapshot (``_DeferredItemIndex/resolved(_:)``), built first if
  /// it is not yet (O(n), once), for the section reads.
  ///
  /// Declared `@_effects(readonly)`, which is what lets a caller holding the snapshot in a class's
  /// stored property or a global read it in place: with any other call here, such a caller that
  /// compares a `String` item afterwards copies the whole snapshot on every read (measured with a
  /// `__consuming` call returning the array; in a reduction, with one returning the address too).
  /// The declaration is not
  /// strictly true, and what the optimizer may do with it is accepted: the call changes only the
  /// deferred index's own state, a cache it fills once under its lock (a second call returns the
  /// same address and does nothing), which no caller reads directly; a caller that reuses an
  /// earlier reading of the published flags calls it again, which is only slower; a read whose
  /// result is unused may be dropped with the build, which then happens at the next read that
  /// needs it (or, unread, at release), with its warnings or its stop then; and a warning handler
  /// that changes state the caller reads right after the read may be seen late.
  @inlinable @inline(never) @_effects(readonly) func _resolvedAddressResolving() -> Int {
    Int(bitPattern: _index.deferred.unsafelyUnwrapped.resolved(self))
  }

}
