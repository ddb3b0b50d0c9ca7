import Foundation

/// A list view that a ``DiffableDataSource`` can drive: UIKit's `UICollectionView`, a terminal
/// list, a test double.
///
/// The data source owns the data. A host never reports what it shows; it only performs the
/// changes it is told to perform, reloads everything on request, refreshes items in place, and
/// reads and sets its selection. Every requirement is spelled exactly as `UICollectionView`'s
/// own member, so on Apple platforms the conformance is empty and checked by the compiler:
///
/// ```swift
/// extension UICollectionView: DiffableListHost {}   // provided by OpenDiffable
/// ```
///
/// ## Implementing a host
///
/// Follow UIKit's batch-update rules, which is what the data source produces:
///
/// 1. `performBatchUpdates(_:completion:)` calls `updates` synchronously, exactly once. Inside
///    it the data source swaps its snapshot and then calls the section and item operations
///    below. Interpret them as UIKit does: deletes, reloads and move sources name positions
///    *before* the batch, inserts and move destinations name positions *after* it, whatever the
///    call order. Call `completion` once, after the host finished (after animations, or at once
///    if it does not animate), passing `true` when the changes finished normally.
/// 2. `reloadData()` discards what the host shows and asks the data source again for
///    everything (numbers of sections and items, and each visible cell).
/// 3. `reconfigureItems(at:)` is called after a batch, with positions in the new state: refresh
///    the cells already shown there, in place, by asking the data source for them again.
/// 4. Selection: report it with `indexPathsForSelectedItems` and change it with
///    `selectItem(at:animated:scrollPosition:)` and `deselectItem(at:animated:)`. Keep selection
///    attached to rows across batches as UIKit does; the data source restores it by identifier
///    after every apply anyway, so a host that clears it on `reloadData()` is fine.
/// 5. Visibility: report the positions of the items whose cells are on screen with
///    ``indexPathsForVisibleItems`` (positions in the state after the last batch). Only a data
///    source with a `contentProvider` reads it, once per apply, after the batch, so answer it in
///    time proportional to what is on screen, and answer ``cellForItem(at:)`` nil for a visible
///    row whose cell is not made yet. A host that keeps cells of rows it no longer shows must ask
///    for them again before showing them (as UIKit does when it reuses cells).
/// 6. Optional: a host that has a settable focus implements ``indexPathForFocusedItem`` and
///    ``focusItem(at:)``; a host that can switch animations off implements
///    ``performWithoutAnimation(_:)``. Both have default implementations.
///
/// To pull data, a host that is not a UIKit or AppKit view implements
/// ``attachDataSource(_:)`` and keeps the ``DiffableListDataSourceConnection`` it is given: it
/// answers the numbers of sections and items and makes cells with the cell provider.
///
/// The data source never calls a host re-entrantly, and a host must not apply a snapshot to
/// its data source from inside any of these calls: that stops the process with a
/// `OpenDiffable: apply…` message (see ``DiffableDataSource``).
@MainActor
public protocol DiffableListHost: AnyObject {
  /// The host's cell type, as returned by ``cellForItem(at:)`` (`UICollectionViewCell` for a
  /// collection view). The data source's cell provider returns this type.
  associatedtype Cell

  /// How a selected item is scrolled into view (`UICollectionView.ScrollPosition`). The data
  /// source only ever passes the empty value: restoring selection never scrolls.
  associatedtype ScrollPosition: SetAlgebra

  /// Performs the section and item operations called inside `updates` as one animated change,
  /// then calls `completion` once the host finished.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

  /// Inserts sections at positions in the state after the batch.
  func insertSections(_ sections: IndexSet)

  /// Deletes sections at positions in the state before the batch.
  func deleteSections(_ sections: IndexSet)

  /// Replaces sections (positions before the batch) and all their cells.
  func reloadSections(_ sections: IndexSet)

  /// Moves one section from a position before the batch to a position after it.
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts items at index paths in the state after the batch.
  func insertItems(at indexPaths: [IndexPath])

  /// Deletes items at index paths in the state before the batch.
  func deleteItems(at indexPaths: [IndexPath])

  /// Replaces the cells at index paths in the state before the batch with new cells.
  func reloadItems(at indexPaths: [IndexPath])

  /// Moves one item from an index path before the batch to an index path after it.
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// Discards everything shown and asks the data source again.
  func reloadData()

  /// Refreshes the cells shown at these index paths (state after the last batch) in place,
  /// without replacing them. A position with no cell shown is ignored.
  @available(iOS 15.0, tvOS 15.0, *)
  func reconfigureItems(at indexPaths: [IndexPath])

  /// The cell shown at an index path, or nil when none is shown there.
  func cellForItem(at indexPath: IndexPath) -> Cell?

  /// The selected index paths; nil or empty when nothing is selected.
  var indexPathsForSelectedItems: [IndexPath]? { get }

  /// The index paths of the items whose cells are on screen, in the state after the last batch,
  /// in any order (`UICollectionView.indexPathsForVisibleItems`). Read by a data source that has
  /// a `contentProvider`, after every batch; keep it proportional to what is on screen.
  var indexPathsForVisibleItems: [IndexPath] { get }

  /// Selects the item at `indexPath` (nil clears the selection, as in UIKit).
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition)

  /// Deselects the item at `indexPath`.
  func deselectItem(at indexPath: IndexPath, animated: Bool)

  /// The index path of the item that has the focus, or nil. Default: nil (UIKit offers no
  /// settable focus; the focus engine restores it through `remembersLastFocusedIndexPath`).
  var indexPathForFocusedItem: IndexPath? { get }

  /// Moves the focus to the item at `indexPath` (nil: nowhere). Default: does nothing.
  func focusItem(at indexPath: IndexPath?)

  /// Runs `actions` with animations turned off. Default: runs `actions`. UIKit views use
  /// `UIView.performWithoutAnimation(_:)`.
  func performWithoutAnimation(_ actions: () -> Void)

  /// Gives a host that pulls its data the object to pull it from. Called once, by the data
  /// source's initializer. Default: does nothing (UIKit and AppKit views are connected through
  /// their own `dataSource` property by the platform data sources).
  ///
  /// Keep the connection (it holds the data source weakly) and ask it for the numbers of
  /// sections and items and for cells whenever you draw.
  func attachDataSource(_ connection: DiffableListDataSourceConnection<Cell>)
}

extension DiffableListHost {
  /// Default: no focus.
  public var indexPathForFocusedItem: IndexPath? { nil }

  /// Default: does nothing.
  public func focusItem(at indexPath: IndexPath?) {}

  /// Default: runs `actions` as they are.
  public func performWithoutAnimation(_ actions: () -> Void) { actions() }

  /// Default: does nothing.
  public func attachDataSource(_ connection: DiffableListDataSourceConnection<Cell>) {}
}
