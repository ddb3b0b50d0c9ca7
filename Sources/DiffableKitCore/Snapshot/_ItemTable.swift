/// The snapshot's item index: identifier → (section slot, offset), an open-addressing hash table
/// with linear probing, one control byte per bucket and backward-shift deletion (no tombstones).
///
/// Why not `Dictionary`: building a million-item snapshot is dominated by this table, and two
/// costs of `Dictionary` matter there. Its growth path (`reserveCapacity`, rehashing) runs
/// unspecialized inside the standard library, calling value witnesses per element; and it keeps
/// keys and values in separate arrays, so every probe touches two cache lines. This table is
/// specialized in the client (everything is `@inlinable`), stores each key next to its location,
/// and filters probes through a 7-bit hash tag kept in a dense control array, so inserting a new
/// identifier usually touches one control byte and writes one entry.
///
/// Value semantics with copy-on-write: copies share storage until one of them mutates.
///
/// - Complexity: lookup, insertion and removal O(1) on average (load factor at most 5/8);
///   growth doubles the bucket count, so insertion is O(1) amortized.
@usableFromInline
struct _ItemTable<Key: Hashable> {
  @usableFromInline typealias Value = _ItemTableLocation
  @usableFromInline typealias Storage = _ItemTableStorage<Key>

  /// nil while the table has never held an item, so an empty snapshot allocates nothing.
  @usableFromInline var _storage: Storage?

  @inlinable init() {}

  /// The number of keys. O(1).
  @inlinable var count: Int { _storage?.count ?? 0 }

  @inlinable var isEmpty: Bool { count == 0 }

  /// The value stored for `key`, or nil. O(1) average.
  ///
  /// Setting a value inserts or replaces; setting nil removes.
  @inlinable subscript(key: Key) -> Value? {
    get {
      guard let storage = _storage else { return nil }
      let (bucket, found) = storage.find(key)
      return found ? storage.entries[bucket].value : nil
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Stores `value` for `key`, returning the value it replaces, or nil when `key` was new.
  /// O(1) amortized.
  @inlinable @discardableResult
  mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    let storage = _uniqueStorage(reserving: 1)
    let (bucket, found) = storage.find(key)
    if found {
      let old = storage.entries[bucket].value
      storage.entries[bucket].value = value
      return old
    }
    storage.insertNew(key, value, at: bucket)
    return nil
  }

  /// Rewrites the offset stored for `key`, which must be present. O(1) average.
  @inlinable mutating func setOffset(_ offset: Int, forKey key: Key) {
    let storage = _uniqueStorage(reserving: 0)
    let (bucket, found) = storage.find(key)
    precondition(found, "DiffableKit internal error: item missing from the item table")
    storage.entries[bucket].value.offset = Int32(truncatingIfNeeded: offset)
  }

  /// Stores `(slot, offset)` for `keys[offset]`, for every offset from `start` on; every such
  /// key must be present. O(keys.count - start) average, one probe per key.
  @inlinable mutating func relocate(_ keys: [Key], from start: Int, slot: Int) {
    guard start < keys.count else { return }
    let storage = _uniqueStorage(reserving: 0)
    keys.withUnsafeBufferPointer { buffer in
      let tail = UnsafeBufferPointer(rebasing: buffer[start...])
      _ = storage.forEachBatch(of: tail) { index, key, hash in
        let (bucket, found) = storage.find(key, hash: hash)
        precondition(found, "DiffableKit internal error: item missing from the item table")
        storage.entries[bucket].value = _ItemTableLocation(slot: slot, offset: start &+ index)
        return true
      }
    }
  }

  /// Removes `key`, returning its value, or nil when it was not present. O(1) average.
  @inlinable @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    // Look first, so that removing an absent key never copies shared storage. (No binding of
    // the storage may outlive this check: it would make the storage look shared below.)
    guard _storage?.find(key).found == true else { return nil }
    let storage = _uniqueStorage(reserving: 0)
    let (bucket, _) = storage.find(key)
    let old = storage.entries[bucket].value
    storage.remove(at: bucket)
    return old
  }

  /// Inserts every key of `keys`, which should all be new, with locations `(slot, firstOffset)`,
  /// `(slot, firstOffset + 1)`, … Returns false, leaving the table as it was, when a key is
  /// already present or repeated in `keys`. O(k) average: one probe per key.
  @inlinable mutating func insertAllNew(_ keys: [Key], slot: Int, firstOffset: Int) -> Bool {
    let storage = _uniqueStorage(reserving: keys.count)
    let inserted = keys.withUnsafeBufferPointer { buffer -> Int in
      storage.forEachBatch(of: buffer) { index, key, hash in
        let (bucket, found) = storage.find(key, hash: hash)
        if found { return false }
        storage.initializeBucket(bucket, key, _ItemTableLocation(slot: slot, offset: firstOffset &+ index), hash: hash)
        return true
      }
    }
    // Counted once here: a class property written inside the closure would pay a dynamic
    // exclusivity check per key.
    storage.count &+= inserted
    if inserted == keys.count { return true }
    // Every key claimed so far was new (a repeat of one of them is the key that stopped us).
    for claimed in keys[..<inserted] {
      let (bucket, _) = storage.find(claimed, hash: Storage.hash(claimed))
      storage.remove(at: bucket)
    }
    return false
  }

