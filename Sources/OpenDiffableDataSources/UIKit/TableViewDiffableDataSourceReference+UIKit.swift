#if canImport(UIKit) && !os(watchOS)
  import OpenDiffableCore
  import UIKit

  /// Makes the cell for a row of a ``TableViewDiffableDataSourceReference``: the table, the
  /// index path and the item identifier. Must return a cell. Apple's
  /// `UITableViewDiffableDataSourceReferenceCellProvider`.
  public typealias TableViewDiffableDataSourceReferenceCellProvider = (UITableView, IndexPath, Any) -> UITableViewCell?

  /// Apple's `UITableViewDiffableDataSourceReference` (the Objective-C `UITableViewDiffableDataSource`
  /// as Swift sees it), without the prefix: drives a `UITableView` from Apple's
  /// `NSDiffableDataSourceSnapshotReference`, with untyped (`Any`) identifiers.
  ///
  /// Use it to move a screen written against Apple's class by renaming the class alone — a
  /// Core Data screen whose fetched results controller delegate applies the
  /// `NSDiffableDataSourceSnapshotReference` it is handed, for example:
  ///
  /// ```swift
  /// func controller(
  ///   _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
  ///   didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
  /// ) {
  ///   dataSource.applySnapshot(snapshot, animatingDifferences: true)
  /// }
  /// ```
  ///
  /// New code should use `TableViewDiffableDataSource` with typed identifiers, as Apple advises
  /// for its class. This one wraps it (identifiers compared as `AnyHashable`, which for objects
  /// is `isEqual(_:)` and `hash`), so every apply is that data source's: diffed in call order,
  /// selection kept by identifier, misuse reported with an `OpenDiffable: …` message. The
  /// initializer makes this object the table's `dataSource`; keep a strong reference to it.
  /// Subclass it and override the `tableView(_:…)` methods for titles, editing and moving, as
  /// with Apple's class.
  ///
  /// Each apply converts the Objective-C snapshot, and each `snapshot()` makes one: O(n) for n
  /// items and sections. An identifier that is not `Hashable`, or two that are equal once
  /// compared as `AnyHashable`, stop the process with a message naming them.
  @MainActor @preconcurrency
  open class TableViewDiffableDataSourceReference: NSObject, UITableViewDataSource {
    /// The typed data source doing the work.
    let base: TableViewDiffableDataSource<_ReferenceIdentifier, _ReferenceIdentifier>

    /// Creates a data source for `tableView` and makes it the table's `dataSource`.
    public init(tableView: UITableView, cellProvider: @escaping TableViewDiffableDataSourceReferenceCellProvider) {
      base = TableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, item in
        cellProvider(tableView, indexPath, item.value)
      }
      super.init()
      tableView.dataSource = self
    }

    // MARK: Applying and reading snapshots

    /// A new Objective-C snapshot of what the table shows (without marks). O(n).
    open func snapshot() -> NSDiffableDataSourceSnapshotReference { base.snapshot()._reference }

    /// Shows `snapshot`, animating the differences when `animatingDifferences` is true (a diff
    /// either way).
    open func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshotReference, animatingDifferences: Bool) {
      applySnapshot(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Shows `snapshot`, animating the differences when `animatingDifferences` is true, then
    /// calls `completion` on the main actor, after the completions of earlier applies. O(n) to
    /// convert the snapshot, plus the diff.
    open func applySnapshot(
      _ snapshot: NSDiffableDataSourceSnapshotReference, animatingDifferences: Bool, completion: (() -> Void)? = nil
    ) {
      base.apply(
        _ReferenceSnapshot(_reference: snapshot), animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` with `reloadData()`: no diff, no animation.
    open func applySnapshot(usingReloadData snapshot: NSDiffableDataSourceSnapshotReference) {
      applySnapshot(usingReloadData: snapshot, completion: nil)
    }

    /// Shows `snapshot` with `reloadData()` (no diff, no animation), then calls `completion`.
    open func applySnapshot(
      usingReloadData snapshot: NSDiffableDataSourceSnapshotReference, completion: (() -> Void)? = nil
    ) {
      base.applySnapshotUsingReloadData(_ReferenceSnapshot(_reference: snapshot), completion: completion)
    }

    // MARK: Identifiers and positions

    /// The section at `index`, or nil. O(1).
    open func sectionIdentifier(for index: Int) -> Any? { base.sectionIdentifier(for: index)?.value }

    /// The position of the section, or `NSNotFound` when the table has no such section (as
    /// Objective-C reports a missing index). O(1) average.
    open func index(forSectionIdentifier identifier: Any) -> Int {
      _ReferenceIdentifier(identifier).flatMap(base.index(for:)) ?? NSNotFound
    }

    /// The item at `indexPath`, or nil. O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> Any? { base.itemIdentifier(for: indexPath)?.value }

    /// The index path of the item, or nil. O(1) average.
    open func indexPath(forItemIdentifier identifier: Any) -> IndexPath? {
      _ReferenceIdentifier(identifier).flatMap(base.indexPath(for:))
    }

    /// The animation of inserted, deleted and reloaded rows; from the next apply. Default
    /// `.automatic`.
    open var defaultRowAnimation: UITableView.RowAnimation {
      get { base.defaultRowAnimation }
      set { base.defaultRowAnimation = newValue }
    }

    // MARK: UITableViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in tableView: UITableView) -> Int { base.numberOfSections(in: tableView) }

    /// The number of rows in a section; stops the process when out of range.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      base.tableView(tableView, numberOfRowsInSection: section)
    }

    /// The cell from the cell provider; stops the process when it returns nil.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      base.tableView(tableView, cellForRowAt: indexPath)
    }

    /// No header title by default; override to supply titles.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      base.tableView(tableView, titleForHeaderInSection: section)
    }

    /// No footer title by default; override to supply titles.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      base.tableView(tableView, titleForFooterInSection: section)
    }

    /// False by default, as with Apple's class; override, with
    /// ``tableView(_:commit:forRowAt:)``, to offer editing.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      base.tableView(tableView, canEditRowAt: indexPath)
    }

    /// Does nothing by default; override to delete from your store and apply a snapshot.
    open func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
      base.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
    }

    /// False by default; override to let rows move.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      base.tableView(tableView, canMoveRowAt: indexPath)
    }

    /// Commits an interactive move to the current snapshot.
    open func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      base.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    }

    /// No section index by default.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { base.sectionIndexTitles(for: tableView) }

    /// The section at `index` by default.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
      base.tableView(tableView, sectionForSectionIndexTitle: title, at: index)
    }
  }
#endif
