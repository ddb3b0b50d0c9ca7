import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// The edges of `contentProvider`: what is compared, when, and what wins.
@MainActor
@Suite("Content changes found on screen")
struct ContentProviderTests {
  /// A list whose cells show `names[item]` and whose content provider reads the same.
  @MainActor
  final class Fixture {
    var names: [Int: String] = [:]
    let view = View()
    var dataSource: DiffableDataSource<View, String, Int>!
    var traces: [DiffableDataSourceApplyTrace] = []
    var madeCells: [Int] = []

    init(items: Range<Int>, window: Range<Int>?, provider: Bool = true) {
      for item in items { names[item] = "item \(item)" }
      view.visibleRowRange = window
      dataSource = DiffableDataSource<View, String, Int>(host: view) { [unowned self] _, _, item in
        madeCells.append(item)
        return SimulatedCell(item, text: names[item] ?? "?")
      }
      if provider { dataSource.contentProvider = { [unowned self] in names[$0] } }
      dataSource.traceHandler = { [unowned self] in traces.append($0) }
    }

    /// The items reconfigured by the calls since the last `clearCalls()`, by position after them.
    func reconfiguredItems() -> [Int] {
      view.calls.flatMap { call -> [Int] in
        guard case .reconfigure(let paths) = call else { return [] }
        return paths.compactMap { dataSource.itemIdentifier(for: $0) }
      }
    }

    /// The text of the visible cells, in order.
    func visibleTexts() -> [String] {
      view.indexPathsForVisibleItems.map { view.cellForItem(at: $0)?.text ?? "no cell" }
    }

    /// Applies `snapshot` after forgetting the calls and cells made so far.
    func apply(_ snapshot: Snapshot) async {
      view.clearCalls()
      madeCells = []
      await dataSource.apply(snapshot)
    }
  }

  @Test("Only visible items whose content changed are reconfigured, in one call, and counted in the trace")
  func onlyChangedVisible() async {
    let list = Fixture(items: 0..<20, window: 5..<10)
    await list.apply(snapshot(["a": Array(0..<20)]))
    list.names[6] = "six"
    list.names[9] = "nine"
    list.names[15] = "fifteen"  // off screen
    await list.apply(snapshot(["a": Array(0..<20)]))
    #expect(list.view.calls == [.reconfigure([IndexPath(item: 6, section: 0), IndexPath(item: 9, section: 0)])])
    #expect(list.reconfiguredItems() == [6, 9])
    #expect(list.visibleTexts() == ["item 5", "six", "item 7", "item 8", "nine"])
    #expect(list.traces.last?.contentReconfigures == 2)
    #expect(list.traces.last?.itemReconfigures == 0)
    #expect(list.traces.last?.description.contains("content changes ~2") == true)
    // Nothing changed since: the next apply calls nothing.
    await list.apply(snapshot(["a": Array(0..<20)]))
    #expect(list.view.calls.isEmpty)
    #expect(list.traces.last?.contentReconfigures == 0)
  }

  @Test("Without a content provider a content change is not seen (the default)")
  func offByDefault() async {
    let list = Fixture(items: 0..<5, window: nil, provider: false)
    await list.apply(snapshot(["a": Array(0..<5)]))
    list.names[2] = "two"
    await list.apply(snapshot(["a": Array(0..<5)]))
    #expect(list.view.calls.isEmpty)
    #expect(list.visibleTexts()[2] == "item 2")
  }

  @Test("An item that changes while off screen is not compared; it shows the new content when it scrolls in")
  func changesOffScreenThenScrollsIn() async {
    let list = Fixture(items: 0..<20, window: 0..<5)
    await list.apply(snapshot(["a": Array(0..<20)]))
    list.names[12] = "twelve"
    await list.apply(snapshot(["a": Array(0..<20)]))
    #expect(list.view.calls.isEmpty)
    list.madeCells = []
    list.view.visibleRowRange = 10..<15
    #expect(list.madeCells == [10, 11, 12, 13, 14])
    #expect(list.visibleTexts() == ["item 10", "item 11", "twelve", "item 13", "item 14"])
    // Its cell was made with the new content: the next apply has nothing to reconfigure.
    await list.apply(snapshot(["a": Array(0..<20)]))
    #expect(list.view.calls.isEmpty)
    // Scrolled away and changed again: not compared; back in view: fresh again.
    list.view.visibleRowRange = 0..<5
    list.names[12] = "twelve again"
    await list.apply(snapshot(["a": Array(0..<20)]))
    #expect(list.view.calls.isEmpty)
    list.view.visibleRowRange = 12..<13
    #expect(list.visibleTexts() == ["twelve again"])
  }

