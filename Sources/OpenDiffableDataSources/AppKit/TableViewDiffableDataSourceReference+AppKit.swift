#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// Makes the view of a cell of a ``TableViewDiffableDataSourceReference``: the table, the
  /// column, the row and the item identifier. AppKit's
  /// `NSTableViewDiffableDataSourceReferenceCellProvider`.
  public typealias TableViewDiffableDataSourceReferenceCellProvider = (NSTableView, NSTableColumn, Int, Any) -> NSView

  /// Makes the row view of a row of a ``TableViewDiffableDataSourceReference``: the table, the
  /// row and the identifier of the row's item (or section, for a header row). AppKit's
  /// `NSTableViewDiffableDataSourceReferenceRowProvider`.
  public typealias TableViewDiffableDataSourceReferenceRowProvider = (NSTableView, Int, Any) -> NSTableRowView

  /// Makes the view of a section header (group) row of a ``TableViewDiffableDataSourceReference``:
  /// the table, the row and the section identifier. AppKit's
  /// `NSTableViewDiffableDataSourceReferenceSectionHeaderViewProvider`.
  public typealias TableViewDiffableDataSourceReferenceSectionHeaderViewProvider = (NSTableView, Int, Any) -> NSView

  /// AppKit's `NSTableViewDiffableDataSourceReference` (the Objective-C
  /// `NSTableViewDiffableDataSource` as Swift sees it), without the prefix: drives a view-based
  /// `NSTableView` from AppKit's `NSDiffableDataSourceSnapshotReference`. As in AppKit, the
  /// class is generic over its identifier classes, which the row lookups return.
  ///
  /// Use it to move a screen written against AppKit's class by renaming the class alone. New
  /// code should use `TableViewDiffableDataSource` with typed identifiers, as Apple advises for
  /// its class. This one wraps it (identifiers compared as `AnyHashable`, which for objects is
  /// `isEqual(_:)` and `hash`), so everything that class documents holds here: rows are the
  /// items, section by section, with a group row per section when ``sectionHeaderViewProvider``
  /// is set; `applySnapshot(_:animatingDifferences: false)` reloads without diffing; the views
  /// come from the providers whatever the table's delegate (the table's delegate becomes a
  /// proxy that forwards everything else to yours). The initializer makes this object the
  /// table's `dataSource`; keep a strong reference to it.
  ///
  /// AppKit's Objective-C snapshot cannot report the items it marked for reload, so an animated
  /// apply does not reload the items marked with `reloadItems(withIdentifiers:)`.
  ///
  /// Each apply converts the Objective-C snapshot, and each `snapshot()` makes one: O(n) for n
  /// items and sections. An identifier that is not `Hashable`, or two that are equal once
  /// compared as `AnyHashable`, stop the process with a message naming them.
  @MainActor @preconcurrency
  open class TableViewDiffableDataSourceReference<SectionIdentifierType: AnyObject, ItemIdentifierType: AnyObject>:
    NSObject, NSTableViewDataSource
  {
    /// The typed data source doing the work.
    let base: TableViewDiffableDataSource<_ReferenceIdentifier, _ReferenceIdentifier>

    /// Creates a data source for `tableView` and makes it the table's `dataSource`.
    public init(tableView: NSTableView, cellProvider: @escaping TableViewDiffableDataSourceReferenceCellProvider) {
      base = TableViewDiffableDataSource(tableView: tableView) { tableView, column, row, item in
        cellProvider(tableView, column, row, item.value)
      }
      super.init()
      base._wrapper = self
      tableView.dataSource = self
    }

    /// Makes row views; nil lets the table make its default row views.
    open var rowViewProvider: TableViewDiffableDataSourceReferenceRowProvider? {
      didSet {
        base.rowViewProvider = rowViewProvider.map { provider in
          { tableView, row, identifier in
            provider(tableView, row, (identifier.base as? _ReferenceIdentifier)?.value ?? identifier.base)
          }
        }
      }
    }

    /// Makes section header views; setting it gives every section a group row. Set it before
    /// the first apply.
    open var sectionHeaderViewProvider: TableViewDiffableDataSourceReferenceSectionHeaderViewProvider? {
      didSet {
        base.sectionHeaderViewProvider = sectionHeaderViewProvider.map { provider in
          { tableView, row, section in provider(tableView, row, section.value) }
        }
      }
    }

    /// The animation of inserted and removed rows; from the next apply. Default `.effectFade`.
    open var defaultRowAnimation: NSTableView.AnimationOptions {
      get { base.defaultRowAnimation }
      set { base.defaultRowAnimation = newValue }
    }

    // MARK: Applying and reading snapshots

    /// A new Objective-C snapshot of what the table shows (without marks). O(n).
    open func snapshot() -> NSDiffableDataSourceSnapshotReference { base.snapshot()._reference }

    /// Shows `snapshot`: diffed and animated when `animatingDifferences` is true, otherwise
    /// reloaded without a diff.
    open func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshotReference, animatingDifferences: Bool) {
      applySnapshot(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Shows `snapshot` (diffed and animated when `animatingDifferences` is true, otherwise
    /// reloaded without a diff), then calls `completion` on the main actor, after the
    /// completions of earlier applies. O(n) to convert the snapshot, plus the diff.
    open func applySnapshot(
      _ snapshot: NSDiffableDataSourceSnapshotReference, animatingDifferences: Bool, completion: (() -> Void)? = nil
    ) {
      base.apply(
        _ReferenceSnapshot(_reference: snapshot), animatingDifferences: animatingDifferences, completion: completion)
    }

    // MARK: Rows and identifiers

    /// The item shown at `row`, or nil (a header row, out of range, or an identifier that is
    /// not an `ItemIdentifierType`). O(log s) for s sections.
    open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
      base.itemIdentifier(forRow: row)?.value as? ItemIdentifierType
    }

    /// The row of the item, or `NSNotFound` when the table does not show it (as Objective-C
    /// reports a missing index). O(1) average.
    open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int {
      _ReferenceIdentifier(identifier).flatMap(base.row(forItemIdentifier:)) ?? NSNotFound
    }

    /// The section that `row` belongs to, or nil when out of range. O(log s).
    open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
      base.sectionIdentifier(forRow: row)?.value as? SectionIdentifierType
    }

    /// The first row of the section (its header row when there are headers), or `NSNotFound`
    /// when the table has no such section. O(1).
    open func row(forSectionIdentifier identifier: SectionIdentifierType) -> Int {
      _ReferenceIdentifier(identifier).flatMap(base.row(forSectionIdentifier:)) ?? NSNotFound
    }

    // MARK: NSTableViewDataSource

    /// The number of rows: items plus header rows.
    open func numberOfRows(in tableView: NSTableView) -> Int { base.numberOfRows(in: tableView) }
  }
#endif
