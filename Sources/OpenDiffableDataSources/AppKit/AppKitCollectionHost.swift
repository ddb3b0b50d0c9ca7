#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  /// Presents an `NSCollectionView` as a ``DiffableListHost``. AppKit spells the batch calls
  /// with sets of index paths and a `completionHandler:` label, so this small forwarding class
  /// stands where UIKit needs only an empty extension.
  @MainActor
  final class _AppKitCollectionHost: DiffableListHost {
    typealias Cell = NSCollectionViewItem
    typealias ScrollPosition = NSCollectionView.ScrollPosition

    let collectionView: NSCollectionView
    var animates = true

    init(_ collectionView: NSCollectionView) { self.collectionView = collectionView }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      if animates {
        collectionView.animator().performBatchUpdates(updates, completionHandler: completion)
      } else {
        collectionView.performBatchUpdates(updates, completionHandler: completion)
      }
    }
    func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
    func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) {
      collectionView.moveSection(section, toSection: newSection)
    }
    func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: Set(indexPaths)) }
    func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: Set(indexPaths)) }
    func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      collectionView.moveItem(at: indexPath, to: newIndexPath)
    }
    func reloadData() { collectionView.reloadData() }
    /// AppKit has no in-place reconfigure: the items are reloaded.
    func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func cellForItem(at indexPath: IndexPath) -> NSCollectionViewItem? { collectionView.item(at: indexPath) }
    var indexPathsForSelectedItems: [IndexPath]? { Array(collectionView.selectionIndexPaths) }
    var indexPathsForVisibleItems: [IndexPath] { Array(collectionView.indexPathsForVisibleItems()) }
    func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: NSCollectionView.ScrollPosition) {
      if let indexPath {
        collectionView.selectItems(at: [indexPath], scrollPosition: scrollPosition)
      } else {
        collectionView.deselectAll(nil)
      }
    }
    func deselectItem(at indexPath: IndexPath, animated: Bool) { collectionView.deselectItems(at: [indexPath]) }
    func performWithoutAnimation(_ actions: () -> Void) {
      let previous = animates
      animates = false
      defer { animates = previous }
      actions()
    }
  }
#endif
