import Foundation

/// The state of a list at one moment: its sections and the items in each, named by stable,
/// unique `Hashable` identifiers.
///
/// A drop-in for Apple's `NSDiffableDataSourceSnapshot`: the same members, argument labels,
/// defaults and semantics. Build one, apply it to a data source, and the data source works out
/// the updates. Section and item identifiers are separate namespaces: a section and an item may
/// share a value.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<Section, Contact.ID>()
/// snapshot.appendSections([.favorites, .all])
/// snapshot.appendItems(favoriteIDs, toSection: .favorites)
/// snapshot.appendItems(otherIDs, toSection: .all)
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
///
/// ## Performance
/// Lookups by identifier (`indexOfItem(_:)`, `sectionIdentifier(containingItem:)`,
/// `indexOfSection(_:)`) are O(1) on average; appending k items is O(k). Snapshots of integers,
/// `UUID` and ``SelfContainedIdentifier`` types build at the cost of copying their arrays (the
/// item index is built at the first lookup); other identifiers are hashed as they are appended,
/// at about `Dictionary`'s cost. See the Performance article and BENCHMARKS.md.
///
/// ## Misuse
/// Where Apple's implementation stops the process, this one stops too, with a message that names
/// the operation, the offending identifiers and the fix. For identifiers from outside (a server
/// feed), ``appendItemsDroppingDuplicates(_:toSection:)`` drops repeats and
/// ``checkAppendingItems(_:toSection:)`` throws a ``DiffableDataSourceSnapshotError``. A snapshot
/// holds at most about 3 billion items in at most 16,777,216 sections; past either it stops.
///
/// An identifier that breaks `Hashable`'s contract (its hash or equality changed while stored,
/// it is not equal to itself, or its `==` disagrees with its hash) gets a correct result with a
/// warning through ``OpenDiffableDiagnostics/warningHandler``, or a stop naming the operation and
/// the change — never a wrong position, a wrong deletion or a trap inside the standard library.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  @usableFromInline typealias _Section = SectionIdentifierType
  @usableFromInline typealias _Item = ItemIdentifierType

  /// Section identifiers by position.
  @usableFromInline var _sectionIDs: [SectionIdentifierType] = []
  /// The storage slot of the section at each position.
  @usableFromInline var _slotAtPosition: [Int] = []
  /// Section storage by slot: the items and the section's current position (-1 when free).
  @usableFromInline var _slots: [_SectionStorage] = []
  /// Slots whose section was deleted, ready for reuse.
  @usableFromInline var _freeSlots: [Int] = []
  /// Section identifier → slot. (A ``_HashPinnedDictionary``, as the data source's tables are:
  /// sections mutated while stored so that they equal one another must not stop the process
  /// inside `Dictionary` when it grows. Looked up by identifier: one hash, as a `Dictionary`.)
  @usableFromInline var _slotBySection = _HashPinnedDictionary<SectionIdentifierType, Int>()
  /// Item identifier → (slot, offset in its section), when `_deferred` is nil. Empty otherwise.
  @usableFromInline var _itemLocations = _ItemTable<ItemIdentifierType>()
  /// Non-nil while the item index is deferred: the snapshot was built by `appendItems` calls
  /// that stored their identifiers without hashing them (see ``_DeferredItemIndex``).
  /// (Assign it only through ``_setDeferred(_:)``, which keeps `_deferredLookup` in step.)
  @usableFromInline var _deferred: _DeferredItemIndex<SectionIdentifierType, ItemIdentifierType>?
  /// The deferred index's published addresses (raw pointers, no reference count), so that
  /// lookups read them without retaining the deferred index; nil when `_deferred` is.
  @usableFromInline var _deferredLookup: _DeferredLookup?
  /// Item counts by section position, for flat indexes.
  @usableFromInline var _counts = _FenwickTree()
  /// Reload and reconfigure marks; nil while there are none.
  @usableFromInline var _marks: _Marks?

  /// Creates an empty snapshot, with no sections and no items.
  ///
  /// - Complexity: O(1).
  @inlinable public init() {}
}

extension DiffableDataSourceSnapshot {
  /// One section's storage.
  @usableFromInline
  struct _SectionStorage {
    @usableFromInline var items: [ItemIdentifierType]
    @usableFromInline var position: Int

    @inlinable init(items: [ItemIdentifierType], position: Int) {
      self.items = items
      self.position = position
    }
  }

  /// Where an item lives: its section's slot and its offset inside the section.
  @usableFromInline typealias _ItemLocation = _ItemTableLocation

  /// Reload and reconfigure marks, in the order they were made.
  @usableFromInline
  struct _Marks {
    @usableFromInline var reloadedItems = _OrderedIdentifierSet<ItemIdentifierType>()
    @usableFromInline var reconfiguredItems = _OrderedIdentifierSet<ItemIdentifierType>()
    @usableFromInline var reloadedSections = _OrderedIdentifierSet<SectionIdentifierType>()

    @inlinable init() {}

    @inlinable var isEmpty: Bool {
      reloadedItems.isEmpty && reconfiguredItems.isEmpty && reloadedSections.isEmpty
    }
  }
}

extension DiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension DiffableDataSourceSnapshot._SectionStorage: Sendable where ItemIdentifierType: Sendable {}
extension DiffableDataSourceSnapshot._Marks: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

// MARK: - Internal access for the diff engine, section snapshots and data sources

extension DiffableDataSourceSnapshot {
  /// The items of the section at `position`. O(1).
  @inlinable func _items(atPosition position: Int) -> [ItemIdentifierType] {
    _slots[_slotAtPosition[position]].items
  }

  /// The location of `item` in the item index (its slot and its offset in the slot's items),
  /// or nil. The index reads the keys it compares from the sections. O(1) average.
  @inlinable @inline(__always) func _itemLocation(_ item: ItemIdentifierType) -> _ItemLocation? {
    _withItemKeys { _itemLocations.location(of: item, keys: $0) }
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
    swap(&index, &_itemLocations)
    defer { swap(&index, &_itemLocations) }
    return _slots.withUnsafeBufferPointer { slots in body(&index) { slots[$0].items[$1] } }
  }

  /// The section position and in-section offset of `item`, or nil. O(1) average.
  @inlinable func _position(ofItem item: ItemIdentifierType) -> (section: Int, item: Int)? {
    guard let location = _itemLocation(item) else { return nil }
    return (_slots[Int(location.slot)].position, Int(location.offset))
  }

  /// The position of `section`, or nil. O(1) average.
  @inlinable func _position(ofSection section: SectionIdentifierType) -> Int? {
    guard let slot = _slotBySection[section] else { return nil }
    return _slots[slot].position
  }

}
