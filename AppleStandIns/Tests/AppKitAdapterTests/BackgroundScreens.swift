import AppKit
import OpenDiffable
import OpenDiffableTesting
import Swift5Client

@testable import OpenDiffableDataSources

/// The data sources the background-apply tests drive: both AppKit adapters, the reference table
/// (fed AppKit's Objective-C snapshots; the reference collection view has no completion handler)
/// and the generic data source on a simulated collection view.
@MainActor
func backgroundScreens() -> [BackgroundScreen] {
  let (collectionView, collection) = makeCollection()
  let (tableView, table) = makeTable()
  let referenceTableView = NSTableView(frame: .zero)
  referenceTableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
  let referenceTable = TableViewDiffableDataSourceReference<NSObject, NSObject>(tableView: referenceTableView) {
    _, _, _, item in
    let cell = CellView()
    cell.text = "\(item)"
    return cell
  }
  let simulated = SimulatedCollectionView<String, Int>()
  let generic = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: simulated) { _, _, item in
    SimulatedCell(item)
  }
  return [
    BackgroundScreen(
      name: "NSCollectionView", calls: AnyThreadCalls(collection), core: collection.core,
      shown: { shown(collectionView) }, expected: rows(of:),
      trace: { handler in collection.traceHandler = { _ in handler() } }, keep: [collectionView, collection]),
    BackgroundScreen(
      // A table without section headers shows one row per item, in order.
      name: "NSTableView", calls: AnyThreadCalls(table), core: table.core,
      shown: { [shown(tableView).map { Int($0)! }] }, expected: { [$0.itemIdentifiers] },
      trace: { handler in table.traceHandler = { _ in handler() } }, keep: [tableView, table]),
    BackgroundScreen(
      name: "NSTableView (reference)", calls: AnyThreadCalls(referenceTable), core: referenceTable.base.core,
      shown: { [shown(referenceTableView).map { Int($0)! }] }, expected: { [$0.itemIdentifiers] },
      trace: { handler in referenceTable.base.traceHandler = { _ in handler() } },
      keep: [referenceTableView, referenceTable]),
    BackgroundScreen(
      name: "DiffableDataSource", calls: AnyThreadCalls(generic), core: generic,
      shown: { simulated.itemIdentifiers }, expected: rows(of:),
      trace: { handler in generic.traceHandler = { _ in handler() } }, keep: [simulated, generic]),
  ]
}