  @Test("A content change together with a move reconfigures the item once, at its new position")
  func changeWithMove() async {
    let list = Fixture(items: 0..<6, window: nil)
    await list.apply(snapshot(["a": [0, 1, 2, 3, 4, 5]]))
    list.names[1] = "one"
    await list.apply(snapshot(["a": [0, 2, 3, 4, 1, 5]]))
    let batches = list.view.calls.filter(\.isBatch)
    #expect(batches.count == 1)
    #expect(list.view.calls.last == .reconfigure([IndexPath(item: 4, section: 0)]))
    #expect(list.reconfiguredItems() == [1])
    #expect(list.visibleTexts() == ["item 0", "item 2", "item 3", "item 4", "one", "item 5"])
    #expect(list.traces.last?.itemMoves == 1)
    #expect(list.traces.last?.contentReconfigures == 1)
  }

  @Test("A move across sections with a content change is reconfigured once too")
  func changeWithMoveAcrossSections() async {
    let list = Fixture(items: 0..<6, window: nil)
    await list.apply(snapshot(["a": [0, 1, 2], "b": [3, 4, 5]]))
    list.names[2] = "two"
    await list.apply(snapshot(["a": [0, 1], "b": [3, 2, 4, 5]]))
    #expect(list.reconfiguredItems() == [2])
    #expect(list.view.cellForItem(at: IndexPath(item: 1, section: 1))?.text == "two")
  }

  @Test("A reload mark from the app wins over a content reconfigure")
  func reloadMarkWins() async {
    let list = Fixture(items: 0..<5, window: nil)
    await list.apply(snapshot(["a": Array(0..<5)]))
    list.names[1] = "one"
    list.names[3] = "three"
    var next = snapshot(["a": Array(0..<5)])
    next.reloadItems([1])
    await list.apply(next)
    guard case .batch(let operations, _)? = list.view.calls.first else {
      Issue.record("expected a batch, got \(list.view.calls)")
      return
    }
    #expect(operations.itemReloads == [IndexPath(item: 1, section: 0)])
    #expect(list.reconfiguredItems() == [3])
    #expect(list.madeCells.filter { $0 == 1 }.count == 1)
    #expect(list.visibleTexts() == ["item 0", "one", "item 2", "three", "item 4"])
  }

  @Test("A section reload mark wins over content reconfigures of its items")
  func sectionReloadWins() async {
    let list = Fixture(items: 0..<4, window: nil)
    await list.apply(snapshot(["a": [0, 1], "b": [2, 3]]))
    list.names[0] = "zero"
    list.names[2] = "two"
    var next = snapshot(["a": [0, 1], "b": [2, 3]])
    next.reloadSections(["b"])
    await list.apply(next)
    #expect(list.reconfiguredItems() == [0])
    #expect(list.visibleTexts() == ["zero", "item 1", "two", "item 3"])
  }

  @Test("An item the app marks for reconfiguring and whose content changed is reconfigured once")
  func appMarkAndContentChange() async {
    let list = Fixture(items: 0..<4, window: nil)
    await list.apply(snapshot(["a": Array(0..<4)]))
    list.names[1] = "one"
    list.names[2] = "two"
    var next = snapshot(["a": Array(0..<4)])
    next.reconfigureItems([1, 3])
    await list.apply(next)
    #expect(list.view.calls == [.reconfigure([1, 2, 3].map { IndexPath(item: $0, section: 0) })])
    #expect(list.traces.last?.itemReconfigures == 2)
    #expect(list.traces.last?.contentReconfigures == 1)
  }

  @Test("An inserted item is not reconfigured, even when an old record of it differs")
  func insertedNotReconfigured() async {
    let list = Fixture(items: 0..<4, window: nil)
    await list.apply(snapshot(["a": [0, 1, 2, 3]]))
    await list.apply(snapshot(["a": [0, 2, 3]]))
    list.names[1] = "one"
    await list.apply(snapshot(["a": [0, 1, 2, 3]]))
    #expect(list.reconfiguredItems().isEmpty)
    #expect(list.madeCells == [1])
    #expect(list.visibleTexts() == ["item 0", "one", "item 2", "item 3"])
  }

