import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// Every rule of the batch-update simulator rejects the batch that breaks it, with that rule.
@Suite struct SimulatorRuleTests {
  let old = makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])

  /// Applies `update` to a list showing `old` and returns the rule it broke (nil if accepted).
  func brokenRule(_ update: BatchUpdateOperations, to new: Snapshot) -> BatchUpdateError.Rule? {
    var list = BatchUpdateSimulator(old)
    let before = list
    do {
      try list.performBatchUpdates(update, dataSource: new)
      return nil
    } catch {
      #expect(list == before, "a rejected batch must leave the list unchanged")
      return error.rule
    }
  }

  /// Runs the whole validation and returns the rule it broke (nil if valid).
  func validationRule(_ update: BatchUpdateOperations, to new: Snapshot, contract: Bool = false)
    -> BatchUpdateError.Rule?
  {
    do {
      try validate(update, from: old, to: new, requiringChangesetContract: contract)
      return nil
    } catch {
      return error.rule
    }
  }

  @Test func acceptsAValidBatchAndPlacesRowsAsUIKitDoes() throws {
    // Delete 2, insert 9 at the front, move 5 from B to the end of A, reload 3 in place.
    var new = makeSnapshot(["A": [9, 1, 3, 5], "B": [4]])
    new.reloadItems([3])
    let update = BatchUpdateOperations(
      itemDeletes: [path(0, 1)], itemInserts: [path(0, 0)], itemReloads: [path(0, 2)],
      itemMoves: [ChangesetMove(from: path(1, 1), to: path(0, 3))])
    var list = BatchUpdateSimulator(old)
    try list.performBatchUpdates(update, dataSource: new)
    #expect(list.itemIdentifiers(inSection: 0) == [9, 1, 3, 5])
    #expect(list.itemIdentifiers(inSection: 1) == [4])
    #expect(list.sections[0].rows.map(\.isLoaded) == [true, false, true, false])
    #expect(validationRule(update, to: new) == nil)
  }

  @Test func malformedPositions() {
    #expect(brokenRule(.init(itemDeletes: [IndexPath(index: 0)]), to: old) == .malformedPosition)
    #expect(brokenRule(.init(sectionDeletes: [-1]), to: old) == .malformedPosition)
  }

  @Test func outOfRange() {
    #expect(brokenRule(.init(sectionDeletes: [2]), to: old) == .sectionOutOfRange)
    #expect(
      brokenRule(.init(sectionInserts: [2]), to: makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])) == .sectionOutOfRange)
    #expect(brokenRule(.init(sectionMoves: [.init(from: 0, to: 2)]), to: old) == .sectionOutOfRange)
    #expect(brokenRule(.init(itemDeletes: [path(0, 3)]), to: old) == .itemOutOfRange)
    #expect(brokenRule(.init(itemDeletes: [path(2, 0)]), to: old) == .itemOutOfRange)
    #expect(brokenRule(.init(itemInserts: [path(1, 2)]), to: old) == .itemOutOfRange)
    #expect(brokenRule(.init(itemReconfigures: [path(1, 2)]), to: old) == .itemOutOfRange)
    #expect(brokenRule(.init(itemMoves: [.init(from: path(0, 0), to: path(0, 3))]), to: old) == .itemOutOfRange)
  }

  @Test func deleteAndReloadOfOnePosition() {
    #expect(
      brokenRule(.init(sectionDeletes: [0], sectionReloads: [0]), to: makeSnapshot(["B": [4, 5]]))
        == .sectionDeleteAndReload)
    #expect(
      brokenRule(
        .init(itemDeletes: [path(0, 2)], itemReloads: [path(0, 2)]), to: makeSnapshot(["A": [1, 2], "B": [4, 5]]))
        == .itemDeleteAndReload)
  }

  @Test func deleteAndMoveFromOnePosition() {
    let new = makeSnapshot(["B": [4, 5]])
    #expect(
      brokenRule(.init(sectionDeletes: [0], sectionMoves: [.init(from: 0, to: 0)]), to: new) == .sectionDeleteAndMove)
    #expect(
      brokenRule(.init(sectionReloads: [1], sectionMoves: [.init(from: 1, to: 0)]), to: old) == .sectionDeleteAndMove)
    #expect(
      brokenRule(
        .init(itemDeletes: [path(0, 0)], itemMoves: [.init(from: path(0, 0), to: path(0, 1))]),
        to: makeSnapshot(["A": [2, 3], "B": [4, 5]])) == .itemDeleteAndMove)
    #expect(
      brokenRule(.init(itemReloads: [path(0, 0)], itemMoves: [.init(from: path(0, 0), to: path(0, 1))]), to: old)
        == .itemDeleteAndMove)
  }

  @Test func insertAndMoveToOnePosition() {
    let new = makeSnapshot(["C": [], "B": [4, 5], "A": [1, 2, 3]])
    #expect(
      brokenRule(.init(sectionInserts: [0], sectionMoves: [.init(from: 1, to: 0)]), to: new) == .sectionInsertAndMove)
    #expect(
      brokenRule(
        .init(itemInserts: [path(0, 0)], itemMoves: [.init(from: path(0, 2), to: path(0, 0))]),
        to: makeSnapshot(["A": [9, 1, 2, 3], "B": [4, 5]])) == .itemInsertAndMove)
  }

  @Test func conflictingMoves() {
    let swapped = makeSnapshot(["B": [4, 5], "A": [1, 2, 3]])
    #expect(
      brokenRule(.init(sectionMoves: [.init(from: 0, to: 1), .init(from: 0, to: 0)]), to: swapped)
        == .conflictingSectionMoves)
    #expect(
      brokenRule(.init(sectionMoves: [.init(from: 0, to: 1), .init(from: 1, to: 1)]), to: swapped)
        == .conflictingSectionMoves)
    #expect(
      brokenRule(
        .init(itemMoves: [.init(from: path(0, 0), to: path(0, 2)), .init(from: path(0, 0), to: path(0, 1))]), to: old)
        == .conflictingItemMoves)
    #expect(
      brokenRule(
        .init(itemMoves: [.init(from: path(0, 0), to: path(0, 2)), .init(from: path(0, 1), to: path(0, 2))]), to: old)
        == .conflictingItemMoves)
    // An exact repeat is merged, as UIKit does.
    #expect(brokenRule(.init(sectionMoves: [.init(from: 0, to: 1), .init(from: 0, to: 1)]), to: swapped) == nil)
  }

  @Test func movesOutOfDeletedOrIntoInsertedSections() {
    #expect(
      brokenRule(
        .init(sectionDeletes: [0], itemMoves: [.init(from: path(0, 0), to: path(0, 2))]),
        to: makeSnapshot(["B": [4, 5, 1]])) == .moveFromDeletedSection)
    #expect(
      brokenRule(
        .init(sectionReloads: [0], itemMoves: [.init(from: path(0, 0), to: path(1, 2))]),
        to: makeSnapshot(["A": [2, 3], "B": [4, 5, 1]])) == .moveFromDeletedSection)
    #expect(
      brokenRule(
        .init(sectionInserts: [2], itemMoves: [.init(from: path(1, 0), to: path(2, 0))]),
        to: makeSnapshot(["A": [1, 2, 3], "B": [5], "C": [4]])) == .moveIntoInsertedSection)
  }

  @Test func itemOperationsInsideSectionOperations() {
    #expect(
      brokenRule(.init(sectionDeletes: [0], itemDeletes: [path(0, 0)]), to: makeSnapshot(["B": [4, 5]]))
        == .itemOperationInDeletedSection)
    #expect(
      brokenRule(
        .init(sectionInserts: [2], itemInserts: [path(2, 0)]),
        to: makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]]))
        == .itemOperationInInsertedSection)
  }

  @Test func numberOfSectionsAndItems() {
    #expect(
      brokenRule(.init(), to: makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": []])) == .invalidNumberOfSections)
    var list = BatchUpdateSimulator(old)
    let error = #expect(throws: BatchUpdateError.self) {
      try list.performBatchUpdates(
        BatchUpdateOperations(), dataSource: makeSnapshot(["A": [1, 2, 3, 9], "B": [4, 5]]))
    }
    #expect(error?.rule == .invalidNumberOfItems)
    #expect(
      error?.message
        == "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
        + "section after the update (4) must be equal to the number of items contained in that section before "
        + "the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, "
        + "0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 "
        + "moved out).")
  }

  @Test func acceptedBatchesThatShowTheWrongRows() {
    // Counts match, nothing is moved: UIKit accepts it, but the rows are stale.
    #expect(validationRule(.init(), to: makeSnapshot(["A": [3, 1, 2], "B": [4, 5]])) == .resultDiffersFromSnapshot)
    // Section A moves behind B and item 3 moves to the front of A. Naming the destination in old
    // coordinates (section 0) sends it into B instead: the counts no longer match.
    let new = makeSnapshot(["B": [4, 5], "A": [3, 1, 2]])
    let sectionMove = [ChangesetMove(from: 0, to: 1)]
    #expect(
      validationRule(.init(sectionMoves: sectionMove, itemMoves: [.init(from: path(0, 2), to: path(1, 0))]), to: new)
        == nil)
    #expect(
      validationRule(.init(sectionMoves: sectionMove, itemMoves: [.init(from: path(0, 2), to: path(0, 0))]), to: new)
        == .invalidNumberOfItems)
    // Items of a moved section travel with it: moving them again is wrong.
    #expect(validationRule(.init(sectionMoves: sectionMove), to: makeSnapshot(["B": [4, 5], "A": [1, 2, 3]])) == nil)
  }

  @Test func reloadAndReconfigureMarks() {
    var reloaded = old
    reloaded.reloadItems([2])
    #expect(validationRule(.init(), to: reloaded) == .reloadMissing)
    #expect(validationRule(.init(itemReloads: [path(0, 1)]), to: reloaded) == nil)
    var sectionReloaded = old
    sectionReloaded.reloadSections(["B"])
    #expect(validationRule(.init(), to: sectionReloaded) == .reloadMissing)
    #expect(validationRule(.init(sectionReloads: [1]), to: sectionReloaded) == nil)
    var reconfigured = old
    reconfigured.reconfigureItems([5])
    #expect(validationRule(.init(), to: reconfigured) == .reconfigureMissing)
    #expect(validationRule(.init(itemReconfigures: [path(1, 1)]), to: reconfigured) == nil)
    #expect(validationRule(.init(itemReloads: [path(0, 0)]), to: old) == .unrequestedReloadOrReconfigure)
    #expect(validationRule(.init(itemReconfigures: [path(0, 0)]), to: old) == .unrequestedReloadOrReconfigure)
    #expect(validationRule(.init(sectionReloads: [0]), to: old) == .unrequestedReloadOrReconfigure)
  }

  @Test func changesetContract() {
    let new = makeSnapshot(["A": [1], "B": [4]])
    let unsorted = BatchUpdateOperations(itemDeletes: [path(1, 1), path(0, 2), path(0, 1)])
    #expect(validationRule(unsorted, to: new) == nil, "UIKit accepts any order")
    #expect(validationRule(unsorted, to: new, contract: true) == .unsortedOrRepeatedPositions)
  }
}
