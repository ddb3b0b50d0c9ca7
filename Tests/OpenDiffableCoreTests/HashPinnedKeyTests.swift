import Foundation
import Testing

@testable import OpenDiffableCore

/// `_HashPinnedKey` of the fixed-width integers, which keeps the integer's bits as its hash and
/// mixes them with the dictionary's seed itself: equal keys hash alike and unequal ones compare
/// unequal for every width and sign, and dictionaries and snapshots keyed by them find every key.
@Suite("Hash-pinned keys of every integer width")
struct HashPinnedKeyTests {
  /// Edge values of `T` and values that differ only in their high half, or only in bits a
  /// narrower type would drop.
  static func values<T: FixedWidthInteger>(_: T.Type) -> [T] {
    var values: [T] = [.min, .max, 0, 1, 2, .max - 1, .min + 1]
    if T.isSigned { values += [-1, -2, T(truncatingIfNeeded: Int32.min), T(truncatingIfNeeded: Int32.max)] }
    values += [T(truncatingIfNeeded: UInt32.max), T(truncatingIfNeeded: UInt32.max) &- 1]
    if T.bitWidth == 64 {
      values += [1 << 32, 1 << 32 | 1, 0x1_0000_0001 << 31].map { T(truncatingIfNeeded: $0) }
    }
    values += (-40...40).map { T(truncatingIfNeeded: $0) }
    var seen = Set<T>()
    return values.filter { seen.insert($0).inserted }
  }

  static func check<T: FixedWidthInteger & Hashable>(_ type: T.Type) {
    let values = Self.values(type)
    let seeds = [0, 1, -1, Int.min, 0x5EED_0000_0000_1234]
    for a in values {
      for b in values {
        let left = _HashPinnedKey(a)
        let right = _HashPinnedKey(b)
        #expect((left == right) == (a == b), "\(T.self) \(a) vs \(b)")
        if a == b {
          #expect(left.hashValue == right.hashValue)
          for seed in seeds { #expect(left._rawHashValue(seed: seed) == right._rawHashValue(seed: seed)) }
        }
      }
      // A stored key (with a serial) equals the lookup key of the same value.
      #expect(_HashPinnedKey(_HashPinnedKey(a), serial: 7) == _HashPinnedKey(a))
    }
    // Stored, found, removed, by a dictionary that grows through several sizes.
    var dictionary = _HashPinnedDictionary<T, Int>()
    let many = values + (0..<3_000).map { T(truncatingIfNeeded: $0 &* 0x9E37_79B9 &- 1_500) }
    var expected: [T: Int] = [:]
    for (index, value) in many.enumerated() where expected[value] == nil {
      dictionary[value] = index
      expected[value] = index
    }
    #expect(dictionary.count == expected.count)
    for (value, index) in expected { #expect(dictionary[value] == index, "\(T.self) \(value)") }
    for (value, _) in expected where value & 1 == 0 { dictionary.removeValue(forKey: value) }
    for (value, index) in expected { #expect(dictionary[value] == (value & 1 == 0 ? nil : index)) }
    // Section identifiers of this type, negative ones and the extremes included.
    var snapshot = DiffableDataSourceSnapshot<T, Int>()
    snapshot.appendSections(values)
    for (offset, section) in values.enumerated() {
      snapshot.appendItems([offset], toSection: section)
    }
    for (position, section) in values.enumerated() {
      #expect(snapshot.indexOfSection(section) == position, "\(T.self) section \(section)")
      #expect(snapshot.sectionIdentifier(containingItem: position) == section)
    }
  }

  @Test func everyIntegerWidthAndSign() {
    Self.check(Int.self)
    Self.check(Int64.self)
    Self.check(UInt64.self)
    Self.check(UInt.self)
    Self.check(Int32.self)
    Self.check(UInt32.self)
  }
}
