import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of TestingListUpdates.md (OpenDiffable catalog) and of OpenDiffableTesting.md.
//
// Package.swift, in the test target:
// .product(name: "OpenDiffableTesting", package: "OpenDiffable")

private func makeSnapshot(_ layout: [(String, [Int])]) -> DiffableDataSourceSnapshot<String, Int> {
  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  for (section, items) in layout {
    snapshot.appendSections([section])
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

@MainActor
@Suite("Testing list updates")
struct TestingListUpdatesTests {
  @Test func theFilterGivesAValidUpdate() throws {
    let before = makeSnapshot([("open", [1, 2, 3]), ("done", [4, 5])])
    var after = before
    after.deleteItems([2])
    after.moveItem(5, beforeItem: 1)
    after.reconfigureItems([3])
    let changeset = try validateChangeset(from: before, to: after)
    #expect(changeset.itemDeletes == [IndexPath(item: 1, section: 0)])
  }

  @Test func aHandWrittenBatchIsCheckedWithUIKitsRules() {
    let before = makeSnapshot([("open", [1, 2, 3])])
    let after = makeSnapshot([("open", [1, 3])])
    // Forgot to delete row 1: UIKit would raise "Invalid update: invalid number of items".
    let forgetful = BatchUpdateOperations()
    #expect(throws: BatchUpdateError.self) { try validate(forgetful, from: before, to: after) }
    let correct = BatchUpdateOperations(itemDeletes: [IndexPath(item: 1, section: 0)])
    #expect(throws: Never.self) { try validate(correct, from: before, to: after) }
  }

  @Test func theSimulatorReplaysABatch() throws {
    let before = makeSnapshot([("open", [1, 2, 3])])
    let after = makeSnapshot([("open", [3, 1])])
    var list = BatchUpdateSimulator(before)
    try list.performBatchUpdates(SnapshotChangeset(from: before, to: after), dataSource: after)
    #expect(list.itemIdentifiers(inSection: 0) == [3, 1])
  }

  @Test func aSimulatedTableShowsTheSnapshot() async {
    let tableView = SimulatedTableView<String, Int>()
    let dataSource = TableHostDiffableDataSource<SimulatedTableView<String, Int>, String, Int>(tableView: tableView) {
      _, _, id in SimulatedCell(id, text: "Row \(id)")
    }
    await dataSource.apply(makeSnapshot([("open", [1, 2]), ("done", [3])]))
    #expect(tableView.itemIdentifiers == [[1, 2], [3]])
    #expect(tableView.cells[0].map(\.text) == ["Row 1", "Row 2"])
  }

  @Test func completionsWaitForTheAnimations() async {
    let listView = SimulatedCollectionView<String, Int>()
    let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: listView) {
      _, _, id in SimulatedCell(id)
    }
    await dataSource.apply(makeSnapshot([("all", [1, 2])]))
    listView.completesBatchesImmediately = false
    var finished = false
    dataSource.apply(makeSnapshot([("all", [2, 1, 3])])) { finished = true }
    while listView.animatingBatchCount == 0 { await Task.yield() }
    #expect(!finished)
    listView.finishAnimations()
    while !finished { await Task.yield() }
    #expect(listView.calls.last?.isBatch == true)
  }

  @Test func theTraceSaysWhatAnApplyDid() async throws {
    let listView = SimulatedCollectionView<String, Int>()
    let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: listView) {
      _, _, id in SimulatedCell(id)
    }
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(makeSnapshot([("all", [1, 2])]))
    await dataSource.apply(makeSnapshot([("all", [2, 3])]))
    let last = try #require(traces.last)
    #expect(last.itemDeletes == 1 && last.itemInserts == 1)
  }

  @Test func aWarningIsCollected() {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems(["item"], toSection: "a")
    let (section, warnings) = OpenDiffableWarningCollector.collect {
      snapshot.appendItems(["item"], toSection: "b")  // already in "a": moved, with a warning
      return snapshot.sectionIdentifier(containingItem: "item")
    }
    #expect(section == "b")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("appendItems(_:toSection:)") == true)
  }
}
