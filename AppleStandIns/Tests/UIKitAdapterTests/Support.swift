import OpenDiffable
import UIKit

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// A collection view cell that remembers the item it was made for.
final class ItemCell: UICollectionViewCell {
  var item = -1
}

/// A table cell that remembers the item it was made for.
final class RowCell: UITableViewCell {
  var item = -1
}

@MainActor
func makeCollection() -> (UICollectionView, CollectionViewDiffableDataSource<String, Int>) {
  let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
  let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
    let cell = ItemCell()
    cell.item = item
    return cell
  }
  return (view, dataSource)
}

@MainActor
func makeTable() -> (UITableView, TableViewDiffableDataSource<String, Int>) {
  let view = UITableView(frame: .zero, style: .plain)
  let dataSource = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, item in
    let cell = RowCell()
    cell.item = item
    return cell
  }
  return (view, dataSource)
}

/// The items the cells of a collection view show.
@MainActor
func shown(_ view: UICollectionView) -> [[Int]] {
  view.standIn.cells.map { $0.map { ($0 as! ItemCell).item } }
}

/// The items the cells of a table show.
@MainActor
func shown(_ view: UITableView) -> [[Int]] {
  view.standIn.cells.map { $0.map { ($0 as! RowCell).item } }
}
