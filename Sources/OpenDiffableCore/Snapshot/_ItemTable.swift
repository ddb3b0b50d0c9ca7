/// The snapshot's item index: identifier → (section slot, offset). An open-addressing hash
/// table with linear probing and backward-shift deletion (no tombstones) over a dense array of
/// entries.
///
/// Why not `Dictionary`: building the index of a million-item snapshot is dominated by this
/// table, and `Dictionary`'s growth path (`reserveCapacity`, rehashing) runs unspecialized
/// inside the standard library, calling value witnesses per element. This table is specialized
/// in the client (everything is `@inlinable`) and laid out for memory traffic and size:
/// - per bucket, a control byte (empty, or seven bits of the key's hash) in a dense array that
///   probes scan, and a 32-bit entry index beside it in a second array, read only when the
///   control byte matches;
/// - entries (a key and its 8-byte location, 16 bytes for an `Int` key) are appended densely, in
///   insertion order, so building writes them sequentially and lookups in build order (the
///   diff's) read them sequentially;
/// - the bucket count is not a power of two: a key's home bucket is the high word of its hash
///   times the bucket count, so a table sized for exactly n keys needs about n / 0.7 buckets
///   (5 bytes each) and n entries: about 23 MB for a million `Int` keys;
/// - integer and `UUID` keys are hashed from their bits with a seeded multiply-and-fold
///   (``_ItemHash``) instead of `Hasher`'s SipHash, which cost most of a probe; `String` keys
///   with the same function over their NFC code units; other keys use their own `Hashable`
///   conformance;
/// - for keys hashed from their bits no hash is stored (growth and backward-shift deletion hash
///   them again, a few instructions each); every other key's full hash is stored beside its
///   entry, in a parallel array (``_ItemTableStorage/hashes``, 8 bytes per entry), so growth and
///   deletion never call its `hash(into:)` again: rehashing a million `String`s on growth cost
///   more than building the table;
/// - keys are hashed and their home buckets touched in batches, so cache misses overlap;
/// - large arrays go on transparent huge pages on Linux (``_allocateLargeTable(of:count:)``).
/// - an entry stores its offset relative to a per-slot bias (``addBias(_:toSlot:)``), so that the
///   snapshot re-indexes the shorter side of a change inside a section: inserting or removing
///   items at the front of a section changes the bias instead of every entry behind them. A side
///   larger than an eighth of the table is moved by one linear pass over the entries, hashing
///   nothing (``moveEntries(ofSlot:count:key:old:new:sweep:_:)``).
///
/// The trade-off: a lookup reads a control byte and an entry index, then the entry, two
/// dependent memory accesses where a table with keys in the buckets needs one. Lookups in
/// roughly the order items were added stream through the entries. In random order, integer and
/// `UUID` keys are still looked up faster than `Dictionary` (the cheaper hash pays for the
/// second access); keys hashed through `Hasher` are slower than `Dictionary` (see
/// BENCHMARKS.md).
///
/// Value semantics with copy-on-write: copies share storage until one of them mutates.
///
/// - Complexity: lookup, insertion and removal O(1) on average (load factor at most 7/10);
///   growth at least doubles the bucket count, so insertion is O(1) amortized.
@usableFromInline
struct _ItemTable<Key: Hashable> {
  @usableFromInline typealias Value = _ItemTableLocation
  @usableFromInline typealias Storage = _ItemTableStorage<Key>

  /// nil while the table has never held an item, so an empty snapshot allocates nothing.
  @usableFromInline var _storage: Storage?
  /// Per section slot, what is added to the offsets stored in the slot's entries to give the
  /// items' offsets (0 for slots past the end): inserting or removing items near the front of a
  /// section changes it instead of rewriting every entry behind them (``addBias(_:toSlot:)``).
  /// Wrapping 32-bit arithmetic: only the sums are meaningful. Empty until a bias is set.
  @usableFromInline var _biases: [Int32] = []

  @inlinable init() {}

  /// The number of keys. O(1).
  @inlinable var count: Int { _storage?.count ?? 0 }

  /// How many keys the table holds without growing. O(1).
  @inlinable var capacity: Int { _storage?.maxCount ?? 0 }

  /// The capacity a table built in one pass gets for `count` keys (by the deferred index or by
  /// ``rebuild(from:)``): 1/32 more, so that indexes derived from it by copying
  /// (`_DeferredItemIndex.resolve(_:derivingIndexFrom:)`) can take items added by
  /// later rebuilds without rehashing. O(1).
  @inlinable static func capacityWithRoom(for count: Int) -> Int { count + count / 32 }

  /// The value stored for `key`, or nil. O(1) average.
  @inlinable subscript(key: Key) -> Value? {
    guard let storage = _storage else { return nil }
    let (bucket, found) = storage.find(key)
    return found ? _location(stored: storage.entries[storage.entryIndex(atBucket: bucket)].value) : nil
  }

  /// The bias of `slot` (see `_biases`). O(1).
  @inlinable func _bias(ofSlot slot: Int) -> Int32 {
    slot < _biases.count ? _biases[slot] : 0
  }

