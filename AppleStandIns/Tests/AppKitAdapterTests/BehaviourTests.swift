import AppKit
import Foundation
import OpenDiffable
import Swift5Client
import Testing

/// Where the AppKit adapters now behave as Apple's do (each of these failed before the fix).
@MainActor
@Suite("AppKit adapters behave as Apple's")
struct BehaviourTests {
  @Test("First load: only the first apply reloads; a later animated apply to an empty list animates")
  func firstLoadOnlyOnce() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1])]))
    dataSource.apply(Snapshot())
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [1, 2])]))
    #expect(view.standIn.log == ["reloadData", "batch(animated)", "batch(animated)"])
    #expect(view.standIn.cellRequests == [[0, 0], [0, 1]])

    let (table, tableSource) = makeTable()
    tableSource.apply(Snapshot(), animatingDifferences: true)
    table.standIn.cellRequests = []
    tableSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
    #expect(table.standIn.log == ["reloadData"], "rows were inserted, not reloaded")
    #expect(table.standInRowAnimations == [.effectFade])
    #expect(shown(table) == ["1", "2"])
  }

  @Test("Completions never run before apply returns, even when the view finishes at once")
  func completionsAfterApplyReturns() async {
    let (view, dataSource) = makeCollection()
    let (table, tableSource) = makeTable()
    var events: [String] = []
    dataSource.apply(snapshot([("a", [1])])) { events.append("load") }
    dataSource.apply(snapshot([("a", [2])]), animatingDifferences: false) { events.append("reload") }
    tableSource.apply(snapshot([("a", [1])]), animatingDifferences: true) { events.append("table") }
    tableSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true) { events.append("table batch") }
    events.append("returned")
    await Task.yield()
    for _ in 0..<100 where events.count < 5 { await Task.yield() }
    #expect(events == ["returned", "load", "reload", "table", "table batch"])
    #expect(shown(view) == [[2]] && shown(table) == ["1", "2"])
  }

  @Test("description names the type and summarizes the snapshot")
  func descriptions() {
    let (_, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(dataSource.description() == "CollectionViewDiffableDataSource<String, Int>(2 sections, 3 items)")
    let (_, tableSource) = makeTable()
    tableSource.apply(snapshot([("a", [1])]), animatingDifferences: true)
    #expect(tableSource.description() == "TableViewDiffableDataSource<String, Int>(1 section, 1 item)")
  }

  @Test("A table with no delegate gets its views from the providers, without forwarding")
  func providersWithoutForwarding() {
    let view = NSTableView(frame: .zero)
    view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
    let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, _, item in
      let cell = CellView()
      cell.text = "\(item)"
      return cell
    }
    var rowViews = 0
    dataSource.rowViewProvider = { _, _, _ in
      rowViews += 1
      return NSTableRowView()
    }
    dataSource.sectionHeaderViewProvider = { _, _, section in
      let header = CellView()
      header.text = section
      return header
    }
    dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
    #expect(shown(view) == ["#a", "1", "2"])
    #expect(rowViews == 3)
  }

  @Test("Isolation: Swift 5 code calls apply and snapshot() from non-isolated functions (Swift5Client)")
  func swift5Callers() {
    // Swift5Client compiles only because the adapters are @MainActor @preconcurrency; here its
    // non-isolated functions run on the main actor, as legacy code would.
    let (_, dataSource) = makeCollection()
    #expect(legacyApply(snapshot([("a", [1, 2])]), to: dataSource) == 2)
    let (_, tableSource) = makeTable()
    #expect(legacyApply(snapshot([("a", [1])]), to: tableSource) == 1)
  }
}