  /// Makes room for `count + extra` keys without further growth. O(count) when it grows.
  @inlinable mutating func reserveCapacity(_ minimumCount: Int) {
    _ = _uniqueStorage(reserving: Swift.max(0, minimumCount - count))
  }

  /// Storage that this value alone references, with room for `extra` more keys.
  @inlinable mutating func _uniqueStorage(reserving extra: Int) -> Storage {
    let needed = count + extra
    let isUnique = isKnownUniquelyReferenced(&_storage)
    if isUnique, let storage = _storage, needed <= storage.maxCount { return storage }
    var bucketCount = Swift.max(_storage?.bucketCount ?? 0, 16)
    while Storage.maxCount(forBucketCount: bucketCount) < needed { bucketCount &*= 2 }
    let fresh: Storage
    if let old = _storage {
      fresh = bucketCount == old.bucketCount ? old.copy() : old.resized(to: bucketCount, moving: isUnique)
    } else {
      fresh = Storage(bucketCount: bucketCount)
    }
    _storage = fresh
    return fresh
  }
}

extension _ItemTable: Sendable where Key: Sendable {}

/// Where an item lives: its section's storage slot and its offset inside the section.
@usableFromInline
struct _ItemTableLocation: Sendable, Equatable {
  @usableFromInline var slot: Int32
  @usableFromInline var offset: Int32

  @inlinable init(slot: Int, offset: Int) {
    self.slot = Int32(truncatingIfNeeded: slot)
    self.offset = Int32(truncatingIfNeeded: offset)
  }
}

/// One occupied bucket: a key next to its value, so a probe that matches reads one cache line.
@usableFromInline
struct _ItemTableEntry<Key> {
  @usableFromInline var key: Key
  @usableFromInline var value: _ItemTableLocation

  @inlinable init(key: Key, value: _ItemTableLocation) {
    self.key = key
    self.value = value
  }
}

/// The buckets of an ``_ItemTable``. Control byte 0 marks an empty bucket; an occupied one holds
/// `0x80` plus the top 7 bits of the key's hash. Entries are initialized exactly where the
/// control byte is non-zero.
@usableFromInline
final class _ItemTableStorage<Key: Hashable> {
  @usableFromInline let bucketCount: Int
  @usableFromInline let maxCount: Int
  @usableFromInline var count: Int = 0
  @usableFromInline let control: UnsafeMutablePointer<UInt8>
  @usableFromInline let entries: UnsafeMutablePointer<_ItemTableEntry<Key>>

  /// Load factor at most 5/8 keeps linear probes short.
  @inlinable static func maxCount(forBucketCount bucketCount: Int) -> Int { bucketCount / 8 * 5 }

  /// An empty table; `bucketCount` is a power of two.
  @inlinable init(bucketCount: Int) {
    self.bucketCount = bucketCount
    self.maxCount = Self.maxCount(forBucketCount: bucketCount)
    control = .allocate(capacity: bucketCount)
    control.initialize(repeating: 0, count: bucketCount)
    entries = _allocateLargeTable(of: _ItemTableEntry<Key>.self, count: bucketCount)
  }

  @inlinable deinit {
    if !_isPOD(Key.self) {
      for bucket in 0..<bucketCount where control[bucket] != 0 { (entries + bucket).deinitialize(count: 1) }
    }
    control.deallocate()
    _deallocateLargeTable(entries, count: bucketCount)
  }

  @inlinable var mask: Int { bucketCount &- 1 }

  /// The key's hash. Every table uses the process-wide seeded hash (seed 0), so a copy can keep
  /// the bucket layout; tables only grow (by doubling), so reinsertion in bucket order never
  /// builds the clusters that per-table seeds guard against in `Dictionary`.
  @inlinable static func hash(_ key: Key) -> Int { key._rawHashValue(seed: 0) }