  /// The location an entry's stored value stands for. O(1).
  @inlinable func _location(stored: Value) -> Value {
    guard !_biases.isEmpty else { return stored }
    var location = stored
    location.offset &+= _bias(ofSlot: Int(stored.slot))
    return location
  }

  /// What an entry stores for `location`. O(1).
  @inlinable func _stored(_ location: Value) -> Value {
    guard !_biases.isEmpty else { return location }
    var stored = location
    stored.offset &-= _bias(ofSlot: Int(location.slot))
    return stored
  }

  /// Adds `delta` to the offset of every entry of `slot`, in O(1) (amortized: the first bias of
  /// a slot grows the bias array to it).
  @inlinable mutating func addBias(_ delta: Int, toSlot slot: Int) {
    guard delta != 0 else { return }
    if slot >= _biases.count { _biases.append(contentsOf: repeatElement(0, count: slot + 1 - _biases.count)) }
    _biases[slot] &+= Int32(truncatingIfNeeded: delta)
  }

  /// Drops the biases of slots from `slotCount` on, which must hold no entries: for a table
  /// taken from a snapshot with more slots (its deleted sections' free slots, or sections the
  /// taker does not have), so that biases exist only for slots that exist. O(1) amortized.
  @inlinable mutating func dropBiases(fromSlot slotCount: Int) {
    if _biases.count > slotCount { _biases.removeLast(_biases.count - slotCount) }
  }

  /// Moves entries of `slot` to new offsets, the `index`-th (in `0..<count`) from `old(index)` to
  /// `new(index)`, `key(index)` being its key; or, when that is cheaper — the entries are
  /// more than an eighth of the table — moves every entry of `slot` whose offset is in
  /// `sweep.range` to `sweep.new(offset)` in one linear pass over the entries, hashing nothing.
  /// The caller describes the same moves both ways; the moved entries must be all of the slot's
  /// entries with offsets in `sweep.range`, and the entries are visited in `index` order when found
  /// by key: in the direction they move (see ``_relocate(_:from:slot:descending:consideringEntriesBelow:oldOffset:)``).
  ///
  /// Returns the index of a key whose entry is not where it was (its hash changed while it was
  /// stored; found by key only), or nil; the caller then repairs the table with
  /// ``rebuild(from:)``. O(count) average by key; O(n) by sweep.
  @inlinable mutating func moveEntries(
    ofSlot slot: Int, count: Int, key: (Int) -> Key, old: (Int) -> Int, new: (Int) -> Int,
    sweep range: Range<Int>, _ sweepNew: (Int) -> Int
  ) -> Int? {
    guard count > 0 else { return nil }
    if count > self.count / 8 {
      _sweep(slot: slot, range: range, sweepNew)
      return nil
    }
    return _relocateEach(count: count, slot: slot, limit: .max, key: key, old: old, new: new)
  }

  /// The sweep of ``moveEntries(ofSlot:count:key:old:new:sweep:_:)``. O(n).
  @inlinable mutating func _sweep(slot: Int, range: Range<Int>, _ newOffset: (Int) -> Int) {
    defer { _checkInvariantsIfEnabled() }
    let storage = _uniqueStorage(reserving: 0)
    let entries = storage.entries
    let slot32 = Int32(truncatingIfNeeded: slot)
    let bias = _bias(ofSlot: slot)
    let lower = Int32(truncatingIfNeeded: range.lowerBound)
    let width = UInt32(truncatingIfNeeded: range.count)
    for index in 0..<storage.count where entries[index].value.slot == slot32 {
      let offset = entries[index].value.offset &+ bias
      // One unsigned comparison: `offset` in `range`.
      guard UInt32(bitPattern: offset &- lower) < width else { continue }
      entries[index].value.offset = Int32(truncatingIfNeeded: newOffset(Int(offset))) &- bias
    }
  }

  /// Stores `(slot, offset)` for `keys[offset]`, for every offset from `start` on, where the
  /// keys moved to lower offsets (items before them were removed): each key's entry is found where
  /// it was, at `(slot, oldOffset(offset))`, with `oldOffset(offset) >= offset`. Calls
  /// `oldOffset` once per key, in ascending order. O(keys.count - start) average, one probe per
  /// key.
  ///
  /// Entries are found by position (see ``_relocate(_:from:slot:descending:consideringEntriesBelow:oldOffset:)``),
  /// so a key mutated to equal another, or not equal to itself, never takes another key's entry.
  ///
  /// Returns the index of a key whose entry is not where it was (its hash changed while it was
  /// stored), or nil when every key was relocated; the caller then repairs the table with
  /// ``rebuild(from:)``.
  @inlinable mutating func relocate(
    _ keys: [Key], compactedFrom start: Int, slot: Int, oldOffset: (Int) -> Int
  ) -> Int? {
    _relocate(keys, from: start, slot: slot, descending: false, consideringEntriesBelow: .max, oldOffset: oldOffset)
  }

