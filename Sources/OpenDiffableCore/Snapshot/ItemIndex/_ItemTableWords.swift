/// How an ``_ItemTableStorage`` packs a location into a bucket's word. An empty bucket is 0; a
/// full one has the high bit set in its tag (seven bits of the key's hash):
///
/// ```
/// narrow (UInt32):  | 31 ... 24 | 23 .......... k | k-1 ....... 0 |
///                   |  1 + tag  |      slot       | stored offset |     k = offsetBits
///
/// wide (UInt64):    | 63 ... 56 | 55 ..... 32 | 31 ............ 0 |
///                   |  1 + tag  |    slot     |   stored offset   |
/// ```
///
/// The stored offset is the item's offset minus its slot's bias (``_ItemTable/_biases``), modulo
/// 2^`offsetBits`. A narrow table holds sections of at most 2^(`offsetBits` - 1) items (the
/// spare bit keeps offsets distinct while a bulk move changes a bias) in slots below
/// 2^(24 - `offsetBits`); the table changes layout, in one pass that reads no key, before an
/// operation would store a location that does not fit
/// (``_ItemTable/_makeRoom(forSlot:sectionSize:)``).
@usableFromInline
struct _ItemTableLayout: Sendable, Equatable {
  @usableFromInline let isNarrow: Bool
  @usableFromInline let offsetBits: Int
  /// Where the tag starts in a word: 24 (narrow) or 56. Computed, so that it is a constant in
  /// code specialized for one word size (see ``_ItemTable/insertAllNew(_:slot:firstOffset:keys:)``).
  @inlinable var tagShift: UInt64 { isNarrow ? 24 : 56 }
  /// (The three below follow from the two above; they are stored so that encoding and decoding a
  /// word computes none of them: see commit 8743c3b.)
  /// The offset bits of a word.
  @usableFromInline let offsetMask: UInt64
  /// The first slot a word cannot hold.
  @usableFromInline let slotLimit: Int
  /// The most items a section may have for its offsets to fit.
  @usableFromInline let sizeLimit: Int

  @inlinable init(isNarrow: Bool, offsetBits: Int) {
    self.isNarrow = isNarrow
    self.offsetBits = offsetBits
    offsetMask = UInt64.max >> (64 &- offsetBits)
    slotLimit = isNarrow ? 1 << (24 &- offsetBits) : Self.maximumSlotCount
    sizeLimit = isNarrow ? 1 << (offsetBits &- 1) : Int(Int32.max)
  }

  /// The number of section storage slots a table can name: 2^24.
  @inlinable static var maximumSlotCount: Int { 1 << 24 }

  /// 64-bit words: 24 bits of slot, 32 of offset.
  @inlinable static var wide: Self { Self(isNarrow: false, offsetBits: 32) }

  /// The layout of a new, empty table: narrow, sections of up to 2,048 items in 4,096 slots.
  @inlinable static var initial: Self { Self(isNarrow: true, offsetBits: 12) }

  /// A narrow layout that holds sections of `sectionSize` items in slots up to `slot`, with one
  /// more offset bit of room when that leaves a spare slot bit; or ``wide`` when none does.
  @inlinable static func fitting(sectionSize: Int, slot: Int) -> Self {
    // Offsets need `size <= 2^(k - 1)`; slots `slot < 2^(24 - k)`.
    let fewest = Swift.max(1, (Int.bitWidth &- Swift.max(0, sectionSize &- 1).leadingZeroBitCount) &+ 1)
    let most = 24 &- (Int.bitWidth &- Swift.max(0, slot).leadingZeroBitCount)
    guard fewest <= most else { return .wide }
    return Self(isNarrow: true, offsetBits: most &- fewest >= 2 ? fewest &+ 1 : fewest)
  }
}

/// The buckets of an ``_ItemTableStorage`` as a value: where its words are, how many, and how
/// they pack a location (``_ItemTableLayout``).
///
/// A loop over buckets takes this value once (``_ItemTableStorage/buckets``) and works on it:
/// its fields then stay in registers, where reading them through the storage object reloads
/// them after every store to the words and every call the loop makes (the optimizer cannot tell
/// that the words do not overlap the object). It does not own the words: it is valid while its
/// storage is alive, and is never kept beyond the member that took it.
@usableFromInline
struct _ItemTableWords {
  /// Per bucket, a `UInt32` word when the layout is narrow, a `UInt64` one otherwise (read and
  /// written as `UInt64` through ``subscript(_:)``): 0 when empty; else the tag (`0x80` plus
  /// seven bits of the key's hash) in the top byte, then the section's storage slot, then the
  /// stored offset (see ``_ItemTable/_biases``) in the low ``_ItemTableLayout/offsetBits``.
  @usableFromInline let base: UnsafeMutableRawPointer
  @usableFromInline let bucketCount: Int
  @usableFromInline let layout: _ItemTableLayout

