import AppKit
import Foundation
import OpenDiffable
import Testing

@testable import OpenDiffableDataSources

@MainActor
@Suite("OpenDiffable settings on the AppKit adapters")
struct SettingsTests {
  @Test("Every data source offers the same settings, stored in its DiffableDataSource")
  func sameSettingsEverywhere() {
    func exercise(
      _ dataSource: some DiffableDataSourceSettings, storage: some DiffableDataSourceSettings, apply: () -> Void
    ) -> Int {
      var traces = 0
      dataSource.traceHandler = { _ in traces += 1 }
      dataSource.preservesSelection = false
      dataSource.preservesFocus = false
      dataSource.coalescesPendingApplies = true
      dataSource.diffsOffMainActorAboveItemCount = 10_000
      #expect(dataSource !== storage)
      #expect(!storage.preservesSelection && !storage.preservesFocus && storage.coalescesPendingApplies)
      #expect(storage.diffsOffMainActorAboveItemCount == 10_000 && storage.traceHandler != nil)
      apply()
      return traces
    }
    let (_, collectionSource) = makeCollection()
    #expect(
      exercise(collectionSource, storage: collectionSource.core) { collectionSource.apply(snapshot([("a", [1])])) } == 1
    )
    let (_, tableSource) = makeTable()
    #expect(
      exercise(tableSource, storage: tableSource.core) {
        tableSource.apply(snapshot([("a", [1])]), animatingDifferences: true)
      } == 1)
  }

  @Test("Every adapter's settings, content provider, description() and applyObserving reach its data source")
  func forwardersReachTheDataSource() {
    let (_, collectionSource) = makeCollection()
    expectForwarding(collectionSource, to: collectionSource.core)
    let (_, tableSource) = makeTable()
    expectForwarding(tableSource, to: tableSource.core)
  }

  @Test("preservesSelection = false: the selection is not restored after a reload")
  func preservesSelectionOff() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
    view.selectRowIndexes([1], byExtendingSelection: false)
    dataSource.apply(snapshot([("a", [2, 1])]), animatingDifferences: false)
    #expect(view.selectedRowIndexes == [0])
    dataSource.preservesSelection = false
    dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: false)
    #expect(view.selectedRowIndexes.isEmpty)
  }
}