  /// Stores `(slot, offset)` for `keys[offset]`, for every offset from `start` on, where every
  /// key moved by `shift` (positive: items were inserted before them): each key's entry is
  /// found where it was, at `(slot, offset - shift)`. Entries at indexes `limit` and above (the
  /// items just inserted, which may hold those old locations already) are not considered.
  /// O(keys.count - start) average, one probe per key.
  ///
  /// Returns the index of a key whose entry is not where it was, or nil when every key was
  /// relocated; the caller then repairs the table with ``rebuild(from:)``.
  @inlinable mutating func relocate(
    _ keys: [Key], from start: Int, slot: Int, shiftedBy shift: Int, consideringEntriesBelow limit: Int = .max
  ) -> Int? {
    _relocate(keys, from: start, slot: slot, descending: shift > 0, consideringEntriesBelow: limit) { $0 - shift }
  }

  /// The relocation behind both `relocate` members.
  ///
  /// Each key's entry is found by position: on the probe run of the key's hash, the entry whose
  /// location is the key's old one and whose key is equal to it (or, for a key not equal to
  /// itself such as `Double.nan`, whose key is not equal to itself either). That finds exactly
  /// the key's own entry only if no other candidate holds the same location, so keys are visited
  /// in the direction they move — ascending when they move to lower offsets, descending when
  /// they move to higher ones: a key already visited holds its new location, which is never the
  /// old location of a key not yet visited, and keys not yet visited hold distinct old
  /// locations. (Visiting keys that move up in ascending order gave a key not equal to itself
  /// the entry of the key before it, which had just taken that location: the fuzz target found
  /// it.) Entries at `limit` and above are not considered.
  @inlinable mutating func _relocate(
    _ keys: [Key], from start: Int, slot: Int, descending: Bool, consideringEntriesBelow limit: Int,
    oldOffset: (Int) -> Int
  ) -> Int? {
    guard start < keys.count else { return nil }
    let count = keys.count &- start
    // The `index`-th key visited is at offset `first + index * step`.
    let first = descending ? keys.count &- 1 : start
    let step = descending ? -1 : 1
    let stopped = keys.withUnsafeBufferPointer { buffer in
      _relocateEach(
        count: count, slot: slot, limit: limit, key: { buffer[first &+ $0 &* step] },
        old: { oldOffset(first &+ $0 &* step) }, new: { first &+ $0 &* step })
    }
    return stopped.map { first &+ $0 &* step }
  }

  /// Moves the entry of `key(index)` in `slot` from offset `old(index)` to `new(index)`, for
  /// every index in `0..<count`, in that order, each found by position (see
  /// ``_relocate(_:from:slot:descending:consideringEntriesBelow:oldOffset:)``) among the
  /// entries below `limit`. Returns the first index whose entry was not found, or nil.
  @inlinable mutating func _relocateEach(
    count: Int, slot: Int, limit: Int, key: (Int) -> Key, old: (Int) -> Int, new: (Int) -> Int
  ) -> Int? {
    guard count > 0 else { return nil }
    defer { _checkInvariantsIfEnabled() }
    let storage = _uniqueStorage(reserving: 0)
    let bias = Int(_bias(ofSlot: slot))
    let stopped = storage._forEachBatch(count: count, hashing: { storage.hash(key($0)) }) { index, hash in
      let from = _ItemTableLocation(slot: slot, offset: old(index) &- bias)
      let (bucket, found) = storage.find(key(index), hash: hash, at: from, below: limit)
      guard found else { return false }
      storage.entries[storage.entryIndex(atBucket: bucket)].value = _ItemTableLocation(
        slot: slot, offset: new(index) &- bias)
      return true
    }
    return stopped < count ? stopped : nil
  }

  /// Removes the entry of `key` stored at `location` (found by position, as in
  /// ``_relocate(_:from:slot:descending:consideringEntriesBelow:oldOffset:)``); returns whether there was
  /// one. O(1) average.
  ///
  /// False means the key's hash changed while it was stored, and nothing was removed: a key
  /// that merely compares equal is never removed in its place.
  @inlinable mutating func removeValue(forKey key: Key, at location: Value) -> Bool {
    guard let seed = _storage?.seed else { return false }
    let hash = _ItemHash.hash(key, seed: seed)
    if !isKnownUniquelyReferenced(&_storage) {
      guard let shared = _storage else { return false }
      guard shared.find(key, hash: hash, at: _stored(location)).found else { return false }
    }
    let storage = _uniqueStorage(reserving: 0)
    let (bucket, found) = storage.find(key, hash: hash, at: _stored(location))
    guard found else { return false }
    storage.remove(at: bucket)
    return true
  }

