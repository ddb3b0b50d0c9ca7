import AppKit
import OpenDiffable

// Swift 6 language mode, complete concurrency checking: a macOS app whose identifiers are not
// `Sendable`, as AppKit's `NSCollectionViewDiffableDataSource` and `NSTableViewDiffableDataSource`
// allow (their identifiers are `Hashable` only; macOS 11.3 AppKit Swift interface, see
// DECLARATIONS.md). If the adapters required `Sendable` identifiers again, this target would
// not compile.

/// A model object used as its own identifier: a class with mutable state, so not `Sendable`.
public final class Folder: Hashable {
  public var name: String
  public init(name: String) { self.name = name }
  public static func == (lhs: Folder, rhs: Folder) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Shows `folders` in a table and a collection view, and describes both data sources with
/// Apple's `description()` method.
@MainActor
public func showFolders(_ folders: [Folder], in tableView: NSTableView, and collectionView: NSCollectionView)
  -> [String]
{
  let table = TableViewDiffableDataSource<Folder, Folder>(tableView: tableView) { _, _, _, folder in
    NSView(frame: .zero)
  }
  let collection = CollectionViewDiffableDataSource<Folder, Folder>(collectionView: collectionView) { _, _, _ in
    NSCollectionViewItem()
  }
  let root = Folder(name: "root")
  var snapshot = DiffableDataSourceSnapshot<Folder, Folder>()
  snapshot.appendSections([root])
  snapshot.appendItems(folders, toSection: root)
  table.apply(snapshot, animatingDifferences: false)
  collection.apply(snapshot, animatingDifferences: true)
  // The second apply diffs (on the main actor: the identifiers are not Sendable).
  snapshot.deleteItems(Array(folders.prefix(1)))
  table.apply(snapshot, animatingDifferences: true)
  return [table.description(), collection.description()]
}
