import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of OutlinesWithSectionSnapshots.md and Reordering.md.

enum LibrarySection: Hashable, Sendable {
  case folders
  case recent
}

@MainActor
@Suite("Outlines and reordering")
struct OutlineAndReorderingTests {
  typealias ListView = SimulatedCollectionView<LibrarySection, String>

  func makeList() -> (ListView, DiffableDataSource<ListView, LibrarySection, String>) {
    let listView = ListView()
    let dataSource = DiffableDataSource<ListView, LibrarySection, String>(host: listView) { _, _, id in
      SimulatedCell(id, text: id)
    }
    return (listView, dataSource)
  }

  @Test func anOutlineShowsItsVisibleItems() async {
    let (listView, dataSource) = makeList()
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Documents", "Music"])
    outline.append(["Taxes", "Letters"], to: "Documents")
    outline.append(["2024", "2025"], to: "Taxes")
    outline.expand(["Documents"])
    #expect(outline.visibleItems == ["Documents", "Taxes", "Letters", "Music"])
    #expect(outline.level(of: "2025") == 2)
    #expect(outline.parent(of: "Taxes") == "Documents")

    await dataSource.apply(outline, to: .folders, animatingDifferences: false)
    #expect(listView.itemIdentifiers == [["Documents", "Taxes", "Letters", "Music"]])

    // The user taps the disclosure of Taxes: exactly its two children are inserted.
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != "Music" }
    #expect(dataSource.expandItem("Taxes"))
    while dataSource.hasPendingApplies { await Task.yield() }
    #expect(listView.itemIdentifiers == [["Documents", "Taxes", "2024", "2025", "Letters", "Music"]])
    #expect(dataSource.snapshot(for: .folders).isExpanded("Taxes"))
  }

  @Test func childrenCanBeLoadedWhenTheParentExpands() async {
    let (listView, dataSource) = makeList()
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Inbox"])
    await dataSource.apply(outline, to: .folders)

    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
      guard parent == "Inbox", current.items.isEmpty else { return current }
      var children = DiffableDataSourceSectionSnapshot<String>()
      children.append(["Today", "Yesterday"])
      return children
    }
    #expect(dataSource.expandItem("Inbox"))
    while dataSource.hasPendingApplies { await Task.yield() }
    #expect(listView.itemIdentifiers == [["Inbox", "Today", "Yesterday"]])
  }

  @Test func aRecentSectionNextToTheOutline() async {
    let (listView, dataSource) = makeList()
    var snapshot = DiffableDataSourceSnapshot<LibrarySection, String>()
    snapshot.appendSections([.folders, .recent])
    snapshot.appendItems(["Notes.txt"], toSection: .recent)
    await dataSource.apply(snapshot)

    var folders = DiffableDataSourceSectionSnapshot<String>()
    folders.append(["Documents"])
    await dataSource.apply(folders, to: .folders)
    #expect(listView.itemIdentifiers == [["Documents"], ["Notes.txt"]])
  }

  @Test func theUserReordersAnItem() async throws {
    let (listView, dataSource) = makeList()
    var snapshot = DiffableDataSourceSnapshot<LibrarySection, String>()
    snapshot.appendSections([.recent])
    snapshot.appendItems(["a.txt", "b.txt", "c.txt"], toSection: .recent)
    await dataSource.apply(snapshot)

    var order = ["a.txt", "b.txt", "c.txt"]  // the app's own store
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.didReorder = { transaction in
      order = transaction.finalSnapshot.itemIdentifiers(inSection: .recent)
    }

    listView.userMovesItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
    #expect(order == ["b.txt", "c.txt", "a.txt"])
    #expect(dataSource.snapshot().itemIdentifiers == order)
  }

  @Test func aTransactionCanBeAppliedToAnArray() {
    var before = DiffableDataSourceSnapshot<LibrarySection, String>()
    before.appendSections([.recent])
    before.appendItems(["a.txt", "b.txt", "c.txt"], toSection: .recent)
    var after = before
    after.moveItem("a.txt", afterItem: "c.txt")
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: before, finalSnapshot: after,
      difference: SnapshotChangeset.itemDifference(from: before, to: after),
      sectionTransactions: [])

    var files = ["a.txt", "b.txt", "c.txt"]
    files = files.applying(transaction.difference) ?? files
    #expect(files == ["b.txt", "c.txt", "a.txt"])
  }

  @Test func onlySomeItemsCanMove() async {
    let (listView, dataSource) = makeList()
    var snapshot = DiffableDataSourceSnapshot<LibrarySection, String>()
    snapshot.appendSections([.folders, .recent])
    snapshot.appendItems(["Pinned"], toSection: .folders)
    snapshot.appendItems(["a.txt", "b.txt"], toSection: .recent)
    await dataSource.apply(snapshot)

    dataSource.reorderingHandlers.canReorderItem = { item in item != "Pinned" }
    #expect(dataSource.reorderingHandlers.canReorderItem?("Pinned") == false)
    listView.userMovesItem(at: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 1))
    #expect(listView.itemIdentifiers == [["Pinned"], ["b.txt", "a.txt"]])
    #expect(dataSource.snapshot().itemIdentifiers(inSection: .recent) == ["b.txt", "a.txt"])
  }
}

// Reordering.md, "Decide what can move": a simulated view stops the test when asked to move a
// row that `canReorderItem` refuses, as UIKit never lets the user pick it up.
@Suite("Reordering: a refused row")
struct RefusedReorderTests {
  @Test func aRefusedRowCannotBeDragged() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let listView = SimulatedCollectionView<LibrarySection, String>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<LibrarySection, String>, LibrarySection, String>(
          host: listView
        ) { _, _, id in SimulatedCell(id) }
        var snapshot = DiffableDataSourceSnapshot<LibrarySection, String>()
        snapshot.appendSections([.folders, .recent])
        snapshot.appendItems(["Pinned"], toSection: .folders)
        snapshot.appendItems(["a.txt"], toSection: .recent)
        dataSource.applySnapshotUsingReloadData(snapshot)
        dataSource.reorderingHandlers.canReorderItem = { item in item != "Pinned" }
        listView.userMovesItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the data source refuses to move [0, 0]"), "\(message)")
  }
}
