import AppKit
import Foundation
import OpenDiffable
import Testing

/// A collection view item that shows a text.
final class TextItem: NSCollectionViewItem {
  var text = ""
}

@MainActor
@Suite("contentProvider on the AppKit adapters")
struct ContentProviderTests {
  @Test("The collection data source refreshes only the visible items whose content changed")
  func collection() {
    var names = [0: "a", 1: "b", 2: "c", 3: "d"]
    let view = NSCollectionView(frame: .zero)
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
      let cell = TextItem()
      cell.text = names[item] ?? "?"
      return cell
    }
    dataSource.contentProvider = { names[$0] }
    #expect(dataSource.contentProvider != nil)
    view.standIn.visibleWindow = 0..<2
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]))
    names[1] = "B"
    names[3] = "D"  // off screen
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]))
    #expect(view.indexPathsForVisibleItems() == [[0, 0], [0, 1]])
    #expect(view.standIn.cellRequests == [[0, 1]])
    #expect((view.item(at: [0, 1]) as? TextItem)?.text == "B")
  }

  @Test("The table data source compares the rows in the visible rectangle, recording what its views show")
  func table() {
    var names = [0: "a", 1: "b", 2: "c", 3: "d"]
    let view = NSTableView(frame: .zero)
    view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
    let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, _, item in
      let cell = CellView()
      cell.text = names[item] ?? "?"
      return cell
    }
    dataSource.contentProvider = { names[$0] }
    #expect(dataSource.contentProvider != nil)
    // Rows 1 and 2 are on screen.
    view.standInVisibleRect = NSRect(
      x: 0, y: NSTableView.standInRowHeight, width: 100, height: 2 * NSTableView.standInRowHeight)
    #expect(view.rows(in: view.visibleRect) == NSRange(location: 0, length: 0))
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]), animatingDifferences: true)
    #expect(view.rows(in: view.visibleRect) == NSRange(location: 1, length: 2))
    names[0] = "A"
    names[2] = "C"
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]), animatingDifferences: true)
    #expect(view.standIn.cellRequests == [[0, 2]])
    #expect(shown(view) == ["a", "b", "C", "d"])
  }
}
