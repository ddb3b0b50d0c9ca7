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
/// Every other type goes through its own `Hashable` conformance (`_rawHashValue(seed:)`, which
/// is `Hasher`), so its `hash(into:)` is honoured exactly.
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
  @inlinable static func hashesFromBits<Key>(_: Key.Type) -> Bool {
    Key.self == Int.self || Key.self == Int64.self || Key.self == UInt64.self || Key.self == UInt.self
      || Key.self == Int32.self || Key.self == UInt32.self || Key.self == UUID.self
  }

  /// The hash of `key`: from its bits for the integer types and `UUID`, through its `Hashable`
  /// conformance otherwise. The type tests fold away where the table is specialized (its
  /// members are inlinable); unspecialized code makes the same tests at run time, with the same
  /// results.
  @inlinable @inline(__always) static func hash<Key: Hashable>(_ key: Key, seed: UInt64) -> Int {
    if Key.self == Int.self { return hash(UInt64(UInt(bitPattern: unsafeBitCast(key, to: Int.self))), seed: seed) }
    if Key.self == Int64.self { return hash(UInt64(bitPattern: unsafeBitCast(key, to: Int64.self)), seed: seed) }
    if Key.self == UInt64.self { return hash(unsafeBitCast(key, to: UInt64.self), seed: seed) }
    if Key.self == UInt.self { return hash(UInt64(unsafeBitCast(key, to: UInt.self)), seed: seed) }
    if Key.self == Int32.self {
      return hash(UInt64(UInt32(bitPattern: unsafeBitCast(key, to: Int32.self))), seed: seed)
    }
    if Key.self == UInt32.self { return hash(UInt64(unsafeBitCast(key, to: UInt32.self)), seed: seed) }
    if Key.self == UUID.self {
      let bytes = unsafeBitCast(key, to: UUID.self).uuid
      let (low, high) = unsafeBitCast(bytes, to: (UInt64, UInt64).self)
      return hash(low, high, seed: seed)
    }
    return key._rawHashValue(seed: Int(truncatingIfNeeded: seed))
  }
}
