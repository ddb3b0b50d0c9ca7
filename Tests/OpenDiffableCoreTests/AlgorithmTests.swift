import Foundation
import PropertyBased
import Testing

@testable import OpenDiffableCore

/// The diff engine's building blocks and the snapshot's count tree, each against a plain
/// reference: common affixes against element-by-element comparison, the marked longest
/// increasing subsequence against the quadratic dynamic program, the Fenwick tree against an
/// array of counts.
@Suite("Algorithms and the count tree against simple references")
struct AlgorithmTests {
  /// Arrays over a small alphabet, so common affixes and repeats are frequent.
  static let smallArrays = Gen.int(in: 0...3).array(of: 0...12)

  @Test func commonAffixesMatchElementwiseComparison() async {
    await propertyCheck(count: 2_000, input: Self.smallArrays, Self.smallArrays) { a, b in
      let (prefix, suffix) = _commonAffixes(a, b)
      let shorter = min(a.count, b.count)
      var expectedPrefix = 0
      while expectedPrefix < shorter && a[expectedPrefix] == b[expectedPrefix] { expectedPrefix += 1 }
      var expectedSuffix = 0
      while expectedSuffix < shorter - expectedPrefix
        && a[a.count - 1 - expectedSuffix] == b[b.count - 1 - expectedSuffix]
      {
        expectedSuffix += 1
      }
      #expect(prefix == expectedPrefix)
      #expect(suffix == expectedSuffix)
    }
  }

  @Test func commonAffixesOfSharedStorageIsTheWholeArray() {
    let a = Array(0..<1000)
    let b = a  // shares storage
    #expect(_commonAffixes(a, b) == (1000, 0))
    #expect(_commonAffixes([Int](), []) == (0, 0))
  }

  /// The length of a longest strictly increasing subsequence, O(n²).
  static func referenceLISLength(_ values: [Int32]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }

