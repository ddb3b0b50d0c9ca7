import Foundation
import OpenDiffableCore

/// A diffable data source for any ``DiffableTableHost``: `UITableView`'s flavour of
/// ``DiffableDataSource``, with a ``defaultRowAnimation`` and section header and footer titles.
///
/// The name says what it serves: a table *host*, any type conforming to ``DiffableTableHost``.
/// It is not Apple's class: UIKit's `TableViewDiffableDataSource` (the counterpart of
/// `UITableViewDiffableDataSource`) wraps one. Use this type directly with other table hosts
/// (a ``DiffableTableHost`` of your own, `SimulatedTableView` in tests).
/// Everything ``DiffableDataSource`` documents holds here: applies in call order, the first
/// apply reloads, selection (and focus) kept by identifier, traces, the same misuse messages.
///
/// ```swift
/// let dataSource = TableHostDiffableDataSource<SimulatedTableView, Section, Int>(tableView: table) {
///   table, indexPath, id in "row \(id)"
/// }
/// dataSource.sectionHeaderTitleProvider = { section in section.title }
/// await dataSource.apply(snapshot)
/// ```
@MainActor @preconcurrency
public final class TableHostDiffableDataSource<
  Host: DiffableTableHost, SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
  /// Makes the cell for a row: given the table, the index path and the item identifier.
  /// Must not return nil.
  public typealias CellProvider = (
    _ tableView: Host, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
  ) -> Host.Cell?

  /// The full snapshot type of this data source.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The closures called when the user reorders rows (an addition to Apple's table API, which
  /// asks you to subclass instead).
  public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifierType, ItemIdentifierType>

  let adapter: _TableHostAdapter<Host>
  let core: DiffableDataSource<_TableHostAdapter<Host>, SectionIdentifierType, ItemIdentifierType>

  /// Creates a data source that drives `tableView` and makes cells with `cellProvider`. The
  /// table starts empty.
  ///
  /// - Parameters:
  ///   - tableView: the table to drive.
  ///   - cellProvider: makes the cell for a row; must not return nil.
  /// - Complexity: O(1).
  public init(tableView: Host, cellProvider: @escaping CellProvider) {
    adapter = _TableHostAdapter(tableView)
    core = adapter.makeDataSource(cellProvider: cellProvider)
  }

  /// The table this data source drives.
  public var tableView: Host { adapter.table }

  /// The animation of inserted, deleted and reloaded rows and sections; takes effect from the
  /// next apply. Default: `.automatic`.
  public var defaultRowAnimation: Host.RowAnimation {
    get { adapter.rowAnimation }
    set { adapter.rowAnimation = newValue }
  }

  /// The title of a section's header (what `tableView(_:titleForHeaderInSection:)` answers);
  /// nil means none.
  public var sectionHeaderTitleProvider: ((SectionIdentifierType) -> String?)? {
    get { core.sectionHeaderTitleProvider }
    set { core.sectionHeaderTitleProvider = newValue }
  }

  /// The title of a section's footer (what `tableView(_:titleForFooterInSection:)` answers);
  /// nil means none.
  public var sectionFooterTitleProvider: ((SectionIdentifierType) -> String?)? {
    get { core.sectionFooterTitleProvider }
    set { core.sectionFooterTitleProvider = newValue }
  }

  /// The closures called when the user reorders rows; reordering is off until
  /// `canReorderItem` is set.
  public var reorderingHandlers: ReorderingHandlers {
    get { core.reorderingHandlers }
    set { core.reorderingHandlers = newValue }
  }

  /// Makes the table show `snapshot`; see ``DiffableDataSource/apply(_:animatingDifferences:completion:)``.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
    core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Makes the table show `snapshot` and returns once it finished; see
  /// ``DiffableDataSource/apply(_:animatingDifferences:completion:)``.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    await core.apply(snapshot, animatingDifferences: animatingDifferences)
  }

  /// Reloads the table with `snapshot`, without diffing; see
  /// ``DiffableDataSource/applySnapshotUsingReloadData(_:completion:)``.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    core.applySnapshotUsingReloadData(snapshot, completion: completion)
  }

  /// Reloads the table with `snapshot`, without diffing, and returns once it did.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    await core.applySnapshotUsingReloadData(snapshot)
  }

  /// A copy of the current snapshot, without marks. O(1).
  public func snapshot() -> Snapshot { core.snapshot() }

  /// The item at `indexPath`, or nil. O(1).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.itemIdentifier(for: indexPath) }

  /// The index path of the item, or nil. O(1) average.
  public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { core.indexPath(for: itemIdentifier) }

  /// The section at `index`, or nil. O(1).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.sectionIdentifier(for: index) }

  /// The position of the section, or nil. O(1) average.
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { core.index(for: sectionIdentifier) }

  /// Whether an apply is running or waiting (OpenDiffableTesting's `hasPendingApplies`).
  package var _hasPendingApplies: Bool { core._hasPendingApplies }

  // MARK: What the table asks (UITableViewDataSource's questions)
  // Table hosts ask through their DiffableListDataSourceConnection; tests ask these.

  /// The number of sections. O(1).
  package var numberOfSections: Int { core.numberOfSections }

  /// The number of rows in the section at `section`; stops the process when out of range. O(1).
  package func numberOfRows(inSection section: Int) -> Int { core.numberOfItems(inSection: section) }

  /// The cell for the row at `indexPath`, from the cell provider; stops the process when there
  /// is no row there or the provider returns nil. O(1) plus the provider.
  package func cell(forRowAt indexPath: IndexPath) -> Host.Cell { core.cell(forItemAt: indexPath) }

  /// The header title of the section at `section`, or nil. O(1) plus the provider.
  package func titleForHeader(inSection section: Int) -> String? { core._titleForHeader(inSection: section) }

  /// The footer title of the section at `section`, or nil. O(1) plus the provider.
  package func titleForFooter(inSection section: Int) -> String? { core._titleForFooter(inSection: section) }

  /// Whether the row at `indexPath` can be moved: `reorderingHandlers.canReorderItem`. O(1).
  package func canMoveRow(at indexPath: IndexPath) -> Bool { core.canMoveItem(at: indexPath) }

  /// Commits a move the table already shows; see `DiffableDataSource.moveItem(at:to:)`.
  package func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    core.moveItem(at: sourceIndexPath, to: destinationIndexPath)
  }
}

/// OpenDiffable's additions and settings, stored in the wrapped ``DiffableDataSource``.
extension TableHostDiffableDataSource: _WrapsDiffableDataSource {}
