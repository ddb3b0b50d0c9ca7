import Foundation

/// The hash the item table places keys by.
///
/// Identifiers that are fixed-width integers or `UUID`s — database row IDs and generated IDs,
/// the common shapes — are hashed from their bits by a 64×64→128-bit multiply folded to 64 bits
/// (the mixing step of wyhash; one per word), keyed with a per-process seed, then an
/// xor-shift-multiply finalizer. That is a few cycles where `Hasher` (SipHash-1-3, reached
/// through a call into the standard library) costs tens of nanoseconds, and hashing was most of
/// what building and probing the index cost.
/// Equality of these types is equality of their bits, so the hash is consistent with `==`.
///
/// Every other type goes through its own `Hashable` conformance (`_rawHashValue(seed:)`, which
/// is `Hasher`), so its `hash(into:)` is honoured exactly.
///
/// The seed comes from `Hasher`'s per-process random seed (so it is fixed when
/// `SWIFT_DETERMINISTIC_HASHING` is set): identifiers cannot be chosen to collide without
/// knowing it. This mixing is not a keyed cryptographic hash as SipHash is; a party that could
/// observe the seed could make chosen identifiers collide and slow the index down (never make
/// it wrong).
@usableFromInline
enum _ItemHash {
  /// The per-process seed: a `Hasher` hash of a constant. O(1) (one SipHash).
  @inlinable static func makeSeed() -> UInt64 {
    UInt64(truncatingIfNeeded: 0x5EED_5EED._rawHashValue(seed: 0))
  }

  /// The 64-bit multiply's two halves folded together.
  @inlinable @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// One word, hashed with `seed`: one multiply whose two operands are both keyed, then an
  /// xor-shift-multiply finalizer. The multiply alone leaves the high bits — which pick the home
  /// bucket — poorly mixed for some seeds on keys that differ only in their high bits (probe
  /// runs of hundreds of buckets); the finalizer spreads them (`ItemTableTests` checks both).
  @inlinable @inline(__always) static func hash(_ word: UInt64, seed: UInt64) -> Int {
    var hash = mix(word ^ seed, (seed &>> 32 | seed &<< 32) ^ 0xE703_7ED1_A0B4_28DB)
    hash ^= hash &>> 32
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash &>> 29
    return Int(truncatingIfNeeded: hash)
  }

  /// Two words, hashed with `seed`: a first multiply combines them, then the one-word hash.
  @inlinable @inline(__always) static func hash(_ low: UInt64, _ high: UInt64, seed: UInt64) -> Int {
    hash(mix(low ^ seed, high ^ 0xE703_7ED1_A0B4_28DB) ^ 0x8EBC_6AF0_9C88_C6E3, seed: seed)
  }

  /// The hash of `key`: from its bits for the integer types and `UUID`, through its `Hashable`
  /// conformance otherwise. The type tests fold away when the table is specialized.
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
