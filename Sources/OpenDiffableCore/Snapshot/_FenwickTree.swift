/// A binary indexed tree over per-section item counts, so the flat index of an item
/// (`indexOfItem`) costs O(log sections) while appending items to any section stays O(log sections).
@usableFromInline
struct _FenwickTree: Sendable, Equatable {
  /// 1-based tree storage; `tree[0]` is unused.
  @usableFromInline var tree: [Int] = [0]

  @inlinable init() {}

  /// Builds the tree from `counts` in O(n).
  @inlinable init<C: Collection>(counts: C) where C.Element == Int {
    tree = [0]
    tree.reserveCapacity(counts.count + 1)
    tree.append(contentsOf: counts)
    let n = tree.count - 1
    var i = 1
    while i <= n {
      let parent = i + (i & -i)
      if parent <= n { tree[parent] += tree[i] }
      i += 1
    }
  }

  @inlinable var count: Int { tree.count - 1 }

  /// Sum of the counts at positions `0..<position`. O(log n).
  @inlinable func prefixSum(_ position: Int) -> Int {
    var i = position
    var sum = 0
    while i > 0 {
      sum &+= tree[i]
      i -= i & -i
    }
    return sum
  }

  /// Adds `delta` to the count at `position`. O(log n).
  @inlinable mutating func add(_ delta: Int, at position: Int) {
    var i = position + 1
    let n = tree.count - 1
    while i <= n {
      tree[i] &+= delta
      i += i & -i
    }
  }

  /// Appends a new position whose count is `value`. O(log n).
  @inlinable mutating func append(_ value: Int) {
    let i = tree.count  // the new 1-based index
    let low = i - (i & -i)
    // tree[i] covers positions low..<i (0-based); all but the new one already exist.
    tree.append(value &+ prefixSum(i - 1) &- prefixSum(low))
  }
}
