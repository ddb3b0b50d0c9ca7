import Foundation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// `SnapshotChangeset.staged(from:to:)`: every stage is a batch UIKit accepts (by the simulator)
/// and is safe (no item moves inside moving sections), and the stages together reach the target.
@Suite("Staged changesets")
struct StagingTests {
  /// Checks the stages from `old` to `new`; returns how many there were (0 when nil).
  static func check(old: Snapshot, new: Snapshot, context: String) -> Int {
    guard let stages = SnapshotChangeset.staged(from: old, to: new) else {
      // Only a changeset that is unsafe as one batch may be refused.
      #expect(SnapshotChangeset(from: old, to: new).unsafeBatchReason != nil, "refused a safe change\n\(context)")
      return 0
    }
    var shown = old
    for (index, stage) in stages.enumerated() {
      #expect(stage.changeset.unsafeBatchReason == nil, "stage \(index) is unsafe\n\(context)")
      do {
        try validate(stage.changeset, from: shown, to: stage.target)
      } catch {
        Issue.record("stage \(index) is invalid: \(error)\n\(context)")
      }
      shown = stage.target.removingReloadMarks()
    }
    #expect(shown == new.removingReloadMarks(), "the stages do not reach the target\n\(context)")
    #expect(stages.count <= 2)
    return stages.count
  }

  @Test func tenThousandRandomPairs() async {
    let counts = Counts()
    await propertyCheck(count: 10_000, input: Gen.uint64(in: 0 ... .max), Gen.int(in: 0...999)) { seed, sizeDie in
      let size: PairSize = sizeDie < 900 ? .small : sizeDie < 990 ? .medium : .large
      let (old, new) = randomPair(seed: seed, size: size)
      counts.add(Self.check(old: old, new: new, context: "seed \(seed), \(size)"))
    }
    // The random pairs must exercise the two-stage path, not only the direct one.
    #expect(counts.twoStage > 0, "no pair needed staging: \(counts.byStages)")
  }

  @Test func itemMovedInsideAMovedSectionIsStagedInTwoSafeBatches() {
    let old = makeSnapshot(["a": [1, 2, 3], "b": [4, 5]])
    let new = makeSnapshot(["b": [4, 5], "a": [3, 1, 2]])
    #expect(SnapshotChangeset(from: old, to: new).unsafeBatchReason != nil)
    #expect(Self.check(old: old, new: new, context: "fixed pair") == 2)
    let stages = SnapshotChangeset.staged(from: old, to: new)!
    #expect(stages[0].changeset.sectionMoves.isEmpty)
    #expect(stages[1].changeset.itemMoves.isEmpty)
  }

  @Test func safeChangeIsOneStage() {
    let old = makeSnapshot(["a": [1, 2, 3]])
    var new = makeSnapshot(["a": [3, 1, 2]])
    new.reconfigureItems([1])
    let stages = SnapshotChangeset.staged(from: old, to: new)!
    #expect(stages.count == 1)
    #expect(stages[0].changeset == SnapshotChangeset(from: old, to: new))
    #expect(stages[0].target == new)
  }
}

/// Counts of stage numbers across a property test (its body runs concurrently).
final class Counts: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var byStages: [Int: Int] = [:]
  func add(_ stages: Int) { lock.withLock { byStages[stages, default: 0] += 1 } }
  var twoStage: Int { lock.withLock { byStages[2] ?? 0 } }
}