  /// Replaces the whole table with the keys of `sections`, each `(slot, keys)` pair giving the
  /// keys of one section slot in order, hashed anew.
  ///
  /// The repair path after a key could not be found where the snapshot holds it, and how a
  /// deferred index whose keys are known to be unique is built: the sections are the source of
  /// truth, and every key is placed by its current hash. Keys are stored
  /// without looking for equal ones, so the table holds exactly one entry per position even
  /// when keys break `Hashable`'s contract. O(n).
  @inlinable mutating func rebuild(from sections: [(slot: Int, keys: [Key])]) {
    let total = sections.reduce(0) { $0 + $1.keys.count }
    let fresh = Storage(
      bucketCount: Storage.bucketCount(forCount: Self.capacityWithRoom(for: total)),
      seed: _storage?.seed ?? _ItemHash.makeSeed())
    var entry = 0
    for (slot, keys) in sections {
      for (offset, key) in keys.enumerated() {
        let hash = fresh.hash(key)
        fresh.initialize(
          bucket: fresh.emptyBucket(forHash: hash), entry: entry, key,
          _ItemTableLocation(slot: slot, offset: offset), hash: hash)
        entry += 1
        fresh.count = entry
      }
    }
    _storage = fresh
    _biases = []
    _checkInvariantsIfEnabled()
  }

  /// Removes `key`, returning its value, or nil when it was not present. O(1) average.
  @inlinable @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    guard let seed = _storage?.seed else { return nil }
    let hash = _ItemHash.hash(key, seed: seed)
    // When the storage is shared, look first, so that removing an absent key never copies it.
    // (No binding of the storage may outlive this check: it would make it look shared below.)
    if !isKnownUniquelyReferenced(&_storage), _storage?.find(key, hash: hash).found != true { return nil }
    let storage = _uniqueStorage(reserving: 0)
    let (bucket, found) = storage.find(key, hash: hash)
    guard found else { return nil }
    let old = _location(stored: storage.entries[storage.entryIndex(atBucket: bucket)].value)
    storage.remove(at: bucket)
    return old
  }

  /// Inserts every key of `keys`, which should all be new, with locations `(slot, firstOffset)`,
  /// `(slot, firstOffset + 1)`, … Returns false, leaving the table as it was, when a key is
  /// already present or repeated in `keys`. O(k) average: one probe per key.
  @inlinable mutating func insertAllNew(_ keys: [Key], slot: Int, firstOffset: Int) -> Bool {
    insertAllNew(keys[...], slot: slot, firstOffset: firstOffset)
  }

  /// ``insertAllNew(_:slot:firstOffset:)`` for part of an array, without copying it.
  @inlinable mutating func insertAllNew(_ keys: ArraySlice<Key>, slot: Int, firstOffset: Int) -> Bool {
    defer { _checkInvariantsIfEnabled() }
    let storage = _uniqueStorage(reserving: keys.count)
    // Read once: a class property accessed inside the closure would pay a dynamic exclusivity
    // check per key.
    let base = storage.count
    let firstStored = firstOffset &- Int(_bias(ofSlot: slot))
    let inserted = keys.withUnsafeBufferPointer { buffer -> Int in
      storage._forEachBatch(count: buffer.count, hashing: { storage.hash(buffer[$0]) }) { index, hash in
        // One copy of the key, moved into its entry: passing it to a closure as `forEachBatch`
        // does costs a second retain and a release per key.
        let key = buffer[index]
        let (bucket, found) = storage.find(key, hash: hash)
        if found { return false }
        storage.initialize(
          bucket: bucket, entry: base &+ index, consume key,
          _ItemTableLocation(slot: slot, offset: firstStored &+ index), hash: hash)
        return true
      }
    }
    storage.count = base &+ inserted
    if inserted == keys.count { return true }
    // Roll back by entry, never by key: a key that is not equal to itself, or whose hash
    // changed, would not be found again. Removing the newest entry first takes each from the
    // end of the entries, so none moves.
    for entry in (base..<base &+ inserted).reversed() {
      storage.remove(at: storage.bucket(ofEntry: entry))
    }
    return false
  }

  /// Calls `body(index, value)` with the value stored for each of `keys` (nil when absent), in
  /// order, looking them up in batches whose cache misses overlap. O(k) average.
  @inlinable func forEachLookup(of keys: UnsafeBufferPointer<Key>, _ body: (Int, Value?) -> Void) {
    guard let storage = _storage else {
      for index in keys.indices { body(index, nil) }
      return
    }
    if _biases.isEmpty {
      _ = storage.forEachBatch(of: keys) { index, key, hash in
        let (bucket, found) = storage.find(key, hash: hash)
        body(index, found ? storage.entries[storage.entryIndex(atBucket: bucket)].value : nil)
        return true
      }
      return
    }
    _biases.withUnsafeBufferPointer { biases in
      _ = storage.forEachBatch(of: keys) { index, key, hash in
        let (bucket, found) = storage.find(key, hash: hash)
        guard found else {
          body(index, nil)
          return true
        }
        var location = storage.entries[storage.entryIndex(atBucket: bucket)].value
        let slot = Int(location.slot)
        if slot < biases.count { location.offset &+= biases[slot] }
        body(index, location)
        return true
      }
    }
  }

  /// Makes room for `capacity` keys in all, so that inserting up to that many never grows the
  /// table. O(n) when it grows.
  @inlinable mutating func reserveCapacity(_ capacity: Int) {
    if capacity > count { _ = _uniqueStorage(reserving: capacity - count) }
  }

  /// Storage that this value alone references, with room for `extra` more keys.
  @inlinable mutating func _uniqueStorage(reserving extra: Int) -> Storage {
    let needed = count + extra
    let isUnique = isKnownUniquelyReferenced(&_storage)
    if isUnique, let storage = _storage, needed <= storage.maxCount { return storage }
    if needed > Storage.maximumCount {
      fatalError("OpenDiffable: a snapshot holds at most \(Storage.maximumCount) items; this one would need \(needed).")
    }
    // At least double when growing, so that adding keys one at a time is O(1) amortized.
    let grown = _storage.map { Swift.min($0.bucketCount &* 2, Storage.maximumBucketCount) } ?? 0
    let bucketCount =
      _storage.map { needed <= $0.maxCount } == true
      ? _storage!.bucketCount : Swift.max(Storage.bucketCount(forCount: needed), grown)
    let fresh: Storage
    if let old = _storage {
      fresh = bucketCount == old.bucketCount ? old.copy() : old.resized(to: bucketCount, moving: isUnique)
    } else {
      fresh = Storage(bucketCount: bucketCount, seed: _ItemHash.makeSeed())
    }
    _storage = fresh
    return fresh
  }
}

