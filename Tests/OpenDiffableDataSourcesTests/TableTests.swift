import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@testable import OpenDiffableDataSources

@MainActor
@Suite("Table flavour and the flat-row plan")
struct TableTests {
  func makeTable() -> (Table, TableHostDiffableDataSource<Table, String, Int>) {
    let table = Table()
    let dataSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item)
    }
    return (table, dataSource)
  }

  @Test("Every setting, the content provider, description() and applyObserving reach the wrapped data source")
  func forwardersReachTheDataSource() {
    let (_, dataSource) = makeTable()
    expectForwarding(dataSource, to: dataSource.core)
  }

  @Test("Rows follow snapshots through the table adapter, with the default row animation")
  func rowsAndAnimation() async {
    let (table, dataSource) = makeTable()
    await dataSource.apply(snapshot(["a": [1, 2, 3], "b": [4]]))
    #expect(table.calls == [.reloadData])
    await dataSource.apply(snapshot(["a": [3, 5], "b": [4, 1]]))
    #expect(table.itemIdentifiers == [[3, 5], [4, 1]])
    #expect(table.rowAnimationsUsed == [.automatic])
    dataSource.defaultRowAnimation = .fade
    #expect(dataSource.defaultRowAnimation == .fade)
    await dataSource.apply(snapshot(["a": [3, 5, 6], "b": [4]]))
    #expect(table.rowAnimationsUsed == [.automatic, .fade])
    #expect(table.batchErrors.isEmpty)
    #expect(table.cells.map { $0.map(\.itemIdentifier) } == [[3, 5, 6], [4]])
  }

  @Test("Table lookups, counts, cells and titles")
  func lookups() async {
    let (table, dataSource) = makeTable()
    dataSource.sectionHeaderTitleProvider = { "Header \($0)" }
    dataSource.sectionFooterTitleProvider = { $0 == "b" ? "Footer" : nil }
    await dataSource.apply(snapshot(["a": [1, 2], "b": [3]]))
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.numberOfRows(inSection: 1) == 1)
    #expect(dataSource.cell(forRowAt: IndexPath(row: 1, section: 0)).itemIdentifier == 2)
    #expect(dataSource.titleForHeader(inSection: 0) == "Header a")
    #expect(dataSource.titleForFooter(inSection: 0) == nil)
    #expect(dataSource.titleForFooter(inSection: 1) == "Footer")
    #expect(dataSource.itemIdentifier(for: IndexPath(row: 0, section: 1)) == 3)
    #expect(dataSource.indexPath(for: 2) == IndexPath(row: 1, section: 0))
    #expect(dataSource.sectionIdentifier(for: 1) == "b")
    #expect(dataSource.index(for: "a") == 0)
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
    #expect(dataSource.tableView === table)
    #expect(!dataSource.hasPendingApplies)
  }

  @Test("Table reconfigures go to reconfigureRows; reload data does not diff")
  func reconfigureAndReload() async {
    let (table, dataSource) = makeTable()
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2]]))
    var next = dataSource.snapshot()
    next.reconfigureItems([1])
    await dataSource.apply(next)
    #expect(table.calls.last == .reconfigure([IndexPath(row: 0, section: 0)]))
    await dataSource.applySnapshotUsingReloadData(snapshot(["z": [9]]))
    #expect(table.calls.last == .reloadData)
    #expect(traces.last?.diffDuration == nil)
    #expect(table.itemIdentifiers == [[9]])
  }

  @Test("Flat-row layout: rows, headers, positions")
  func flatLayout() {
    let layout = _FlatRowLayout(itemCounts: [2, 0, 3], hasHeaderRows: true)
    #expect(layout.numberOfRows == 8)
    #expect(layout.row(for: IndexPath(item: 1, section: 0)) == 2)
    #expect(layout.row(for: IndexPath(item: 0, section: 2)) == 5)
    #expect(layout.headerRow(ofSection: 1) == 3)
    #expect(layout.position(ofRow: 0)! == (0, nil))
    #expect(layout.position(ofRow: 3)! == (1, nil))
    #expect(layout.position(ofRow: 4)! == (2, nil))
    #expect(layout.position(ofRow: 7)! == (2, 2))
    #expect(layout.position(ofRow: 8) == nil)
    let plain = _FlatRowLayout(itemCounts: [2, 0, 3], hasHeaderRows: false)
    #expect(plain.position(ofRow: 2)! == (2, 0))
    #expect(plain.headerRow(ofSection: 0) == nil)
  }

  /// Replays a plan on a flat list of rows as `NSTableView` performs it: remove the removed old
  /// rows, insert the inserted new rows taking their content from `new`, then reload the
  /// reloaded rows from `new`.
  func replay(_ plan: _FlatRowPlan, old: [String], new: [String]) -> [String] {
    var rows = old
    for row in plan.removed.reversed() { rows.remove(at: row) }
    for row in plan.inserted { rows.insert(new[row], at: row) }
    for row in plan.reloaded { rows[row] = new[row] }
    return rows
  }

  func flatRows(_ snapshot: Snapshot, headers: Bool) -> [String] {
    snapshot.sectionIdentifiers.flatMap { section in
      (headers ? ["#" + section] : []) + snapshot.itemIdentifiers(inSection: section).map { "\($0)" }
    }
  }

  @Test("Flat-row plans turn random changesets into the new rows", arguments: [false, true])
  func flatPlans(headers: Bool) throws {
    var random = SplitMix64(seed: headers ? 7 : 11)
    var old = Snapshot()
    for _ in 0..<300 {
      let new = PropertyTests.nextSnapshot(after: old, using: &random).removingReloadMarks()
      let changeset = SnapshotChangeset(from: old, to: new)
      let count = { (s: Snapshot) in s.sectionIdentifiers.map(s.numberOfItems(inSection:)) }
      let placement = try BatchUpdateOperations(changeset).placement(
        oldItemCounts: count(old), newItemCounts: count(new))
      let plan = _FlatRowPlan(
        placement, before: _FlatRowLayout(itemCounts: count(old), hasHeaderRows: headers),
        after: _FlatRowLayout(itemCounts: count(new), hasHeaderRows: headers))
      #expect(
        replay(plan, old: flatRows(old, headers: headers), new: flatRows(new, headers: headers))
          == flatRows(new, headers: headers))
      old = new
    }
  }
}
