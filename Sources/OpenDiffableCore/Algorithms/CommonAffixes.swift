/// The lengths of the longest common prefix and the longest common suffix of two arrays, the
/// suffix not overlapping the prefix in either array.
///
/// Equal elements at equal distance from the start (or the end) keep their place in any minimal
/// diff, so the diff engine only hashes what lies between. Arrays that share storage are
/// recognised without reading their elements.
///
/// - Returns: `prefix` and `suffix` with `prefix + suffix <= min(a.count, b.count)`.
/// - Complexity: O(1) when `a` and `b` share storage; otherwise O(prefix + suffix + 1)
///   comparisons.
@inlinable
func _commonAffixes<Element: Equatable>(_ a: [Element], _ b: [Element]) -> (prefix: Int, suffix: Int) {
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      if a.count == b.count && (a.baseAddress == b.baseAddress || a.isEmpty) { return (a.count, 0) }
      let shorter = min(a.count, b.count)
      var prefix = 0
      while prefix < shorter && a[prefix] == b[prefix] { prefix += 1 }
      var suffix = 0
      let limit = shorter - prefix
      var endA = a.count - 1
      var endB = b.count - 1
      while suffix < limit && a[endA] == b[endB] {
        suffix += 1
        endA -= 1
        endB -= 1
      }
      return (prefix, suffix)
    }
  }
}