  @inlinable init(base: UnsafeMutableRawPointer, bucketCount: Int, layout: _ItemTableLayout) {
    self.base = base
    self.bucketCount = bucketCount
    self.layout = layout
  }

  /// The bytes of `bucketCount` words of `layout`.
  @inlinable static func byteCount(_ bucketCount: Int, _ layout: _ItemTableLayout) -> Int {
    bucketCount &* (layout.isNarrow ? 4 : 8)
  }

  /// The word of `bucket`, widened to 64 bits. O(1).
  @inlinable subscript(bucket: Int) -> UInt64 {
    @inline(__always) get {
      layout.isNarrow
        ? UInt64(base.assumingMemoryBound(to: UInt32.self)[bucket])
        : base.assumingMemoryBound(to: UInt64.self)[bucket]
    }
    @inline(__always) nonmutating set {
      if layout.isNarrow {
        base.assumingMemoryBound(to: UInt32.self)[bucket] = UInt32(truncatingIfNeeded: newValue)
      } else {
        base.assumingMemoryBound(to: UInt64.self)[bucket] = newValue
      }
    }
  }

  /// The word of an occupied bucket: `tag`, `slot` and the stored offset `stored` (truncated to
  /// the layout's offset bits: offsets wrap with their bias). A slot the layout cannot hold stops
  /// the process: past ``_ItemTableLayout/maximumSlotCount`` with a message (the wide layout);
  /// in the narrow layout it is an internal error (the table changes layout before storing such
  /// a slot).
  @inlinable @inline(__always) func word(tag: UInt8, slot: Int, stored: Int) -> UInt64 {
    word(tag: tag, slotBits: slotBits(slot), stored: stored)
  }

  /// The slot part of a word for `slot` (``word(tag:slot:stored:)`` with tag and offset 0), for
  /// a loop that stores many entries of one slot: the range check runs once, here, and
  /// ``word(tag:slotBits:stored:)`` adds the rest per entry. Stops as ``word(tag:slot:stored:)``.
  @inlinable @inline(__always) func slotBits(_ slot: Int) -> UInt64 {
    if _slowPath(UInt(bitPattern: slot) >= UInt(layout.slotLimit)) { Self._slotOutOfRange(slot, layout) }
    // Masking shifts: the slot is below the limit and the offset bits at most 32, so no shift
    // overflows, and none needs the checks of `<<` by a variable amount.
    return UInt64(truncatingIfNeeded: slot) &<< UInt64(truncatingIfNeeded: layout.offsetBits)
  }

  /// The word of an occupied bucket from `slotBits` (``slotBits(_:)``), `tag` and the stored
  /// offset `stored` (truncated to the layout's offset bits).
  @inlinable @inline(__always) func word(tag: UInt8, slotBits: UInt64, stored: Int) -> UInt64 {
    UInt64(tag) &<< layout.tagShift | slotBits | UInt64(UInt(bitPattern: stored)) & layout.offsetMask
  }

  /// Stops the process for a slot ``word(tag:slot:stored:)`` cannot store.
  @inlinable @inline(never) static func _slotOutOfRange(_ slot: Int, _ layout: _ItemTableLayout) -> Never {
    guard layout.isNarrow else {
      fatalError(
        "OpenDiffable: a snapshot can hold items in at most \(_ItemTableLayout.maximumSlotCount) sections "
          + "(section storage slots, deleted sections' included); this one would place items in slot \(slot).")
    }
    _internalError("the item table's narrow layout cannot hold slot \(slot)")
  }

  /// The tag of an occupied bucket's word.
  @inlinable @inline(__always) func tag(ofWord word: UInt64) -> UInt64 { word &>> layout.tagShift }

  /// A word without its tag: the location part, as ``word(tag:slot:stored:)`` makes it with tag 0.
  @inlinable @inline(__always) func untagged(_ word: UInt64) -> UInt64 { word & ~(0xFF &<< layout.tagShift) }

  /// The stored location an occupied bucket's word holds (the offset as stored: see
  /// ``_ItemTable/_offset(stored:)``).
  @inlinable @inline(__always) func location(_ word: UInt64) -> _ItemTableLocation {
    location(word, tagMask: 0xFF &<< layout.tagShift)
  }