extension _ItemTable {
  /// Calls ``_checkInvariants()`` when compiled with `OPENDIFFABLE_INTERNAL_CHECKS`. The bulk
  /// mutators (`insertAllNew`, `relocate`, `rebuild`) call it last; single-key removals do not,
  /// since the snapshot removes keys one at a time inside one operation and checks the whole
  /// table (through its own `_checkInvariants()`) when that operation ends.
  @inlinable @inline(__always)
  func _checkInvariantsIfEnabled() {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      _checkInvariants()
    #endif
  }

  /// Checks the table's invariants; traps with a description of the first broken one:
  /// - the count matches the number of occupied buckets, and is within the capacity;
  /// - every occupied bucket holds its entry's tag and points at a distinct entry below the count;
  /// - where hashes are stored, every entry's stored hash is its key's hash;
  /// - every entry's tag is its key's, and the entry is reachable from its key's home bucket
  ///   without crossing an empty bucket (what lookups and backward-shift deletion rely on). A
  ///   key mutated while stored breaks this; that is the caller's misuse, which the snapshot
  ///   repairs, not the table's.
  ///
  /// For tests and debugging. - Complexity: O(buckets).
  /// Every entry's location, in entry order. For invariant checks. O(n).
  @usableFromInline
  func _allLocations() -> [Value] {
    guard let storage = _storage else { return [] }
    return (0..<storage.count).map { _location(stored: storage.entries[$0].value) }
  }

  @usableFromInline
  func _checkInvariants() {
    guard let storage = _storage else { return }
    let count = storage.count
    precondition(count <= storage.maxCount, "item table: \(count) entries exceed the capacity \(storage.maxCount)")
    var seen = [Bool](repeating: false, count: count)
    var occupied = 0
    for bucket in 0..<storage.bucketCount where storage.control[bucket] != 0 {
      occupied += 1
      let entry = storage.entryIndex(atBucket: bucket)
      precondition(entry < count, "item table: bucket \(bucket) points past the entries (\(entry) ≥ \(count))")
      precondition(!seen[entry], "item table: entry \(entry) has two buckets")
      seen[entry] = true
      let key = storage.entries[entry].key
      let hash = storage.hash(key)
      // A stored hash is the key's current one (a key whose hash changed while stored breaks
      // this, as it breaks the tag check of a key hashed again: the caller's misuse).
      precondition(
        storage.hash(ofEntry: entry) == hash,
        "item table: entry \(entry) stores another hash than its key's, \(key) (was it mutated while stored?)")
      precondition(
        storage.control[bucket] == Storage.tag(hash),
        "item table: bucket \(bucket) has the wrong tag for \(key) (was it mutated while stored?)")
      var probe = storage.home(hash)
      while probe != bucket {
        precondition(storage.control[probe] != 0, "item table: entry \(entry) is unreachable from its home bucket")
        probe = storage.next(probe)
      }
    }
    precondition(occupied == count, "item table: \(occupied) occupied buckets for \(count) entries")
  }
}

extension _ItemTable: Sendable where Key: Sendable {}

/// Where an item lives: its section's storage slot and its offset inside the section.
@usableFromInline
struct _ItemTableLocation: Sendable, Hashable {
  @usableFromInline var slot: Int32
  @usableFromInline var offset: Int32

  @inlinable init(slot: Int, offset: Int) {
    self.slot = Int32(truncatingIfNeeded: slot)
    self.offset = Int32(truncatingIfNeeded: offset)
  }
}

/// One key beside its value (16 bytes for an `Int` key). The hash, when the table stores one
/// (``_ItemTableStorage/storesHashes``), is kept in a parallel array, so that keys hashed from
/// their bits keep this compact layout.
@usableFromInline
struct _ItemTableEntry<Key> {
  @usableFromInline var key: Key
  @usableFromInline var value: _ItemTableLocation

