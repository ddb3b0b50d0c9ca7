/// The storage slot of each section of a snapshot, by identifier: an open-addressing hash table
/// (linear probing, at most 3/4 full, deletion by backward shift) whose buckets hold the slot,
/// 32 bits of the identifier's hash as taken when it was stored (mixed with the table's seed),
/// and the identifier, side by side, so a lookup reads one bucket where a `Dictionary` reads
/// three places (occupancy, key, value).
///
/// Keys behave as ``_HashPinnedDictionary``'s: a stored identifier is found by an identifier
/// whose hash now gives the stored 32 bits and which is `==` to it; growth and deletion move
/// buckets by their stored bits, so an identifier whose `hash(into:)` or `==` misbehaves
/// (changes while stored, disagrees) makes a lookup miss, never corrupts the table or stops the
/// process inside it. A slot is stored only for an identifier the table does not find.
///
/// Copy-on-write: copies share their storage until one of them changes. O(1) average per
/// lookup, insertion and removal.
@usableFromInline
struct _SectionTable<Section: Hashable> {
  @usableFromInline typealias Storage = _SectionTableStorage<Section>
  @usableFromInline typealias Key = _HashPinnedKey<Section>

  @usableFromInline var _storage: Storage?

  @inlinable init() {}

  /// The number of sections. O(1).
  @inlinable var count: Int { _storage?.count ?? 0 }

  /// The slot of `section`, or nil. O(1) average, one hash.
  @inlinable subscript(section: Section) -> Int? {
    guard let storage = _storage else { return nil }
    let (bucket, found) = storage.find(Key(section))
    return found ? storage.slot(at: bucket) : nil
  }

  /// Stores `slot` for `section` unless the table finds `section`; returns whether it stored
  /// it. O(1) average (amortized over growth), one hash.
  @inlinable
  mutating func insertIfAbsent(_ slot: Int, forKey section: Section) -> Bool {
    let key = Key(section)
    guard _storage != nil else {
      _insertNew(key, slot: slot, at: nil)
      return true
    }
    let (bucket, found) = _storage.unsafelyUnwrapped.find(key)
    if found { return false }
    _insertNew(key, slot: slot, at: bucket)
    return true
  }

  /// Stores `key`, which the table does not find, with `slot`: in the empty `bucket` that
  /// `find` gave when the table has room, otherwise after growing (nil: the table has no
  /// storage).
  @inlinable
  mutating func _insertNew(_ key: Key, slot: Int, at bucket: Int?) {
    // No reference to the storage is held across `_uniqueStorage()`: it would never be unique.
    if let bucket, _storage.unsafelyUnwrapped.count < _storage.unsafelyUnwrapped.maxCount {
      // A copy keeps the bucket layout and the seed: the bucket found is the copy's too.
      _uniqueStorage().insert(key, slot: slot, at: bucket)
      return
    }
    let storage = _grown()
    // Placed by its hash alone: `==` asked again (`find`) could answer otherwise this time, and
    // the key would overwrite a stored one.
    storage.insert(key, slot: slot, at: storage.emptyBucket(forTag: storage.tag(key)))
  }

  /// Removes `section`'s entry; returns its slot, if any. O(1) average, one hash; a table that
  /// does not hold `section` is not copied.
  @inlinable @discardableResult
  mutating func removeValue(forKey section: Section) -> Int? {
    guard _storage != nil else { return nil }
    let (bucket, found) = _storage.unsafelyUnwrapped.find(Key(section))
    guard found else { return nil }
    // A copy keeps the bucket layout: the bucket found is the copy's too.
    return _uniqueStorage().remove(at: bucket)
  }

