import Foundation
import OpenDiffableCore

/// Presents a ``DiffableTableHost`` as a ``DiffableListHost``: item calls become row calls
/// carrying the data source's row animation. This is the whole table adapter.
@MainActor
final class _TableHostAdapter<Table: DiffableTableHost>: DiffableListHost {
  typealias Cell = Table.Cell

  /// No scrolling choice is needed: the data source never scrolls.
  struct ScrollPosition: OptionSet {
    let rawValue: Int
  }

  let table: Table
  var rowAnimation: Table.RowAnimation = .automatic

  init(_ table: Table) { self.table = table }

  /// A data source driving this adapter, whose cells `cellProvider` makes for the table.
  func makeDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>(
    cellProvider: @escaping (Table, IndexPath, ItemIdentifierType) -> Table.Cell?
  ) -> DiffableDataSource<_TableHostAdapter, SectionIdentifierType, ItemIdentifierType> {
    DiffableDataSource(host: self) { adapter, indexPath, item in cellProvider(adapter.table, indexPath, item) }
  }

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    table.performBatchUpdates(updates, completion: completion)
  }
  func insertSections(_ sections: IndexSet) { table.insertSections(sections, with: rowAnimation) }
  func deleteSections(_ sections: IndexSet) { table.deleteSections(sections, with: rowAnimation) }
  func reloadSections(_ sections: IndexSet) { table.reloadSections(sections, with: rowAnimation) }
  func moveSection(_ section: Int, toSection newSection: Int) { table.moveSection(section, toSection: newSection) }
  func insertItems(at indexPaths: [IndexPath]) { table.insertRows(at: indexPaths, with: rowAnimation) }
  func deleteItems(at indexPaths: [IndexPath]) { table.deleteRows(at: indexPaths, with: rowAnimation) }
  func reloadItems(at indexPaths: [IndexPath]) { table.reloadRows(at: indexPaths, with: rowAnimation) }
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { table.moveRow(at: indexPath, to: newIndexPath) }
  func reloadData() { table.reloadData() }
  @available(iOS 15.0, tvOS 15.0, *)
  func reconfigureItems(at indexPaths: [IndexPath]) { table.reconfigureRows(at: indexPaths) }
  func cellForItem(at indexPath: IndexPath) -> Table.Cell? { table.cellForRow(at: indexPath) }
  var indexPathsForSelectedItems: [IndexPath]? { table.indexPathsForSelectedRows }
  var indexPathsForVisibleItems: [IndexPath] { table.indexPathsForVisibleRows ?? [] }
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    table.selectRow(at: indexPath, animated: animated, scrollPosition: .none)
  }
  func deselectItem(at indexPath: IndexPath, animated: Bool) { table.deselectRow(at: indexPath, animated: animated) }
  var indexPathForFocusedItem: IndexPath? { table.indexPathForFocusedRow }
  func focusItem(at indexPath: IndexPath?) { table.focusRow(at: indexPath) }
  func performWithoutAnimation(_ actions: () -> Void) { table.performWithoutAnimation(actions) }
  func attachDataSource(_ connection: DiffableListDataSourceConnection<Table.Cell>) {
    table.attachDataSource(connection)
  }
}
