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
/// Building a snapshot costs what its order costs. A snapshot that has no item index yet (one
/// being built from scratch) stores the identifiers of `appendItems(_:toSection:)` in their
/// section without hashing them: the section adopts the array it is given when it is empty, so
/// building is array work. The item index is built the first time something needs it — a lookup
/// by item identifier, a mutation other than an append, a diff whose snapshots differ — in one
/// pass, and kept (copies share it). A diff that finds every section of a rebuilt snapshot equal,
/// byte for byte, to the snapshot shown settles it by comparison, without hashing: applying an
/// unchanged rebuild costs O(n) byte comparisons. The deferral is only for identifier types
/// that hold no references (integers, `UUID`, trivial structs and enums of them), which cannot
/// change while stored; any other identifier — a class, a struct holding a reference, a
/// `String`, `AnyHashable` — is indexed as it is appended, as Apple's snapshot does (one hash per
/// item, about `Dictionary`'s cost).
///
/// With the index built, every lookup is a hash-table probe: `indexOfSection(_:)`,
/// `sectionIdentifier(containingItem:)` and containment are O(1) on average, `indexOfItem(_:)`
/// is O(1) plus O(log s) for s sections, and `numberOfItems(inSection:)` is O(1). Deleting k
/// items costs O(k) plus the sizes of the sections they leave. Figures are in BENCHMARKS.md.
///
/// Apple's semantics do not change with the deferral. The deferred check runs at the first
/// lookup by item, mutation other than an append, or diff that needs the index (O(n), one hash
/// per item, once for all copies), and for a snapshot released without ever being read,
/// diffed or checked, at its release (O(n)). An identifier repeated within one `appendItems`
/// call stops the process with that call's message — at release only on the thread that
/// appended; released on another thread, the same message is a warning — and an item appended
/// again by a later call moves there with the warning, as it does when appended to an indexed
/// snapshot.
///
/// ## Misuse
/// Where Apple's implementation stops the process, this one stops too — a programmer error must
/// not leave a corrupt snapshot — but the message names the operation, the offending identifiers
/// and how to fix the call. Identifier data that comes from outside (a server feed) can go through
/// the non-stopping ``appendItemsDroppingDuplicates(_:toSection:)`` or be checked first with
/// ``checkAppendingItems(_:toSection:)``, which throws a typed
/// ``DiffableDataSourceSnapshotError``.
///
/// Size limits: a snapshot holds at most about 3 billion items (2^32 × 7/10) and can hold items
/// in at most 16,777,216 sections (2^24, counted as the most sections it has held at once); past
/// either, the process stops with a message naming the limit.
///
/// ## Identifiers that break Hashable's contract
/// One rule holds for every identifier, sections included: one whose hash or equality changed
/// while stored, that is not equal to itself, or whose `==` disagrees with its hash gets either a
/// correct result with a warning through ``OpenDiffableDiagnostics/warningHandler`` naming the
/// operation and the identifier, or a stop whose message names OpenDiffable, the operation and
/// the identifier (in release builds too) — never an invalid batch, a wrong position, a wrong
/// deletion, a memory fault or a trap inside the standard library.
///
/// An item identifier that is not equal to itself (`Double.nan`, or a struct holding one) behaves
/// as in a `Dictionary`: each one appended is a new item, and no lookup ever finds it again. A
/// section identifier that is not equal to itself stops `appendSections(_:)` and
/// `insertSections` naming it (a section is looked up by identifier everywhere; it could never be
/// found again). A section whose identifier changed while shown so that it equals another is
/// deleted by the next diff (and its namesake inserted), with a warning. When
/// an item identifier's hash or equality changes while it is in the snapshot (a class whose
/// hashed properties are mutated), the snapshot notices the first time it cannot find the item
/// where a section holds it, rebuilds its index from the sections (O(n)) and reports it through
/// ``OpenDiffableDiagnostics/warningHandler``, naming the operation and the identifier. A lookup
/// never follows a stale entry: an item that was not named is never deleted or moved in its
/// place. Where one call gets contradictory answers for the same identifier, the process stops
/// with a message naming the operation, the identifiers and that cause. Memory stays safe in
/// every case.
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