  @inlinable init(key: Key, value: _ItemTableLocation) {
    self.key = key
    self.value = value
  }
}

/// The storage of an ``_ItemTable``: `bucketCount` buckets (a control byte and an entry index
/// each) and room for `maxCount` dense entries, of which the first `count` are initialized.
@usableFromInline
final class _ItemTableStorage<Key: Hashable> {
  @usableFromInline let bucketCount: Int
  @usableFromInline let maxCount: Int
  /// The number of initialized entries. Not checked for exclusive access at run time: the
  /// storage is mutated only through an ``_ItemTable`` that references it uniquely
  /// (copy-on-write), so no two accesses can overlap, and the dynamic check (a call into the
  /// runtime per access, about a dozen per single-item insertion or removal) cost a fifth of
  /// such a call's instructions.
  @exclusivity(unchecked) @usableFromInline var count: Int = 0
  /// Per bucket: 0 when empty, else `0x80` plus the top seven bits of the key's hash.
  @usableFromInline let control: UnsafeMutablePointer<UInt8>
  /// Per occupied bucket: the index of its entry.
  @usableFromInline let slots: UnsafeMutablePointer<UInt32>
  @usableFromInline let entries: UnsafeMutablePointer<_ItemTableEntry<Key>>
  /// Per entry, when ``storesHashes``: the full hash its key had when it was inserted (the
  /// first `count` are initialized, beside `entries`, and move with them); nil otherwise.
  /// Growth, backward-shift deletion and ``bucket(ofEntry:)`` read it instead of hashing the key
  /// again. Lookups still hash the key they are given, so a stored key whose hash changed is
  /// not found by key (the snapshot then repairs the table from its sections); the table's own
  /// structure — every entry reachable from the home bucket of its stored hash — holds anyway.
  @usableFromInline let hashes: UnsafeMutablePointer<Int>?
  /// The seed of ``hash(_:)``. Copies and resized tables keep it (a copy keeps the bucket
  /// layout); new tables take the process's (``_ItemHash/makeSeed()``).
  @usableFromInline let seed: UInt64

  /// The largest bucket count: entry indexes are 32-bit (2^30 where `Int` is 32-bit).
  @inlinable static var maximumBucketCount: Int { Int.bitWidth == 64 ? 1 << 32 : 1 << 30 }

  /// The largest number of keys a table can hold: 7/10 of ``maximumBucketCount``.
  @inlinable static var maximumCount: Int { maxCount(forBucketCount: maximumBucketCount) }

  /// Whether the table stores each key's hash (``hashes``): for every key not hashed from its
  /// bits (``_ItemHash/hashesFromBits(_:)``), whose `hash(into:)` — `Hasher`, tens to hundreds
  /// of instructions — would otherwise run again for every key at each growth and for each key
  /// a deletion shifts. Keys hashed from their bits hash in a few instructions and keep 16-byte
  /// entries. A type test that folds away where the table is specialized.
  @inlinable static var storesHashes: Bool { !_ItemHash.hashesFromBits(Key.self) }

  /// Load factor at most 7/10: probes scan control bytes, and entries are read only on a match.
  @inlinable static func maxCount(forBucketCount bucketCount: Int) -> Int { bucketCount / 10 &* 7 }

  /// The smallest bucket count (at least 16) that holds `count` keys.
  @inlinable static func bucketCount(forCount count: Int) -> Int {
    var buckets = Swift.max(20, count / 7 &* 10 + 10)
    while maxCount(forBucketCount: buckets) < count { buckets += 1 }
    return buckets
  }

  /// An empty table; `bucketCount` is at least 16 and at most ``maximumBucketCount`` (any
  /// number: home buckets come from a multiplication, not a mask).
  @inlinable init(bucketCount: Int, seed: UInt64) {
    self.bucketCount = bucketCount
    self.maxCount = Self.maxCount(forBucketCount: bucketCount)
    self.seed = seed
    control = _allocateLargeTable(of: UInt8.self, count: bucketCount)
    control.initialize(repeating: 0, count: bucketCount)
    // Slots are read only where the control byte is set, so they need no zeroing.
    slots = _allocateLargeTable(of: UInt32.self, count: bucketCount)
    entries = _allocateLargeTable(of: _ItemTableEntry<Key>.self, count: maxCount)
    hashes = Self.storesHashes ? _allocateLargeTable(of: Int.self, count: maxCount) : nil
  }

  @inlinable deinit {
    entries.deinitialize(count: count)
    _deallocateLargeTable(control, count: bucketCount)
    _deallocateLargeTable(slots, count: bucketCount)
    _deallocateLargeTable(entries, count: maxCount)
    if let hashes { _deallocateLargeTable(hashes, count: maxCount) }
  }

