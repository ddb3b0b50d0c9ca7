import Foundation

/// A dictionary key that keeps `Dictionary` safe from identifiers that break `Hashable`'s
/// contract: it stores the identifier's hash taken when it was made. Store values only through
/// ``_HashPinnedDictionary``, which gives every key it stores a serial number.
///
/// A key made to look a value up (``init(_:)``, serial 0) equals a stored key when their
/// stored hashes are equal and their identifiers are `==`. Two stored keys are equal only when
/// they are the same key (same serial). So equal keys always hash alike, and no two keys a
/// dictionary holds are ever equal, whatever the identifiers' `==` and `hash(into:)` do
/// (disagree, or change after the key was stored; two identifiers stored under the same hash
/// may become `==` later): a `Dictionary` never finds two equal keys while it rehashes — the
/// state in which it stops the process inside the standard library ("Duplicate keys of type …
/// were found in a Dictionary"). Identifiers equal by `==` whose hashes differ are separate
/// keys, as the snapshot holds them. O(1) plus one hash to make; the dictionary mixes the
/// stored hash with its seed without hashing it again (``_rawHashValue(seed:)``).
///
/// `package`: the data source keys its recorded content and its section snapshots by it, and
/// OpenDiffableTesting's simulated views their cells; the snapshot's section table
/// (``_SectionTable``) takes and mixes section hashes as it does.
/// `@usableFromInline`: the snapshot's inlinable lookups use it.
@usableFromInline
package struct _HashPinnedKey<Base: Hashable>: Hashable {
  @usableFromInline package let base: Base
  @usableFromInline package let hash: Int
  /// Nonzero, and unique among the keys of one ``_HashPinnedDictionary``, for a stored key;
  /// 0 for a key made to look a value up.
  @usableFromInline let serial: Int

  /// A key to look `base` up with: `base`'s hash now.
  @inlinable
  package init(_ base: Base) {
    self.base = base
    // The standard library's and Foundation's hashes of these types read nothing but the value:
    // said so, an inlined lookup keeps its caller's snapshot in place (see `_pureHashValue`).
    if _IdentifierTraits<Base>.hashesFromBits && Base.self != UUID.self {
      // A fixed-width integer: its bits, which no other value shares (folded to 32 where `Int` is
      // 32-bit); `_rawHashValue(seed:)` hashes them with the dictionary's seed.
      let bits = _ItemHash.integerBits(base)
      self.hash = Int(truncatingIfNeeded: Int.bitWidth == 64 ? bits : bits ^ bits &>> 32)
    } else if Base.self == UUID.self || Base.self == String.self {
      self.hash = _pureHashValue(base)
    } else {
      self.hash = base.hashValue
    }
    self.serial = 0
  }

  /// `key` as stored under `serial`.
  @inlinable
  init(_ key: Self, serial: Int) {
    base = key.base
    hash = key.hash
    self.serial = serial
  }

  @inlinable
  package static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    if lhs.serial != 0, rhs.serial != 0 { return lhs.serial == rhs.serial }
    return lhs.base == rhs.base
  }

  @inlinable
  package func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  /// For a fixed-width integer, its bits hashed as the item table hashes them (``_ItemHash``: a
  /// multiply where `Hasher` runs SipHash), keyed by `seed`: a dictionary's (the address of its
  /// storage, or its size under `SWIFT_DETERMINISTIC_HASHING`, where `Hasher` also mixes in the
  /// process's random seed) or the section table's (the process's, ``_ItemHash/makeSeed()``).
  /// Identifiers chosen by someone who learnt the seed could collide and slow the snapshot
  /// down, never make it wrong (ARCHITECTURE.md, "The item table").
  ///
  /// Otherwise the stored hash (already a `Hasher` result) mixed with `seed` by one multiply and
  /// two shifts, where `Hasher` would hash it again: a lookup hashes the identifier once. Equal
  /// keys have equal stored hashes, so they give equal results.
  @inlinable
  package func _rawHashValue(seed: Int) -> Int { Self._mixed(hash, seed: seed) }

  /// ``_rawHashValue(seed:)`` of a key whose stored hash is `hash`.
  @inlinable @inline(__always)
  static func _mixed(_ hash: Int, seed: Int) -> Int {
    if _IdentifierTraits<Base>.hashesFromBits && Base.self != UUID.self {
      return _ItemHash.hash(UInt64(UInt(bitPattern: hash)), seed: UInt64(UInt(bitPattern: seed)))
    }
    var bits = UInt64(truncatingIfNeeded: hash ^ seed)
    bits ^= bits &>> 32
    bits &*= 0x9E37_79B9_7F4A_7C15
    bits ^= bits &>> 29
    return Int(truncatingIfNeeded: bits)
  }
}

extension _HashPinnedKey: Sendable where Base: Sendable {}

