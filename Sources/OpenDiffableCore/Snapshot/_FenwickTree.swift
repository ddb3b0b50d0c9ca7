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

  /// The count at each position of `range`, read from the tree. O(range.count + log n).
  @inlinable func counts(in range: Range<Int>) -> [Int] {
    Array(unsafeUninitializedCapacity: range.count) { result, initialized in
      tree.withUnsafeBufferPointer { tree in
        var offset = 0
        for index in (range.lowerBound &+ 1)..<(range.upperBound &+ 1) {
          // tree[index] covers its own position and its children's ranges: index - 1,
          // index - 2, index - 4, … down to index - lowbit(index) / 2.
          var value = tree[index]
          var step = 1
          let lowbit = index & -index
          while step < lowbit {
            value &-= tree[index &- step]
            step &<<= 1
          }
          result[offset] = value
          offset &+= 1
        }
      }
      initialized = range.count
    }
  }

  /// Replaces the counts at the positions of `range` with `newCounts` (as many). Only the entries
  /// that cover a changed position are rewritten: O(range.count + log n). `oldCounts`, when
  /// given, are the counts at `range` (``counts(in:)``), so that they are not read again.
  @inlinable mutating func replaceSubrange(_ range: Range<Int>, with newCounts: [Int], oldCounts: [Int]? = nil) {
    assert(newCounts.count == range.count, "replaceSubrange: the number of counts changed")
    let start = range.lowerBound
    guard !range.isEmpty else { return }
    let oldCounts = oldCounts ?? counts(in: range)
    // Entries start + 1 ... range.upperBound cover changed positions and only positions below
    // range.upperBound: rewritten from their own count and their children's entries (each
    // child is below: rewritten already, or covering only positions below `start`).
    rewrite(from: start, counts: newCounts)
    // Entries above that cover a changed position lie on the update path of the last one;
    // each changes by the difference of the counts it covers, a suffix of `range` (longer
    // for each entry up the path), summed as the path climbs.
    var index = range.upperBound
    index &+= index & -index
    let n = tree.count &- 1
    var position = range.upperBound  // the differences at positions position..<upperBound are summed
    var delta = 0
    while index <= n {
      let first = Swift.max(index &- (index & -index), start)  // the first changed position it covers
      while position > first {
        position &-= 1
        delta &+= newCounts[position &- start] &- oldCounts[position &- start]
      }
      tree[index] &+= delta
      index &+= index & -index
    }
  }

  /// Rewrites the entries for positions `start..<start + counts.count` from `counts`, given that
  /// every entry below is correct. O(counts.count + log n).
  @inlinable mutating func rewrite(from start: Int, counts: [Int]) {
    tree.withUnsafeMutableBufferPointer { tree in
      counts.withUnsafeBufferPointer { counts in
        for offset in counts.indices {
          let index = start &+ offset &+ 1
          var value = counts[offset]
          var step = 1
          let lowbit = index & -index
          while step < lowbit {
            value &+= tree[index - step]
            step &<<= 1
          }
          tree[index] = value
        }
      }
    }
  }
}
