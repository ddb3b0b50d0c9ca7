import Foundation

/// A table-style list view that a ``TableHostDiffableDataSource`` can drive: UIKit's `UITableView`,
/// a terminal table, a test double.
///
/// The table flavour of ``DiffableListHost``: the same contract (read its documentation for how
/// to implement a host), with `UITableView`'s spellings — rows instead of items, and a row
/// animation on every insert, delete and reload. On Apple platforms the conformance is empty:
///
/// ```swift
/// extension UITableView: DiffableTableHost {}   // provided by OpenDiffable
/// ```
///
/// The data source passes its `defaultRowAnimation` to every call that takes an animation.
@MainActor
public protocol DiffableTableHost: AnyObject {
  /// The host's cell type, as returned by ``cellForRow(at:)`` (`UITableViewCell`).
  associatedtype Cell

  /// The animation of inserted, deleted and reloaded rows (`UITableView.RowAnimation`).
  associatedtype RowAnimation: DiffableTableRowAnimation

  /// How a selected row is scrolled into view (`UITableView.ScrollPosition`). The data source
  /// only ever passes `.none`.
  associatedtype ScrollPosition: DiffableTableScrollPosition

  /// Performs the operations called inside `updates` as one change; calls `completion` once the
  /// host finished. Same rules as ``DiffableListHost/performBatchUpdates(_:completion:)``.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

  /// Inserts sections at positions in the state after the batch.
  func insertSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Deletes sections at positions in the state before the batch.
  func deleteSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Replaces sections (positions before the batch) and all their rows.
  func reloadSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Moves one section from a position before the batch to a position after it.
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts rows at index paths in the state after the batch.
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Deletes rows at index paths in the state before the batch.
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Replaces the cells of rows at index paths in the state before the batch.
  func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Moves one row from an index path before the batch to an index path after it.
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// Discards everything shown and asks the data source again.
  func reloadData()

  /// Refreshes the cells shown at these index paths in place.
  @available(iOS 15.0, tvOS 15.0, *)
  func reconfigureRows(at indexPaths: [IndexPath])

  /// The cell shown at an index path, or nil.
  func cellForRow(at indexPath: IndexPath) -> Cell?

  /// The selected index paths; nil or empty when nothing is selected.
  var indexPathsForSelectedRows: [IndexPath]? { get }

  /// The index paths of the rows whose cells are on screen, or nil (`UITableView.indexPathsForVisibleRows`);
  /// see ``DiffableListHost/indexPathsForVisibleItems``.
  var indexPathsForVisibleRows: [IndexPath]? { get }

  /// Selects the row at `indexPath` (nil clears the selection).
  func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition)

  /// Deselects the row at `indexPath`.
  func deselectRow(at indexPath: IndexPath, animated: Bool)

  /// The index path of the focused row, or nil. Default: nil.
  var indexPathForFocusedRow: IndexPath? { get }

  /// Moves the focus to the row at `indexPath`. Default: does nothing.
  func focusRow(at indexPath: IndexPath?)

  /// Runs `actions` with animations turned off. Default: runs `actions`.
  func performWithoutAnimation(_ actions: () -> Void)

  /// Gives a host that pulls its data the object to pull it from; see
  /// ``DiffableListHost/attachDataSource(_:)``. Default: does nothing.
  func attachDataSource(_ connection: DiffableListDataSourceConnection<Cell>)
}

extension DiffableTableHost {
  /// Default: no focus.
  public var indexPathForFocusedRow: IndexPath? { nil }

  /// Default: does nothing.
  public func focusRow(at indexPath: IndexPath?) {}

  /// Default: runs `actions` as they are.
  public func performWithoutAnimation(_ actions: () -> Void) { actions() }

  /// Default: does nothing.
  public func attachDataSource(_ connection: DiffableListDataSourceConnection<Cell>) {}
}

/// A row animation with an `automatic` choice (`UITableView.RowAnimation` conforms with an
/// empty extension: its `automatic` case is the witness).
public protocol DiffableTableRowAnimation {
  /// The animation the host finds best; the default of ``TableHostDiffableDataSource/defaultRowAnimation``.
  static var automatic: Self { get }
}

/// A scroll position with a `none` choice (`UITableView.ScrollPosition` conforms with an empty
/// extension).
public protocol DiffableTableScrollPosition {
  /// Do not scroll.
  static var none: Self { get }
}