  /// The bucket where the probe for `hash` starts: the high word of `hash × bucketCount`.
  @inlinable func home(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash).multipliedFullWidth(by: UInt(bitPattern: bucketCount)).high)
  }

  /// The bucket after `bucket`, wrapping around.
  @inlinable func next(_ bucket: Int) -> Int {
    let next = bucket &+ 1
    return next == bucketCount ? 0 : next
  }

  /// How far `bucket` lies after `start`, wrapping around.
  @inlinable func distance(from start: Int, to bucket: Int) -> Int {
    bucket >= start ? bucket &- start : bucket &+ bucketCount &- start
  }

  /// The key's hash (see ``_ItemHash``), with this table's seed, which its copies and resized
  /// tables keep (so a copy keeps the bucket layout).
  @inlinable func hash(_ key: Key) -> Int { _ItemHash.hash(key, seed: seed) }

  /// The hash entry `entry` is placed by: the stored one (``storesHashes``), or its key's,
  /// computed again from its bits.
  @inlinable @inline(__always) func hash(ofEntry entry: Int) -> Int {
    Self.storesHashes ? hashes.unsafelyUnwrapped[entry] : hash(entries[entry].key)
  }

  /// The control byte of an occupied bucket whose key has `hash`: its low seven bits (the home
  /// bucket comes from the high bits).
  @inlinable static func tag(_ hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash) | 0x80 }

  /// The entry index held by the occupied bucket `bucket`.
  @inlinable func entryIndex(atBucket bucket: Int) -> Int { Int(slots[bucket]) }

  /// The bucket that points at entry `entry`: found along the probe run of its hash
  /// (``hash(ofEntry:)``; by entry index, never by comparing keys), or — for a key hashed from
  /// its bits whose hash changed while stored — by searching every bucket. A table whose buckets
  /// do not lead to the entry is an internal error and stops.
  @inlinable func bucket(ofEntry entry: Int) -> Int {
    // Along the probe run of the entry's hash first; a key hashed again whose hash changed
    // while stored is elsewhere: then every bucket is searched (O(buckets), only for such keys;
    // a stored hash always leads to its entry).
    var probe = home(hash(ofEntry: entry))
    while control[probe] != 0 {
      if Int(slots[probe]) == entry { return probe }
      probe = next(probe)
    }
    for bucket in 0..<bucketCount where control[bucket] != 0 && Int(slots[bucket]) == entry { return bucket }
    _internalError("an item-table entry has no bucket")
  }

  /// The first empty bucket on the probe run of `hash`. The table is never full (load factor
  /// at most 7/10), so the probe ends.
  @inlinable func emptyBucket(forHash hash: Int) -> Int {
    var probe = home(hash)
    while control[probe] != 0 { probe = next(probe) }
    return probe
  }

  /// The bucket holding `key` (found) or the empty bucket where it would go (not found).
  @inlinable func find(_ key: Key) -> (bucket: Int, found: Bool) {
    find(key, hash: hash(key))
  }

  /// `find(_:)` with the key's hash already computed.
  @inlinable func find(_ key: Key, hash: Int) -> (bucket: Int, found: Bool) {
    let tag = Self.tag(hash)
    var bucket = home(hash)
    while true {
      let byte = control[bucket]
      if byte == 0 { return (bucket, false) }
      if byte == tag && entries[Int(slots[bucket])].key == key { return (bucket, true) }
      bucket = next(bucket)
    }
  }

  /// The bucket holding the entry of `key` stored at `location` (found), or not found. The entry
  /// must be on the probe run of `hash`, have `location` as its value, an index below `limit`,
  /// and a key equal to `key` — or, when `key` is not equal to itself (`Double.nan`), a key
  /// not equal to itself either: such entries are told apart by position alone, and an entry of
  /// a key equal to itself is never taken for one. When no other entry below `limit` holds
  /// `location` (callers keep it so), this finds exactly the entry of the item at `location`.
  @inlinable func find(
    _ key: Key, hash: Int, at location: _ItemTableLocation, below limit: Int = .max
  ) -> (bucket: Int, found: Bool) {
    let tag = Self.tag(hash)
    var bucket = home(hash)
    while true {
      let byte = control[bucket]
      if byte == 0 { return (bucket, false) }
      if byte == tag {
        let index = Int(slots[bucket])
        let entry = entries + index
        if index < limit && entry.pointee.value == location
          && (entry.pointee.key == key || (key != key && entry.pointee.key != entry.pointee.key))
        {
          return (bucket, true)
        }
      }
      bucket = next(bucket)
    }
  }

  /// Calls `body(index, key, hash)` for each key in order, until it returns false; returns the
  /// index where it stopped (`keys.count` when it never did).
  ///
  /// Keys are hashed in batches of 32 and each batch's home buckets are read before `body`
  /// runs: independent loads that the processor overlaps, where probing one key at a time
  /// would wait for one cache miss after another.
  @inlinable @inline(__always) func forEachBatch(
    of keys: UnsafeBufferPointer<Key>, _ body: (Int, Key, Int) -> Bool
  ) -> Int {
    _forEachBatch(count: keys.count, hashing: { hash(keys[$0]) }) { index, hash in
      body(index, keys[index], hash)
    }
  }

  /// The loop of ``forEachBatch(of:_:)``: `hashOf(index)` gives the hash of the `index`-th of
  /// `count` keys (computed, or read from ``hashes`` when the table grows).
  @inlinable @inline(__always) func _forEachBatch(
    count: Int, hashing hashOf: (Int) -> Int, _ body: (Int, Int) -> Bool
  ) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { hashes -> Int in
      let control = control
      let slots = slots
      var start = 0
      while start < count {
        let end = Swift.min(start &+ 32, count)
        var touched: UInt8 = 0
        for index in start..<end {
          let hash = hashOf(index)
          hashes[index &- start] = hash
          let home = home(hash)
          // The control byte and the entry index of each key's home: independent loads.
          touched |= control[home] ^ UInt8(truncatingIfNeeded: slots[home])
        }
        if touched == 0x7F { _keepAlive(touched) }  // never true: keeps the loads
        for index in start..<end where !body(index, hashes[index &- start]) {
          return index
        }
        start = end
      }
      return count
    }
  }

  /// Fills the empty bucket `bucket` and the entry slot `entry` (the first unused one) without
  /// counting the key; the caller updates `count`.
  @inlinable func initialize(
    bucket: Int, entry: Int, _ key: consuming Key, _ value: _ItemTableLocation, hash: Int
  ) {
    if _slowPath(entry >= maxCount) { _internalError("item table overfilled") }
    (entries + entry).initialize(to: _ItemTableEntry(key: key, value: value))
    if Self.storesHashes { hashes.unsafelyUnwrapped[entry] = hash }
    control[bucket] = Self.tag(hash)
    slots[bucket] = UInt32(truncatingIfNeeded: entry)
  }

  /// Removes the key in `bucket`. The last entry moves into the freed entry slot (its bucket is
  /// repointed), and later members of the bucket's probe run shift back so that every key stays
  /// reachable from its home bucket without tombstones.
  @inlinable func remove(at bucket: Int) {
    if _slowPath(control[bucket] == 0) { _internalError("removing an empty bucket of the item table") }
    let entry = entryIndex(atBucket: bucket)
    let last = count &- 1
    if entry != last {
      // Repoint the bucket of the last entry, which moves into the freed entry slot.
      slots[self.bucket(ofEntry: last)] = UInt32(truncatingIfNeeded: entry)
      (entries + entry).deinitialize(count: 1)
      (entries + entry).moveInitialize(from: entries + last, count: 1)
      if Self.storesHashes { hashes.unsafelyUnwrapped[entry] = hashes.unsafelyUnwrapped[last] }
    } else {
      (entries + entry).deinitialize(count: 1)
    }
    count = last
    control[bucket] = 0
    var hole = bucket
    var probe = next(bucket)
    while control[probe] != 0 {
      let home = home(hash(ofEntry: entryIndex(atBucket: probe)))
      // The key at `probe` may fill the hole unless its home lies cyclically in (hole, probe].
      if distance(from: home, to: probe) >= distance(from: hole, to: probe) {
        control[hole] = control[probe]
        slots[hole] = slots[probe]
        control[probe] = 0
        hole = probe
      }
      probe = next(probe)
    }
  }

  /// A copy with the same buckets and entries.
  @inlinable func copy() -> _ItemTableStorage {
    let copy = _ItemTableStorage(bucketCount: bucketCount, seed: seed)
    copy.control.update(from: control, count: bucketCount)
    UnsafeMutableRawPointer(copy.slots).copyMemory(from: slots, byteCount: bucketCount * 4)
    copy.entries.initialize(from: entries, count: count)
    if let hashes { copy.hashes.unsafelyUnwrapped.update(from: hashes, count: count) }
    copy.count = count
    return copy
  }

  /// A table with `newBucketCount` buckets holding the same keys, moved out of this one when
  /// `moving` (this table is then left empty) and copied otherwise. Entries keep their indexes;
  /// each is placed by ``hash(ofEntry:)`` (a stored hash is not computed again).
  @inlinable func resized(to newBucketCount: Int, moving: Bool) -> _ItemTableStorage {
    let fresh = _ItemTableStorage(bucketCount: newBucketCount, seed: seed)
    if moving {
      fresh.entries.moveInitialize(from: entries, count: count)
    } else {
      fresh.entries.initialize(from: entries, count: count)
    }
    if let hashes { fresh.hashes.unsafelyUnwrapped.update(from: hashes, count: count) }
    let control = fresh.control
    let slots = fresh.slots
    _ = fresh._forEachBatch(count: count, hashing: { fresh.hash(ofEntry: $0) }) { entry, hash in
      let target = fresh.emptyBucket(forHash: hash)
      control[target] = Self.tag(hash)
      slots[target] = UInt32(truncatingIfNeeded: entry)
      return true
    }
    fresh.count = count
    if moving { count = 0 }
    return fresh
  }
}

extension _ItemTableStorage: @unchecked Sendable where Key: Sendable {}

/// Does nothing; an opaque use of a value so the optimizer keeps the loads that produced it.
@inline(never) @usableFromInline func _keepAlive(_ value: UInt8) {}
