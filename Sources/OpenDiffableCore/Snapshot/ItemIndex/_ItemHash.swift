import Foundation

/// The hash the item table places keys by.
///
/// Identifiers that are fixed-width integers or `UUID`s — database row IDs and generated IDs,
/// the common shapes — are hashed from their bits: the word's high half is folded onto its low
/// half, the per-process seed is mixed in, and the result is multiplied by a 64-bit odd constant
/// (the golden ratio) with the 128-bit product's halves folded together (the mixing step of
/// wyhash). That is a few cycles where `Hasher` (SipHash-1-3, reached through a call into the
/// standard library) costs tens of nanoseconds, and hashing was most of what building and
/// probing the index cost. Consecutive integers — row IDs — land on evenly spaced home buckets
/// (the multiplication is a Weyl sequence in their low bits), so their probe runs are shorter
/// than a random hash's; keys that differ only in their high bits are spread by the fold.
/// Equality of these types is equality of their bits, so the hash is consistent with `==`.
///
/// `String`s are hashed from the UTF-8 code units of their canonical composition (NFC) with the
/// same multiply-and-fold, a word at a time (``hash(string:seed:)``): `==` on strings is
/// equality of those code units, so the hash stays consistent with it.
///
/// Every other type goes through its own `Hashable` conformance, so its `hash(into:)` is
/// honoured exactly: the item table feeds it a copy of a `Hasher` that absorbed the table's seed
/// once (``_ItemTableStorage/hash(_:)``), which skips `Hasher`'s setup for the seed per key, and
/// folds the state it leaves (``hash(absorbed:seed:)``) instead of finalizing it.
///
/// The seed comes from `Hasher`'s per-process random seed (so it is fixed when
/// `SWIFT_DETERMINISTIC_HASHING` is set; the fuzz target's build also mixes in a value each
/// input chooses), and keys every word that goes into the hash: the
/// identifiers an app is sent cannot be chosen to collide without knowing it. This is not a keyed
/// cryptographic hash as SipHash is; a party that learnt the seed could make chosen identifiers
/// collide and slow the index down (never make it wrong).
#if OPENDIFFABLE_FUZZING
  /// Mixed into ``_ItemHash/makeSeed()`` in the fuzz target's build only (`Fuzz/Package.swift`
  /// defines `OPENDIFFABLE_FUZZING`): the fuzzer sets it from each input, so that a finding that
  /// depends on where keys land in the item table replays from its input alone (with
  /// `SWIFT_DETERMINISTIC_HASHING` fixing `Hasher`'s own seed).
  ///
  /// Not public API (`@_spi(Testing)`); its storage is a separate internal variable because
  /// `@inlinable` code (``_ItemHash/makeSeed()``) cannot read an SPI declaration.
  @_spi(Testing) public var _fuzzingHashSeed: UInt64 {
    get { _fuzzingHashSeedStorage }
    set { _fuzzingHashSeedStorage = newValue }
  }

  @usableFromInline nonisolated(unsafe) var _fuzzingHashSeedStorage: UInt64 = 0
#endif

@usableFromInline
enum _ItemHash {
  /// The per-process seed, 64 bits on every platform: `Hasher` hashes of two constants. O(1).
  @inlinable static func makeSeed() -> UInt64 {
    let low = UInt64(UInt(bitPattern: 0x5EED_5EED._rawHashValue(seed: 0)))
    let high = UInt64(UInt(bitPattern: 0x0BAD_5EED._rawHashValue(seed: 0)))
    #if OPENDIFFABLE_FUZZING
      return low ^ (high &<< 32 | high &>> 32) ^ _fuzzingHashSeedStorage
    #else
      return low ^ (high &<< 32 | high &>> 32)
    #endif
  }

  /// The 64-bit multiply's two halves folded together.
  @inlinable @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// One word, hashed with `seed`.
  @inlinable @inline(__always) static func hash(_ word: UInt64, seed: UInt64) -> Int {
    Int(truncatingIfNeeded: mix(word ^ (word &>> 32) ^ seed, 0x9E37_79B9_7F4A_7C15))
  }

  /// Two words, hashed with `seed`: the high word's hash (with a derived seed) keys the low
  /// word's, so neither word can cancel the other.
  @inlinable @inline(__always) static func hash(_ low: UInt64, _ high: UInt64, seed: UInt64) -> Int {
    let keyed = UInt64(UInt(bitPattern: hash(high, seed: seed ^ 0xE703_7ED1_A0B4_28DB)))
    return hash(low ^ keyed, seed: seed)
  }