  @Test func markedSubsequenceIsIncreasingAndLongest() async {
    await propertyCheck(count: 2_000, input: Gen.int(in: 0...20).array(of: 0...30)) { raw in
      let values = raw.map(Int32.init)
      var isMember = [Bool](repeating: false, count: values.count)
      let length = values.withUnsafeBufferPointer { values in
        isMember.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(values, $0) }
      }
      let members = zip(values, isMember).filter(\.1).map(\.0)
      #expect(members.count == length)
      #expect(zip(members, members.dropFirst()).allSatisfy { $0 < $1 })
      #expect(length == Self.referenceLISLength(values))
      let increasing = values.withUnsafeBufferPointer { _isStrictlyIncreasing($0) }
      #expect(increasing == zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  @Test func fenwickTreeMatchesAnArrayOfCounts() async {
    // Each code is an operation: grow by a count (the tree rebuilt, as the section counts' ring
    // does), add to a position, or rebuild from counts.
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...10_000).array(of: 1...60)) { codes in
      var tree = _FenwickTree()
      var counts: [Int] = []
      for code in codes {
        switch code % 3 {
        case 0:
          counts.append(code % 17)
          tree = _FenwickTree(counts: counts)
        case 1 where !counts.isEmpty:
          let position = code % counts.count
          let delta = code % 7 - 3
          tree.add(delta, at: position)
          counts[position] += delta
        default:
          tree = _FenwickTree(counts: counts)
        }
        #expect(tree.count == counts.count)
        for position in 0...counts.count {
          #expect(tree.prefixSum(position) == counts.prefix(position).reduce(0, +))
        }
      }
    }
  }

  @Test func fenwickTreeAssignMatchesAnArrayOfCounts() async {
    // Each step assigns new counts to a range (the section counts' ring never changes its size
    // in place), at every place in trees of many sizes.
    let steps = Gen.int(in: 0...1_000_000).array(of: 1...30)
    await propertyCheck(count: 500, input: Gen.int(in: 0...70), steps) { size, codes in
      var counts = (0..<size).map { $0 % 5 }
      var tree = _FenwickTree(counts: counts)
      for code in codes {
        let lower = code % (counts.count + 1)
        let upper = lower + (code / 7) % (counts.count - lower + 1)
        let length = upper - lower
        let newCounts = (0..<length).map { ($0 &* 7 &+ code) % 9 }
        #expect(tree.counts(in: lower..<upper) == Array(counts[lower..<upper]))
        var asked: [Int] = []
        tree.assign(lower..<upper) { position in
          asked.append(position)
          return newCounts[position - lower]
        }
        #expect(asked == Array(lower..<upper))
        counts.replaceSubrange(lower..<upper, with: newCounts)
        #expect(tree.count == counts.count)
        #expect(tree == _FenwickTree(counts: counts))
      }
    }
  }

  @Test func sectionCountsAssignMatchesARingOfCounts() async {
    // `_SectionCounts.assign(stored:_:)` against an array of ring entries: biases far below 0
    // and past the capacity, ranges of up to the whole ring that start anywhere (crossing its
    // end or not), totals that change or stay.
    let steps = Gen.int(in: 0...Int(Int32.max)).array(of: 1...20)
    await propertyCheck(count: 500, input: Gen.int(in: 0...4), steps) { scale, codes in
      let capacity = 4 << scale
      let mask = capacity - 1
      var entries = (0..<capacity).map { ($0 * 5 + scale) % 7 }
      var counts = _SectionCounts(counts: entries)
      for code in codes {
        let bias = (code % 9 - 4) * capacity + code / 9 % capacity - (code % 2 == 0 ? 1 << 40 : 0)
        counts.bias = bias
        counts.refreshBelow()
        let lower = bias + code / 7 % (2 * capacity) - capacity
        let length = code / 11 % (capacity + 1)
        let same = code / 13 % 3 == 0  // the range's counts keep their total (a rotation)
        var asked: [Int] = []
        counts.assign(stored: lower..<(lower + length)) { stored in
          asked.append(stored)
          if same { return entries[(stored + 1 - (stored + 1 == lower + length ? length : 0)) & mask] }
          return (stored &* 3 &+ code) & 7
        }
        #expect(asked == Array(lower..<(lower + length)))
        let old = entries
        for stored in asked {
          entries[stored & mask] =
            same ? old[(stored + 1 - (stored + 1 == lower + length ? length : 0)) & mask] : (stored &* 3 &+ code) & 7
        }
        #expect(counts.tree == _FenwickTree(counts: entries), "bias \(bias), range \(lower)..<\(lower + length)")
        #expect(counts.below == entries[..<(bias & mask)].reduce(0, +))
        #expect(counts.counts(stored: 0..<capacity) == entries)
      }
    }
  }

  @Test func sectionSlotsRingMatchesAnArray() async {
    // `_SectionSlots` against an array: appends, insertions, removals and moves at every place,
    // with rings that start anywhere (the runs moved cross the buffer's end or not), and the
    // growth of a full ring.
    let steps = Gen.int(in: 0...Int(Int32.max)).array(of: 1...60)
    await propertyCheck(count: 800, input: Gen.int(in: 0...40), steps) { initial, codes in
      var slots = _SectionSlots()
      var model: [Int] = []
      for slot in 0..<initial {
        slots.append(slot)
        model.append(slot)
      }
      var next = initial
      for code in codes {
        switch code % 5 {
        case 0:
          slots.append(next)
          model.append(next)
          next += 1
        case 1:
          let position = code / 5 % (model.count + 1)
          let new = Array(next..<(next + 1 + code / 7 % 20))
          next += new.count
          slots.makeRoom(new.count, at: position)
          for (offset, slot) in new.enumerated() { slots[position + offset] = slot }
          model.insert(contentsOf: new, at: position)
        case 2 where !model.isEmpty:
          let lower = code / 5 % model.count
          let upper = lower + code / 11 % (model.count - lower + 1)
          slots.removeSubrange(lower..<upper)
          model.removeSubrange(lower..<upper)
        case 3 where !model.isEmpty:
          let from = code / 5 % model.count
          let to = code / 13 % model.count
          slots.move(from: from, to: to)
          model.insert(model.remove(at: from), at: to)
        case 4 where !model.isEmpty:
          let position = code / 5 % model.count
          slots[position] = next
          model[position] = next
          next += 1
        default:
          break
        }
        #expect(Array(slots) == model, "after step \(code % 5), head \(slots.head), capacity \(slots.capacity)")
        var linear = _SectionSlots()
        for slot in model { linear.append(slot) }
        #expect(slots == linear)
        #expect(model.indices.map { slots[$0] } == model)
        // The placement's reader: positions below `end` read without the mask.
        let end = code / 17 % (model.count + 2)
        let head = slots.head
        slots.makeLinear(through: end)
        let read = min(end, model.count)
        #expect(slots.head + read <= slots.capacity)
        #expect(slots.head == head || head + read > slots.capacity, "rewritten though contiguous")
        #expect(slots.withLinearReader { reader in (0..<read).map { reader[$0] } } == Array(model[..<read]))
        #expect(Array(slots) == model)
      }
    }
  }

  @Test func sectionSlotsAtEitherEndMoveNoEntry() {
    // Inserting, removing and moving at either end changes the head, not the entries between.
    var slots = _SectionSlots()
    for slot in 0..<100 { slots.append(slot) }
    let entries = slots.storage
    slots.makeRoom(2, at: 0)
    slots[0] = 100
    slots[1] = 101
    slots.removeSubrange(0..<3)
    slots.removeSubrange(96..<99)
    slots.move(from: 95, to: 0)
    slots.move(from: 0, to: 95)
    #expect(Array(slots) == Array(1..<97))
    let unchanged = (0..<slots.storage.count).filter { slots.storage[$0] == entries[$0] }.count
    #expect(unchanged >= entries.count - 4)
  }

  @Test func sectionSlotsRemovedAtEitherEndLeaveASharedBufferShared() {
    // Removing at either end writes no entry, so a buffer shared with a copy is not copied.
    var slots = _SectionSlots()
    for slot in 0..<100 { slots.append(slot) }
    let copy = slots
    slots.removeSubrange(97..<100)
    slots.removeSubrange(0..<2)
    #expect(Array(slots) == Array(2..<97))
    #expect(Array(copy) == Array(0..<100))
    let buffer = { (slots: _SectionSlots) in slots.storage.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(buffer(slots) == buffer(copy))
    slots.removeSubrange(40..<41)
    #expect(buffer(slots) != buffer(copy))
    #expect(Array(slots) == Array(2..<42) + Array(43..<97))
  }

  @Test func fenwickTreeAssignPastItsEndStopsNamingTheLibrary() async {
    // The unsafe writes of `assign` are guarded: a range past the tree is an internal error with
    // a message, in every configuration, not a write out of bounds.
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var tree = _FenwickTree(counts: [1, 2, 3, 4])
      tree.assign(2..<6) { $0 }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable internal error: count tree range 2..<6 is outside 0..<4"), "\(stderr)")
    }
  }

  @Test func moveElementShiftsTheOnesBetween() {
    for count in 1...6 {
      for from in 0..<count {
        for to in 0..<count {
          var array = (0..<count).map { "item \($0)" }  // not trivial: moved, not copied bitwise
          var expected = array
          expected.insert(expected.remove(at: from), at: to)
          _moveElement(&array, from: from, to: to)
          #expect(array == expected)
        }
      }
    }
  }

  /// Long arrays of a bitwise-comparable type, differing at a few places: exercises the
  /// block-at-a-time comparison (4,096 bytes) and the element-wise search in the block holding
  /// the first difference, at both ends.
  @Test func commonAffixesOfLongIntegerArraysMatchElementwiseComparison() async {
    let input = Gen.int(in: 0...20_000).array(of: 0...3)
    await propertyCheck(count: 300, input: Gen.int(in: 0...6_000), input) { count, changes in
      let a = Array(0..<count)
      var b = Array(0..<count)  // equal but separately stored
      for change in changes where !b.isEmpty {
        let place = change % (b.count + 1)
        switch change % 3 {
        case 0: b.insert(-1, at: place)
        case 1 where place < b.count: b.remove(at: place)
        default: if place < b.count { b[place] = -2 }
        }
      }
      let (prefix, suffix) = _commonAffixes(a, b)
      let shorter = min(a.count, b.count)
      var expectedPrefix = 0
      while expectedPrefix < shorter && a[expectedPrefix] == b[expectedPrefix] { expectedPrefix += 1 }
      var expectedSuffix = 0
      while expectedSuffix < shorter - expectedPrefix
        && a[a.count - 1 - expectedSuffix] == b[b.count - 1 - expectedSuffix]
      {
        expectedSuffix += 1
      }
      #expect(prefix == expectedPrefix && suffix == expectedSuffix)
    }
    #expect(_equalityIsBitwise(Int.self) && _equalityIsBitwise(Int64.self) && _equalityIsBitwise(UInt64.self))
    #expect(_equalityIsBitwise(UInt.self) && _equalityIsBitwise(Int32.self) && _equalityIsBitwise(UInt32.self))
    #expect(_equalityIsBitwise(UUID.self))
  }

  /// Types whose `==` is not equality of their bits are compared with their own `==`: arrays
  /// long enough for the memory comparison, whose bits differ where `==` says equal (`-0.0` and
  /// `0.0`, a struct ignoring a field) or agree where it says unequal (`.nan`). Each expectation
  /// fails if those arrays were compared as memory.
  @Test func commonAffixesUseEqualityForTypesWhoseEqualityIsNotBitwise() {
    #expect(!_equalityIsBitwise(Double.self))
    #expect(!_equalityIsBitwise(Float.self))
    #expect(!_equalityIsBitwise(LooseKey.self))
    let count = 5_000
    // -0.0 == 0.0: the whole array is a common prefix, though the bytes differ everywhere.
    let zeros = [Double](repeating: 0.0, count: count)
    let negativeZeros = [Double](repeating: -0.0, count: count)
    #expect(_commonAffixes(zeros, negativeZeros) == (count, 0))
    // .nan != .nan: the bytes are equal, but not one element is.
    let nans = [Double](repeating: .nan, count: count)
    let otherNaNs = Array(nans.map { $0 })  // equal bytes, separate storage
    #expect(_commonAffixes(nans, otherNaNs) == (0, 0))
    // A NaN in the middle of equal values ends the prefix and the suffix there.
    var withNaN = (0..<count).map(Double.init)
    withNaN[count / 2] = .nan
    #expect(_commonAffixes(withNaN, Array(withNaN.map { $0 })) == (count / 2, count - count / 2 - 1))
    // A struct whose == ignores a field: equal, with different bytes.
    let old = (0..<count).map { LooseKey(id: $0, revision: 0) }
    let new = (0..<count).map { LooseKey(id: $0, revision: 1) }
    #expect(_commonAffixes(old, new) == (count, 0))
  }

  /// No change seen through the diff: a snapshot of `Double` items with `-0.0` diffed against
  /// an equal one holding `0.0` (different bytes, equal by `==`), and one holding `.nan`
  /// (equal bytes, never equal to itself: a NaN item is a new item each time, as in a
  /// `Dictionary`).
  @Test func diffOfDoubleItemsFollowsTheirEquality() {
    let values = (0..<5_000).map(Double.init)
    var old = DiffableDataSourceSnapshot<Int, Double>()
    old.appendSections([0])
    old.appendItems(values)
    var new = DiffableDataSourceSnapshot<Int, Double>()
    new.appendSections([0])
    new.appendItems([-0.0] + values.dropFirst())
    _ = old.indexOfItem(1)  // both indexed: the diff trims by comparison
    _ = new.indexOfItem(1)
    #expect(SnapshotChangeset(from: old, to: new).isEmpty)
    var oldNaN = DiffableDataSourceSnapshot<Int, Double>()
    oldNaN.appendSections([0])
    oldNaN.appendItems(values.dropLast() + [.nan])
    var newNaN = DiffableDataSourceSnapshot<Int, Double>()
    newNaN.appendSections([0])
    newNaN.appendItems(values.dropLast() + [.nan])
    _ = oldNaN.indexOfItem(1)
    _ = newNaN.indexOfItem(1)
    let changeset = SnapshotChangeset(from: oldNaN, to: newNaN)
    #expect(changeset.itemDeletes == [IndexPath(indexes: [0, 4_999])])
    #expect(changeset.itemInserts == [IndexPath(indexes: [0, 4_999])])
  }
}

/// A key whose `==` and hash read only `id`: values with different revisions are equal, with
/// different bytes.
struct LooseKey: Hashable {
  var id: Int
  var revision: Int

  static func == (a: LooseKey, b: LooseKey) -> Bool { a.id == b.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
