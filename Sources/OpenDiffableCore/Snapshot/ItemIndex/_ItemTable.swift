/// The snapshot's item index: identifier → (section slot, offset). An open-addressing hash
/// table with linear probing and backward-shift deletion (no tombstones) whose buckets hold only
/// a location packed in one word (``_ItemTableLayout``); the key is read from the snapshot's
/// sections, where it already is, so every member that reads keys takes the sections as
/// `keys: (slot, offset) -> Key`. Why it is built this way: `ItemIndex/README.md`.
///
/// The rule that comes with keys read from the sections: whenever a member reads keys (lookups,
/// insertion, removal and growth), every entry's location must hold its key in `keys`. So the
/// snapshot changes a section's array first and the table after, through members that find
/// entries by position and read no key (``relocate(_:from:slot:shiftedBy:)``,
/// ``moveEntries(ofSlot:sectionSize:count:key:old:new:sweep:_:)``), removes an item's entry
/// before its array changes, and inserts entries for items already in their array.
/// `OPENDIFFABLE_INTERNAL_CHECKS` builds check every entry against `keys` after each bulk member.
///
/// Value semantics with copy-on-write: a copy is a copy of the words, with no reference counting.
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
  /// Wrapping arithmetic modulo 2^(the layout's offset bits): only the sums are meaningful (see
  /// ``_offset(stored:)``). Empty until a bias is set, and after a layout change.
  @usableFromInline var _biases: [Int32]

  /// An empty table. (The properties are set here, not by initial values, whose expressions
  /// are called out of line from inlinable code.)
  @inlinable init() {
    _storage = nil
    _biases = []
  }

  /// The number of keys. O(1).
  @inlinable var count: Int { _storage?.count ?? 0 }

  /// How many keys the table holds without growing. O(1).
  @inlinable var capacity: Int { _storage?.maxCount ?? 0 }

  /// The capacity a table built in one pass gets for `count` keys (by the deferred index or by
  /// ``rebuild(from:)``): 1/32 more, so that indexes derived from it by copying
  /// (`_DeferredItemIndex.resolve(_:derivingIndexFrom:)`) can take items added by
  /// later rebuilds without rehashing. O(1).
  @inlinable static func capacityWithRoom(for count: Int) -> Int { count + count / 32 }

  /// The location of `key`, or nil; `keys(slot, offset)` is the key at a location (the
  /// sections). O(1) average.
  @inlinable @inline(__always) func location(of key: Key, keys: (Int, Int) -> Key) -> Value? {
    guard let storage = _storage else { return nil }
    let hash = storage.hash(key)
    if _biases.isEmpty {
      // No section has a bias (the common case): stored offsets are the offsets.
      return storage.buckets.location(of: key, hash: hash) { keys(Int($0.slot), Int($0.offset)) }
    }
    return storage.buckets.location(of: key, hash: hash) { keys(Int($0.slot), _offset(stored: $0)) }
      .map { _location(stored: $0) }
  }

  /// The bias of `slot` (see `_biases`). O(1).
  @inlinable @inline(__always) func _bias(ofSlot slot: Int) -> Int32 {
    slot < _biases.count ? _biases[slot] : 0
  }

  /// The bits of a stored offset (``_ItemTableLayout``): offsets and biases add modulo 2^bits.
  @inlinable @inline(__always) var _offsetMask: UInt32 {
    UInt32(truncatingIfNeeded: _storage?.layout.offsetMask ?? 0xFFFF_FFFF)
  }

  /// `offset` plus `bias`, modulo 2^bits (``_offsetMask``).
  @inlinable @inline(__always)
  static func _add(_ offset: Int32, _ bias: Int32, mask: UInt32) -> Int32 {
    Int32(bitPattern: UInt32(bitPattern: offset &+ bias) & mask)
  }

  /// The offset in its section of the entry stored as `stored`. O(1).
  @inlinable @inline(__always) func _offset(stored: Value) -> Int {
    Int(Self._add(stored.offset, _bias(ofSlot: Int(stored.slot)), mask: _offsetMask))
  }

  /// The location an entry's stored value stands for. O(1).
  @inlinable @inline(__always) func _location(stored: Value) -> Value {
    guard !_biases.isEmpty else { return stored }
    var location = stored
    location.offset = Self._add(stored.offset, _bias(ofSlot: Int(stored.slot)), mask: _offsetMask)
    return location
  }

  /// What an entry stores for `location`. O(1).
  @inlinable func _stored(_ location: Value) -> Value {
    guard !_biases.isEmpty else { return location }
    var stored = location
    stored.offset = Self._add(location.offset, 0 &- _bias(ofSlot: Int(location.slot)), mask: _offsetMask)
    return stored
  }

  /// Changes the table's layout, before an operation stores locations in `slot` of a section
  /// of `size` items, if the layout cannot hold them (``_ItemTableLayout``). Reads no key.
  /// O(1) when it holds them; O(buckets) otherwise (which happens O(log n) times as a table
  /// grows to n items, and once at most when it turns wide). A table that has no storage yet
  /// gets one with room for `extra` keys, so that the insertion that follows does not allocate
  /// again.
  @inlinable @inline(__always) mutating func _makeRoom(
    forSlot slot: Int, sectionSize size: Int, reserving extra: Int = 0
  ) {
    guard let storage = _storage else {
      _storage = Storage(
        bucketCount: Storage.bucketCount(forCount: extra), seed: _ItemHash.makeSeed(),
        layout: .fitting(sectionSize: size, slot: slot))
      return
    }
    let layout = storage.layout
    if layout.isNarrow && (slot >= layout.slotLimit || size > layout.sizeLimit) {
      _relayout(forSlot: slot, sectionSize: size)
    }
  }

  /// The layout change of ``_makeRoom(forSlot:sectionSize:)``: a table of the same buckets
  /// whose words hold every entry's location (its offset with the bias added: the new table has
  /// no biases) in a layout that also holds every slot and offset already stored.
  @inlinable @inline(never) mutating func _relayout(forSlot slot: Int, sectionSize size: Int) {
    let storage = _storage.unsafelyUnwrapped
    if storage.count == 0 {
      _storage = Storage(
        bucketCount: storage.bucketCount, seed: storage.seed, layout: .fitting(sectionSize: size, slot: slot))
      _biases = []
      return
    }
    let buckets = storage.buckets
    var largestSlot = slot
    var largestSize = size
    for bucket in 0..<buckets.bucketCount where buckets[bucket] != 0 {
      let stored = buckets.location(buckets[bucket])
      largestSlot = Swift.max(largestSlot, Int(stored.slot))
      largestSize = Swift.max(largestSize, _offset(stored: stored) &+ 1)
    }
    let layout = _ItemTableLayout.fitting(sectionSize: largestSize, slot: largestSlot)
    let fresh = Storage(bucketCount: buckets.bucketCount, seed: storage.seed, layout: layout)
    let target = fresh.buckets
    for bucket in 0..<buckets.bucketCount where buckets[bucket] != 0 {
      let word = buckets[bucket]
      let stored = buckets.location(word)
      target[bucket] = target.word(
        tag: UInt8(truncatingIfNeeded: buckets.tag(ofWord: word)), slot: Int(stored.slot),
        stored: _offset(stored: stored))
      if Storage.storesHashes { fresh.hashes.unsafelyUnwrapped[bucket] = storage.hashes.unsafelyUnwrapped[bucket] }
    }
    fresh.count = storage.count
    _storage = fresh
    _biases = []
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
  /// taker does not have), or after `deleteSections` dropped the last slot, so that biases exist
  /// only for slots that exist. O(1) amortized.
  @inlinable mutating func dropBiases(fromSlot slotCount: Int) {
    if _biases.count > slotCount { _biases.removeLast(_biases.count - slotCount) }
  }

  /// Moves entries of `slot` to new offsets, the `index`-th (in `0..<count`) from `old(index)` to
  /// `new(index)`, `key(index)` being its key; or, when that is cheaper — the entries are
  /// more than an eighth of the table — moves every entry of `slot` whose offset is in
  /// `sweep.range` to `sweep.new(offset)` in one linear pass over the buckets, hashing nothing.
  /// The caller describes the same moves both ways; the moved entries must be all of the slot's
  /// entries with offsets in `sweep.range`, and the entries are visited in `index` order when found
  /// by key: in the direction they move (see ``_relocate(_:from:slot:descending:oldOffset:)``).
  /// Reads no key from the sections: `key(index)` is only hashed. `sectionSize` is the most
  /// items the section has before or after the change (with the bias change that follows, if
  /// any): the layout makes room for it first (``_makeRoom(forSlot:sectionSize:)``).
  ///
  /// Returns the index of a key whose entry is not where it was (its hash changed while it was
  /// stored; found by key only), or nil; the caller then repairs the table with
  /// ``rebuild(from:)``. O(count) average by key; O(buckets) by sweep.
  @inlinable mutating func moveEntries(
    ofSlot slot: Int, sectionSize: Int, count: Int, key: (Int) -> Key, old: (Int) -> Int, new: (Int) -> Int,
    sweep range: Range<Int>, _ sweepNew: (Int) -> Int
  ) -> Int? {
    // Room first, even for no entries: the bias change that may follow moves the others.
    _makeRoom(forSlot: slot, sectionSize: sectionSize)
    guard count > 0 else { return nil }
    if count > self.count / 8 {
      _sweep(slot: slot, range: range, sweepNew)
      return nil
    }
    return _relocateEach(count: count, slot: slot, key: key, old: old, new: new)
  }

  /// The sweep of ``moveEntries(ofSlot:sectionSize:count:key:old:new:sweep:_:)``. O(buckets).
  @inlinable mutating func _sweep(slot: Int, range: Range<Int>, _ newOffset: (Int) -> Int) {
    let buckets = _uniqueStorage().buckets
    let slotBits = buckets.word(tag: 0, slot: slot, stored: 0)
    let offsetMask = buckets.layout.offsetMask
    let slotMask = buckets.untagged(~0) & ~offsetMask
    let bias = UInt64(UInt32(bitPattern: _bias(ofSlot: slot)))
    let lower = UInt64(range.lowerBound)
    let width = UInt64(range.count)
    // Written once, inlined once per word size (as in `insertAllNew`).
    @inline(__always) func sweepEach(_ buckets: _ItemTableWords) {
      for bucket in 0..<buckets.bucketCount {
        let word = buckets[bucket]
        // Occupied, in `slot` (the tag's high bit is set in every occupied bucket).
        guard word & slotMask == slotBits && word != 0 else { continue }
        let offset = (word &+ bias) & offsetMask
        // One unsigned comparison: `offset` in `range`.
        guard offset &- lower < width else { continue }
        let stored = UInt64(UInt(bitPattern: newOffset(Int(offset)))) &- bias
        buckets[bucket] = word & ~offsetMask | stored & offsetMask
      }
    }
    if buckets.layout.isNarrow { sweepEach(buckets) } else { sweepEach(buckets) }
  }

  /// Stores `(slot, offset)` for `keys[offset]`, for every offset from `start` on, where the
  /// keys moved to lower offsets (items before them were removed): each key's entry is found where
  /// it was, at `(slot, oldOffset(offset))`, with `oldOffset(offset) >= offset`. Calls
  /// `oldOffset` once per key, in ascending order. O(keys.count - start) average, one probe per
  /// key. Reads no key from the sections (the entries are found by position, see
  /// ``_relocate(_:from:slot:descending:oldOffset:)``).
  ///
  /// Returns the index of a key whose entry is not where it was (its hash changed while it was
  /// stored), or nil when every key was relocated; the caller then repairs the table with
  /// ``rebuild(from:)``.
  @inlinable mutating func relocate(
    _ keys: [Key], compactedFrom start: Int, slot: Int, oldOffset: (Int) -> Int
  ) -> Int? {
    _relocate(keys, from: start, slot: slot, descending: false, oldOffset: oldOffset)
  }

  /// Stores `(slot, offset)` for `keys[offset]`, for every offset from `start` on, where every
  /// key moved by `shift` (positive: items were inserted before them): each key's entry is
  /// found where it was, at `(slot, offset - shift)`. The table must hold no entry for the
  /// items inserted (the snapshot inserts their entries after this). O(keys.count - start)
  /// average, one probe per key.
  ///
  /// Returns the index of a key whose entry is not where it was, or nil when every key was
  /// relocated; the caller then repairs the table with ``rebuild(from:)``.
  @inlinable mutating func relocate(_ keys: [Key], from start: Int, slot: Int, shiftedBy shift: Int) -> Int? {
    _relocate(keys, from: start, slot: slot, descending: shift > 0) { $0 - shift }
  }

  /// The relocation behind both `relocate` members.
  ///
  /// Each key's entry is found by position: on the probe run of the key's hash, the entry whose
  /// stored word is the key's tag and old location. Every location holds one item, so that is
  /// exactly the key's own entry if no other entry holds the same location, and keys are visited
  /// in the direction they move — ascending when they move to lower offsets, descending when
  /// they move to higher ones: a key already visited holds its new location, which is never the
  /// old location of a key not yet visited, and keys not yet visited hold distinct old
  /// locations. (Visited the other way, a key not equal to itself could take the entry of the key
  /// before it.) A key whose hash changed while stored is not found: the caller repairs the table.
  @inlinable mutating func _relocate(
    _ keys: [Key], from start: Int, slot: Int, descending: Bool, oldOffset: (Int) -> Int
  ) -> Int? {
    guard start < keys.count else { return nil }
    _makeRoom(forSlot: slot, sectionSize: keys.count)
    let count = keys.count &- start
    // The `index`-th key visited is at offset `first + index * step`.
    let first = descending ? keys.count &- 1 : start
    let step = descending ? -1 : 1
    let stopped = keys.withUnsafeBufferPointer { buffer in
      _relocateEach(
        count: count, slot: slot, key: { buffer[first &+ $0 &* step] },
        old: { oldOffset(first &+ $0 &* step) }, new: { first &+ $0 &* step })
    }
    return stopped.map { first &+ $0 &* step }
  }

  /// Moves the entry of `key(index)` in `slot` from offset `old(index)` to `new(index)`, for
  /// every index in `0..<count`, in that order, each found by position (see
  /// ``_relocate(_:from:slot:descending:oldOffset:)``). Returns the first index whose entry was
  /// not found, or nil.
  @inlinable mutating func _relocateEach(
    count: Int, slot: Int, key: (Int) -> Key, old: (Int) -> Int, new: (Int) -> Int
  ) -> Int? {
    guard count > 0 else { return nil }
    let storage = _uniqueStorage()
    let bias = Int(_bias(ofSlot: slot))
    let buckets = storage.buckets
    let slotBits = buckets.slotBits(slot)
    @inline(__always) func move(_ index: Int, hash: Int) -> Bool {
      let tag = Storage.tag(hash)
      let (bucket, found) = buckets.find(
        hash: hash, word: buckets.word(tag: tag, slotBits: slotBits, stored: old(index) &- bias))
      guard found else { return false }
      buckets[bucket] = buckets.word(tag: tag, slotBits: slotBits, stored: new(index) &- bias)
      storage.refreshStoredHash(hash, at: bucket)
      return true
    }
    // One entry (an item inserted or removed next to the end or the start of its section): no
    // batch to set up.
    if count == 1 { return move(0, hash: storage.hash(key(0))) ? nil : 0 }
    let stopped = storage._forEachBatch(count: count, hashing: { storage.hash(key($0)) }, move)
    return stopped < count ? stopped : nil
  }

  /// Re-indexes `slot` after one item of its section moved from offset `source` to offset
  /// `destination` and the items between moved one step toward `source` (a rotation of the
  /// section's array, which has already happened: `key(offset)` reads the section as it is
  /// now). The moved item's entry is found by position first; the entries between are moved as
  /// by ``moveEntries(ofSlot:sectionSize:count:key:old:new:sweep:_:)`` — by sweep, hashing
  /// nothing, only when `sweeps` allows it —, none of them ever looking for the moved item's old
  /// location; the moved item's entry, whose bucket did not change, takes its new location last,
  /// once no entry between holds it any more. Compares no key: `key(offset)` is only hashed.
  ///
  /// Returns the offset (in the section as it is now) of an item whose entry is not where it
  /// was (its hash changed while it was stored), or nil; the caller then repairs the table with
  /// ``rebuild(from:)``. O(|destination - source|) average; O(buckets) by sweep.
  @inlinable mutating func rotateEntries(
    ofSlot slot: Int, sectionSize: Int, from source: Int, to destination: Int, sweeps: Bool, key: (Int) -> Key
  ) -> Int? {
    guard source != destination else { return nil }
    // The moved item's bucket. (In a function of its own: a binding of the storage alive across
    // the uniqueness check of the moves below would make it look shared, and copy it.)
    @inline(__always) func movedEntry() -> (bucket: Int, tag: UInt8)? {
      let storage = _uniqueStorage()
      let hash = storage.hash(key(destination))
      let tag = Storage.tag(hash)
      let (bucket, found) = storage.buckets.find(
        hash: hash, word: storage.buckets.word(tag: tag, slot: slot, stored: source &- Int(_bias(ofSlot: slot))))
      guard found else { return nil }
      storage.refreshStoredHash(hash, at: bucket)
      return (bucket, tag)
    }
    guard let (movedBucket, tag) = movedEntry() else { return destination }
    // The items between move by `shift`, visited in the direction they move, `first` the old
    // offset of the first one visited.
    let up = destination < source
    let shift = up ? 1 : -1
    let count = up ? source &- destination : destination &- source
    let first = source &- shift
    func old(_ index: Int) -> Int { first &- shift &* index }
    let range = up ? destination..<source : source &+ 1..<destination &+ 1
    let lost: Int?
    if sweeps {
      lost = moveEntries(
        ofSlot: slot, sectionSize: sectionSize, count: count, key: { key(old($0) &+ shift) }, old: old,
        new: { old($0) &+ shift }, sweep: range
      ) { $0 &+ shift }
    } else {
      lost = _relocateEach(
        count: count, slot: slot, key: { key(old($0) &+ shift) }, old: old, new: { old($0) &+ shift })
    }
    if let lost { return old(lost) &+ shift }
    // Moving entries changes no bucket (a layout change keeps the buckets too); the bias and
    // the words are read again.
    let buckets = _storage.unsafelyUnwrapped.buckets
    buckets[movedBucket] = buckets.word(tag: tag, slot: slot, stored: destination &- Int(_bias(ofSlot: slot)))
    return nil
  }

  /// Removes the entry of `key` stored at `location` (found by position, as in
  /// ``_relocate(_:from:slot:descending:oldOffset:)``); returns whether there was
  /// one. Reads keys from `keys` (the entries a removal shifts, for keys hashed from their bits),
  /// which must still hold every entry's key, this one's included. O(1) average.
  ///
  /// False means the key's hash changed while it was stored, and nothing was removed: a key
  /// that merely compares equal is never removed in its place.
  @inlinable mutating func removeValue(forKey key: Key, at location: Value, keys: (Int, Int) -> Key) -> Bool {
    guard let hash = _storage?.hash(key) else { return false }
    let stored = _stored(location)
    let target = _storage.unsafelyUnwrapped.buckets.word(
      tag: Storage.tag(hash), slot: Int(stored.slot), stored: Int(stored.offset))
    if !isKnownUniquelyReferenced(&_storage) {
      guard let shared = _storage else { return false }
      guard shared.buckets.find(hash: hash, word: target).found else { return false }
    }
    let storage = _uniqueStorage()
    let (bucket, found) = storage.buckets.find(hash: hash, word: target)
    guard found else { return false }
    storage.remove(at: bucket) { keys(Int($0.slot), _offset(stored: $0)) }
    return true
  }

  /// Replaces the whole table with the keys of `sections`, each `(slot, keys)` pair giving the
  /// keys of one section slot in order, hashed anew.
  ///
  /// The repair path after a key could not be found where the snapshot holds it, and how a
  /// deferred index whose keys are known to be unique is built: the sections are the source of
  /// truth, and every key is placed by its current hash. Keys are stored
  /// without looking for equal ones (no key is read but the one placed), so the table holds
  /// exactly one entry per position even when keys break `Hashable`'s contract. O(n).
  @inlinable mutating func rebuild(from sections: [(slot: Int, keys: [Key])]) {
    let total = sections.reduce(0) { $0 + $1.keys.count }
    let largest = Self._largest(sections)
    let fresh = Storage(
      bucketCount: Storage.bucketCount(forCount: Self.capacityWithRoom(for: total)),
      seed: _storage?.seed ?? _ItemHash.makeSeed(),
      layout: .fitting(sectionSize: largest.size, slot: largest.slot))
    // Written once, inlined once per word size (as in `insertAllNew`).
    @inline(__always) func placeEach(_ keys: UnsafeBufferPointer<Key>, slot: Int, _ buckets: _ItemTableWords) {
      let slotBits = buckets.slotBits(slot)
      _ = fresh._forEachBatch(count: keys.count, of: buckets, hashing: { fresh.hash(keys[$0]) }) { offset, hash in
        fresh.initialize(
          bucket: buckets.emptyBucket(forHash: hash), of: buckets, tag: Storage.tag(hash), slotBits: slotBits,
          stored: offset, hash: hash)
        return true
      }
    }
    let buckets = fresh.buckets
    for (slot, keys) in sections {
      keys.withUnsafeBufferPointer { keys in
        if buckets.layout.isNarrow {
          placeEach(keys, slot: slot, buckets)
        } else {
          placeEach(keys, slot: slot, buckets)
        }
      }
      fresh.count += keys.count
    }
    _storage = fresh
    _biases = []
  }

  /// The largest slot and the largest section of `sections`: what the layout of a table built
  /// from them must hold (``_ItemTableLayout/fitting(sectionSize:slot:)``). O(sections).
  @inlinable static func _largest(_ sections: [(slot: Int, keys: [Key])]) -> (slot: Int, size: Int) {
    sections.reduce((slot: 0, size: 0)) { (Swift.max($0.slot, $1.slot), Swift.max($0.size, $1.keys.count)) }
  }

  /// Inserts every key of `keys`, which should all be new, with locations `(slot, firstOffset)`,
  /// `(slot, firstOffset + 1)`, … Returns false, leaving the table as it was, when a key is
  /// already present or repeated in `keys`. `sections(slot, offset)` must already hold every
  /// entry's key and the new keys at their locations: equal keys are found by reading them
  /// there. O(k) average: one probe per key.
  @inlinable mutating func insertAllNew(
    _ keys: [Key], slot: Int, firstOffset: Int, keys sections: (Int, Int) -> Key
  ) -> Bool {
    insertAllNew(keys[...], slot: slot, firstOffset: firstOffset, keys: sections)
  }

  /// ``insertAllNew(_:slot:firstOffset:keys:)`` for part of an array, without copying it.
  @inlinable mutating func insertAllNew(
    _ keys: ArraySlice<Key>, slot: Int, firstOffset: Int, keys sections: (Int, Int) -> Key
  ) -> Bool {
    defer { _checkInvariantsIfEnabled(keys: sections) }
    _makeRoom(forSlot: slot, sectionSize: firstOffset &+ keys.count, reserving: keys.count)
    let storage = _uniqueStorage(reserving: keys.count, keys: sections)
    let firstStored = firstOffset &- Int(_bias(ofSlot: slot))
    // Read once: a class property accessed inside the closure would pay a dynamic exclusivity
    // check per key.
    let base = storage.count
    let buckets = storage.buckets
    let slotBits = buckets.slotBits(slot)
    // The loop, written once and inlined twice below: in each copy the word size is known.
    @inline(__always) func insertEach(_ buckets: _ItemTableWords) -> Int {
      keys.withUnsafeBufferPointer { buffer -> Int in
        storage._forEachBatch(count: buffer.count, of: buckets, hashing: { storage.hash(buffer[$0]) }) { index, hash in
          let (bucket, found) = buckets.find(buffer[index], hash: hash) {
            sections(Int($0.slot), _offset(stored: $0))
          }
          if found { return false }
          storage.initialize(
            bucket: bucket, of: buckets, tag: Storage.tag(hash), slotBits: slotBits, stored: firstStored &+ index,
            hash: hash)
          return true
        }
      }
    }
    let inserted = buckets.layout.isNarrow ? insertEach(buckets) : insertEach(buckets)
    storage.count = base &+ inserted
    if inserted == keys.count { return true }
    // Roll back by position, the newest first (a key is never hashed again where its hash is
    // stored, and one whose hash changed is found by a full scan).
    for index in (0..<inserted).reversed() {
      let stored = firstStored &+ index
      let key = keys[keys.startIndex &+ index]
      let bucket = storage.bucket(ofSlot: slot, stored: stored, likelyHash: storage.hash(key))
      storage.remove(at: bucket) { sections(Int($0.slot), _offset(stored: $0)) }
    }
    return false
  }

  /// How many entries other than the one at `location` hold a key equal to `key`. Reads keys
  /// from `keys`. O(1) average (the probe run of the key's hash).
  @inlinable func countOthers(equalTo key: Key, besides location: Value, keys: (Int, Int) -> Key) -> Int {
    guard let storage = _storage else { return 0 }
    let hash = storage.hash(key)
    let tag = UInt64(Storage.tag(hash))
    let own = _stored(location)
    let buckets = storage.buckets
    var bucket = buckets.home(hash)
    var others = 0
    while true {
      let word = buckets[bucket]
      if word == 0 { return others }
      if buckets.tag(ofWord: word) == tag {
        let stored = buckets.location(word)
        if stored != own && keys(Int(stored.slot), _offset(stored: stored)) == key { others += 1 }
      }
      bucket = buckets.next(bucket)
    }
  }

  /// Calls `body(index, value)` with the value stored for each of `keys` (nil when absent), in
  /// order, looking them up in batches whose cache misses overlap; `sections(slot, offset)` is
  /// the key at a location. O(k) average.
  @inlinable @inline(__always) func forEachLookup(
    of keys: UnsafeBufferPointer<Key>, keys sections: (Int, Int) -> Key, _ body: (Int, Value?) -> Void
  ) {
    guard let storage = _storage else {
      for index in keys.indices { body(index, nil) }
      return
    }
    let buckets = storage.buckets
    if _biases.isEmpty {
      // Written once, inlined once per word size (as in `insertAllNew`).
      @inline(__always) func lookUpEach(_ buckets: _ItemTableWords) {
        _ = storage._forEachBatch(count: keys.count, of: buckets, hashing: { storage.hash(keys[$0]) }) { index, hash in
          // The fields of a stored location are never negative (slots below 2^24, offsets below
          // 2^31): converted through `UInt32`, the reader's bounds checks need no lower bound.
          body(
            index,
            buckets.location(of: keys[index], hash: hash) {
              sections(Int(UInt32(bitPattern: $0.slot)), Int(UInt32(bitPattern: $0.offset)))
            })
          return true
        }
      }
      if buckets.layout.isNarrow { lookUpEach(buckets) } else { lookUpEach(buckets) }
      return
    }
    let mask = _offsetMask
    _biases.withUnsafeBufferPointer { biases in
      func offset(_ stored: Value) -> Int {
        Int(Self._add(stored.offset, Int(stored.slot) < biases.count ? biases[Int(stored.slot)] : 0, mask: mask))
      }
      _ = storage.forEachBatch(of: keys) { index, key, hash in
        let (bucket, found) = buckets.find(key, hash: hash) { sections(Int($0.slot), offset($0)) }
        guard found else {
          body(index, nil)
          return true
        }
        var location = buckets.location(buckets[bucket])
        location.offset = Int32(truncatingIfNeeded: offset(location))
        body(index, location)
        return true
      }
    }
  }

  /// Makes room for `capacity` keys in all, so that inserting up to that many never grows the
  /// table. Growing reads every key hashed from its bits from `keys`. O(n) when it grows.
  @inlinable mutating func reserveCapacity(_ capacity: Int, keys: (Int, Int) -> Key) {
    if capacity > count { _ = _uniqueStorage(reserving: capacity - count, keys: keys) }
  }

  /// Makes the storage this value's own (a copy of the words when shared; an empty table when
  /// there is none). Returns whether it was shared: this value belongs to a copy of a snapshot
  /// changed for the first time since it was copied. O(1) when it is, O(buckets) otherwise.
  @inlinable @inline(__always) @discardableResult mutating func makeUnique() -> Bool {
    if isKnownUniquelyReferenced(&_storage) { return false }
    let wasShared = _storage != nil
    _ = _uniqueStorage()
    return wasShared
  }

  /// Whether the storage is shared with another value: this value belongs to a copy of a
  /// snapshot not changed since it was copied. O(1).
  @inlinable mutating func isShared() -> Bool {
    !isKnownUniquelyReferenced(&_storage) && _storage != nil
  }

  /// Storage that this value alone references, with the same capacity. O(1), or O(buckets)
  /// when shared (a copy of the words).
  @inlinable mutating func _uniqueStorage() -> Storage {
    // (No binding of the storage may live across the uniqueness check, nor may `_storage` be read
    // before it in the same call: the check would see the storage as shared, and copy it.)
    if !isKnownUniquelyReferenced(&_storage) {
      _storage =
        _storage.map { $0.copy() } ?? Storage(bucketCount: Storage.bucketCount(forCount: 0), seed: _ItemHash.makeSeed())
    }
    return _storage.unsafelyUnwrapped
  }

  /// Storage that this value alone references, with room for `extra` more keys. Growing places
  /// every entry by its hash: stored, or computed again from the key read from `keys`.
  @inlinable mutating func _uniqueStorage(reserving extra: Int, keys: (Int, Int) -> Key) -> Storage {
    let needed = count + extra
    let isUnique = isKnownUniquelyReferenced(&_storage)
    if isUnique, let storage = _storage, needed <= storage.maxCount { return storage }
    if needed > Storage.maximumCount {
      fatalError("OpenDiffable: a snapshot holds at most \(Storage.maximumCount) items; this one would need \(needed).")
    }
    // At least double when growing, so that adding keys one at a time is O(1) amortized.
    let grown = _storage.map { Swift.min($0.bucketCount &* 2, Storage.maximumBucketCount) } ?? 0
    let fresh: Storage
    if let old = _storage {
      if needed <= old.maxCount {
        fresh = old.copy()
      } else {
        fresh = old.resized(
          to: Swift.max(Storage.bucketCount(forCount: needed), grown),
          keys: { keys(Int($0.slot), _offset(stored: $0)) })
      }
    } else {
      fresh = Storage(bucketCount: Storage.bucketCount(forCount: needed), seed: _ItemHash.makeSeed())
    }
    _storage = fresh
    return fresh
  }
}