// MARK: - The deferred item index

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
    guard let deferred = _deferred else { return try body(self) }
    return try deferred.withResolved(self, body)
  }

  /// Calls `body` with this snapshot as it reads, its sections holding every identifier once:
  /// itself when that is known (it has an index, or its appended items were checked), its
  /// resolved form otherwise. The index of the snapshot passed may be deferred.
  @inlinable func _withCheckedSections<R>(_ body: (Self) throws -> R) rethrows -> R {
    guard let deferred = _deferred, !deferred.sectionsAreChecked else { return try body(self) }
    return try deferred.withResolved(self, body)
  }

  /// Builds the deferred item index, if any, into this value, so that it can be changed in place.
  /// O(1) with an index; O(n) otherwise (once per set of copies).
  @inlinable mutating func _materialize() {
    guard _deferred != nil else { return }
    // One expression, so that no local keeps the deferred index (and the resolved snapshot it
    // holds) alive: its table must be referenced by this value only, or the next change copies it.
    self = _deferred!.withResolved(self) { $0 }
  }

  /// Whether the item index may be deferred and shifted in bulk, and rebuilt snapshots settled
  /// by comparing their stored sections: only for identifiers that cannot change while stored
  /// (``_IdentifierTraits/isSelfContained``), for which a check made later (at the first lookup,
  /// or at release) finds exactly what a check at the call would have. Any other identifier is
  /// indexed at the call, as Apple's snapshot does.
  @inlinable static var _defersIndex: Bool {
    _IdentifierTraits<ItemIdentifierType>.isSelfContained
  }

  /// Sets the deferred index and the addresses lookups read from it.
  @inlinable mutating func _setDeferred(_ deferred: _DeferredItemIndex<SectionIdentifierType, ItemIdentifierType>?) {
    _deferred = deferred
    _deferredLookup = deferred?.lookup
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
    if _deferred == nil {
      guard _itemLocations.count == 0 else { return false }
      _setDeferred(_DeferredItemIndex())
    } else {
      copied = _prepareDeferredChange()
      // The index was built or the items checked: it is kept, and the append is eager.
      if _deferred == nil { return false }
    }
    let deferred = _deferred!
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
  /// change; `_deferred` is then nil), and otherwise makes the deferred index this value's own,
  /// since it describes the stored state of every copy that shares it. O(1), or O(calls) when
  /// shared, or O(n) when built.
  /// Returns whether the deferred index was shared and kept (this value is a copy changed for
  /// the first time since it was copied).
  @inlinable @discardableResult mutating func _prepareDeferredChange() -> Bool {
    // No binding of the deferred index may live across the uniqueness check: it would make the
    // index look shared, and every append would copy it (and release-check the old one).
    guard _deferred != nil else { return false }
    if _deferred.unsafelyUnwrapped.isSettled {
      _materialize()
    } else if !isKnownUniquelyReferenced(&_deferred) {
      _setDeferred(_deferred.unsafelyUnwrapped.copyForAppending())
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

  /// Rewrites positions and counts after the section order changed. O(sections).
  @inlinable mutating func _reindexSections() {
    _slotAtPosition.withUnsafeBufferPointer { slots in
      for (position, slot) in slots.enumerated() { _slots[slot].position = position }
    }
    let slots = _slots
    _counts = _FenwickTree(counts: _slotAtPosition.lazy.map { slots[$0].items.count })
  }

  /// Rewrites the stored offsets of the items of `slot` from offset `start` on, which moved to
  /// lower offsets: each is found at its old offset `oldOffset(offset)` (called in ascending
  /// order, never below `offset`). Repairs the index if one is not found there. O(section size
  /// - start) average.
  @inlinable mutating func _reindexItems(
    inSlot slot: Int, compactedFrom start: Int, operation: String, oldOffset: (Int) -> Int
  ) {
    if let lost = _itemLocations.relocate(_slots[slot].items, compactedFrom: start, slot: slot, oldOffset: oldOffset) {
      _repairItemTable(lostTrackOf: _slots[slot].items[lost], operation: operation)
    }
  }

  /// Rewrites the stored offsets of the items of `slot` from offset `start` on, which all moved
  /// by `shift`; the index must hold no entry for items just inserted (they are claimed after).
  /// Repairs the index if one is not found at its old offset. O(section size - start) average.
  @inlinable mutating func _reindexItems(inSlot slot: Int, from start: Int, shiftedBy shift: Int, operation: String) {
    if let lost = _itemLocations.relocate(_slots[slot].items, from: start, slot: slot, shiftedBy: shift) {
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
      if lost == nil { _itemLocations.addBias(shift, toSlot: slot) }
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
      if lost == nil { _itemLocations.addBias(-count, toSlot: slot) }
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

  /// The identifiers among `identifiers` that name an item already named earlier in the call
  /// (found at the same location), each listed once, in order of their second occurrence. O(k).
  @usableFromInline
  func _identifiersNamingOneItemTwice<C: Collection>(_ identifiers: C) -> [ItemIdentifierType]
  where C.Element == ItemIdentifierType {
    var seenLocations = Set<_ItemLocation>()
    var seen = _HashPinnedSet<ItemIdentifierType>()
    var repeated: [ItemIdentifierType] = []
    for identifier in identifiers {
      guard let location = _itemLocation(identifier), !seenLocations.insert(location).inserted else { continue }
      if seen.insert(identifier) { repeated.append(identifier) }
    }
    return repeated
  }

  /// Rebuilds the item index from the sections after `identifier`, which the sections hold, could
  /// not be found in it, and reports it through ``OpenDiffableDiagnostics/warningHandler``.
  ///
  /// That happens only when an identifier breaks `Hashable`'s contract: its hash or equality
  /// changed while it was in the snapshot (a class whose hashed properties were mutated), or it
  /// is not equal to itself (`Double.nan`). The sections are the source of truth, so the snapshot
  /// stays consistent: every position keeps exactly one index entry, hashed anew, and no other
  /// item is touched. Lookups of an identifier that is not equal to itself keep failing, as they
  /// do in a `Dictionary`. O(n).
  @usableFromInline mutating func _repairItemTable(lostTrackOf identifier: ItemIdentifierType, operation: String) {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      // Identifiers hashed from their bits are never lost: a lost one is a re-indexing bug.
      if _ItemHash.hashesFromBits(ItemIdentifierType.self) {
        _internalError("\(operation) lost track of item \(identifier) in the item table")
      }
    #endif
    OpenDiffableDiagnostics.warn(
      "\(operation): item identifier \(_describeIdentifiers(CollectionOfOne(identifier))) is in the snapshot "
        + "but cannot be found by its hash: an identifier's hash or equality changed while it was in the "
        + "snapshot, or it is not equal to itself (like Double.nan). The snapshot rebuilt its item index; "
        + "use identifiers whose Hashable conformance never changes (value types, or immutable fields).")
    _rebuildItemTable()
  }

  /// Rebuilds the item index from the sections as they are, every identifier hashed anew,
  /// without looking for equal ones (see ``_ItemTable/rebuild(from:)``). O(n).
  @usableFromInline mutating func _rebuildItemTable() {
    var sections: [(slot: Int, keys: [ItemIdentifierType])] = []
    sections.reserveCapacity(_slotAtPosition.count)
    for slot in _slotAtPosition { sections.append((slot, _slots[slot].items)) }
    _itemLocations.rebuild(from: sections)
  }

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
    precondition((_deferred == nil) == (_deferredLookup == nil), "the deferred index and its lookup disagree")
    let total = _checkSectionInvariants()
    if let deferred = _deferred {
      // Deferred: no index is stored, the recorded calls account for every stored item, and
      // the resolved form, if it was built, is checked too.
      precondition(_itemLocations.count == 0, "a snapshot with a deferred index stores index entries")
      let recorded = deferred.calls.reduce(0) { $0 + $1.items.count }
      precondition(recorded == deferred.itemCount, "the deferred index miscounts its calls")
      precondition(total == recorded, "the stored items (\(total)) are not the recorded appends (\(recorded))")
      deferred.resolvedIfBuilt?.pointee._checkInvariants()
    } else {
      _checkItemTableInvariants(total: total)
    }
    _checkMarks()
  }

  /// The section arrays, the slot table, the count tree and the free slots agree; returns the
  /// number of stored items.
  func _checkSectionInvariants() -> Int {
    precondition(_sectionIDs.count == _slotAtPosition.count, "section arrays disagree")
    precondition(_slotBySection.count == _sectionIDs.count, "section table size disagrees")
    precondition(_counts.count == _sectionIDs.count, "count tree size disagrees")
    var total = 0
    for (position, section) in _sectionIDs.enumerated() {
      let slot = _slotAtPosition[position]
      precondition(_slotBySection[section] == slot, "section \(section) maps to the wrong slot")
      precondition(_slots[slot].position == position, "slot \(slot) has the wrong position")
      precondition(
        _counts.prefixSum(position + 1) - _counts.prefixSum(position) == _slots[slot].items.count,
        "count tree disagrees for section \(section)")
      total += _slots[slot].items.count
    }
    var free = Set(_freeSlots)
    precondition(free.count == _freeSlots.count, "a free slot is listed twice")
    for slot in _slots.indices where _slots[slot].position < 0 {
      precondition(free.remove(slot) != nil, "slot \(slot) is unused but not free")
      precondition(_slots[slot].items.isEmpty, "free slot \(slot) still holds items")
    }
    precondition(free.isEmpty, "a used slot is listed as free")
    return total
  }

  /// The item table indexes exactly the `total` stored items, one entry per position.
  func _checkItemTableInvariants(total: Int) {
    _itemLocations._checkInvariants { slot, offset in
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
    precondition(total == _itemLocations.count, "item table holds items that are in no section")
    // Section biases (see `_ItemTable._biases`) exist only for slots that exist.
    precondition(_itemLocations._biases.count <= _slots.count, "item table has biases for slots that do not exist")
    // Exactly one entry per position, whatever the identifiers do, is the table's own check
    // above: every bucket's location is distinct and holds an item (free slots hold none).
  }

  /// Marked items are in the snapshot (a deferred snapshot has none: marking builds the index),
  /// and so are marked sections.
  func _checkMarks() {
    guard let marks = _marks else { return }
    for item in marks.reloadedItems.elements + marks.reconfiguredItems.elements {
      precondition(_deferred == nil, "a snapshot with a deferred index has item marks")
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
