import Foundation
import OpenDiffableTesting
import Testing

@testable import OpenDiffableCore

/// A key whose hash is one of four values: long probe runs, so that lookups step over other
/// keys and deletions shift runs back.
private struct FewHashes: Hashable {
  var value: Int
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value & 3) }
}

/// Three words, hashed by one of them (which the tests keep to four values): 32-byte buckets with
/// long probe runs.
private struct ThreeWords: Hashable {
  var a: Int
  var b: Int
  var c: Int
  func hash(into hasher: inout Hasher) { hasher.combine(c) }
}

/// Four words: 40-byte buckets.
private struct FourWords: Hashable {
  var a: Int
  var b: Int
  var c: Int
  var d: Int
}

/// The bytes of a `UUID` made from `value`.
private func uuidBytes(_ value: Int) -> uuid_t {
  let v = UInt8(truncatingIfNeeded: value)
  let w = UInt8(truncatingIfNeeded: value >> 8)
  return (v, w, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, v, w)
}

/// A key that counts its live instances (a table must release every key it stored, once), and
/// whose hash can change while stored.
private final class CountedKey: Hashable, @unchecked Sendable {
  nonisolated(unsafe) static var live = 0
  let value: Int
  var hashShift = 0
  init(_ value: Int) {
    self.value = value
    Self.live += 1
  }
  deinit { Self.live -= 1 }
  static func == (lhs: CountedKey, rhs: CountedKey) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value &+ hashShift) }
}

