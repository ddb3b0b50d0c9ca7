import DiffableKit
import Foundation

/// A stand-in for `UICollectionView` that runs anywhere (Linux included): a ``DiffableListHost``
/// that replays every batch through ``BatchUpdateSimulator`` and so enforces UIKit's batch-update
/// rules, makes cells through the data source exactly when UIKit would (on load, insert and
/// reload; again on reconfigure), and keeps selection and focus attached to rows as UIKit does
/// (deleted, reloaded and reloaded-data rows lose it).
///
/// Drive it with a ``DiffableDataSource`` in your tests, then compare ``itemIdentifiers`` with
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
/// ``stopsOnInvalidBatch`` is false: then it is recorded in ``batchErrors`` and the view
/// reloads.
@MainActor
public final class SimulatedCollectionView<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: DiffableListHost {
  /// The cells this view shows.
  public typealias Cell = SimulatedCell<ItemIdentifierType>

  /// Scroll positions are accepted and ignored.
  public struct ScrollPosition: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a scroll position from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
  }

  let engine = _SimulatedListEngine<SectionIdentifierType, ItemIdentifierType, Cell>()

  /// An empty view, with no data source yet.
  public init() {}

  // MARK: Test controls and read-back

  /// Whether an invalid batch stops the process (true, the default, as UIKit raises) or is
  /// recorded in ``batchErrors`` followed by a reload.
  public var stopsOnInvalidBatch: Bool {
    get { engine.stopsOnInvalidBatch }
    set { engine.stopsOnInvalidBatch = newValue }
  }

  /// Whether batch completions run as soon as the batch is done (true, the default) or wait for
  /// ``finishAnimations()``, like UIKit's animations.
  public var completesBatchesImmediately: Bool {
    get { engine.completesImmediately }
    set { engine.completesImmediately = newValue }
  }

  /// Runs the completions of the batches that are still "animating", in order.
  public func finishAnimations() { engine.finishAnimations() }

  /// The number of batches whose completion has not run.
  public var animatingBatchCount: Int { engine.pendingCompletions.count }

  /// The section identifiers shown, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { engine.sectionIdentifiers }

  /// The item identifiers shown, section by section.
  public var itemIdentifiers: [[ItemIdentifierType]] { engine.itemIdentifiers }

  /// The cells shown, section by section.
  public var cells: [[Cell]] { engine.cells }

  /// Every call received, in order.
  public var calls: [SimulatedListCall] { engine.log }

  /// Forgets the recorded calls.
  public func clearCalls() { engine.log.removeAll() }

  /// Batch errors recorded while ``stopsOnInvalidBatch`` is false.
  public var batchErrors: [BatchUpdateError] { engine.errors }

  /// How many cells were requested from the data source so far.
  public var cellRequestCount: Int { engine.cellRequests }

  /// The identifiers of the selected items, in selection order.
  public var selectedItemIdentifiers: [ItemIdentifierType] {
    engine.selected.compactMap { engine.rowKey(at: $0)?.item }
  }

  /// Simulates the user dragging the row at `source` to `destination` (a position after the
  /// move): the view moves the row, then tells the data source, as UIKit does. Stops the
  /// process when the data source refuses the move.
  public func userMovesItem(at source: IndexPath, to destination: IndexPath) {
    engine.userMoves(from: source, to: destination)
  }

  /// Simulates the user selecting the item at `indexPath` (no data-source involvement).
  public func userSelects(_ indexPath: IndexPath) { engine.select(indexPath) }

  /// The focused item's identifier, if any.
  public var focusedItemIdentifier: ItemIdentifierType? { engine.focused.flatMap { engine.rowKey(at: $0)?.item } }

  // MARK: DiffableListHost

  /// Records the operations called in `updates` and replays them through the simulator.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    engine.performBatchUpdates(updates, completion: completion)
  }

  /// Records section inserts.
  public func insertSections(_ sections: IndexSet) { engine.record { $0.sectionInserts += sections } }

  /// Records section deletes.
  public func deleteSections(_ sections: IndexSet) { engine.record { $0.sectionDeletes += sections } }

  /// Records section reloads.
  public func reloadSections(_ sections: IndexSet) { engine.record { $0.sectionReloads += sections } }

  /// Records a section move.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    engine.record { $0.sectionMoves.append(ChangesetMove(from: section, to: newSection)) }
  }

  /// Records item inserts.
  public func insertItems(at indexPaths: [IndexPath]) { engine.record { $0.itemInserts += indexPaths } }

  /// Records item deletes.
  public func deleteItems(at indexPaths: [IndexPath]) { engine.record { $0.itemDeletes += indexPaths } }

  /// Records item reloads.
  public func reloadItems(at indexPaths: [IndexPath]) { engine.record { $0.itemReloads += indexPaths } }

  /// Records an item move.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record { $0.itemMoves.append(ChangesetMove(from: indexPath, to: newIndexPath)) }
  }

  /// Shows what the data source holds, asking for every cell; clears selection and focus.
  public func reloadData() { engine.reloadData() }

  /// Asks the data source again for the cells at these positions.
  public func reconfigureItems(at indexPaths: [IndexPath]) { engine.reconfigure(indexPaths) }

  /// The cell shown at `indexPath`, or nil.
  public func cellForItem(at indexPath: IndexPath) -> Cell? { engine.cell(at: indexPath) }

  /// The selected index paths.
  public var indexPathsForSelectedItems: [IndexPath]? { engine.selected }

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

  /// Runs `actions` with animations off (recorded in ``calls``).
  public func performWithoutAnimation(_ actions: () -> Void) {
    let previous = engine.animationsEnabled
    engine.animationsEnabled = false
    defer { engine.animationsEnabled = previous }
    actions()
  }

  /// Keeps the connection to pull counts, identifiers and cells from.
  public func attachDataSource(_ connection: DiffableListDataSourceConnection<Cell>) {
    engine.connection = connection
  }
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
