import Foundation
import OpenDiffableCore
import Testing

/// The core batch model read directly, as a list host uses it: where each row comes from, and
/// UIKit's rules.
@Suite("Batch update placement")
struct BatchUpdatePlacementTests {
  @Test func survivorsFillTheFreePositionsInOrder() throws {
    // Before: [a b c d] | [e f]. Delete b, reload c, move d to the front of section 1, insert
    // one row at the front of section 0; reconfigure the last row of section 0.
    let update = BatchUpdateOperations(
      itemDeletes: [IndexPath(item: 1, section: 0)], itemInserts: [IndexPath(item: 0, section: 0)],
      itemReloads: [IndexPath(item: 2, section: 0)],
      itemMoves: [ChangesetMove(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 1))],
      itemReconfigures: [IndexPath(item: 2, section: 0)])
    let rows = try update.applying(to: [["a", "b", "c", "d"], ["e", "f"]], newItemCounts: [3, 3]) {
      path, source, old in
      switch source {
      case .kept: old!
      case .moved: old! + "→"
      case .reloaded: old! + "*"
      case .inserted: "new\(path.item)"
      case .loadedWithSection: "loaded"
      }
    }
    #expect(rows == [["new0", "a", "c*"], ["d→", "e", "f"]])
    let placement = try update.placement(oldItemCounts: [4, 2], newItemCounts: [3, 3])
    #expect(placement.sections == [.kept(0), .kept(1)])
    #expect(
      placement.rows[0] == [
        .inserted, .kept(IndexPath(item: 0, section: 0)), .reloaded(IndexPath(item: 2, section: 0)),
      ])
    #expect(placement.reconfigured == [IndexPath(item: 2, section: 0)])
  }

  @Test func sectionsMovedInsertedAndReloaded() throws {
    let update = BatchUpdateOperations(
      sectionInserts: [0], sectionReloads: [1], sectionMoves: [ChangesetMove(from: 0, to: 2)])
    let placement = try update.placement(oldItemCounts: [1, 2, 3], newItemCounts: [5, 4, 1, 3])
    // New: [inserted] [old 1 reloaded] [old 0 moved] [old 2 kept].
    #expect(placement.sections == [.inserted, .reloaded(1), .moved(0), .kept(2)])
    #expect(placement.rows[0] == Array(repeating: .loadedWithSection, count: 5))
    #expect(placement.rows[1] == Array(repeating: .loadedWithSection, count: 4))
    #expect(placement.rows[2] == [.kept(IndexPath(item: 0, section: 0))])
  }

  @Test func countsThatDoNotAddUpBreakUIKitsRule() {
    let update = BatchUpdateOperations(itemInserts: [IndexPath(item: 0, section: 0)])
    #expect(throws: BatchUpdateError.self) {
      try update.placement(oldItemCounts: [2], newItemCounts: [2])
    }
    do {
      _ = try update.placement(oldItemCounts: [2], newItemCounts: [2])
    } catch {
      #expect(error.rule == .invalidNumberOfItems)
      #expect(error.message.hasPrefix("Invalid update: invalid number of items in section 0."))
    }
  }

  @Test func reconfiguringARowThatDoesNotExistAfterTheUpdateIsRejected() {
    let update = BatchUpdateOperations(itemReconfigures: [IndexPath(item: 5, section: 0)])
    do {
      _ = try update.placement(oldItemCounts: [2], newItemCounts: [2])
      Issue.record("accepted a reconfigure out of range")
    } catch {
      #expect(error.rule == .itemOutOfRange)
    }
  }
}
