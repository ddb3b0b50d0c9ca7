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

  /// Sets the count at each position `p` of `range` to `value(p)`, called once per position in
  /// increasing order. The entries for the range are rebuilt bottom-up; the entries above it that
  /// cover part of it (on the update path of its last position) are corrected by the change of
  /// the part they cover. O(range.count + log² n), no allocation.
  @inlinable mutating func assign(_ range: Range<Int>, _ value: (Int) -> Int) {
    guard !range.isEmpty else { return }
    let lower = range.lowerBound
    let upper = range.upperBound
    if _slowPath(lower < 0 || upper > count) { Self._rangeError(lower, upper, count) }
    // Entries above `upper` lose what they covered of the old range…
    let oldTotal = correctEntriesAbove(lower, upper, by: -1)
    // …the entries lower + 1 ... upper are rebuilt: each from its own count, its children below
    // the range (unchanged) and its children in the range (pushed up in increasing order)…
    tree.withUnsafeMutableBufferPointer { tree in
      for index in (lower &+ 1)...upper { tree[index] = value(index &- 1) }
      var index = lower &+ 1  // the entries covering the range's first position and positions below
      while index <= upper {
        let lowbit = index & -index
        var step = lowbit &>> 1
        while step >= index &- lower {
          tree[index] &+= tree[index &- step]
          step &>>= 1
        }
        index &+= lowbit
      }
      for index in (lower &+ 1)...upper {
        let parent = index &+ (index & -index)
        if parent <= upper { tree[parent] &+= tree[index] }
      }
    }
    // …and gain what they cover of the new one.
    let newTotal = correctEntriesAbove(lower, upper, by: 1)
    guard newTotal != oldTotal else { return }
    // The entries that cover the whole range change by the change of its total.
    var index = upper &+ (upper & -upper)
    let n = count
    while index <= n {
      if index &- (index & -index) <= lower { tree[index] &+= newTotal &- oldTotal }
      index &+= index & -index
    }
  }

  /// Adds `sign` times the sum of the counts it covers in `lower..<upper` to each entry above
  /// `upper` that covers only part of that range; returns the range's sum. The entries above
  /// read no entry above `upper`, so they may be stale meanwhile. O(log² n).
  @inlinable mutating func correctEntriesAbove(_ lower: Int, _ upper: Int, by sign: Int) -> Int {
    var index = upper &+ (upper & -upper)
    let n = count
    while index <= n {
      let first = index &- (index & -index)  // the entry covers positions first..<index
      if first <= lower { break }  // this one and those after it cover the whole range
      tree[index] &+= sign &* sum(first, upper)
      index &+= index & -index
    }
    return sum(lower, upper)
  }

  /// The sum of the counts at positions `lower..<upper`: the two prefix sums' walks, until they
  /// meet. O(log n), fewer steps for close positions.
  @inlinable func sum(_ lower: Int, _ upper: Int) -> Int {
    var high = upper
    var low = lower
    var sum = 0
    while high != low {
      if high > low {
        sum &+= tree[high]
        high &-= high & -high
      } else {
        sum &-= tree[low]
        low &-= low & -low
      }
    }
    return sum
  }
}

extension _FenwickTree {
  /// Stops for a range past the tree (out of line: the message's formatting stays out of the
  /// callers' loops).
  @usableFromInline @inline(never)
  static func _rangeError(_ lower: Int, _ upper: Int, _ count: Int) -> Never {
    _internalError("count tree range \(lower)..<\(upper) is outside 0..<\(count)")
  }
}
