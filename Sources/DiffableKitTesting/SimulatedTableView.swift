import DiffableKit
import Foundation

/// A stand-in for `UITableView` that runs anywhere (Linux included): a ``DiffableTableHost``
/// built on the same engine as ``SimulatedCollectionView`` — every batch replayed through
/// ``BatchUpdateSimulator`` — that also records the row animation of every call.
///
/// ```swift
/// let table = SimulatedTableView<Section, Int>()
/// let dataSource = TableDiffableDataSource<SimulatedTableView<Section, Int>, Section, Int>(tableView: table) {
///   _, _, id in SimulatedCell(id)
/// }
/// dataSource.defaultRowAnimation = .fade
/// await dataSource.apply(snapshot)
/// #expect(table.rowAnimationsUsed == [.fade])
/// ```
@MainActor
public final class SimulatedTableView<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: DiffableTableHost {
  /// The cells this table shows.
  public typealias Cell = SimulatedCell<ItemIdentifierType>

  /// Row animations, as `UITableView.RowAnimation` names them.
  public enum RowAnimation: Hashable, Sendable, DiffableTableRowAnimation {
    case fade, right, left, top, bottom, none, middle, automatic
  }

  /// Scroll positions, as `UITableView.ScrollPosition` names them.
  public enum ScrollPosition: Hashable, Sendable, DiffableTableScrollPosition {
    case none, top, middle, bottom
  }

  let engine = _SimulatedListEngine<SectionIdentifierType, ItemIdentifierType, Cell>()

  /// The animations passed with inserts, deletes and reloads, without repeats, in first-use order.
  public private(set) var rowAnimationsUsed: [RowAnimation] = []

  /// The scroll positions passed to `selectRow(at:animated:scrollPosition:)`, without repeats.
  public private(set) var scrollPositionsUsed: [ScrollPosition] = []

  /// An empty table, with no data source yet.
  public init() {}

  func use(_ animation: RowAnimation) {
    if !rowAnimationsUsed.contains(animation) { rowAnimationsUsed.append(animation) }
  }

  // MARK: Test controls and read-back

  /// Whether an invalid batch stops the process (the default) or is recorded and reloaded.
  public var stopsOnInvalidBatch: Bool {
    get { engine.stopsOnInvalidBatch }
    set { engine.stopsOnInvalidBatch = newValue }
  }

  /// Whether batch completions run at once (the default) or wait for ``finishAnimations()``.
  public var completesBatchesImmediately: Bool {
    get { engine.completesImmediately }
    set { engine.completesImmediately = newValue }
  }

  /// Runs the completions of the batches still "animating", in order.
  public func finishAnimations() { engine.finishAnimations() }

  /// The section identifiers shown, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { engine.sectionIdentifiers }

  /// The item identifiers shown, section by section.
  public var itemIdentifiers: [[ItemIdentifierType]] { engine.itemIdentifiers }

  /// The cells shown, section by section.
  public var cells: [[Cell]] { engine.cells }

  /// Every call received, in order.
  public var calls: [SimulatedListCall] { engine.log }

  /// Batch errors recorded while ``stopsOnInvalidBatch`` is false.
  public var batchErrors: [BatchUpdateError] { engine.errors }

  /// The identifiers of the selected rows, in selection order.
  public var selectedItemIdentifiers: [ItemIdentifierType] {
    engine.selected.compactMap { engine.rowKey(at: $0)?.item }
  }

  /// Simulates the user dragging the row at `source` to `destination` (a position after the
  /// move): the view moves the row, then tells the data source, as UIKit does. Stops the
  /// process when the data source refuses the move.
  public func userMovesItem(at source: IndexPath, to destination: IndexPath) {
    engine.userMoves(from: source, to: destination)
  }

  /// Simulates the user selecting the row at `indexPath`.
  public func userSelects(_ indexPath: IndexPath) { engine.select(indexPath) }

  /// The focused row's identifier, if any.
  public var focusedItemIdentifier: ItemIdentifierType? { engine.focused.flatMap { engine.rowKey(at: $0)?.item } }

  // MARK: DiffableTableHost

  /// Records the operations called in `updates` and replays them through the simulator.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    engine.performBatchUpdates(updates, completion: completion)
  }

  /// Records section inserts.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record { $0.sectionInserts += sections }
  }

  /// Records section deletes.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record { $0.sectionDeletes += sections }
  }

  /// Records section reloads.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record { $0.sectionReloads += sections }
  }

  /// Records a section move.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    engine.record { $0.sectionMoves.append(ChangesetMove(from: section, to: newSection)) }
  }

  /// Records row inserts.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record { $0.itemInserts += indexPaths }
  }

  /// Records row deletes.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record { $0.itemDeletes += indexPaths }
  }

  /// Records row reloads.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record { $0.itemReloads += indexPaths }
  }

  /// Records a row move.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record { $0.itemMoves.append(ChangesetMove(from: indexPath, to: newIndexPath)) }
  }

  /// Shows what the data source holds; clears selection and focus.
  public func reloadData() { engine.reloadData() }

  /// Asks the data source again for the cells at these positions.
  public func reconfigureRows(at indexPaths: [IndexPath]) { engine.reconfigure(indexPaths) }

  /// The cell shown at `indexPath`, or nil.
  public func cellForRow(at indexPath: IndexPath) -> Cell? { engine.cell(at: indexPath) }

  /// The selected index paths.
  public var indexPathsForSelectedRows: [IndexPath]? { engine.selected }

  /// Selects the row at `indexPath` (nil clears the selection).
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    if !scrollPositionsUsed.contains(scrollPosition) { scrollPositionsUsed.append(scrollPosition) }
    engine.select(indexPath)
  }

  /// Deselects the row at `indexPath`.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) { engine.deselect(indexPath) }

  /// The focused index path.
  public var indexPathForFocusedRow: IndexPath? { engine.focused }

  /// Moves the focus.
  public func focusRow(at indexPath: IndexPath?) { engine.focused = indexPath }

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
