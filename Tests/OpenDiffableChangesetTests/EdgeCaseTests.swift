import OpenDiffable
import OpenDiffableTesting
import Testing

/// Deterministic cases named in issue 3, each replayed through the simulator.
@Suite struct ChangesetEdgeCaseTests {
  @discardableResult
  func checked(_ old: Snapshot, _ new: Snapshot, sourceLocation: SourceLocation = #_sourceLocation) -> Changeset {
    let changeset = Changeset(from: old, to: new)
    #expect(throws: Never.self, "\(changeset)", sourceLocation: sourceLocation) {
      try validate(changeset, from: old, to: new)
    }
    return changeset
  }

  @Test func identicalSnapshotsGiveAnEmptyChangeset() {
    let snapshot = makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])
    #expect(checked(snapshot, snapshot).isEmpty)
    // Equal content in separate storage too.
    #expect(checked(snapshot, makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])).isEmpty)
    #expect(checked(Snapshot(), Snapshot()).isEmpty)
  }

  @Test func emptyToFullInsertsSectionsOnly() {
    let full = makeSnapshot(["A": [1, 2], "B": [], "C": [3]])
    let changeset = checked(Snapshot(), full)
    #expect(changeset.sectionInserts == [0, 1, 2])
    #expect(changeset.itemInserts.isEmpty && changeset.itemMoves.isEmpty && changeset.sectionMoves.isEmpty)
  }

  @Test func fullToEmptyDeletesSectionsOnly() {
    let full = makeSnapshot(["A": [1, 2], "B": [], "C": [3]])
    let changeset = checked(full, Snapshot())
    #expect(changeset.sectionDeletes == [0, 1, 2])
    #expect(changeset.itemDeletes.isEmpty)
  }

  @Test func emptyingASectionDeletesItsItems() {
    let changeset = checked(makeSnapshot(["A": [1, 2, 3]]), makeSnapshot(["A": []]))
    #expect(changeset.itemDeletes == [path(0, 0), path(0, 1), path(0, 2)])
    #expect(changeset.sectionDeletes.isEmpty)
  }

  @Test(arguments: [1, 2, 10, 257])
  func reverseMovesAllButOne(count: Int) {
    let items = Array(0..<count)
    let changeset = checked(makeSnapshot(["A": items]), makeSnapshot(["A": items.reversed()]))
    #expect(changeset.itemMoves.count == count - 1)
    #expect(changeset.itemDeletes.isEmpty && changeset.itemInserts.isEmpty)
  }

  @Test func rotateByOneIsOneMove() {
    let items = Array(0..<50)
    let left = checked(makeSnapshot(["A": items]), makeSnapshot(["A": Array(items.dropFirst()) + [0]]))
    #expect(left.itemMoves == [ChangesetMove(from: path(0, 0), to: path(0, 49))])
    let right = checked(makeSnapshot(["A": items]), makeSnapshot(["A": [49] + Array(items.dropLast())]))
    #expect(right.itemMoves == [ChangesetMove(from: path(0, 49), to: path(0, 0))])
  }

  @Test func allSectionsMovedCarryTheirItems() {
    let old = makeSnapshot(["A": [1, 2], "B": [3], "C": [4, 5, 6], "D": []])
    let new = makeSnapshot(["D": [], "C": [4, 5, 6], "B": [3], "A": [1, 2]])
    let changeset = checked(old, new)
    #expect(changeset.sectionMoves.count == 3)
    #expect(changeset.itemMoves.isEmpty, "items that keep their order inside a moved section travel with it")
  }

  @Test func itemsReorderedInsideAMovedSection() {
    // Section A moves behind B and its items rotate: the item move names the old section in
    // old coordinates and the new section in new coordinates.
    let old = makeSnapshot(["A": [1, 2, 3], "B": [4]])
    let new = makeSnapshot(["B": [4], "A": [3, 1, 2]])
    let changeset = checked(old, new)
    #expect(changeset.sectionMoves.count == 1)
    #expect(changeset.itemMoves == [ChangesetMove(from: path(0, 2), to: path(1, 0))])
  }

  @Test func itemMovedIntoAnInsertedSectionAndOutOfADeletedOne() {
    let old = makeSnapshot(["A": [1, 2], "Gone": [3, 4]])
    let new = makeSnapshot(["A": [3, 1], "Fresh": [2]])
    let changeset = checked(old, new)
    #expect(changeset.sectionDeletes == [1])
    #expect(changeset.sectionInserts == [1])
    #expect(changeset.itemDeletes == [path(0, 1)], "item 2 leaves for an inserted section")
    #expect(changeset.itemInserts == [path(0, 0)], "item 3 arrives from a deleted section")
    #expect(changeset.itemMoves.isEmpty)
  }

  @Test func itemsMovedAcrossSectionsAreMoves() {
    let old = makeSnapshot(["A": [1, 2, 3], "B": [4]])
    let new = makeSnapshot(["A": [1, 3], "B": [4, 2]])
    let changeset = checked(old, new)
    #expect(changeset.itemMoves == [ChangesetMove(from: path(0, 1), to: path(1, 1))])
    #expect(changeset.itemDeletes.isEmpty && changeset.itemInserts.isEmpty)
  }

  @Test func reloadInPlaceIsAReload() {
    let old = makeSnapshot(["A": [1, 2, 3]])
    var new = makeSnapshot(["A": [0, 1, 2, 3]])
    new.reloadItems([2])
    let changeset = checked(old, new)
    #expect(changeset.itemReloads == [path(0, 1)], "old coordinates")
    #expect(changeset.itemInserts == [path(0, 0)])
  }

  @Test func reloadOfAMovedItemIsADeleteAndAnInsert() {
    let old = makeSnapshot(["A": [1, 2, 3], "B": [4]])
    var new = makeSnapshot(["A": [2, 3, 1], "B": [4]])
    new.reloadItems([1, 4])
    let changeset = checked(old, new)
    #expect(changeset.itemMoves.isEmpty)
    #expect(changeset.itemDeletes == [path(0, 0)])
    #expect(changeset.itemInserts == [path(0, 2)])
    #expect(changeset.itemReloads == [path(1, 0)])
  }

  @Test func reconfigureCombinedWithMovesUsesNewPaths() {
    let old = makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])
    var new = makeSnapshot(["B": [5, 4], "A": [1, 2, 3, 6]])
    new.reconfigureItems([3, 4, 6])
    let changeset = checked(old, new)
    // 3 is at [1, 2] after the update; 4 moved to [0, 1]; 6 is new, so it gets a fresh cell.
    #expect(changeset.itemReconfigures == [path(0, 1), path(1, 2)])
  }

  @Test func reloadAndReconfigureOfOneItemReloads() {
    let old = makeSnapshot(["A": [1, 2]])
    var new = old
    new.reloadItems([2])
    new.reconfigureItems([2])
    let changeset = checked(old, new)
    #expect(changeset.itemReloads == [path(0, 1)])
    #expect(changeset.itemReconfigures.isEmpty)
  }

  @Test func sectionsReloadedAndMoved() {
    let old = makeSnapshot(["A": [1], "B": [2], "C": [3]])
    var new = makeSnapshot(["C": [3], "A": [1], "B": [2, 4]])
    new.reloadSections(["A", "C"])
    let changeset = checked(old, new)
    // C moves (A and B keep their order): a reloaded C becomes a delete and an insert; A stays
    // in place and is reloaded. Item 4 goes into B, which is live.
    #expect(changeset.sectionDeletes == [2])
    #expect(changeset.sectionInserts == [0])
    #expect(changeset.sectionReloads == [0])
    #expect(changeset.sectionMoves.isEmpty)
    #expect(changeset.itemInserts == [path(2, 1)])
  }

  @Test func itemMovedOutOfAReloadedSectionIsAnInsert() {
    let old = makeSnapshot(["A": [1, 2], "B": [3]])
    var new = makeSnapshot(["A": [1], "B": [3, 2]])
    new.reloadSections(["A"])
    let changeset = checked(old, new)
    #expect(changeset.sectionReloads == [0])
    #expect(changeset.itemInserts == [path(1, 1)])
    #expect(changeset.itemMoves.isEmpty)
  }

  @Test func marksOnTheOldSnapshotAreIgnored() {
    var old = makeSnapshot(["A": [1, 2]])
    old.reloadItems([1])
    old.reloadSections(["A"])
    let new = makeSnapshot(["A": [1, 2]])
    #expect(checked(old, new).isEmpty)
  }

  @Test func differenceOverFlattenedItems() {
    let old = makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])
    let new = makeSnapshot(["B": [5, 4], "A": [1, 7, 3]])
    let difference = Changeset.itemDifference(from: old, to: new)
    #expect(old.itemIdentifiers.applying(difference) == new.itemIdentifiers)
    #expect(Changeset.itemDifference(from: old, to: old).isEmpty)
    let arrays = Changeset.difference(from: [1, 2, 3, 4], to: [4, 1, 2, 5])
    #expect([1, 2, 3, 4].applying(arrays) == [4, 1, 2, 5])
    #expect(arrays.insertions.count == 2 && arrays.removals.count == 2, "one move, one delete, one insert")
  }
}
