import Foundation

/// The lengths of the longest common prefix and the longest common suffix of two arrays, the
/// suffix not overlapping the prefix in either array.
///
/// Equal elements at equal distance from the start (or the end) keep their place in any minimal
/// diff, so the diff engine only hashes what lies between. Arrays that share storage are
/// recognised without reading their elements. For element types whose `==` is equality of
/// their bits (``_equalityIsBitwise(_:)``: the fixed-width integers and `UUID`), equal runs are
/// compared as memory, a block at a time (`memcmp`), and only the block holding the first
/// difference element by element; every other type is compared with its own `==`.
///
/// - Returns: `prefix` and `suffix` with `prefix + suffix <= min(a.count, b.count)`.
/// - Complexity: O(1) when `a` and `b` share storage; otherwise O(prefix + suffix + 1)
///   comparisons (bitwise types: as memory, plus at most one block element by element at each
///   end).
@inlinable
func _commonAffixes<Element: Equatable>(_ a: [Element], _ b: [Element]) -> (prefix: Int, suffix: Int) {
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      if a.count == b.count && (a.baseAddress == b.baseAddress || a.isEmpty) { return (a.count, 0) }
      let shorter = min(a.count, b.count)
      if shorter == 0 { return (0, 0) }
      var prefix = 0
      // Whole blocks compared as memory, only for types whose `==` is bitwise equality (a type
      // test that folds away where this is specialized).
      let block = _equalityIsBitwise(Element.self) ? _bitwiseBlock / MemoryLayout<Element>.stride : 0
      let left = a.baseAddress!
      let right = b.baseAddress!
      if block > 0 {
        let bytes = block * MemoryLayout<Element>.stride
        while shorter - prefix >= block && memcmp(left + prefix, right + prefix, bytes) == 0 { prefix += block }
      }
      while prefix < shorter && a[prefix] == b[prefix] { prefix += 1 }
      var suffix = 0
      let limit = shorter - prefix
      if block > 0 {
        let bytes = block * MemoryLayout<Element>.stride
        while limit - suffix >= block
          && memcmp(left + (a.count - suffix - block), right + (b.count - suffix - block), bytes) == 0
        {
          suffix += block
        }
      }
      var endA = a.count - 1 - suffix
      var endB = b.count - 1 - suffix
      while suffix < limit && a[endA] == b[endB] {
        suffix += 1
        endA -= 1
        endB -= 1
      }
      return (prefix, suffix)
    }
  }
}

/// The number of bytes `_commonAffixes` compares as memory at a time.
@inlinable var _bitwiseBlock: Int { 4096 }

/// Whether two values of type `Element` are equal (`==`) exactly when their bytes are equal, so
/// that arrays of them can be compared as memory: a fixed list of types, the ones hashed from
/// their bits (``_ItemHash/hashesFromBits(_:)``: fixed-width integers and `UUID`). Not every type
/// that holds no references qualifies: `Double`'s `-0.0 == 0.0` and `.nan != .nan`, and a struct's
/// own `==` may ignore fields or compare them loosely. O(1); folds away where specialized.
@inlinable func _equalityIsBitwise<Element>(_: Element.Type) -> Bool {
  _ItemHash.hashesFromBits(Element.self)
}
