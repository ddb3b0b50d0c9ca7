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
    // Each code is an operation: append a count, add to a position, or rebuild from counts.
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...10_000).array(of: 1...60)) { codes in
      var tree = _FenwickTree()
      var counts: [Int] = []
      for code in codes {
        switch code % 3 {
        case 0:
          tree.append(code % 17)
          counts.append(code % 17)
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
}
