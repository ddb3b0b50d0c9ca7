#if canImport(UIKit) && !os(watchOS)
  import OpenDiffableCore
  import UIKit

  /// Apple's `UITableViewDiffableDataSource`, without the prefix: drives a `UITableView` from
  /// snapshots.
  ///
  /// A thin `UITableViewDataSource` over a ``DiffableDataSource`` that it keeps private, through
  /// the table host that ``TableHostDiffableDataSource`` uses too: every apply, lookup and handler
  /// is that data source's, so they behave as its pages say. The initializer makes this object the table's `dataSource`; keep a strong
  /// reference to it. Subclass and override the `tableView(_:…)` methods for header titles,
  /// editing and moving, as with Apple's class — or set ``sectionHeaderTitleProvider``,
  /// ``sectionFooterTitleProvider`` and ``reorderingHandlers`` instead.
  @MainActor @preconcurrency
  open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, UITableViewDataSource {
    /// Makes the cell for a row. Must return a cell.
    public typealias CellProvider = (
      _ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UITableViewCell?

    /// The closures called when the user reorders rows.
    public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<
      SectionIdentifierType, ItemIdentifierType
    >

    /// The table as a list host: item calls become row calls with ``defaultRowAnimation``.
    let adapter: _TableHostAdapter<UITableView>

    /// The generic data source doing the work.
    let core: DiffableDataSource<_TableHostAdapter<UITableView>, SectionIdentifierType, ItemIdentifierType>

    /// Creates a data source for `tableView` and makes it the table's `dataSource`.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
      adapter = _TableHostAdapter(tableView)
      core = adapter.makeDataSource(cellProvider: cellProvider)
      super.init()
      tableView.dataSource = self
    }

    /// The animation of inserted, deleted and reloaded rows; from the next apply. Default
    /// `.automatic`.
    public var defaultRowAnimation: UITableView.RowAnimation {
      get { adapter.rowAnimation }
      set { adapter.rowAnimation = newValue }
    }

    /// The title of a section's header: what ``tableView(_:titleForHeaderInSection:)`` answers
    /// unless a subclass overrides it. nil (the default) means no header titles. O(1) to set;
    /// the table calls it for each section it shows.
    public var sectionHeaderTitleProvider: ((SectionIdentifierType) -> String?)? {
      get { core.sectionHeaderTitleProvider }
      set { core.sectionHeaderTitleProvider = newValue }
    }

    /// The title of a section's footer: what ``tableView(_:titleForFooterInSection:)`` answers
    /// unless a subclass overrides it. nil (the default) means no footer titles.
    public var sectionFooterTitleProvider: ((SectionIdentifierType) -> String?)? {
      get { core.sectionFooterTitleProvider }
      set { core.sectionFooterTitleProvider = newValue }
    }

    /// The closures called when the user reorders rows (an addition to Apple's class, which
    /// asks you to subclass instead): rows move only where
    /// ``DiffableDataSourceReorderingHandlers/canReorderItem`` allows, and `didReorder` receives
    /// the transaction. Reordering is off until `canReorderItem` is set.
    public var reorderingHandlers: ReorderingHandlers {
      get { core.reorderingHandlers }
      set { core.reorderingHandlers = newValue }
    }

    /// Shows `snapshot`, animating the differences.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` and returns once the table finished.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      await core.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` with `reloadData()`: no diff, no animation.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      core.applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    /// Shows `snapshot` with `reloadData()` and returns once it did.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      await core.applySnapshotUsingReloadData(snapshot)
    }

    /// A copy of the current snapshot, without marks. O(1).
    open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
      core.snapshot()
    }

    /// The section at `index`, or nil. O(1).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.sectionIdentifier(for: index) }

    /// The position of the section, or nil. O(1) average.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { core.index(for: sectionIdentifier) }

    /// The item at `indexPath`, or nil. O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.itemIdentifier(for: indexPath) }

    /// The index path of the item, or nil. O(1) average.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { core.indexPath(for: itemIdentifier) }

    // MARK: UITableViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in tableView: UITableView) -> Int { core.numberOfSections }

    /// The number of rows in a section; stops the process when out of range.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The cell from the cell provider; stops the process when it returns nil.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      core.cell(forItemAt: indexPath)
    }

    /// ``sectionHeaderTitleProvider``'s title; override to supply titles in a subclass.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      core._titleForHeader(inSection: section)
    }

    /// ``sectionFooterTitleProvider``'s title; override to supply titles in a subclass.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      core._titleForFooter(inSection: section)
    }

    /// Whether the row is editable. As with Apple's class, rows are not editable by default, so
    /// there is no swipe-to-delete; the exception is a row that ``reorderingHandlers`` let
    /// move, which must be editable for the table to show its reorder control (return `.none`
    /// from your delegate's `tableView(_:editingStyleForRowAt:)` to keep the delete control
    /// away). Override, together with ``tableView(_:commit:forRowAt:)``, to offer editing. O(1).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      core.canMoveItem(at: indexPath)
    }

    /// Does nothing by default (no row is editable unless you override
    /// ``tableView(_:canEditRowAt:)``); override to delete from your store and apply a snapshot.
    open func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}

    /// ``reorderingHandlers``' `canReorderItem`; override to enable moving in a subclass.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      core.canMoveItem(at: indexPath)
    }

    /// Commits an interactive move: the table already shows the row at `destinationIndexPath`,
    /// and this makes that order the current snapshot (sending the table nothing), between
    /// ``reorderingHandlers``' `willReorder` and `didReorder`. O(n) for n items. Stops the
    /// process when no row is at `sourceIndexPath` or `destinationIndexPath` is out of range.
    ///
    /// An override that does not call `super` leaves ``snapshot()`` holding the order from
    /// before the drag, so it must not apply a snapshot built from it with
    /// ``apply(_:animatingDifferences:completion:)``: that diff moves the row again in a table
    /// that already moved it (within a section the row ends moved twice; across sections UIKit
    /// raises). Reload instead, as code ported from Apple's table-editing sample must:
    ///
    /// ```swift
    /// // Before (Apple's data source):
    /// apply(updated, animatingDifferences: false)
    /// // After:
    /// applySnapshotUsingReloadData(updated)
    /// ```
    ///
    /// or call `super` first, which records the move, and read the new order from
    /// ``snapshot()``; the table already shows it, so there is nothing to apply:
    ///
    /// ```swift
    /// override func tableView(
    ///   _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    ///   to destinationIndexPath: IndexPath
    /// ) {
    ///   super.tableView(
    ///     tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    ///   savedOrder = snapshot().itemIdentifiers
    /// }
    /// ```
    open func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      core.moveItem(at: sourceIndexPath, to: destinationIndexPath)
    }

    /// No section index by default.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section at `index` by default.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
      index
    }
  }

  /// OpenDiffable's additions and settings, stored in the wrapped ``DiffableDataSource``.
  extension TableViewDiffableDataSource: _WrapsDiffableDataSource {}
#endif
