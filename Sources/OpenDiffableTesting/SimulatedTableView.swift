import Foundation
import OpenDiffable

/// A stand-in for `UITableView` that runs anywhere (Linux included): a `DiffableTableHost`
/// built on the same engine as ``SimulatedCollectionView`` — every batch replayed through
/// ``BatchUpdateSimulator`` — that also records the row animation of every call.
///
/// ```swift
/// let table = SimulatedTableView<Section, Int>()
/// let dataSource = TableHostDiffableDataSource<SimulatedTableView<Section, Int>, Section, Int>(tableView: table) {
///   _, _, id in SimulatedCell(id)
/// }
/// dataSource.defaultRowAnimation = .fade
/// await dataSource.apply(snapshot)
/// #expect(table.rowAnimationsUsed == [.fade])
/// ```
@MainActor
public final class SimulatedTableView<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: SimulatedListView<SectionIdentifierType, ItemIdentifierType>, DiffableTableHost {
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

  /// The animations passed with inserts, deletes and reloads, without repeats, in first-use order.
  public private(set) var rowAnimationsUsed: [RowAnimation] = []

  /// The scroll positions passed to `selectRow(at:animated:scrollPosition:)`, without repeats.
  public private(set) var scrollPositionsUsed: [ScrollPosition] = []

  /// An empty table, with no data source yet.
  public override init() {}

  func use(_ animation: RowAnimation) {
    if !rowAnimationsUsed.contains(animation) { rowAnimationsUsed.append(animation) }
  }

  // MARK: Test controls and read-back

  // MARK: DiffableTableHost

  /// Records section inserts.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record(.insertSections(sections))
  }

  /// Records section deletes.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record(.deleteSections(sections))
  }

  /// Records section reloads.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    use(animation)
    engine.record(.reloadSections(sections))
  }

  /// Records row inserts.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record(.insertItems(indexPaths))
  }

  /// Records row deletes.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record(.deleteItems(indexPaths))
  }

  /// Records row reloads.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    use(animation)
    engine.record(.reloadItems(indexPaths))
  }

  /// Records a row move.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record(.moveItem(indexPath, to: newIndexPath))
  }

  /// Asks the data source again for the cells at these positions.
  public func reconfigureRows(at indexPaths: [IndexPath]) { engine.reconfigure(indexPaths) }

  /// The cell shown at `indexPath`, or nil.
  public func cellForRow(at indexPath: IndexPath) -> Cell? { engine.cell(at: indexPath) }

  /// The selected index paths.
  public var indexPathsForSelectedRows: [IndexPath]? { engine.selected }

  /// The positions of the rows on screen (see ``SimulatedListView/visibleRowRange``); nil when
  /// none is, as UIKit answers.
  public var indexPathsForVisibleRows: [IndexPath]? {
    let paths = engine.visibleIndexPaths
    return paths.isEmpty ? nil : paths
  }

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

}
