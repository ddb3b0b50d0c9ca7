import OpenDiffable
import OpenDiffableTesting
import Swift5Client
import UIKit

@testable import OpenDiffableDataSources

/// The data sources the background-apply tests drive: both UIKit adapters, both reference data
/// sources (fed Apple's Objective-C snapshots) and the generic data source on a simulated
/// collection view.
@MainActor
func backgroundScreens() -> [BackgroundScreen] {
  let (collectionView, collection) = makeCollection()
  let (tableView, table) = makeTable()
  let (referenceCollectionView, referenceCollection) = makeReferenceCollection()
  let (referenceTableView, referenceTable) = makeReferenceTable()
  let simulated = SimulatedCollectionView<String, Int>()
  let generic = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: simulated) { _, _, item in
    SimulatedCell(item)
  }
  return [
    BackgroundScreen(
      name: "UICollectionView", calls: AnyThreadCalls(collection), core: collection.core,
      shown: { shown(collectionView) }, expected: rows(of:),
      trace: { handler in collection.traceHandler = { _ in handler() } }, keep: [collectionView, collection]),
    BackgroundScreen(
      name: "UITableView", calls: AnyThreadCalls(table), core: table.core,
      shown: { shown(tableView) }, expected: rows(of:),
      trace: { handler in table.traceHandler = { _ in handler() } }, keep: [tableView, table]),
    BackgroundScreen(
      name: "UICollectionView (reference)", calls: AnyThreadCalls(referenceCollection),
      core: referenceCollection.base.core, shown: { shown(referenceCollectionView) }, expected: rows(of:),
      trace: { handler in referenceCollection.base.traceHandler = { _ in handler() } },
      keep: [referenceCollectionView, referenceCollection]),
    BackgroundScreen(
      name: "UITableView (reference)", calls: AnyThreadCalls(referenceTable), core: referenceTable.base.core,
      shown: { shown(referenceTableView) }, expected: rows(of:),
      trace: { handler in referenceTable.base.traceHandler = { _ in handler() } },
      keep: [referenceTableView, referenceTable]),
    BackgroundScreen(
      name: "DiffableDataSource", calls: AnyThreadCalls(generic), core: generic,
      shown: { simulated.itemIdentifiers }, expected: rows(of:),
      trace: { handler in generic.traceHandler = { _ in handler() } }, keep: [simulated, generic]),
  ]
}
