import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of Performance.md.

@MainActor
@Suite("Performance: what costs what")
struct PerformanceSnippetTests {
  @Test func buildingDefersTheIndex() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(Array(0..<100))
    for section in 0..<100 {
      // Recorded as arrays: nothing is hashed yet.
      snapshot.appendItems(Array(section * 1_000..<(section + 1) * 1_000), toSection: section)
    }
    #expect(snapshot.numberOfItems == 100_000)  // reads the items: checks them, building the index
    #expect(snapshot.indexOfItem(42_001) == 42_001)  // uses that index
  }

  @Test func theTraceMeasuresAnApplyInTheApp() async throws {
    let listView = SimulatedCollectionView<Int, Int>()
    let dataSource = DiffableDataSource<SimulatedCollectionView<Int, Int>, Int, Int>(host: listView) {
      _, _, id in SimulatedCell(id)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<1_000))
    await dataSource.apply(snapshot)
    var slowest: TimeInterval = 0
    dataSource.traceHandler = { trace in
      let total = (trace.diffDuration ?? 0) + trace.hostUpdateDuration
      slowest = max(slowest, total)
      if total > 0.016 { print("slow apply: \(trace)") }  // longer than a frame at 60 Hz
    }
    snapshot.deleteItems(Array(0..<10))
    await dataSource.apply(snapshot)
    #expect(slowest > 0)
  }

  @Test func largeDiffsCanLeaveTheMainActor() async {
    let listView = SimulatedCollectionView<Int, Int>()
    let dataSource = DiffableDataSource<SimulatedCollectionView<Int, Int>, Int, Int>(host: listView) {
      _, _, id in SimulatedCell(id)
    }
    dataSource.diffsOffMainActorAboveItemCount = 50_000
    dataSource.coalescesPendingApplies = true  // a burst of applies shows only the latest
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<10))
    await dataSource.apply(snapshot)
    #expect(listView.itemIdentifiers == [Array(0..<10)])
  }
}