  /// The storage (which must exist), uniquely referenced: the current one, or a copy of it
  /// (the same buckets).
  @inlinable mutating func _uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&_storage) { _storage = Storage(copying: _storage.unsafelyUnwrapped) }
    return _storage.unsafelyUnwrapped
  }

  /// Storage with twice the buckets (8 when there is none), holding every entry: moved when the
  /// current storage is unique, copied otherwise. O(count).
  @inlinable @inline(never)
  mutating func _grown() -> Storage {
    let unique = isKnownUniquelyReferenced(&_storage)
    let old = _storage
    let fresh = Storage(
      bucketCount: old.map { $0.bucketCount &* 2 } ?? 8,
      seed: old?.seed ?? Int(truncatingIfNeeded: _ItemHash.makeSeed()))
    // Two calls with constant flags: each inlined copy of the loop has no branch per entry.
    if unique {
      old?.transferEntries(into: fresh, moving: true)
    } else {
      old?.transferEntries(into: fresh, moving: false)
    }
    _storage = fresh
    return fresh
  }

  /// Stops unless every entry is reachable from the home bucket of its stored tag and the count
  /// matches the occupied buckets; for `OPENDIFFABLE_INTERNAL_CHECKS` builds. O(buckets).
  func _checkInvariants() {
    guard let storage = _storage else { return }
    storage._checkInvariants()
  }
}

extension _SectionTable: @unchecked Sendable where Section: Sendable {}

/// The buckets of a ``_SectionTable``. Each bucket, `stride` bytes: the slot plus one (0 when
/// the bucket is empty) as a `UInt32` (2^32 sections would take more than 180 GB), then the
/// stored tag as a `UInt32` (the low 32 bits of the identifier's hash mixed with the seed; the
/// home bucket is the tag's low bits), then the identifier (initialized only in an occupied
/// bucket).
///
/// Mutated only through a ``_SectionTable`` that references it uniquely (copy-on-write).
@usableFromInline
final class _SectionTableStorage<Section: Hashable> {
  @usableFromInline typealias Key = _HashPinnedKey<Section>

  /// The first bucket.
  @usableFromInline let base: UnsafeMutableRawPointer
  /// A power of two.
  @usableFromInline let bucketCount: Int
  /// The most entries before the table grows: 3/4 of the buckets.
  @usableFromInline let maxCount: Int
  /// The byte offset of the last bucket: the mask of bucket offsets when `stride` is a power of
  /// two (see ``find(_:)``). Stored, though derivable: computing it cost a lookup two
  /// instructions.
  @usableFromInline let lastOffset: Int
  /// Keys the home buckets (``_HashPinnedKey/_rawHashValue(seed:)``); copies and resized tables
  /// keep it, so a copy keeps the bucket layout.
  @usableFromInline let seed: Int
  /// The number of occupied buckets. Not checked for exclusive access at run time (mutated only
  /// through a uniquely referencing table).
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// Where a bucket's identifier starts.
  @inlinable static var keyOffset: Int {
    let alignment = MemoryLayout<Section>.alignment
    return (2 &* MemoryLayout<UInt32>.stride &+ alignment &- 1) / alignment &* alignment
  }

  /// The alignment of the buckets.
  @inlinable static var alignment: Int {
    Swift.max(MemoryLayout<UInt32>.alignment, MemoryLayout<Section>.alignment)
  }

  /// The bytes from one bucket to the next.
  @inlinable static var stride: Int {
    let end = keyOffset &+ MemoryLayout<Section>.stride
    return (end &+ alignment &- 1) / alignment &* alignment
  }

  /// Memory for `bucketCount` buckets: a large table's allocation where the buckets' alignment
  /// allows it (see ``_allocateLargeTable(of:count:)``).
  @inlinable static func allocate(_ bucketCount: Int) -> UnsafeMutableRawPointer {
    if alignment <= 16 {
      return UnsafeMutableRawPointer(_allocateLargeTable(of: UInt8.self, count: bucketCount &* stride))
    }
    return .allocate(byteCount: bucketCount &* stride, alignment: alignment)
  }

  /// An empty table of `bucketCount` buckets (a power of two).
  @inlinable init(bucketCount: Int, seed: Int) {
    self.bucketCount = bucketCount
    maxCount = bucketCount / 4 &* 3
    lastOffset = (bucketCount &- 1) &* Self.stride
    self.seed = seed
    base = Self.allocate(bucketCount)
    for bucket in 0..<bucketCount { (base + bucket &* Self.stride).storeBytes(of: 0, as: UInt32.self) }
  }

