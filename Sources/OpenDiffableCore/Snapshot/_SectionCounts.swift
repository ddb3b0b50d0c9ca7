/// The item count of each section, for flat item indexes (`indexOfItem`) in O(log s), kept so
/// that a section inserted, removed or moved costs what moved, at either end of the list.
///
/// Sections are addressed by *stored position*: the section at position p has the stored position
/// `bias + p` (the snapshot keeps it in the section's slot; `bias` may be any `Int`). The counts
/// live in a Fenwick tree over a ring of `capacity` entries (a power of two): stored position x is
/// entry `x & (capacity - 1)`, and every entry no section occupies holds 0. Changing the bias
/// renumbers every section at once, so the snapshot moves whichever side of a change is shorter:
/// the sections before it (changing the bias) or the sections after it.
@usableFromInline
struct _SectionCounts: Sendable {
  /// The counts by ring entry.
  @usableFromInline var tree: _FenwickTree
  /// The stored position of the section at position 0.
  @usableFromInline var bias: Int
  /// The sum of the ring entries below the first section's entry (`bias & mask`).
  @usableFromInline var below: Int
  /// The number of sections.
  @usableFromInline var count: Int

  @inlinable init() {
    tree = _FenwickTree()
    bias = 0
    below = 0
    count = 0
  }

  /// Counts for sections at stored positions `0..<counts.count` (bias 0). O(s).
  @inlinable init(counts: [Int]) {
    var capacity = 4
    while capacity < counts.count { capacity &<<= 1 }
    var values = counts
    values.append(contentsOf: repeatElement(0, count: capacity &- counts.count))
    tree = _FenwickTree(counts: values)
    bias = 0
    below = 0
    count = counts.count
  }

  /// The number of ring entries: 0, or a power of two.
  @inlinable var capacity: Int { tree.count }

  /// The number of items of the sections before the one at stored position `stored`, which must
  /// be a section's. O(log s).
  @inlinable func prefixSum(_ stored: Int) -> Int {
    let mask = tree.tree.count &- 2
    let entry = stored & mask
    let sum = tree.prefixSum(entry) &- below
    // Entries below the first section's belong to the sections at the end of the ring.
    return entry < bias & mask ? sum &+ tree.tree[mask &+ 1] : sum
  }

  /// Adds `delta` to the count of the section at stored position `stored`. O(log s).
  @inlinable mutating func add(_ delta: Int, at stored: Int) {
    let mask = tree.count &- 1
    let entry = stored & mask
    tree.add(delta, at: entry)
    if entry < bias & mask { below &+= delta }
  }

  /// Adds a section with no items at the end; returns its stored position. O(1) amortized.
  @inlinable mutating func appendSection() -> Int {
    if count == capacity { reserve(count &+ 1) }
    count &+= 1
    return bias &+ count &- 1
  }

  /// Makes room for `sections` sections (and so for `sections - count` more). O(s) when it
  /// grows (to at least twice the capacity), O(1) otherwise.
  @inlinable mutating func reserve(_ sections: Int) {
    guard sections > capacity else { return }
    var newCapacity = Swift.max(4, capacity &<< 1)
    while newCapacity < sections { newCapacity &<<= 1 }
    if capacity == 0 || tree.tree[capacity] == 0 {
      // No items yet (counts are never negative): a ring of zeros, as sections are appended.
      tree.tree = [Int](repeating: 0, count: newCapacity &+ 1)
      below = 0
      return
    }
    let counts = self.counts(stored: bias..<bias &+ count)
    var values = [Int](repeating: 0, count: newCapacity)
    let mask = newCapacity &- 1
    for (offset, value) in counts.enumerated() { values[(bias &+ offset) & mask] = value }
    tree = _FenwickTree(counts: values)
    below = tree.prefixSum(bias & mask)
  }

  /// The counts at the stored positions of `range` (0 where no section is), which spans at most
  /// `capacity` positions. O(range.count + log s).
  @inlinable func counts(stored range: Range<Int>) -> [Int] {
    guard !range.isEmpty else { return [] }
    let capacity = self.capacity
    let start = range.lowerBound & (capacity &- 1)
    let end = start &+ range.count
    if end <= capacity { return tree.counts(in: start..<end) }
    return tree.counts(in: start..<capacity) + tree.counts(in: 0..<(end &- capacity))
  }

  /// Sets the count at each stored position of `range` (at most `capacity` positions) to
  /// `value(stored)`, and refreshes `below` for the current bias. Positions that no section
  /// occupies must get 0. O(range.count + log² s), no allocation.
  @inlinable mutating func assign(stored range: Range<Int>, _ value: (Int) -> Int) {
    let capacity = self.capacity
    let start = range.lowerBound & (capacity &- 1)
    let end = start &+ range.count
    let offset = range.lowerBound &- start  // stored position = entry + offset
    if end <= capacity {
      tree.assign(start..<end) { value($0 &+ offset) }
    } else {
      tree.assign(start..<capacity) { value($0 &+ offset) }
      tree.assign(0..<(end &- capacity)) { value($0 &+ offset &+ capacity) }
    }
    refreshBelow()
  }

  /// Recomputes `below` after the bias changed. O(log s).
  @inlinable mutating func refreshBelow() {
    below = tree.prefixSum(bias & (capacity &- 1))
  }

  /// Stops unless the counts are consistent and the section at each position `p` has the count
  /// `expected(p)`; for `OPENDIFFABLE_INTERNAL_CHECKS` builds. O(capacity + s log s).
  func _checkInvariants(expected: (Int) -> Int) {
    precondition(capacity == 0 || capacity & (capacity &- 1) == 0, "count ring size is not a power of two")
    precondition(count <= capacity, "count ring holds more sections than entries")
    let mask = capacity &- 1
    precondition(below == tree.prefixSum(bias & mask), "count ring's sum below the first section is stale")
    let entries = tree.counts(in: 0..<capacity)
    precondition(tree == _FenwickTree(counts: entries), "count tree disagrees with its entries")
    var occupied = [Bool](repeating: false, count: capacity)
    var sum = 0
    for position in 0..<count {
      let entry = (bias &+ position) & mask
      occupied[entry] = true
      precondition(entries[entry] == expected(position), "count of the section at position \(position) disagrees")
      precondition(prefixSum(bias &+ position) == sum, "count ring's prefix sum disagrees at position \(position)")
      sum &+= expected(position)
    }
    for entry in 0..<capacity where !occupied[entry] {
      precondition(entries[entry] == 0, "count ring entry \(entry) holds a count but no section")
    }
  }
}
