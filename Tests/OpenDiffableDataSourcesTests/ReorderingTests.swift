import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@MainActor
@Suite("Reordering through handlers and transactions")
struct ReorderingTests {
  @Test("Reordering is off until canReorderItem is set")
  func canMove() async {
    let (_, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    #expect(!dataSource.canMoveItem(at: IndexPath(item: 0, section: 0)))
    dataSource.reorderingHandlers.canReorderItem = { $0 != 2 }
    #expect(dataSource.canMoveItem(at: IndexPath(item: 0, section: 0)))
    #expect(!dataSource.canMoveItem(at: IndexPath(item: 1, section: 0)))
    #expect(!dataSource.canMoveItem(at: IndexPath(item: 9, section: 0)))
  }

  @Test("A move within a section yields the right transaction and final snapshot")
  func withinSection() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3, 4], "b": [5]]))
    var events: [String] = []
    var seen: DiffableDataSourceTransaction<String, Int>?
    dataSource.reorderingHandlers.willReorder = { transaction in
      events.append("will")
      #expect(rows(dataSource.snapshot()) == rows(transaction.initialSnapshot))
    }
    dataSource.reorderingHandlers.didReorder = { transaction in
      events.append("did")
      seen = transaction
      #expect(rows(dataSource.snapshot()) == rows(transaction.finalSnapshot))
    }
    view.clearCalls()
    // The user drags 1 to the third place.
    dataSource.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
    #expect(events == ["will", "did"])
    #expect(view.calls.isEmpty)  // the host already shows the move
    let transaction = try! #require(seen)
    #expect(rows(transaction.initialSnapshot) == [[1, 2, 3, 4], [5]])
    #expect(rows(transaction.finalSnapshot) == [[2, 3, 1, 4], [5]])
    #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference) == [2, 3, 1, 4, 5])
    #expect(transaction.difference.insertions.count == 1)
    #expect(transaction.difference.removals.count == 1)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a"])
    let section = transaction.sectionTransactions[0]
    #expect(section.initialSnapshot.items == [1, 2, 3, 4])
    #expect(section.finalSnapshot.items == [2, 3, 1, 4])
    #expect(section.initialSnapshot.items.applying(section.difference) == [2, 3, 1, 4])
    #expect(dataSource.indexPath(for: 1) == IndexPath(item: 2, section: 0))
  }

  @Test("A move across sections touches both sections")
  func acrossSections() async {
    let (_, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2], "b": [3, 4], "c": [5]]))
    var seen: DiffableDataSourceTransaction<String, Int>?
    dataSource.reorderingHandlers.didReorder = { seen = $0 }
    dataSource.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1))
    let transaction = try! #require(seen)
    #expect(rows(transaction.finalSnapshot) == [[2], [3, 4, 1], [5]])
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a", "b"])
    #expect(transaction.sectionTransactions[0].finalSnapshot.items == [2])
    #expect(transaction.sectionTransactions[1].finalSnapshot.items == [3, 4, 1])
    #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference) == [2, 3, 4, 1, 5])
    // Move to the end of a section and to the front of the list.
    dataSource.moveItem(at: IndexPath(item: 0, section: 2), to: IndexPath(item: 0, section: 0))
    #expect(rows(dataSource.snapshot()) == [[5, 2], [3, 4, 1], []])
  }

  @Test("A later apply diffs from the reordered state")
  func applyAfterReorder() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    view.userMovesItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))
    expectInSync(view, dataSource)
    await dataSource.apply(snapshot(["a": [3, 1, 2, 4]]))
    expectInSync(view, dataSource)
  }

  @Test("Moving a row of an outline moves its subtree and keeps the outline consistent")
  func outlineReorder() async {
    let (view, dataSource) = makeList()
    var outline = Outline()
    outline.append([1, 2, 3])
    outline.append([11, 12], to: 1)
    outline.expand([1])
    await dataSource.apply(outline, to: "files")
    #expect(rows(dataSource.snapshot()) == [[1, 11, 12, 2, 3]])
    var seen: DiffableDataSourceTransaction<String, Int>?
    dataSource.reorderingHandlers.didReorder = { seen = $0 }
    // Drag 3 to the top: a leaf, the rows match the outline at once.
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    view.userMovesItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0))
    let transaction = try! #require(seen)
    #expect(transaction.sectionTransactions.first?.finalSnapshot.rootItems == [3, 1, 2])
    #expect(dataSource.snapshot(for: "files").rootItems == [3, 1, 2])
    #expect(rows(dataSource.snapshot()) == [[3, 1, 11, 12, 2]])
    // The user drags parent 1 below 2: its children follow it in the outline, and the rows are
    // brought in line with the outline by an apply.
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    view.userMovesItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 4, section: 0))
    #expect(dataSource.snapshot(for: "files").rootItems == [3, 2, 1])
    #expect(dataSource.snapshot(for: "files").parent(of: 11) == 1)
    #expect(rows(dataSource.snapshot()) == [[3, 2, 1, 11, 12]])
    expectInSync(view, dataSource)
  }

  @Test("The table flavour reports reorders through the same handlers")
  func tableReorder() async {
    let table = Table()
    let dataSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item)
    }
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    #expect(!dataSource.canMoveRow(at: IndexPath(row: 0, section: 0)))
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    #expect(dataSource.canMoveRow(at: IndexPath(row: 0, section: 0)))
    var final: [Int] = []
    dataSource.reorderingHandlers.didReorder = { final = $0.finalSnapshot.itemIdentifiers }
    dataSource.moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 1, section: 0))
    #expect(final == [1, 3, 2])
  }
}
