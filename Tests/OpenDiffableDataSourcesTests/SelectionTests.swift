import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@MainActor
@Suite("Selection and focus kept by identifier")
struct SelectionTests {
  @Test("A selected item that moves stays selected")
  func survivesMoves() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3, 4], "b": [5]]))
    view.userSelects(IndexPath(item: 1, section: 0))  // 2
    view.userSelects(IndexPath(item: 0, section: 1))  // 5
    await dataSource.apply(snapshot(["a": [4, 3, 5], "b": [2, 1]]))
    #expect(Set(view.selectedItemIdentifiers) == [2, 5])
    #expect(
      Set(view.indexPathsForSelectedItems ?? []) == [IndexPath(item: 0, section: 1), IndexPath(item: 2, section: 0)])
    expectInSync(view, dataSource)
  }

  @Test("A selected item that disappears drops out; the rest stays")
  func deletedDropsOut() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.userSelects(IndexPath(item: 0, section: 0))
    view.userSelects(IndexPath(item: 2, section: 0))
    await dataSource.apply(snapshot(["a": [2, 3]]))
    #expect(view.selectedItemIdentifiers == [3])
    // Coming back does not reselect it.
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    #expect(view.selectedItemIdentifiers == [3])
  }

  @Test("A reloaded item stays selected, although the host dropped its selection")
  func reloadedStaysSelected() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.userSelects(IndexPath(item: 1, section: 0))
    var next = snapshot(["a": [3, 1, 2]])
    next.reloadItems([2])
    await dataSource.apply(next)
    #expect(view.selectedItemIdentifiers == [2])
    var sectionReload = dataSource.snapshot()
    sectionReload.reloadSections(["a"])
    await dataSource.apply(sectionReload)
    #expect(view.selectedItemIdentifiers == [2])
  }

  @Test("Selection survives applySnapshotUsingReloadData and a reload fallback")
  func survivesReloadData() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.userSelects(IndexPath(item: 2, section: 0))
    await dataSource.applySnapshotUsingReloadData(snapshot(["b": [0], "a": [3, 2]]))
    #expect(view.selectedItemIdentifiers == [3])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 1)])
  }

  @Test("Selection across a section being deleted while its item moves elsewhere")
  func crossSection() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2], "b": [3]]))
    view.userSelects(IndexPath(item: 1, section: 0))
    await dataSource.apply(snapshot(["b": [3, 2]]))
    #expect(view.selectedItemIdentifiers == [2])
    expectInSync(view, dataSource)
  }

  @Test("Turning preservation off leaves the host's own behaviour")
  func optOut() async {
    let (view, dataSource) = makeList()
    dataSource.preservesSelection = false
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.userSelects(IndexPath(item: 1, section: 0))
    var next = dataSource.snapshot()
    next.reloadItems([2])
    await dataSource.apply(next)
    #expect(view.selectedItemIdentifiers.isEmpty)  // the simulated host drops reloaded selections
  }

  @Test("The focused item is restored by identifier")
  func focus() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.focusItem(at: IndexPath(item: 0, section: 0))
    await dataSource.applySnapshotUsingReloadData(snapshot(["a": [3, 2, 1]]))
    #expect(view.focusedItemIdentifier == 1)
    await dataSource.apply(snapshot(["a": [2, 3]]))
    #expect(view.focusedItemIdentifier == nil)
  }

  @Test("Table flavour: selection kept through the table adapter")
  func table() async {
    let table = Table()
    let dataSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item)
    }
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    table.userSelects(IndexPath(row: 0, section: 0))
    var next = snapshot(["a": [2, 3, 1]])
    next.reloadItems([1])
    await dataSource.apply(next)
    #expect(table.selectedItemIdentifiers == [1])
    #expect(table.scrollPositionsUsed == [.none])
  }
}
