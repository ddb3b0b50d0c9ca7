import OpenDiffable
import UIKit

// Swift 6 language mode, complete concurrency checking. UIKit's data sources require `Sendable`
// identifiers (iOS 18 SDK, see DECLARATIONS.md), so this client uses `Sendable` ones; it checks
// that `description()` is a method, as in UIKit's Swift interface.

/// Describes a table's and a collection view's data sources with UIKit's `description()`.
@MainActor
public func describe(_ tableView: UITableView, _ collectionView: UICollectionView) -> [String] {
  let table = TableViewDiffableDataSource<String, Int>(tableView: tableView) { _, _, _ in UITableViewCell(frame: .zero)
  }
  let collection = CollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) { _, _, _ in
    UICollectionViewCell()
  }
  return [table.description(), collection.description()]
}
