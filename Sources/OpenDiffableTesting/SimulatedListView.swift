import Foundation
import OpenDiffable

/// What ``SimulatedCollectionView`` and ``SimulatedTableView`` share: the simulated list (rows
/// kept through OpenDiffable's batch model, cells made through the data source, selection and
/// focus attached to rows), the test controls and read-back, and the host members whose UIKit
/// names are the same for collection and table views.
///
/// Not used on its own: create one of the two views.
@MainActor
public class SimulatedListView<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
  /// The cells this view shows.
  public typealias Cell = SimulatedCell<ItemIdentifierType>

  let engine = _SimulatedListEngine<SectionIdentifierType, ItemIdentifierType, Cell>()

  init() {}

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

  /// The cells shown, section by section: every row's while the whole list is visible (the
  /// default), only those in ``visibleRowRange`` otherwise (read them by position with
  /// `cellForItem(at:)` / `cellForRow(at:)`).
  public var cells: [[Cell]] { engine.cells.map { $0.compactMap { $0 } } }

  /// The rows on screen, as positions counted across sections from the first row of the first
  /// section (a section's rows follow the previous section's); nil (the default) shows every
  /// row. Setting it scrolls: rows that leave it lose their cell, rows that enter it get one from
  /// the data source, as UIKit's views reuse cells. The window stays at the same positions
  /// through updates, as a scroll view keeps its offset; a part beyond the last row shows
  /// nothing.
  ///
  /// - Complexity: O(n) for n rows to set, plus the cells asked for.
  public var visibleRowRange: Range<Int>? {
    get { engine.visibleWindow }
    set { engine.setVisibleWindow(newValue) }
  }

  /// The positions of the rows on screen, in order: what `indexPathsForVisibleItems` and
  /// `indexPathsForVisibleRows` answer. O(sections + visible rows).
  public var visibleIndexPaths: [IndexPath] { engine.visibleIndexPaths }

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

  // MARK: Host members spelled alike in UIKit's collection and table views

  /// Records the operations called in `updates` and replays them through the simulator.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    engine.performBatchUpdates(updates, completion: completion)
  }

  /// Records a section move.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    engine.record(.moveSection(section, to: newSection))
  }

  /// Shows what the data source holds, asking for every cell; clears selection and focus.
  public func reloadData() { engine.reloadData() }

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
