import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@MainActor
@Suite("Section snapshots, expand and collapse")
struct OutlineTests {
  /// 1 ─ 11, 12 (─ 121); 2 ─ 21; 3
  func tree() -> Outline {
    var outline = Outline()
    outline.append([1, 2, 3])
    outline.append([11, 12], to: 1)
    outline.append([121], to: 12)
    outline.append([21], to: 2)
    return outline
  }

  /// The operations of the last batch the view received.
  func lastBatch(_ view: View) -> BatchUpdateOperations? {
    for call in view.calls.reversed() {
      if case .batch(let operations, _) = call { return operations }
    }
    return nil
  }

  @Test("Applying a section snapshot shows its visible items and snapshot(for:) returns it")
  func applyAndRead() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["top": [100]]))
    var outline = tree()
    outline.expand([1])
    await dataSource.apply(outline, to: "files")
    #expect(rows(dataSource.snapshot()) == [[100], [1, 11, 12, 2, 3]])
    #expect(dataSource.snapshot(for: "files") == outline)
    #expect(dataSource.snapshot(for: "top").items == [100])
    #expect(dataSource.snapshot(for: "missing").items.isEmpty)
    expectInSync(view, dataSource)
  }

  @Test("Expanding inserts exactly the child rows; collapsing deletes exactly them")
  func expandCollapse() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(tree(), to: "files")
    #expect(rows(dataSource.snapshot()) == [[1, 2, 3]])
    var calls: [String] = []
    dataSource.sectionSnapshotHandlers.shouldExpandItem = {
      calls.append("should \($0)"); return true
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { calls.append("will \($0)") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
      calls.append("shouldCollapse \($0)"); return true
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }

    #expect(dataSource.expandItem(1))
    #expect(calls == ["should 1", "will 1"])
    #expect(rows(dataSource.snapshot()) == [[1, 11, 12, 2, 3]])
    let expand = try! #require(lastBatch(view))
    #expect(expand.itemInserts == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
    #expect(expand.itemDeletes.isEmpty && expand.itemMoves.isEmpty && expand.sectionInserts.isEmpty)
    expectInSync(view, dataSource)

    #expect(dataSource.expandItem(12))
    #expect(rows(dataSource.snapshot()) == [[1, 11, 12, 121, 2, 3]])
    #expect(lastBatch(view)?.itemInserts == [IndexPath(item: 3, section: 0)])

    calls.removeAll()
    view.clearCalls()
    #expect(dataSource.collapseItem(1))
    #expect(calls == ["shouldCollapse 1", "willCollapse 1"])
    #expect(rows(dataSource.snapshot()) == [[1, 2, 3]])
    let collapse = try! #require(lastBatch(view))
    #expect(
      collapse.itemDeletes
        == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0), IndexPath(item: 3, section: 0)])
    #expect(collapse.itemInserts.isEmpty && collapse.itemMoves.isEmpty)
    #expect(dataSource.snapshot(for: "files").isExpanded(12))  // inner state kept
    expectInSync(view, dataSource)
  }

  @Test("shouldExpandItem and shouldCollapseItem can refuse; odd requests change nothing")
  func refusals() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["flat": [50]]))
    await dataSource.apply(tree(), to: "files")
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != 2 }
    view.clearCalls()
    #expect(!dataSource.expandItem(2))
    #expect(!dataSource.collapseItem(1))  // not expanded
    #expect(!dataSource.expandItem(50))  // not in an outline
    #expect(!dataSource.expandItem(999))  // not in the list
    #expect(view.calls.isEmpty)
    #expect(dataSource.expandItem(1))
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
    #expect(!dataSource.collapseItem(1))
    #expect(rows(dataSource.snapshot())[1] == [1, 11, 12, 2, 3])
  }

  @Test("snapshotForExpandingParent supplies children lazily")
  func lazyChildren() async {
    let (view, dataSource) = makeList()
    var outline = Outline()
    outline.append([1, 2])
    await dataSource.apply(outline, to: "files")
    var asked: [Int] = []
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
      asked.append(parent)
      #expect(current.items.isEmpty)
      var children = Outline()
      children.append([parent * 10, parent * 10 + 1])
      return children
    }
    #expect(dataSource.expandItem(2))
    #expect(asked == [2])
    #expect(rows(dataSource.snapshot()) == [[1, 2, 20, 21]])
    #expect(dataSource.snapshot(for: "files").parent(of: 21) == 2)
    #expect(lastBatch(view)?.itemInserts == [IndexPath(item: 2, section: 0), IndexPath(item: 3, section: 0)])
    expectInSync(view, dataSource)
  }

  @Test("A full apply that changes an outlined section's rows drops the stored outline")
  func fullApplyDropsStaleOutline() async {
    let (_, dataSource) = makeList()
    await dataSource.apply(tree(), to: "files")
    await dataSource.apply(snapshot(["files": [1, 2, 3]]))  // same rows: kept
    #expect(dataSource.snapshot(for: "files").items == [1, 11, 12, 121, 2, 21, 3])
    await dataSource.apply(snapshot(["files": [3, 2]]))  // different rows: dropped
    #expect(dataSource.snapshot(for: "files").items == [3, 2])
    #expect(!dataSource.expandItem(2))
  }

  @Test("The host's connection reports outline levels, disclosure state and identifiers")
  func connectionOutline() async {
    let host = ProbeHost()
    let dataSource = DiffableDataSource<ProbeHost, String, Int>(host: host) { _, _, item in "\(item)" }
    var outline = tree()
    outline.expand([1])
    await dataSource.apply(outline, to: "files")
    // Rows: 1, 11, 12, 2, 3
    let connection = try! #require(host.connection)
    #expect(connection.isConnected)
    #expect(connection.numberOfSections() == 1)
    #expect(connection.numberOfItems(inSection: 0) == 5)
    #expect(connection.numberOfItems(inSection: 3) == 0)
    #expect(connection.cellForItem(at: IndexPath(item: 2, section: 0)) == "12")
    #expect(connection.outlineLevel(ofItemAt: IndexPath(item: 1, section: 0)) == 1)
    #expect(connection.outlineLevel(ofItemAt: IndexPath(item: 0, section: 0)) == 0)
    #expect(connection.outlineExpansion(ofItemAt: IndexPath(item: 0, section: 0)) == true)
    #expect(connection.outlineExpansion(ofItemAt: IndexPath(item: 2, section: 0)) == false)
    #expect(connection.outlineExpansion(ofItemAt: IndexPath(item: 4, section: 0)) == nil)
    #expect(connection.itemIdentifier(at: IndexPath(item: 1, section: 0)) == AnyHashable(11))
    #expect(connection.sectionIdentifier(at: 0) == AnyHashable("files"))
    #expect(connection.titleForHeader(inSection: 0) == nil)
    dataSource.sectionHeaderTitleProvider = { $0.uppercased() }
    dataSource.sectionFooterTitleProvider = { "\($0.count) letters" }
    #expect(connection.titleForHeader(inSection: 0) == "FILES")
    #expect(connection.titleForFooter(inSection: 0) == "5 letters")
    #expect(host.reloads == 1)
  }
}