extension _ItemTable {
  /// Calls ``_checkInvariants(keys:)`` when compiled with `OPENDIFFABLE_INTERNAL_CHECKS`. The
  /// bulk insertion calls it last; relocations and single-key removals do not, since the
  /// snapshot calls them while a section's array and the table are being brought back in step,
  /// and checks the whole table (through its own `_checkInvariants()`) when the operation ends.
  @inlinable @inline(__always)
  func _checkInvariantsIfEnabled(keys: (Int, Int) -> Key) {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      _checkInvariants(keys: { keys($0, $1) })
    #endif
  }

  /// Checks the table's invariants against the sections, `keys(slot, offset)` giving the key at
  /// a location or nil where there is none; traps with a description of the first broken one:
  /// - the count matches the number of occupied buckets, and is within the capacity;
  /// - every occupied bucket's location is distinct and holds a key in the sections;
  /// - where hashes are stored, every bucket's stored hash is its key's hash;
  /// - every bucket's tag is its key's, and the bucket is reachable from its key's home bucket
  ///   without crossing an empty bucket (what lookups and backward-shift deletion rely on). A
  ///   key mutated while stored breaks this; that is the caller's misuse, which the snapshot
  ///   repairs, not the table's.
  ///
  /// For tests and debugging. - Complexity: O(buckets).
  @usableFromInline
  func _checkInvariants(keys: (Int, Int) -> Key?) {
    guard let storage = _storage else { return }
    let count = storage.count
    precondition(count <= storage.maxCount, "item table: \(count) entries exceed the capacity \(storage.maxCount)")
    var seen = Set<Value>()
    var occupied = 0
    let buckets = storage.buckets
    for bucket in 0..<buckets.bucketCount where buckets[bucket] != 0 {
      occupied += 1
      let word = buckets[bucket]
      let location = _location(stored: buckets.location(word))
      precondition(seen.insert(location).inserted, "item table: two buckets hold location \(location)")
      precondition(
        Int(location.offset) < buckets.layout.sizeLimit && Int(location.slot) < buckets.layout.slotLimit,
        "item table: bucket \(bucket) holds location \(location), which its layout \(storage.layout) cannot hold")
      guard let key = keys(Int(location.slot), Int(location.offset)) else {
        preconditionFailure("item table: bucket \(bucket) holds location \(location), where the sections hold no item")
      }
      let hash = storage.hash(key)
      // A stored hash is the key's current one (a key whose hash changed while stored breaks
      // this, as it breaks the tag check of a key hashed again: the caller's misuse).
      if Storage.storesHashes {
        precondition(
          storage.hashes.unsafelyUnwrapped[bucket] == hash,
          "item table: bucket \(bucket) stores another hash than its key's, \(key) (was it mutated while stored?)")
      }
      precondition(
        UInt8(truncatingIfNeeded: buckets.tag(ofWord: word)) == Storage.tag(hash),
        "item table: bucket \(bucket) has the wrong tag for \(key) at \(location) (was it mutated while stored?)")
      var probe = buckets.home(hash)
      while probe != bucket {
        precondition(buckets[probe] != 0, "item table: bucket \(bucket) is unreachable from its home bucket")
        probe = buckets.next(probe)
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

/// The storage of an ``_ItemTable``: `bucketCount` buckets of one word each (``buckets``, see
/// ``_ItemTableWords`` and ``_ItemTableLayout``), and, for keys not hashed from their bits, each
/// occupied bucket's hash beside it.
@usableFromInline
final class _ItemTableStorage<Key: Hashable> {
  /// The words, their number and layout.
  @usableFromInline let buckets: _ItemTableWords
  @usableFromInline let maxCount: Int
  /// The number of occupied buckets. Not checked for exclusive access at run time: the storage
  /// is mutated only through an ``_ItemTable`` that references it uniquely (copy-on-write), so
  /// no two accesses can overlap, and the dynamic check (a call into the runtime per access,
  /// about a dozen per single-item insertion or removal) cost a fifth of such a call's
  /// instructions.
  @exclusivity(unchecked) @usableFromInline var count: Int = 0
  /// Per occupied bucket, when ``storesHashes``: the full hash its key had when it was inserted
  /// (moved with the bucket's word); nil otherwise. Growth and backward-shift deletion read it
  /// instead of reading the key and hashing it again. Lookups still hash the key they are given,
  /// so a stored key whose hash changed is not found by key (the snapshot then repairs the table
  /// from its sections); the table's own structure — every entry reachable from the home bucket
  /// of its stored hash — holds anyway.
  @usableFromInline let hashes: UnsafeMutablePointer<Int>?
  /// The seed of ``hash(_:)``. Copies and resized tables keep it (a copy keeps the bucket
  /// layout); new tables take the process's (``_ItemHash/makeSeed()``).
  @usableFromInline let seed: UInt64
  /// A `Hasher` that has absorbed ``seed``: keys hashed through their own `hash(into:)` start
  /// from a copy of it, instead of setting up `Hasher`'s state for the seed at every hash. Nil
  /// for keys ``_ItemHash`` hashes itself.
  @usableFromInline let seededHasher: Hasher?

  /// The number of buckets.
  @inlinable var bucketCount: Int { buckets.bucketCount }
  /// How words pack a location.
  @inlinable var layout: _ItemTableLayout { buckets.layout }

  /// The largest bucket count (2^30 where `Int` is 32-bit).
  @inlinable static var maximumBucketCount: Int { Int.bitWidth == 64 ? 1 << 32 : 1 << 30 }

  /// The largest number of keys a table can hold: 7/10 of ``maximumBucketCount``.
  @inlinable static var maximumCount: Int { maxCount(forBucketCount: maximumBucketCount) }

  /// The number of section storage slots a table can name: 2^24 (in the wide layout).
  @inlinable static var maximumSlotCount: Int { _ItemTableLayout.maximumSlotCount }

  /// Whether the table stores each key's hash (``hashes``): for every key hashed through its own
  /// `hash(into:)` (`Hasher`, tens to hundreds of instructions), which would otherwise run again,
  /// after reading the key from its section, for every key at each growth and for each key a
  /// deletion shifts. Keys hashed by ``_ItemHash`` (from their bits, or a `String`'s code units)
  /// are hashed again instead and keep 4- or 8-byte buckets. A type test that folds away where
  /// the table is specialized.
  @inlinable static var storesHashes: Bool { !_IdentifierTraits<Key>.hashedByItemHash }

  /// Load factor at most 7/10.
  @inlinable static func maxCount(forBucketCount bucketCount: Int) -> Int { bucketCount / 10 &* 7 }

  /// The smallest bucket count (at least 20) that holds `count` keys.
  @inlinable static func bucketCount(forCount count: Int) -> Int {
    var buckets = Swift.max(20, count / 7 &* 10 + 10)
    while maxCount(forBucketCount: buckets) < count { buckets += 1 }
    return buckets
  }

  /// An empty table; `bucketCount` is at least 16 and at most ``maximumBucketCount`` (any
  /// number: home buckets come from a multiplication, not a mask).
  @inlinable init(bucketCount: Int, seed: UInt64, layout: _ItemTableLayout = .initial) {
    self.maxCount = Self.maxCount(forBucketCount: bucketCount)
    self.seed = seed
    seededHasher = _IdentifierTraits<Key>.hashedByItemHash ? nil : Self.hasher(seed: seed)
    let bytes = _ItemTableWords.byteCount(bucketCount, layout)
    let words = UnsafeMutableRawPointer(_allocateLargeTable(of: UInt8.self, count: bytes))
    if layout.isNarrow {
      words.initializeMemory(as: UInt32.self, repeating: 0, count: bucketCount)
    } else {
      words.initializeMemory(as: UInt64.self, repeating: 0, count: bucketCount)
    }
    buckets = _ItemTableWords(base: words, bucketCount: bucketCount, layout: layout)
    // Hashes are read only where the bucket is occupied, so they need no zeroing (a copy copies
    // the whole array as raw bytes, ``init(copying:)``).
    hashes = Self.storesHashes ? _allocateLargeTable(of: Int.self, count: bucketCount) : nil
  }

  /// A table with the same buckets as `other`, copied in one pass each (no zeroing first).
  @inlinable init(copying other: _ItemTableStorage) {
    let bucketCount = other.bucketCount
    let layout = other.layout
    maxCount = other.maxCount
    seed = other.seed
    seededHasher = other.seededHasher
    let bytes = _ItemTableWords.byteCount(bucketCount, layout)
    let words = UnsafeMutableRawPointer(_allocateLargeTable(of: UInt8.self, count: bytes))
    words.copyMemory(from: other.buckets.base, byteCount: bytes)
    if layout.isNarrow {
      _ = words.bindMemory(to: UInt32.self, capacity: bucketCount)
    } else {
      _ = words.bindMemory(to: UInt64.self, capacity: bucketCount)
    }
    buckets = _ItemTableWords(base: words, bucketCount: bucketCount, layout: layout)
    if let source = other.hashes {
      let copied = _allocateLargeTable(of: Int.self, count: bucketCount)
      UnsafeMutableRawPointer(copied).copyMemory(from: source, byteCount: bucketCount * MemoryLayout<Int>.stride)
      hashes = copied
    } else {
      hashes = nil
    }
    count = other.count
  }

  @inlinable deinit {
    _deallocateLargeTable(
      buckets.base.assumingMemoryBound(to: UInt8.self), count: _ItemTableWords.byteCount(bucketCount, layout))
    if let hashes { _deallocateLargeTable(hashes, count: bucketCount) }
  }

  /// The key's hash (see ``_ItemHash``), with this table's seed, which its copies and resized
  /// tables keep (so a copy keeps the bucket layout).
  @inlinable @inline(__always) func hash(_ key: Key) -> Int {
    if _IdentifierTraits<Key>.hashedByItemHash { return _ItemHash.hash(key, seed: seed) }
    var hasher = seededHasher.unsafelyUnwrapped
    key.hash(into: &hasher)
    return _ItemHash.hash(absorbed: &hasher, seed: seed)
  }

  /// The ``seededHasher`` for `seed`.
  @inlinable static func hasher(seed: UInt64) -> Hasher {
    var hasher = Hasher()
    hasher.combine(seed)
    return hasher
  }

  /// The hash the occupied `bucket` of `words` (this storage's) is placed by: the stored one
  /// (``storesHashes``), or its key's, read through `keys` (stored location → key) and hashed
  /// again.
  @inlinable @inline(__always) func hash(
    atBucket bucket: Int, of words: _ItemTableWords, keys: (_ItemTableLocation) -> Key
  ) -> Int {
    Self.storesHashes ? hashes.unsafelyUnwrapped[bucket] : hash(keys(words.location(words[bucket])))
  }

  /// Stores `hash`, the current hash of the key whose entry was just found at `bucket` by that
  /// hash (``storesHashes`` only). A key whose hash changed while stored is found so when its new
  /// hash keeps the old tag and reaches its bucket (one chance in 128 or less); its entry is then
  /// where the new hash places it, and its stored hash must say so, or the next growth would place
  /// it by the old one, where lookups do not look. O(1).
  @inlinable @inline(__always) func refreshStoredHash(_ hash: Int, at bucket: Int) {
    if Self.storesHashes { hashes.unsafelyUnwrapped[bucket] = hash }
  }

  /// The seven-bit tag of an occupied bucket whose key has `hash` (``_ItemTableWords/tag(_:)``).
  @inlinable static func tag(_ hash: Int) -> UInt8 { _ItemTableWords.tag(hash) }

  /// The bucket of the entry at (`slot`, stored offset `stored`): on the probe run of
  /// `likelyHash` (its key's hash, computed again), or — for a key whose hash changed while it
  /// was stored — by searching every bucket. No such entry is an internal error and stops.
  @inlinable func bucket(ofSlot slot: Int, stored: Int, likelyHash hash: Int) -> Int {
    let buckets = self.buckets
    let location = buckets.word(tag: 0, slot: slot, stored: stored)
    var probe = buckets.home(hash)
    while buckets[probe] != 0 {
      if buckets.untagged(buckets[probe]) == location { return probe }
      probe = buckets.next(probe)
    }
    for bucket in 0..<buckets.bucketCount where buckets[bucket] != 0 && buckets.untagged(buckets[bucket]) == location {
      return bucket
    }
    _internalError("an item-table entry has no bucket")
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
  /// `count` keys.
  @inlinable @inline(__always) func _forEachBatch(
    count: Int, hashing hashOf: (Int) -> Int, _ body: (Int, Int) -> Bool
  ) -> Int {
    _forEachBatch(count: count, of: buckets, hashing: hashOf, body)
  }

  /// ``_forEachBatch(count:hashing:_:)`` reading the home buckets from `buckets` (this storage's).
  @inlinable @inline(__always) func _forEachBatch(
    count: Int, of buckets: _ItemTableWords, hashing hashOf: (Int) -> Int, _ body: (Int, Int) -> Bool
  ) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { hashes -> Int in
      var start = 0
      while start < count {
        let end = Swift.min(start &+ 32, count)
        var touched: UInt64 = 0
        for index in start..<end {
          let hash = hashOf(index)
          hashes[index &- start] = hash
          // The word of each key's home: independent loads.
          touched |= buckets[buckets.home(hash)]
        }
        if touched == 0x7F { _keepAlive(touched) }  // never true (a tag sets the top bit): keeps the loads
        for index in start..<end where !body(index, hashes[index &- start]) {
          return index
        }
        start = end
      }
      return count
    }
  }

  /// Fills the empty bucket `bucket` of `words` (this storage's) without counting the key; the
  /// caller updates `count`. `slotBits` is ``_ItemTableWords/slotBits(_:)`` of the entry's slot,
  /// taken once per loop.
  @inlinable @inline(__always) func initialize(
    bucket: Int, of words: _ItemTableWords, tag: UInt8, slotBits: UInt64, stored: Int, hash: Int
  ) {
    words[bucket] = words.word(tag: tag, slotBits: slotBits, stored: stored)
    if Self.storesHashes { hashes.unsafelyUnwrapped[bucket] = hash }
  }

  /// Removes the entry in `bucket`. Later members of the bucket's probe run shift back so that
  /// every key stays reachable from its home bucket without tombstones; each one's home comes
  /// from its stored hash, or from its key read through `keys` (stored location → key).
  @inlinable func remove(at bucket: Int, keys: (_ItemTableLocation) -> Key) {
    let buckets = self.buckets
    if _slowPath(buckets[bucket] == 0) { _internalError("removing an empty bucket of the item table") }
    count &-= 1
    buckets[bucket] = 0
    var hole = bucket
    var probe = buckets.next(bucket)
    while buckets[probe] != 0 {
      let home = buckets.home(hash(atBucket: probe, of: buckets, keys: keys))
      // The key at `probe` may fill the hole unless its home lies cyclically in (hole, probe].
      if buckets.distance(from: home, to: probe) >= buckets.distance(from: hole, to: probe) {
        buckets[hole] = buckets[probe]
        if Self.storesHashes { hashes.unsafelyUnwrapped[hole] = hashes.unsafelyUnwrapped[probe] }
        buckets[probe] = 0
        hole = probe
      }
      probe = buckets.next(probe)
    }
  }

  /// A copy with the same buckets (no key is copied or retained).
  @inlinable func copy() -> _ItemTableStorage { _ItemTableStorage(copying: self) }

  /// A table with `newBucketCount` buckets holding the same entries, each placed by
  /// ``hash(atBucket:of:keys:)`` (a stored hash is not computed again; other keys are read through
  /// `keys`, stored location → key).
  @inlinable func resized(to newBucketCount: Int, keys: (_ItemTableLocation) -> Key) -> _ItemTableStorage {
    let fresh = _ItemTableStorage(bucketCount: newBucketCount, seed: seed, layout: layout)
    let buckets = self.buckets
    let target = fresh.buckets
    for bucket in 0..<buckets.bucketCount where buckets[bucket] != 0 {
      let hash = hash(atBucket: bucket, of: buckets, keys: keys)
      let empty = target.emptyBucket(forHash: hash)
      target[empty] = buckets[bucket]
      if Self.storesHashes { fresh.hashes.unsafelyUnwrapped[empty] = hash }
    }
    fresh.count = count
    return fresh
  }
}

extension _ItemTableStorage: @unchecked Sendable where Key: Sendable {}

/// Does nothing; an opaque use of a value so the optimizer keeps the loads that produced it.
@inline(never) @usableFromInline func _keepAlive(_ value: UInt64) {}
