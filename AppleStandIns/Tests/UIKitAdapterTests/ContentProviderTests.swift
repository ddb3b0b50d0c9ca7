import Foundation
import OpenDiffable
import Testing
import UIKit

@testable import OpenDiffableDataSources

/// A collection view cell that shows a text.
final class TextCell: UICollectionViewCell {
  var text = ""
}

/// A table cell that shows a text.
final class TextRowCell: UITableViewCell {
  var text = ""
}

@MainActor
@Suite("contentProvider on the UIKit adapters")
struct ContentProviderTests {
  @Test("The collection data source reconfigures only the visible items whose content changed")
  func collection() {
    var names = [0: "a", 1: "b", 2: "c", 3: "d"]
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
      let cell = TextCell()
      cell.text = names[item] ?? "?"
      return cell
    }
    dataSource.contentProvider = { names[$0] }
    #expect(dataSource.core.contentProvider != nil)
    var contentReconfigures: [Int] = []
    dataSource.traceHandler = { contentReconfigures.append($0.contentReconfigures) }
    view.standIn.visibleWindow = 0..<2
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]))
    names[1] = "B"
    names[3] = "D"  // off screen
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("s", [0, 1, 2, 3])]))
    #expect(view.indexPathsForVisibleItems == [[0, 0], [0, 1]])
    #expect(view.standIn.cellRequests == [[0, 1]])
    #expect((view.cellForItem(at: [0, 1]) as? TextCell)?.text == "B")
    #expect(contentReconfigures == [0, 1])
  }

  @Test("The table data source reads indexPathsForVisibleRows")
  func table() {
    var names = [0: "a", 1: "b", 2: "c"]
    let view = UITableView(frame: .zero, style: .plain)
    let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, item in
      let cell = TextRowCell()
      cell.text = names[item] ?? "?"
      return cell
    }
    dataSource.contentProvider = { names[$0] }
    #expect(dataSource.contentProvider != nil)
    view.standIn.visibleWindow = 1..<3
    dataSource.apply(snapshot([("s", [0, 1, 2])]))
    #expect(view.indexPathsForVisibleRows == [[0, 1], [0, 2]])
    names[0] = "A"
    names[2] = "C"
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("s", [0, 1, 2])]))
    #expect(view.standIn.cellRequests == [[0, 2]])
    #expect((view.cellForRow(at: [0, 2]) as? TextRowCell)?.text == "C")
    view.standIn.visibleWindow = 5..<6
    #expect(view.indexPathsForVisibleRows == nil)
  }
}