  /// A table with the same buckets as `other`.
  @inlinable init(copying other: _SectionTableStorage) {
    bucketCount = other.bucketCount
    maxCount = other.maxCount
    lastOffset = other.lastOffset
    seed = other.seed
    base = Self.allocate(bucketCount)
    if _isPOD(Section.self) {
      base.copyMemory(from: other.base, byteCount: bucketCount &* Self.stride)
    } else {
      for bucket in 0..<bucketCount {
        let slot = other.slot1(bucket)
        guard slot != 0 else {
          bucketAddress(bucket).storeBytes(of: 0, as: UInt32.self)
          continue
        }
        setEntry(bucket, slot1: slot, tag: other.storedTag(bucket))
        key(bucket).initialize(to: other.key(bucket).pointee)
      }
    }
    count = other.count
  }

  @inlinable deinit {
    if !_isPOD(Section.self) {
      for bucket in 0..<bucketCount where slot1(bucket) != 0 { key(bucket).deinitialize(count: 1) }
    }
    if Self.alignment <= 16 {
      _deallocateLargeTable(base.assumingMemoryBound(to: UInt8.self), count: bucketCount &* Self.stride)
    } else {
      base.deallocate()
    }
  }

  @inlinable @inline(__always) func bucketAddress(_ bucket: Int) -> UnsafeMutableRawPointer {
    base + bucket &* Self.stride
  }

  /// The slot plus one of `bucket`; 0 when it is empty.
  @inlinable @inline(__always) func slot1(_ bucket: Int) -> Int { Int(bucketAddress(bucket).load(as: UInt32.self)) }

  /// The stored tag of the occupied `bucket`.
  @inlinable @inline(__always) func storedTag(_ bucket: Int) -> UInt32 {
    bucketAddress(bucket).load(fromByteOffset: MemoryLayout<UInt32>.stride, as: UInt32.self)
  }

  /// The tag of `key`: the low 32 bits of its hash mixed with the seed. A table has fewer than
  /// 2^32 buckets, so the home bucket is a function of the tag.
  @inlinable @inline(__always) func tag(_ key: Key) -> UInt32 { UInt32(truncatingIfNeeded: mixedHash(key)) }

  /// The hash of `key` mixed with the seed: the tag is its low 32 bits.
  @inlinable @inline(__always) func mixedHash(_ key: Key) -> Int { Key._mixed(key.hash, seed: seed) }

  /// The identifier of `bucket` (initialized only when it is occupied).
  @inlinable @inline(__always) func key(_ bucket: Int) -> UnsafeMutablePointer<Section> {
    (bucketAddress(bucket) + Self.keyOffset).assumingMemoryBound(to: Section.self)
  }

  /// The slot of the occupied `bucket`.
  @inlinable func slot(at bucket: Int) -> Int { slot1(bucket) &- 1 }

  /// The home bucket of a tag.
  @inlinable @inline(__always) func home(_ tag: UInt32) -> Int {
    Int(truncatingIfNeeded: tag) & (bucketCount &- 1)
  }