  @inlinable static func tag(_ hash: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: UInt(bitPattern: hash) &>> 57) | 0x80
  }

  /// The bucket holding `key` (found) or the empty bucket where it would go (not found).
  @inlinable func find(_ key: Key) -> (bucket: Int, found: Bool) {
    find(key, hash: Self.hash(key))
  }

  /// `find(_:)` with the key's hash already computed.
  @inlinable func find(_ key: Key, hash: Int) -> (bucket: Int, found: Bool) {
    let tag = Self.tag(hash)
    let mask = mask
    var bucket = hash & mask
    while true {
      let byte = control[bucket]
      if byte == 0 { return (bucket, false) }
      if byte == tag && entries[bucket].key == key { return (bucket, true) }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// Calls `body(index, key, hash)` for each key in order, until it returns false; returns the
  /// index where it stopped (`keys.count` when it never did).
  ///
  /// Keys are hashed in batches of 32 and each batch's control bytes are read before `body`
  /// runs: independent loads that the processor overlaps, where probing one key at a time
  /// would wait for one cache miss after another. (About 15% off building a large snapshot.)
  @inlinable @inline(__always) func forEachBatch(
    of keys: UnsafeBufferPointer<Key>, _ body: (Int, Key, Int) -> Bool
  ) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { hashes -> Int in
      let mask = mask
      var start = 0
      while start < keys.count {
        let end = Swift.min(start &+ 32, keys.count)
        var touched: UInt8 = 0
        for index in start..<end {
          let hash = Self.hash(keys[index])
          hashes[index &- start] = hash
          touched |= control[hash & mask]
        }
        if touched == 0x7F { _keepAlive(touched) }  // never true: keeps the loads
        for index in start..<end where !body(index, keys[index], hashes[index &- start]) {
          return index
        }
        start = end
      }
      return keys.count
    }
  }

  /// Puts a key known to be absent into the empty bucket `bucket` that `find` returned.
  @inlinable func insertNew(_ key: Key, _ value: _ItemTableLocation, at bucket: Int) {
    insertNew(key, value, at: bucket, hash: Self.hash(key))
  }

  /// `insertNew(_:_:at:)` with the key's hash already computed.
  @inlinable func insertNew(_ key: Key, _ value: _ItemTableLocation, at bucket: Int, hash: Int) {
    initializeBucket(bucket, key, value, hash: hash)
    count &+= 1
  }

  /// Fills the empty bucket `bucket` without counting the key; the caller adds to `count`.
  @inlinable func initializeBucket(_ bucket: Int, _ key: Key, _ value: _ItemTableLocation, hash: Int) {
    control[bucket] = Self.tag(hash)
    (entries + bucket).initialize(to: _ItemTableEntry(key: key, value: value))
  }

  /// Removes the entry at `bucket`, shifting later members of its probe run back so that every
  /// key stays reachable from its home bucket without tombstones.
  @inlinable func remove(at bucket: Int) {
    (entries + bucket).deinitialize(count: 1)
    control[bucket] = 0
    count &-= 1
    let mask = mask
    var hole = bucket
    var next = (bucket &+ 1) & mask
    while control[next] != 0 {
      let home = Self.hash(entries[next].key) & mask
      // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
      let distanceToHome = (next &- home) & mask
      let distanceToHole = (next &- hole) & mask
      if distanceToHome >= distanceToHole {
        (entries + hole).moveInitialize(from: entries + next, count: 1)
        control[hole] = control[next]
        control[next] = 0
        hole = next
      }
      next = (next &+ 1) & mask
    }
  }

  /// A copy with the same buckets.
  @inlinable func copy() -> _ItemTableStorage {
    let copy = _ItemTableStorage(bucketCount: bucketCount)
    copy.control.update(from: control, count: bucketCount)
    for bucket in 0..<bucketCount where control[bucket] != 0 {
      (copy.entries + bucket).initialize(to: entries[bucket])
    }
    copy.count = count
    return copy
  }

  /// A table with `newBucketCount` buckets holding the same keys, moved out of this one when
  /// `moving` (this table is then left empty) and copied otherwise.
  @inlinable func resized(to newBucketCount: Int, moving: Bool) -> _ItemTableStorage {
    let fresh = _ItemTableStorage(bucketCount: newBucketCount)
    let mask = fresh.mask
    for bucket in 0..<bucketCount where control[bucket] != 0 {
      let hash = Self.hash(entries[bucket].key)
      var target = hash & mask
      while fresh.control[target] != 0 { target = (target &+ 1) & mask }
      fresh.control[target] = control[bucket]
      if moving {
        (fresh.entries + target).moveInitialize(from: entries + bucket, count: 1)
      } else {
        (fresh.entries + target).initialize(to: entries[bucket])
      }
    }
    fresh.count = count
    if moving {
      control.update(repeating: 0, count: bucketCount)
      count = 0
    }
    return fresh
  }
}

extension _ItemTableStorage: @unchecked Sendable where Key: Sendable {}

/// Does nothing; an opaque use of a value so the optimizer keeps the loads that produced it.
@inline(never) @usableFromInline func _keepAlive(_ value: UInt8) {}