  /// Whether keys of type `Key` are hashed from their bits (their equality is equality of
  /// their bits: no value is unequal to itself, none changes while stored).
  @inlinable static func hashesFromBits<Key>(_: Key.Type) -> Bool { _IdentifierTraits<Key>.hashesFromBits }

  /// The hash of `key`: from its bits for the integer types and `UUID`, from its NFC code units
  /// for `String`, through its `Hashable` conformance otherwise. The type tests fold away where the table is specialized (its
  /// members are inlinable); unspecialized code makes the same tests at run time, with the same
  /// results.
  @inlinable @inline(__always) static func hash<Key: Hashable>(_ key: Key, seed: UInt64) -> Int {
    if hashesFromBits(Key.self) && Key.self != UUID.self { return hash(integerBits(key), seed: seed) }
    if Key.self == UUID.self {
      let bytes = unsafeBitCast(key, to: UUID.self).uuid
      let (low, high) = unsafeBitCast(bytes, to: (UInt64, UInt64).self)
      return hash(low, high, seed: seed)
    }
    if Key.self == String.self {
      // Read in place: `unsafeBitCast` to `String` would copy (retain and release) the string.
      return withUnsafePointer(to: key) { key in
        hash(string: UnsafeRawPointer(key).assumingMemoryBound(to: String.self).pointee, seed: seed)
      }
    }
    return key._rawHashValue(seed: Int(truncatingIfNeeded: seed))
  }

