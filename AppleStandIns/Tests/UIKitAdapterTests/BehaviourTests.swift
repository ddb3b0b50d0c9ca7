import Foundation
import OpenDiffable
import Swift5Client
import Testing
import UIKit

/// Where the UIKit adapters now behave as Apple's do (each of these failed before the fix).
@MainActor
@Suite("UIKit adapters behave as Apple's")
struct BehaviourTests {
  @Test("Table editing: no override and no handler, no editable row and no swipe-to-delete")
  func noEditingByDefault() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2])]))
    #expect(!dataSource.tableView(view, canEditRowAt: [0, 0]))
    #expect(!view.standInUserSwipesToDelete(at: [0, 0]), "no swipe-to-delete is offered")
    #expect(shown(view) == [[1, 2]])
  }

  @Test("Table editing: a subclass that overrides canEditRowAt and commit deletes by swipe")
  func editingBySubclass() {
    final class Editable: TableViewDiffableDataSource<String, Int> {
      override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
      override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
      ) {
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        var next = snapshot()
        next.deleteItems([item])
        apply(next)
      }
    }
    let view = UITableView(frame: .zero, style: .plain)
    let dataSource = Editable(tableView: view) { _, _, item in
      let cell = RowCell()
      cell.item = item
      return cell
    }
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    #expect(view.standInUserSwipesToDelete(at: [0, 1]))
    #expect(dataSource.snapshot().itemIdentifiers == [1, 3])
    #expect(shown(view) == [[1, 3]])
  }

  @Test("Table editing: a row the reordering handlers let move is editable, for its reorder control")
  func reorderableRowsAreEditable() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2])]))
    dataSource.reorderingHandlers.canReorderItem = { $0 == 2 }
    #expect(dataSource.tableView(view, canEditRowAt: [0, 1]))
    #expect(!dataSource.tableView(view, canEditRowAt: [0, 0]))
  }

  @Test("First load: only the first apply reloads; a later apply to an empty list animates its inserts")
  func firstLoadOnlyOnce() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1])]))
    dataSource.apply(Snapshot())
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [1, 2])]))
    #expect(view.standIn.log == ["reloadData", "batch(animated)", "batch(animated)"])
    #expect(view.standIn.cellRequests == [[0, 0], [0, 1]])
    #expect(shown(view) == [[1, 2]])

    let (table, tableSource) = makeTable()
    tableSource.apply(Snapshot())
    tableSource.apply(snapshot([("a", [1])]))
    #expect(table.standIn.log == ["reloadData", "batch(animated)"])
    #expect(shown(table) == [[1]])
  }

  @Test("Completions never run before apply returns, even when the view finishes at once")
  func completionsAfterApplyReturns() async {
    let (view, dataSource) = makeCollection()
    #expect(view.standIn.completesSynchronously)
    var events: [String] = []
    dataSource.apply(snapshot([("a", [1])])) { events.append("load") }
    dataSource.apply(snapshot([("a", [1, 2])])) { events.append("batch") }
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [3])])) { events.append("reload") }
    events.append("returned")
    let (table, tableSource) = makeTable()
    tableSource.apply(snapshot([("a", [1])])) { events.append("table") }
    events.append("table returned")
    await dataSource.apply(snapshot([("a", [3, 4])]))
    await tableSource.apply(snapshot([("a", [2])]))
    #expect(events == ["returned", "table returned", "load", "batch", "reload", "table"])
    #expect(shown(view) == [[3, 4]] && shown(table) == [[2]])
  }

  @Test("description names the type and summarizes the snapshot")
  func descriptions() {
    let (_, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(dataSource.description() == "CollectionViewDiffableDataSource<String, Int>(2 sections, 3 items)")
    let (_, tableSource) = makeTable()
    tableSource.apply(snapshot([("a", [1])]))
    #expect(tableSource.description() == "TableViewDiffableDataSource<String, Int>(1 section, 1 item)")
  }

  @Test("Outlines: list cells of an outlined section are indented by their outline level")
  func outlineIndentation() {
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in
      let cell = UICollectionViewListCell()
      cell.indentationLevel = 5  // kept outside outlined sections
      return cell
    }
    dataSource.apply(snapshot([("flat", [100]), ("tree", [])]))
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    outline.append([10], to: 1)
    outline.append([20], to: 10)
    outline.expand([1, 10])
    dataSource.apply(outline, to: "tree")
    let levels = view.standIn.cells.map { $0.map { ($0 as! UICollectionViewListCell).indentationLevel } }
    #expect(levels == [[5], [0, 1, 2, 0]])
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

  @Test("Outlines: the outline disclosure accessory toggles through sectionSnapshotHandlers")
  func outlineDisclosureToggles() {
    final class Holder { var dataSource: CollectionViewDiffableDataSource<String, Int>? }
    let holder = Holder()
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
      let cell = UICollectionViewListCell()
      cell.accessories = holder.dataSource.map { [$0.outlineDisclosureAccessory(for: item)] } ?? []
      return cell
    }
    holder.dataSource = dataSource
    var events: [String] = []
    dataSource.sectionSnapshotHandlers.willExpandItem = { events.append("expand \($0)") }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { events.append("collapse \($0)") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != 2 }
    dataSource.apply(snapshot([("tree", [])]))
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    outline.append([10], to: 1)
    outline.append([20], to: 2)
    outline.expand([2])
    dataSource.apply(outline, to: "tree")
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 20])

    func tap(_ item: Int) {
      let cell = view.cellForItem(at: dataSource.indexPath(for: item)!) as! UICollectionViewListCell
      cell.accessories.first?.standInTap()
    }
    tap(1)
    #expect(dataSource.snapshot().itemIdentifiers == [1, 10, 2, 20])
    tap(1)
    tap(2)  // refused by shouldCollapseItem
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 20])
    #expect(events == ["expand 1", "collapse 1"])
    #expect(!dataSource.toggleOutlineExpansion(of: 10), "an item without children does not toggle")
  }
}
