import Foundation
import OpenDiffable

/// A stand-in for `UICollectionView` that runs anywhere (Linux included): a `DiffableListHost`
/// that replays every batch through ``BatchUpdateSimulator`` and so enforces UIKit's batch-update
/// rules, makes cells through the data source exactly when UIKit would (on load, insert and
/// reload; again on reconfigure), and keeps selection and focus attached to rows as UIKit does
/// (deleted, reloaded and reloaded-data rows lose it).
///
/// Drive it with a `DiffableDataSource` in your tests, then compare ``SimulatedListView/itemIdentifiers`` with
/// the data source's snapshot:
///
/// ```swift
/// let view = SimulatedCollectionView<Section, Int>()
/// let dataSource = DiffableDataSource<SimulatedCollectionView<Section, Int>, Section, Int>(host: view) {
///   _, _, id in SimulatedCell(id)
/// }
/// await dataSource.apply(snapshot)
/// #expect(view.itemIdentifiers == [[1, 2, 3]])
/// #expect(view.batchErrors.isEmpty)
/// ```
///
/// An invalid batch stops the process with the simulator's message (as UIKit raises), unless
/// ``SimulatedListView/stopsOnInvalidBatch`` is false: then it is recorded in ``SimulatedListView/batchErrors`` and the view
/// reloads.
@MainActor
public final class SimulatedCollectionView<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: SimulatedListView<SectionIdentifierType, ItemIdentifierType>, DiffableListHost {
  /// Scroll positions are accepted and ignored.
  public struct ScrollPosition: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a scroll position from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
  }

  /// An empty view, with no data source yet.
  public override init() {}

  // MARK: Test controls and read-back

  // MARK: DiffableListHost

  /// Records section inserts.
  public func insertSections(_ sections: IndexSet) { engine.record(.insertSections(sections)) }

  /// Records section deletes.
  public func deleteSections(_ sections: IndexSet) { engine.record(.deleteSections(sections)) }

  /// Records section reloads.
  public func reloadSections(_ sections: IndexSet) { engine.record(.reloadSections(sections)) }

  /// Records item inserts.
  public func insertItems(at indexPaths: [IndexPath]) { engine.record(.insertItems(indexPaths)) }

  /// Records item deletes.
  public func deleteItems(at indexPaths: [IndexPath]) { engine.record(.deleteItems(indexPaths)) }

  /// Records item reloads.
  public func reloadItems(at indexPaths: [IndexPath]) { engine.record(.reloadItems(indexPaths)) }

  /// Records an item move.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record(.moveItem(indexPath, to: newIndexPath))
  }

  /// Asks the data source again for the cells at these positions.
  public func reconfigureItems(at indexPaths: [IndexPath]) { engine.reconfigure(indexPaths) }

  /// The cell shown at `indexPath`, or nil.
  public func cellForItem(at indexPath: IndexPath) -> Cell? { engine.cell(at: indexPath) }

  /// The selected index paths.
  public var indexPathsForSelectedItems: [IndexPath]? { engine.selected }

  /// The positions of the items on screen (see ``SimulatedListView/visibleRowRange``).
  public var indexPathsForVisibleItems: [IndexPath] { engine.visibleIndexPaths }

  /// Selects the item at `indexPath` (nil clears the selection).
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    engine.select(indexPath)
  }

  /// Deselects the item at `indexPath`.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) { engine.deselect(indexPath) }

  /// The focused index path.
  public var indexPathForFocusedItem: IndexPath? { engine.focused }

  /// Moves the focus.
  public func focusItem(at indexPath: IndexPath?) { engine.focused = indexPath }

}

/// A cell of a simulated list: the item identifier it was made for and any text the cell
/// provider put in it.
public struct SimulatedCell<ItemIdentifierType: Hashable & Sendable>: Hashable, Sendable {
  /// The item the cell was made for.
  public var itemIdentifier: ItemIdentifierType
  /// Free text a cell provider may fill in.
  public var text: String

  /// A cell for `itemIdentifier`.
  public init(_ itemIdentifier: ItemIdentifierType, text: String = "") {
    self.itemIdentifier = itemIdentifier
    self.text = text
  }
}