  /// The hash of what `hasher` absorbed (a key's `hash(into:)` on a copy of the table's seeded
  /// `Hasher`), without `Hasher`'s finalization: its state words folded by multiply-and-fold.
  ///
  /// `Hasher` is a frozen struct of plain 64-bit words (the tail buffer and the SipHash state),
  /// whose value after absorbing a sequence of bytes depends on those bytes and the seed only:
  /// equal keys feed equal bytes (`Hashable`'s contract), so they leave equal states and get
  /// equal hashes, whatever the words mean. Every byte absorbed is in the state: whole words went
  /// through a SipHash compression round, the last partial word is in the tail buffer. The fold
  /// takes every word, so it would stay consistent (if less well spread) should a future
  /// standard library use the state's reserved words. A `Hasher` of another size is finalized as
  /// usual. Finalizing costs about 70 instructions; the fold about 25. O(1).
  @inlinable @inline(__always) static func hash(absorbed hasher: inout Hasher, seed: UInt64) -> Int {
    guard MemoryLayout<Hasher>.size == 9 &* 8 else { return hasher.finalize() }
    return withUnsafeBytes(of: &hasher) { state in
      @inline(__always) func word(_ index: Int) -> UInt64 {
        state.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)
      }
      let low = mix(word(1) ^ word(5) ^ seed, word(2) ^ word(6) ^ 0xE703_7ED1_A0B4_28DB)
      let high = mix(word(3) ^ word(7) ^ word(0), word(4) ^ word(8) ^ 0xBF58_476D_1CE4_E5B9)
      return hash(low ^ high, seed: seed)
    }
  }

  /// The bits of `key`, a fixed-width integer of at most 64 bits (a type
  /// ``hashesFromBits(_:)`` admits other than `UUID`), zero-extended. The type tests fold away
  /// where specialized.
  @inlinable @inline(__always) static func integerBits<Key>(_ key: Key) -> UInt64 {
    if Key.self == Int.self { return UInt64(UInt(bitPattern: unsafeBitCast(key, to: Int.self))) }
    if Key.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(key, to: Int64.self)) }
    if Key.self == UInt64.self { return unsafeBitCast(key, to: UInt64.self) }
    if Key.self == UInt.self { return UInt64(unsafeBitCast(key, to: UInt.self)) }
    if Key.self == Int32.self { return UInt64(UInt32(bitPattern: unsafeBitCast(key, to: Int32.self))) }
    if Key.self == UInt32.self { return UInt64(unsafeBitCast(key, to: UInt32.self)) }
    preconditionFailure("\(Key.self) is not a fixed-width integer hashed from its bits")
  }

  /// The hash of a `String`, consistent with `String`'s `==`: a seeded multiply-and-fold over
  /// the UTF-8 code units of its Unicode canonical composition (NFC), eight bytes at a time.
  ///
  /// Two strings are `==` exactly when they are canonically equivalent, that is when their NFC
  /// forms are the same code units (which is also what `String.hash(into:)` feeds `Hasher`), so
  /// hashing the NFC code units keeps the hash consistent with `==`. An ASCII string is its own
  /// NFC form (no ASCII character decomposes or composes), so its bytes are hashed where they are
  /// stored, one word at a time, with no normalization: the common case (identifiers such as
  /// `"item-42"` or database keys). Any other string is hashed from the standard library's NFC
  /// code units (`_withNFCCodeUnits`, public since Swift 5.0), fed to the same function byte by
  /// byte, so that a non-ASCII string equal to an ASCII one (`"\u{212A}"`, the Kelvin sign, is
  /// `==` `"K"`) gets the same hash.
  ///
  /// A few multiplications for a short identifier, instead of `Hasher`'s SipHash with its setup
  /// and finalization (see `ItemIndex/README.md`).
  @inlinable @inline(__always) static func hash(string: borrowing String, seed: UInt64) -> Int {
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      _hashIfASCII(UnsafeRawBufferPointer(bytes), seed: seed)
    }
    if let ascii, let ascii { return ascii }
    return _hashNFC(string, seed: seed)
  }

  /// ``hash(string:seed:)`` for a string that is not ASCII or not stored as contiguous UTF-8:
  /// from the standard library's NFC code units, fed one at a time. Not inlined, so that the
  /// ASCII path, inlined where keys are hashed, makes no call that would need a copy of the key.
  @inlinable @inline(never) @_effects(readonly) static func _hashNFC(_ string: String, seed: UInt64) -> Int {
    var stream = _StringHashStream(seed: seed)
    string._withNFCCodeUnits { stream.append($0) }
    return stream.finish()
  }

  /// One word of a string's code units absorbed into the running state.
  @inlinable @inline(__always) static func _absorb(_ state: UInt64, _ word: UInt64) -> UInt64 {
    mix(state ^ word, 0x9E37_79B9_7F4A_7C15)
  }

  /// The final step over the last, partial word (its bytes in the low end, zero above) and the
  /// number of code units.
  @inlinable @inline(__always) static func _finish(_ state: UInt64, tail: UInt64, count: Int) -> Int {
    Int(truncatingIfNeeded: mix(_absorb(state, tail) ^ UInt64(truncatingIfNeeded: count), 0xBF58_476D_1CE4_E5B9))
  }

  /// The hash of `bytes` as ``hash(string:seed:)`` computes it, or nil when a byte is not ASCII
  /// (the bytes are then not known to be in NFC). Little-endian words: byte `i` of a word is
  /// bits `8i...8i+7`, as ``_StringHashStream`` assembles them.
  @inlinable @inline(__always) static func _hashIfASCII(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int? {
    let count = bytes.count
    var state = seed
    var high: UInt64 = 0  // every byte or'ed together: its top bit is set for a non-ASCII byte
    var offset = 0
    if let base = bytes.baseAddress {
      while offset &+ 8 <= count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        high |= word
        state = _absorb(state, word)
        offset &+= 8
      }
    }
    var tail: UInt64 = 0
    if offset < count {
      if let base = bytes.baseAddress, count >= 8 {
        // The last eight bytes, overlapping the last full word, shifted down to the ones left.
        let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        tail = last &>> (UInt64(8 &- (count &- offset)) &* 8)
      } else {
        var shift: UInt64 = 0
        while offset < count {
          tail |= UInt64(bytes[offset]) &<< shift
          shift &+= 8
          offset &+= 1
        }
      }
    }
    high |= tail
    guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
    return _finish(state, tail: tail, count: count)
  }
}

/// ``_ItemHash/hash(string:seed:)`` over code units fed one at a time (the NFC code units of a
/// string that is not ASCII): the same words, states and result as ``_ItemHash/_hashIfASCII(_:seed:)``
/// computes from the same bytes in memory.
@usableFromInline
struct _StringHashStream {
  @usableFromInline var state: UInt64
  @usableFromInline var word: UInt64 = 0
  @usableFromInline var count = 0

  @inlinable init(seed: UInt64) { state = seed }

  @inlinable mutating func append(_ byte: UInt8) {
    word |= UInt64(byte) &<< (UInt64(count & 7) &* 8)
    count &+= 1
    if count & 7 == 0 {
      state = _ItemHash._absorb(state, word)
      word = 0
    }
  }

  @inlinable func finish() -> Int { _ItemHash._finish(state, tail: word, count: count) }
}