/// A key whose `==` answers false until armed, then true from its seventh call on: a stateful
/// `==`, which a lookup and a second lookup may see answer differently.
private final class FlakyKey: Hashable, @unchecked Sendable {
  nonisolated(unsafe) static var live = 0
  nonisolated(unsafe) static var armed = false
  nonisolated(unsafe) static var calls = 0
  let value: Int
  init(_ value: Int) {
    self.value = value
    Self.live += 1
  }
  deinit { Self.live -= 1 }
  static func == (lhs: FlakyKey, rhs: FlakyKey) -> Bool {
    guard armed else { return lhs.value == rhs.value }
    calls += 1
    return calls > 6
  }
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

extension _SectionTable {
  /// Stores `slot` for `section`, replacing its slot if stored (nil: removes it), as the
  /// snapshot does in two steps.
  fileprivate mutating func store(_ slot: Int?, _ section: Section) {
    removeValue(forKey: section)
    if let slot { _ = insertIfAbsent(slot, forKey: section) }
  }
}

/// `_SectionTable`, the snapshot's section → storage slot table, against a `Dictionary` model.
@Suite("Section table", .serialized)
struct SectionTableTests {
  /// Random insertions (of new and stored keys), removals (of present and absent keys) and lookups, with
  /// copies taken along the way and changed independently; the invariants and every copy are
  /// checked against the model after every step.
  static func check<Key: Hashable>(_ make: (Int) -> Key, seed: UInt64, steps: Int, range: Int) {
    var random = SplitMix64(seed: seed)
    var table = _SectionTable<Key>()
    var model: [Key: Int] = [:]
    var copies: [(_SectionTable<Key>, [Key: Int])] = []
    for step in 0..<steps {
      let key = make(Int.random(in: 0..<range, using: &random))
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let stored = table.insertIfAbsent(step, forKey: key)
        #expect(stored == (model[key] == nil))
        if model[key] == nil { model[key] = step }
      case 5..<9:
        #expect(table.removeValue(forKey: key) == model.removeValue(forKey: key))
      default:
        copies.append((table, model))
        if copies.count > 3 { copies.removeFirst() }
      }
      #expect(table[key] == model[key])
      #expect(table.count == model.count)
      table._checkInvariants()
    }
    for probe in 0..<range { #expect(table[make(probe)] == model[make(probe)]) }
    for (copy, expected) in copies {
      #expect(copy.count == expected.count)
      copy._checkInvariants()
      for probe in 0..<range { #expect(copy[make(probe)] == expected[make(probe)]) }
    }
  }

  @Test func integersAgreeWithADictionary() {
    Self.check({ $0 &* 0x9E37_79B9 &- 5_000 }, seed: 1, steps: 6_000, range: 1_500)
  }

  @Test func stringsAgreeWithADictionary() {
    Self.check({ "section \($0)" }, seed: 2, steps: 4_000, range: 1_000)
  }

  @Test func longProbeRunsAgreeWithADictionary() {
    Self.check({ FewHashes(value: $0) }, seed: 3, steps: 3_000, range: 300)
  }

  /// Buckets of every shape: 12 bytes (`UInt16`), 16 (`Int`: the slot and 32 bits of the hash
  /// beside the identifier), 24 (`UUID`, `String`), 32 (three words, a power of two with long
  /// probe runs) and 40 (four words); lookups walk byte offsets where the size is a power of two
  /// and bucket numbers otherwise.
  @Test func everyBucketSizeAgreesWithADictionary() {
    #expect(_SectionTableStorage<UInt16>.stride == 12)
    #expect(_SectionTableStorage<Int>.stride == 16)
    #expect(_SectionTableStorage<String>.stride == 24)
    #expect(_SectionTableStorage<UUID>.stride == 24)
    #expect(_SectionTableStorage<ThreeWords>.stride == 32)
    #expect(_SectionTableStorage<FourWords>.stride == 40)
    Self.check({ UInt16(truncatingIfNeeded: $0 &* 40_503) }, seed: 4, steps: 3_000, range: 800)
    Self.check({ UUID(uuid: uuidBytes($0)) }, seed: 5, steps: 3_000, range: 800)
    Self.check({ ThreeWords(a: $0, b: $0 &* 3, c: $0 & 3) }, seed: 6, steps: 3_000, range: 800)
    Self.check({ FourWords(a: $0, b: 0, c: $0 &* 7, d: 1) }, seed: 7, steps: 3_000, range: 800)
  }

  /// Keys whose home is the table's last bucket, one after another: the later ones wrap to the
  /// first buckets, are found there, and move back across the end when the first is removed;
  /// for the byte-offset walk (`Int`, 16-byte buckets) and for bucket numbers (`String`).
  @Test func probeRunsWrapAroundTheTableEnd() {
    Self.checkWrap { $0 }
    Self.checkWrap { "section \($0)" }
  }

  static func checkWrap<Key: Hashable>(_ make: (Int) -> Key) {
    var table = _SectionTable<Key>()
    let first = table.insertIfAbsent(0, forKey: make(-1))  // the storage, with its seed
    #expect(first)
    // No reference to the storage is kept: the table must stay its only holder (or it copies).
    func home(_ key: Key) -> Int { table._storage!.home(table._storage!.tag(.init(key))) }
    func bucket(_ key: Key) -> Int { table._storage!.find(.init(key)).bucket }
    let last = table._storage!.bucketCount - 1
    var wrapping: [Key] = []
    var candidate = 0
    while wrapping.count < 3 {
      if home(make(candidate)) == last { wrapping.append(make(candidate)) }
      candidate += 1
    }
    for (offset, key) in wrapping.enumerated() {
      let stored = table.insertIfAbsent(offset + 1, forKey: key)
      #expect(stored)
    }
    #expect(table._storage!.bucketCount == last + 1)  // no growth
    #expect(bucket(wrapping[2]) < last)  // wrapped past the end
    for (offset, key) in wrapping.enumerated() { #expect(table[key] == offset + 1) }
    table._checkInvariants()
    let firstBucket = bucket(wrapping[0])
    let removed = table.removeValue(forKey: wrapping[0])
    #expect(removed == 1)
    table._checkInvariants()
    #expect(table[wrapping[0]] == nil)
    #expect(table[wrapping[1]] == 2)
    #expect(table[wrapping[2]] == 3)
    #expect(bucket(wrapping[1]) == firstBucket)  // moved back (across the end, or along it)
    let again = table.insertIfAbsent(4, forKey: wrapping[0])
    #expect(again)
    #expect(table[wrapping[0]] == 4)
    table._checkInvariants()
  }

  /// A shared table that grows copies its entries into the grown storage and leaves the other
  /// holder's unchanged.
  @Test func growingASharedTableLeavesTheOtherUnchanged() {
    var table = _SectionTable<Int>()
    for key in 0..<6 { table.store(key * 2, key) }  // 8 buckets, full
    let shared = table
    table.store(12, 6)  // grows to 16 buckets, copying
    table._checkInvariants()
    shared._checkInvariants()
    for key in 0..<6 {
      #expect(table[key] == key * 2)
      #expect(shared[key] == key * 2)
    }
    #expect(table[6] == 12 && shared[6] == nil)
    table.store(nil, 5)
    #expect(table.count == 6)
    #expect(shared.count == 6 && shared[5] == 10)
  }

  /// A table held once changes its own storage (no copy per change); a shared one is copied
  /// once, on its first change. (Identities are compared across one change each: a copy is
  /// made while the storage it copies is alive, so the two never share an address.)
  @Test func aUniquelyHeldTableChangesInPlace() {
    var table = _SectionTable<Int>()
    table.store(0, 0)  // 8 buckets: the changes below never fill them
    func identity() -> ObjectIdentifier? { table._storage.map(ObjectIdentifier.init) }
    let changes: [(inout _SectionTable<Int>) -> Void] = [
      { $0.store(1, 1) }, { $0.store(2, 2) }, { $0.store(10, 1) }, { $0.store(nil, 2) }, { $0.store(3, 3) },
      { $0.removeValue(forKey: 3) }, { $0.removeValue(forKey: 99) }, { _ = $0.insertIfAbsent(4, forKey: 4) },
      { _ = $0.insertIfAbsent(5, forKey: 4) },
    ]
    for change in changes {
      let before = identity()
      change(&table)
      #expect(identity() == before)
    }
    var unchanged = table
    let held = identity()
    let stored = unchanged.insertIfAbsent(40, forKey: 4)
    #expect(!stored)  // found: nothing written, nothing copied
    #expect(unchanged._storage.map(ObjectIdentifier.init) == held && unchanged[4] == 4)
    let shared = table
    let before = identity()
    table.store(90, 9)
    #expect(identity() != before)
    let copied = identity()
    table.store(100, 10)
    table.store(nil, 1)
    #expect(identity() == copied)
    #expect(shared[1] == 10 && shared[9] == nil && table[9] == 90 && table[1] == nil)
  }

  /// Every key stored is released once: when removed, replaced in a copy, moved by growth or
  /// by a deletion's backward shift, and when the table goes.
  @Test func everyStoredKeyIsReleasedOnce() {
    do {
      var table = _SectionTable<CountedKey>()
      let keys = (0..<500).map(CountedKey.init)
      for key in keys { table.store(key.value, key) }
      var copy = table
      for key in keys where key.value % 3 == 0 { table.store(nil, key) }
      for key in keys where key.value % 5 == 0 { copy.store(nil, key) }
      table._checkInvariants()
      copy._checkInvariants()
      #expect(table.count == 500 - 167)
      #expect(copy.count == 400)
      for key in keys {
        #expect(table[key] == (key.value % 3 == 0 ? nil : key.value))
        #expect(copy[key] == (key.value % 5 == 0 ? nil : key.value))
      }
    }
    #expect(CountedKey.live == 0)
  }

  /// An insertion that grows the table places the new key by its hash alone: a stateful `==`
  /// that answered "not stored" before the growth cannot make it overwrite a stored key.
  @Test func anInsertionThatGrowsNeverOverwritesAStoredKey() {
    do {
      var table = _SectionTable<FlakyKey>()
      for value in 0..<6 { table.store(value, FlakyKey(value)) }  // full: the seventh grows the table
      FlakyKey.armed = true
      defer { FlakyKey.armed = false }
      _ = table.insertIfAbsent(100, forKey: FlakyKey(100))
      FlakyKey.armed = false
      #expect(table.count == 7)
      for value in [0, 1, 2, 3, 4, 5, 100] { #expect(table[FlakyKey(value)] == value) }
    }
    #expect(FlakyKey.live == 0)
  }

  /// A key whose hash changes while stored is no longer found by itself, while the table keeps
  /// finding, removing and moving the other keys (by their stored hashes) and never stops.
  @Test func aKeyWhoseHashChangesIsMissedAndHarmsNothingElse() {
    do {
      var table = _SectionTable<CountedKey>()
      let keys = (0..<64).map(CountedKey.init)
      for key in keys { table.store(key.value, key) }
      keys[10].hashShift = 1_000_003
      #expect(table[keys[10]] == nil)
      for key in keys.dropFirst(20) { table.store(nil, key) }
      for key in (64..<400).map(CountedKey.init) { table.store(key.value, key) }  // grows, by stored hashes
      table._checkInvariants()
      #expect(table.count == 20 + 336)
      for key in keys.prefix(20) where key.value != 10 { #expect(table[key] == key.value) }
      keys[10].hashShift = 0
      #expect(table[keys[10]] == 10)
    }
    #expect(CountedKey.live == 0)
  }
}