/// `value.hashValue`, for `UUID` and `String` only, whose hashes read
/// nothing but the value (and the process's hashing seed): a call the optimizer is told only
/// reads memory. Made inline, the standard library's non-inlined `hashValue` counts as a call
/// that may change anything, and a caller holding a snapshot in a class's stored property or a
/// global copies the snapshot around each section lookup.
@inlinable @inline(never) @_effects(readonly)
func _pureHashValue<Value: Hashable>(_ value: Value) -> Int { value.hashValue }

/// A `Dictionary` keyed by ``_HashPinnedKey``, which stores every key under a serial number of
/// its own (see there): it never stops the process inside the standard library, whatever the
/// identifiers do.
///
/// Look values up, store and remove them with keys made by ``_HashPinnedKey/init(_:)``, with
/// the keys it yields (which name exactly the entry they came from), or with identifiers (a
/// key made from each, one hash). Storing a value for a key it holds an equal key for replaces
/// that key's value. O(1) average per operation, as a `Dictionary`; storing a new key looks it
/// up first (a second probe, no second hash).
@usableFromInline
package struct _HashPinnedDictionary<Base: Hashable, Value>: Sequence {
  @usableFromInline package typealias Key = _HashPinnedKey<Base>
  @usableFromInline var _storage: [Key: Value] = [:]
  /// The serial of the last key stored.
  @usableFromInline var _lastSerial = 0

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { _storage.isEmpty }
  @inlinable package var count: Int { _storage.count }

  /// The value stored for `key`; nil stores nothing, removing the entry for `key` if any.
  @inlinable
  package subscript(key: Key) -> Value? {
    get { _storage[key] }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        _storage[key] = nil
      }
    }
  }

  /// The value stored for `base` (looked up by a key made now); nil removes the entry.
  @inlinable
  package subscript(base: Base) -> Value? {
    get { _storage[Key(base)] }
    set { self[Key(base)] = newValue }
  }

  /// Stores `value` for `key` and returns the value it replaced, if any. One lookup when `key`
  /// is there.
  @inlinable
  @discardableResult
  package mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    if let index = _storage.index(forKey: key) {
      var value = value
      swap(&value, &_storage.values[index])
      return value
    }
    _lastSerial += 1
    _storage[Key(key, serial: _lastSerial)] = value
    return nil
  }

  /// Removes the entry for `base` (looked up by a key made now) and returns its value, if any.
  @inlinable
  @discardableResult
  package mutating func removeValue(forKey base: Base) -> Value? {
    _storage.removeValue(forKey: Key(base))
  }

  @inlinable
  package mutating func reserveCapacity(_ minimumCapacity: Int) { _storage.reserveCapacity(minimumCapacity) }

  @inlinable package mutating func removeAll() { _storage.removeAll() }

  @inlinable package func makeIterator() -> Dictionary<Key, Value>.Iterator { _storage.makeIterator() }
}

extension _HashPinnedDictionary: Sendable where Base: Sendable, Value: Sendable {}

/// A `Set` of identifiers kept safe as ``_HashPinnedDictionary`` keeps its keys: it never stops
/// the process inside the standard library, whatever the identifiers' `==` and `hash(into:)` do.
/// Types that cannot break the contract (equality of their bits, ``_IdentifierTraits/hashesFromBits``,
/// and `String`) are kept in a plain `Set`, without the pinned hash and the second probe. O(1)
/// average per operation.
@usableFromInline
package struct _HashPinnedSet<Base: Hashable> {
  @usableFromInline var _members = _HashPinnedDictionary<Base, Void>()
  @usableFromInline var _plain = Set<Base>()

  /// Whether `Base` is kept in `_plain`. Folds away where specialized.
  @inlinable static var _isPlain: Bool { _IdentifierTraits<Base>.hashedByItemHash }

  @inlinable package init() {}

  @inlinable package init(minimumCapacity: Int) {
    if Self._isPlain { _plain.reserveCapacity(minimumCapacity) } else { _members.reserveCapacity(minimumCapacity) }
  }

  @inlinable package var count: Int { Self._isPlain ? _plain.count : _members.count }

  /// Makes room for `minimumCapacity` members.
  @inlinable package mutating func reserveCapacity(_ minimumCapacity: Int) {
    if Self._isPlain { _plain.reserveCapacity(minimumCapacity) } else { _members.reserveCapacity(minimumCapacity) }
  }

  /// Whether a member equals `member` (looked up by its hash now).
  @inlinable package func contains(_ member: Base) -> Bool {
    Self._isPlain ? _plain.contains(member) : _members[_HashPinnedKey(member)] != nil
  }

  /// Adds `member` unless a member equals it; returns whether it was added.
  @inlinable
  @discardableResult
  package mutating func insert(_ member: Base) -> Bool {
    if Self._isPlain { return _plain.insert(member).inserted }
    let key = _HashPinnedKey(member)
    guard _members[key] == nil else { return false }
    _members.updateValue((), forKey: key)
    return true
  }
}

extension _HashPinnedSet: Sendable where Base: Sendable {}