/// The smallest possible host: relies on every default, keeps the connection, counts reloads.
@MainActor
final class ProbeHost: DiffableListHost {
  typealias Cell = String
  typealias ScrollPosition = IndexSet
  var connection: DiffableListDataSourceConnection<String>?
  var reloads = 0
  var selected: [IndexPath] = []

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    updates?()
    completion?(true)
  }
  func insertSections(_ sections: IndexSet) {}
  func deleteSections(_ sections: IndexSet) {}
  func reloadSections(_ sections: IndexSet) {}
  func moveSection(_ section: Int, toSection newSection: Int) {}
  func insertItems(at indexPaths: [IndexPath]) {}
  func deleteItems(at indexPaths: [IndexPath]) {}
  func reloadItems(at indexPaths: [IndexPath]) {}
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  func reloadData() { reloads += 1 }
  func reconfigureItems(at indexPaths: [IndexPath]) {}
  func cellForItem(at indexPath: IndexPath) -> String? { nil }
  var indexPathsForSelectedItems: [IndexPath]? { selected }
  var indexPathsForVisibleItems: [IndexPath] { [] }
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: IndexSet) {
    if let indexPath { selected.append(indexPath) } else { selected = [] }
  }
  func deselectItem(at indexPath: IndexPath, animated: Bool) { selected.removeAll { $0 == indexPath } }
  func attachDataSource(_ connection: DiffableListDataSourceConnection<String>) { self.connection = connection }
}
