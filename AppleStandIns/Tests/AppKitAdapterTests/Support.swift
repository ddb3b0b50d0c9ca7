import AppKit
import OpenDiffable

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// A collection view item that remembers the item it was made for.
final class ItemCell: NSCollectionViewItem {
  var item = -1
}

/// A table cell view that remembers the item (or section header) it was made for.
final class CellView: NSView {
  var text = ""
}

@MainActor
func makeCollection() -> (NSCollectionView, CollectionViewDiffableDataSource<String, Int>) {
  let view = NSCollectionView(frame: .zero)
  let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
    let cell = ItemCell()
    cell.item = item
    return cell
  }
  return (view, dataSource)
}

/// The delegate an app writes for a diffable table: forwards the view questions to the data
/// source.
@MainActor
final class ForwardingDelegate: NSObject, NSTableViewDelegate {
  /// Keeps the delegates alive (a table holds its delegate weakly, as AppKit's does).
  static var alive: [ForwardingDelegate] = []

  weak var dataSource: TableViewDiffableDataSource<String, Int>?

  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
    dataSource?.tableView(tableView, viewFor: tableColumn, row: row)
  }

  func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
    dataSource?.tableView(tableView, rowViewForRow: row)
  }

  func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
    dataSource?.tableView(tableView, isGroupRow: row) ?? false
  }
}

@MainActor
func makeTable() -> (NSTableView, TableViewDiffableDataSource<String, Int>) {
  let view = NSTableView(frame: .zero)
  view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
  let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, _, item in
    let cell = CellView()
    cell.text = "\(item)"
    return cell
  }
  let delegate = ForwardingDelegate()
  delegate.dataSource = dataSource
  view.delegate = delegate
  ForwardingDelegate.alive.append(delegate)
  return (view, dataSource)
}

/// The items the items of a collection view show.
@MainActor
func shown(_ view: NSCollectionView) -> [[Int]] {
  view.standIn.cells.map { $0.map { ($0 as! ItemCell).item } }
}

/// What the rows of a table show, one string per row ("#" + section for a group row).
@MainActor
func shown(_ view: NSTableView) -> [String] {
  (view.standIn.cells.first ?? []).map { row in
    let text = row.views.map { ($0 as? CellView)?.text ?? "nil" }.joined(separator: ",")
    return row.isGroupRow ? "#\(text)" : text
  }
}