  /// The bucket holding `key` (found), or the empty bucket where it would go.
  @inlinable func find(_ key: Key) -> (bucket: Int, found: Bool) {
    let mask = bucketCount &- 1
    let mixed = mixedHash(key)
    let tag = UInt32(truncatingIfNeeded: mixed)
    let stride = Self.stride
    if stride & (stride &- 1) == 0 {
      // Buckets of a power-of-two size (16 bytes for integer identifiers): the probe walks byte
      // offsets, which x86-64 cannot scale by 16 in an address.
      let shift = stride.trailingZeroBitCount
      let byteMask = lastOffset
      var offset = (mixed &<< shift) & byteMask
      while true {
        let address = base + offset
        if address.load(as: UInt32.self) == 0 { return (offset &>> shift, false) }
        if address.load(fromByteOffset: MemoryLayout<UInt32>.stride, as: UInt32.self) == tag
          && (address + Self.keyOffset).assumingMemoryBound(to: Section.self).pointee == key.base
        {
          return (offset &>> shift, true)
        }
        offset = (offset &+ stride) & byteMask
      }
    }
    // The home bucket from the whole word: the same as `home(tag)` (the mask has fewer than 32
    // bits).
    var bucket = mixed & mask
    while true {
      if slot1(bucket) == 0 { return (bucket, false) }
      if storedTag(bucket) == tag && self.key(bucket).pointee == key.base { return (bucket, true) }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// Stores `key` with `slot` in the empty `bucket` (where ``find(_:)`` said it would go), the
  /// table having room for it.
  @inlinable func insert(_ key: Key, slot: Int, at bucket: Int) {
    setEntry(bucket, slot1: slot &+ 1, tag: tag(key))
    self.key(bucket).initialize(to: key.base)
    count &+= 1
  }

  /// Removes the entry of the occupied `bucket` and returns its slot; the later members of its
  /// probe run move back by their stored tags.
  @inlinable func remove(at bucket: Int) -> Int {
    let removed = slot(at: bucket)
    key(bucket).deinitialize(count: 1)
    let mask = bucketCount &- 1
    var hole = bucket
    var next = (bucket &+ 1) & mask
    while slot1(next) != 0 {
      let tag = storedTag(next)
      // `next` moves into the hole unless its home lies cyclically in (hole, next].
      if (next &- home(tag)) & mask >= (next &- hole) & mask {
        setEntry(hole, slot1: slot1(next), tag: tag)
        key(hole).moveInitialize(from: key(next), count: 1)
        hole = next
      }
      next = (next &+ 1) & mask
    }
    bucketAddress(hole).storeBytes(of: 0, as: UInt32.self)
    count &-= 1
    return removed
  }

  /// Stores the slot plus one and the tag of `bucket` (its identifier is the caller's to
  /// initialize).
  @inlinable @inline(__always) func setEntry(_ bucket: Int, slot1: Int, tag: UInt32) {
    let address = bucketAddress(bucket)
    address.storeBytes(of: UInt32(truncatingIfNeeded: slot1), as: UInt32.self)
    address.storeBytes(of: tag, toByteOffset: MemoryLayout<UInt32>.stride, as: UInt32.self)
  }

  /// Moves every entry into `fresh` (empty, with room), by stored tag, leaving this table with
  /// none to release (its buckets may still read as occupied when identifiers are trivial); or,
  /// not `moving`, copies them.
  @inlinable @inline(__always) func transferEntries(into fresh: _SectionTableStorage, moving: Bool) {
    for bucket in 0..<bucketCount where slot1(bucket) != 0 {
      let tag = storedTag(bucket)
      let target = fresh.emptyBucket(forTag: tag)
      fresh.setEntry(target, slot1: slot1(bucket), tag: tag)
      if moving {
        fresh.key(target).moveInitialize(from: key(bucket), count: 1)
        // Emptied for `deinit`, which reads the slots only to deinitialize identifiers.
        if !_isPOD(Section.self) { bucketAddress(bucket).storeBytes(of: 0, as: UInt32.self) }
      } else {
        fresh.key(target).initialize(to: key(bucket).pointee)
      }
    }
    fresh.count = count
    if moving { count = 0 }
  }

  /// The first empty bucket of the probe run from `tag`'s home.
  @inlinable func emptyBucket(forTag tag: UInt32) -> Int {
    let mask = bucketCount &- 1
    var bucket = home(tag)
    while slot1(bucket) != 0 { bucket = (bucket &+ 1) & mask }
    return bucket
  }

  /// See ``_SectionTable/_checkInvariants()``.
  func _checkInvariants() {
    precondition(bucketCount & (bucketCount &- 1) == 0 && bucketCount >= 8, "section table size is not a power of two")
    var occupied = 0
    let mask = bucketCount &- 1
    for bucket in 0..<bucketCount where slot1(bucket) != 0 {
      occupied &+= 1
      // Every bucket from the entry's home to it is occupied (linear probing, no tombstones).
      var probe = home(storedTag(bucket))
      while probe != bucket {
        precondition(slot1(probe) != 0, "section table entry in bucket \(bucket) is cut off from its home")
        probe = (probe &+ 1) & mask
      }
    }
    precondition(occupied == count, "section table count disagrees with its buckets")
    precondition(count <= maxCount, "section table is fuller than its load factor")
  }
}

extension _SectionTableStorage: @unchecked Sendable where Section: Sendable {}