  /// ``location(_:)`` with the tag's bits given (a constant where the word size is known).
  @inlinable @inline(__always) func location(_ word: UInt64, tagMask: UInt64) -> _ItemTableLocation {
    var location = _ItemTableLocation(slot: 0, offset: 0)
    location.slot = Int32(truncatingIfNeeded: (word & ~tagMask) &>> UInt64(truncatingIfNeeded: layout.offsetBits))
    location.offset = Int32(truncatingIfNeeded: word & layout.offsetMask)
    return location
  }

  /// The bucket where the probe for `hash` starts: the high word of `hash × bucketCount`.
  @inlinable @inline(__always) func home(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash).multipliedFullWidth(by: UInt(bitPattern: bucketCount)).high)
  }

  /// The bucket after `bucket`, wrapping around.
  @inlinable @inline(__always) func next(_ bucket: Int) -> Int {
    let next = bucket &+ 1
    return next == bucketCount ? 0 : next
  }

  /// How far `bucket` lies after `start`, wrapping around.
  @inlinable func distance(from start: Int, to bucket: Int) -> Int {
    bucket >= start ? bucket &- start : bucket &+ bucketCount &- start
  }

  /// The first empty bucket on the probe run of `hash`. The table is never full (load factor
  /// at most 7/10), so the probe ends.
  @inlinable func emptyBucket(forHash hash: Int) -> Int {
    var probe = home(hash)
    while self[probe] != 0 { probe = next(probe) }
    return probe
  }

  /// The seven-bit tag of an occupied bucket whose key has `hash` (its low bits: the home bucket
  /// comes from the high bits), with the high bit set.
  @inlinable static func tag(_ hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash) | 0x80 }

  /// The bucket holding `key` (found) or the empty bucket where it would go (not found);
  /// `keys(stored location)` reads the key of a bucket whose tag matches.
  @inlinable func find<Key: Equatable>(
    _ key: Key, hash: Int, keys: (_ItemTableLocation) -> Key
  ) -> (bucket: Int, found: Bool) {
    let wanted = UInt64(Self.tag(hash))
    var bucket = home(hash)
    while true {
      let word = self[bucket]
      if word == 0 { return (bucket, false) }
      if tag(ofWord: word) == wanted && keys(location(word)) == key { return (bucket, true) }
      bucket = next(bucket)
    }
  }

  /// The stored location of `key`, or nil: ``find(_:hash:keys:)`` for a lookup, which needs only
  /// the location of the word it matched.
  /// One loop per word size, so that the probe tests the word size once, not per bucket, and
  /// the tag's place is a constant.
  @inlinable @inline(__always) func location<Key: Equatable>(
    of key: Key, hash: Int, keys: (_ItemTableLocation) -> Key
  ) -> _ItemTableLocation? {
    if layout.isNarrow {
      return location(of: key, hash: hash, in: base.assumingMemoryBound(to: UInt32.self), tagShift: 24, keys: keys)
    }
    return location(of: key, hash: hash, in: base.assumingMemoryBound(to: UInt64.self), tagShift: 56, keys: keys)
  }

  /// ``location(of:hash:keys:)`` in words of type `Word`, whose tag starts at bit `tagShift`.
  @inlinable @inline(__always) func location<Key: Equatable, Word: FixedWidthInteger & UnsignedInteger>(
    of key: Key, hash: Int, in words: UnsafeMutablePointer<Word>, tagShift: UInt64,
    keys: (_ItemTableLocation) -> Key
  ) -> _ItemTableLocation? {
    let wanted = UInt64(Self.tag(hash)) &<< tagShift
    let tagMask = UInt64(0xFF) &<< tagShift
    var bucket = home(hash)
    while true {
      let word = UInt64(words[bucket])
      if word == 0 { return nil }
      if word & tagMask == wanted {
        let stored = location(word, tagMask: tagMask)
        if keys(stored) == key { return stored }
      }
      bucket = next(bucket)
    }
  }

  /// The bucket on the probe run of `hash` whose word is `word` (found: the entry at that
  /// location, since every location holds one item), or not found. Reads no key.
  @inlinable func find(hash: Int, word target: UInt64) -> (bucket: Int, found: Bool) {
    var bucket = home(hash)
    while true {
      let word = self[bucket]
      if word == 0 { return (bucket, false) }
      if word == target { return (bucket, true) }
      bucket = next(bucket)
    }
  }
}