  @Test("A reload-data apply compares nothing; the next apply compares against the cells it made")
  func reloadDataComparesNothing() async {
    let list = Fixture(items: 0..<3, window: nil)
    await list.apply(snapshot(["a": Array(0..<3)]))
    list.names[0] = "zero"
    list.view.clearCalls()
    await list.dataSource.applySnapshotUsingReloadData(snapshot(["a": Array(0..<3)]))
    #expect(list.view.calls == [.reloadData])
    #expect(list.visibleTexts() == ["zero", "item 1", "item 2"])
    list.names[2] = "two"
    await list.apply(snapshot(["a": Array(0..<3)]))
    #expect(list.reconfiguredItems() == [2])
  }

  @Test("Setting the provider after cells were made reconfigures the visible items once")
  func providerSetLate() async {
    let list = Fixture(items: 0..<10, window: 2..<5, provider: false)
    await list.apply(snapshot(["a": Array(0..<10)]))
    list.dataSource.contentProvider = { [unowned list] in list.names[$0] }
    await list.apply(snapshot(["a": Array(0..<10)]))
    #expect(list.reconfiguredItems() == [2, 3, 4])
    await list.apply(snapshot(["a": Array(0..<10)]))
    #expect(list.view.calls.isEmpty)
  }

  @Test("Contents of different types are unequal; equal values of one type are equal")
  func contentTypes() async {
    let list = Fixture(items: 0..<3, window: nil)
    var asNumber = false
    list.dataSource.contentProvider = { item in asNumber ? AnyHashable(item) : AnyHashable("\(item)") }
    await list.apply(snapshot(["a": Array(0..<3)]))
    await list.apply(snapshot(["a": Array(0..<3)]))
    #expect(list.view.calls.isEmpty)
    asNumber = true
    await list.apply(snapshot(["a": Array(0..<3)]))
    #expect(list.reconfiguredItems() == [0, 1, 2])
  }

  @Test("A 10,000-item list where every visible item changes reconfigures exactly the visible items")
  func everyVisibleItemChanges() async {
    let list = Fixture(items: 0..<10_000, window: 5_000..<5_050)
    await list.apply(snapshot(["a": Array(0..<10_000)]))
    for item in 0..<10_000 { list.names[item] = "changed \(item)" }
    await list.apply(snapshot(["a": Array(0..<10_000)]))
    #expect(list.reconfiguredItems() == Array(5_000..<5_050))
    #expect(list.traces.last?.contentReconfigures == 50)
    #expect(list.visibleTexts() == (5_000..<5_050).map { "changed \($0)" })
  }

  @Test("The table data source compares the table's visible rows")
  func tableVisibleRows() async {
    var names = [0: "a", 1: "b", 2: "c"]
    let table = Table()
    table.visibleRowRange = 1..<3
    let dataSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item, text: names[item] ?? "?")
    }
    dataSource.contentProvider = { names[$0] }
    #expect(dataSource.contentProvider != nil)
    await dataSource.apply(snapshot(["s": [0, 1, 2]]))
    #expect(table.indexPathsForVisibleRows == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
    names[0] = "A"
    names[2] = "C"
    table.clearCalls()
    await dataSource.apply(snapshot(["s": [0, 1, 2]]))
    #expect(table.calls == [.reconfigure([IndexPath(item: 2, section: 0)])])
    #expect(table.cellForRow(at: IndexPath(item: 2, section: 0))?.text == "C")
    #expect(table.cellForRow(at: IndexPath(item: 0, section: 0)) == nil)
  }
}

@Suite("Content provider misuse")
struct ContentProviderMisuseTests {
  @Test("A content provider that applies stops the process with a OpenDiffable message")
  func providerThatApplies() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1], toSection: "a")
        dataSource.contentProvider = { item in
          dataSource.apply(snapshot)  // re-entrant
          return item
        }
        dataSource.apply(snapshot)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "OpenDiffable: apply(_:animatingDifferences:completion:): called while the data source was applying"))
  }
}
