import Foundation
import OpenDiffable
import Testing
import UIKit

@testable import OpenDiffableDataSources

/// Sets every OpenDiffable setting through the one generic surface, checks that the wrapped data
/// source (`storage`) stores it, applies, and returns the traces received.
@MainActor
func exerciseSettings(
  _ dataSource: some DiffableDataSourceSettings, storage: some DiffableDataSourceSettings, apply: () -> Void
) -> [String] {
  var traces: [String] = []
  dataSource.traceHandler = { traces.append($0.operation) }
  dataSource.preservesSelection = false
  dataSource.preservesFocus = false
  dataSource.coalescesPendingApplies = true
  dataSource.diffsOffMainActorAboveItemCount = 10_000
  #expect(dataSource !== storage)
  #expect(!storage.preservesSelection && !storage.preservesFocus && storage.coalescesPendingApplies)
  #expect(storage.diffsOffMainActorAboveItemCount == 10_000 && storage.traceHandler != nil)
  #expect(!dataSource.preservesSelection && dataSource.coalescesPendingApplies)
  apply()
  return traces
}

@MainActor
@Suite("OpenDiffable settings on the UIKit adapters")
struct SettingsTests {
  @Test("Every data source offers the same settings, stored in its DiffableDataSource")
  func sameSettingsEverywhere() {
    let (collection, collectionSource) = makeCollection()
    #expect(
      exerciseSettings(collectionSource, storage: collectionSource.core) {
        collectionSource.apply(snapshot([("a", [1])]))
      } == ["apply(_:animatingDifferences:completion:)"])

    let (table, tableSource) = makeTable()
    #expect(
      exerciseSettings(tableSource, storage: tableSource.core) {
        tableSource.applySnapshotUsingReloadData(snapshot([("a", [1])]))
      }.count == 1)

    let plainTable = UITableView(frame: .zero, style: .plain)
    let generic = TableHostDiffableDataSource<UITableView, String, Int>(tableView: plainTable) { _, _, _ in
      UITableViewCell()
    }
    #expect(exerciseSettings(generic, storage: generic.core) { generic.apply(snapshot([("a", [1])])) }.count == 1)
    #expect(shown(collection) == [[1]] && shown(table) == [[1]])
  }

  @Test("Every adapter's settings, content provider, description() and applyObserving reach its data source")
  func forwardersReachTheDataSource() {
    let (_, collectionSource) = makeCollection()
    expectForwarding(collectionSource, to: collectionSource.core)
    let (_, tableSource) = makeTable()
    expectForwarding(tableSource, to: tableSource.core)
    // TableHostDiffableDataSource: the main package's TableTests (a UITableView here would have
    // no data source to answer the batch's counts).
  }

  @Test("preservesSelection = false: the selection is not restored after a reload")
  func preservesSelectionOff() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2])]))
    view.selectItem(at: [0, 1], animated: false, scrollPosition: [])
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [2, 1])]))
    #expect(view.indexPathsForSelectedItems == [[0, 0]])
    dataSource.preservesSelection = false
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [1, 2])]))
    #expect(view.indexPathsForSelectedItems == [])
  }
}
