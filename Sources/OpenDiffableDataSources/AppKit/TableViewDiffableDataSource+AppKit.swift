#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// What the AppKit table host needs to know about one state of the list.
  struct _FlatRowState {
    var layout: _FlatRowLayout
    var identifierAt: (IndexPath) -> AnyHashable?
    var indexPathOf: (AnyHashable) -> IndexPath?
  }

  /// Presents a flat-row `NSTableView` as a ``DiffableListHost``: index paths become rows
  /// (with a header row per section when the data source has a header view provider), a batch
  /// becomes one `beginUpdates()`/`endUpdates()` block of row removals and insertions
  /// (``_FlatRowBatch``, tested on Linux), and reloads and reconfigures reload rows in place.
  @MainActor
  final class _AppKitTableHost: DiffableListHost {
    typealias Cell = NSView
    struct ScrollPosition: OptionSet {
      let rawValue: Int
    }

    let tableView: NSTableView
    var rowAnimation: NSTableView.AnimationOptions = .effectFade
    var animates = true
    /// Reads the data source's current state; set by the data source.
    var state: () -> _FlatRowState = {
      _FlatRowState(
        layout: _FlatRowLayout(itemCounts: [], hasHeaderRows: false), identifierAt: { _ in nil },
        indexPathOf: { _ in nil })
    }
    private var recording: _FlatRowBatch?

    init(_ tableView: NSTableView) { self.tableView = tableView }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      let before = state()
      recording = _FlatRowBatch()
      updates?()
      let batch = recording!
      recording = nil
      let after = state()
      let plan = batch.plan(before: before.layout, after: after.layout) { oldPath in
        before.identifierAt(oldPath).flatMap(after.indexPathOf)
      }
      let animation: NSTableView.AnimationOptions = animates ? rowAnimation : []
      tableView.beginUpdates()
      if !plan.removed.isEmpty { tableView.removeRows(at: plan.removed, withAnimation: animation) }
      if !plan.inserted.isEmpty { tableView.insertRows(at: plan.inserted, withAnimation: animation) }
      tableView.endUpdates()
      reloadRows(plan.reloaded)
      completion?(true)
    }

    private func reloadRows(_ rows: IndexSet) {
      guard !rows.isEmpty else { return }
      tableView.reloadData(forRowIndexes: rows, columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
    }

    func insertSections(_ sections: IndexSet) { recording?.sectionInserts.formUnion(sections) }
    func deleteSections(_ sections: IndexSet) { recording?.sectionDeletes.formUnion(sections) }
    func reloadSections(_ sections: IndexSet) { recording?.sectionReloads.formUnion(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) {
      recording?.sectionMoves.append((section, newSection))
    }
    func insertItems(at indexPaths: [IndexPath]) { recording?.itemInserts += indexPaths }
    func deleteItems(at indexPaths: [IndexPath]) { recording?.itemDeletes += indexPaths }
    func reloadItems(at indexPaths: [IndexPath]) {
      if recording != nil {
        recording?.itemReloads += indexPaths
      } else {
        let layout = state().layout
        reloadRows(IndexSet(indexPaths.map(layout.row(for:))))
      }
    }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      recording?.itemMoves.append((indexPath, newIndexPath))
    }
    func reloadData() { tableView.reloadData() }
    func reconfigureItems(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    func cellForItem(at indexPath: IndexPath) -> NSView? {
      let row = state().layout.row(for: indexPath)
      return tableView.rowView(atRow: row, makeIfNecessary: false)
    }
    var indexPathsForVisibleItems: [IndexPath] {
      let layout = state().layout
      let visible = tableView.rows(in: tableView.visibleRect)
      guard visible.location != NSNotFound, visible.length > 0 else { return [] }
      return (visible.location..<visible.location + visible.length).compactMap { row in
        guard let position = layout.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(item: item, section: position.section)
      }
    }
    var indexPathsForSelectedItems: [IndexPath]? {
      let layout = state().layout
      return tableView.selectedRowIndexes.compactMap { row in
        guard let position = layout.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(item: item, section: position.section)
      }
    }
    func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
      guard let indexPath else {
        tableView.deselectAll(nil)
        return
      }
      tableView.selectRowIndexes(IndexSet(integer: state().layout.row(for: indexPath)), byExtendingSelection: true)
    }
    func deselectItem(at indexPath: IndexPath, animated: Bool) {
      tableView.deselectRow(state().layout.row(for: indexPath))
    }
    func performWithoutAnimation(_ actions: () -> Void) {
      let previous = animates
      animates = false
      defer { animates = previous }
      actions()
    }
  }

  /// The delegate a ``TableViewDiffableDataSource`` gives a table that has none: answers the
  /// view questions of a view-based table from the data source's providers.
  @MainActor
  final class _AppKitTableDelegate: NSObject, NSTableViewDelegate {
    var viewFor: (NSTableView, NSTableColumn?, Int) -> NSView? = { _, _, _ in nil }
    var rowViewForRow: (NSTableView, Int) -> NSTableRowView? = { _, _ in nil }
    var isGroupRow: (NSTableView, Int) -> Bool = { _, _ in false }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
      viewFor(tableView, tableColumn, row)
    }
    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      rowViewForRow(tableView, row)
    }
    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { isGroupRow(tableView, row) }
  }

  /// Apple's `NSTableViewDiffableDataSource`, without the prefix: drives a view-based
  /// `NSTableView` from snapshots. Rows are the items, section by section; when
  /// ``sectionHeaderViewProvider`` is set, each section starts with a group row.
  ///
  /// A thin `NSTableViewDataSource` over ``DiffableDataSource`` (``core``) through a flat-row
  /// host. AppKit asks the table's *delegate* for views: when the table has no delegate at
  /// creation, the data source makes it one that answers `tableView(_:viewFor:row:)`,
  /// `tableView(_:rowViewForRow:)` and `tableView(_:isGroupRow:)` from the providers, so they
  /// work with no forwarding. If you give the table your own delegate, forward those three
  /// methods from it to the methods of the same names here. As AppKit documents, `apply(_:animatingDifferences: false)`
  /// reloads without diffing. Row lookups are O(log s) for s sections.
  @MainActor @preconcurrency
  open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  >: NSObject, NSTableViewDataSource {
    /// Makes the view of a cell: table, column, row and item identifier.
    public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) -> NSView

    /// Makes the row view of a row: table, row and the row's identifier, type-erased.
    public typealias RowProvider = (NSTableView, Int, AnyHashable) -> NSTableRowView

    /// Makes the view of a section header (group) row.
    public typealias SectionHeaderViewProvider = (NSTableView, Int, SectionIdentifierType) -> NSView

    let host: _AppKitTableHost
    let core: DiffableDataSource<_AppKitTableHost, SectionIdentifierType, ItemIdentifierType>
    let cellProvider: CellProvider
    private var cachedLayout: (generation: Int, layout: _FlatRowLayout)?
    /// The delegate made for a table that had none (the table holds its delegate weakly).
    var delegateProxy: _AppKitTableDelegate?

    /// Makes row views; nil lets the table make its default row views.
    public var rowViewProvider: RowProvider?

    /// Makes section header views; setting it gives every section a group row. Set it before
    /// the first apply.
    public var sectionHeaderViewProvider: SectionHeaderViewProvider? {
      didSet { cachedLayout = nil }
    }

    /// The animation of inserted and removed rows; from the next apply. Default `.effectFade`.
    public var defaultRowAnimation: NSTableView.AnimationOptions {
      get { host.rowAnimation }
      set { host.rowAnimation = newValue }
    }

    /// Creates a data source for `tableView` and makes it the table's `dataSource`.
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
      self.cellProvider = cellProvider
      host = _AppKitTableHost(tableView)
      core = DiffableDataSource(host: host) { host, indexPath, item in
        guard let column = host.tableView.tableColumns.first else { return nil }
        return cellProvider(host.tableView, column, indexPath.item, item)
      }
      super.init()
      host.state = { [unowned self] in
        let snapshot = core.snapshot()
        return _FlatRowState(
          layout: layout(),
          identifierAt: { snapshot.itemIdentifier(for: $0).map { AnyHashable($0) } },
          indexPathOf: { ($0.base as? ItemIdentifierType).flatMap(snapshot.indexPath(for:)) })
      }
      tableView.dataSource = self
      if tableView.delegate == nil {
        let proxy = _AppKitTableDelegate()
        proxy.viewFor = { [weak self] in self?.tableView($0, viewFor: $1, row: $2) }
        proxy.rowViewForRow = { [weak self] in self?.tableView($0, rowViewForRow: $1) }
        proxy.isGroupRow = { [weak self] in self?.tableView($0, isGroupRow: $1) ?? false }
        delegateProxy = proxy
        tableView.delegate = proxy
      }
    }

    func layout() -> _FlatRowLayout {
      if let cachedLayout, cachedLayout.generation == core._generation { return cachedLayout.layout }
      let snapshot = core.snapshot()
      let layout = _FlatRowLayout(
        itemCounts: snapshot.sectionIdentifiers.map(snapshot.numberOfItems(inSection:)),
        hasHeaderRows: sectionHeaderViewProvider != nil)
      cachedLayout = (core._generation, layout)
      return layout
    }

    /// Gives what a row's view shows; when set, every apply also reloads the visible rows
    /// (`rows(in: visibleRect)`) whose content changed since their view was made or last
    /// refreshed. See ``DiffableDataSource/contentProvider`` for what is compared, when, and its
    /// O(visible rows) cost. Default: nil.
    public var contentProvider: ((_ itemIdentifier: ItemIdentifierType) -> any Equatable)? {
      get { core.contentProvider }
      set { core.contentProvider = newValue }
    }

    /// Shows `snapshot`: diffed and animated when `animatingDifferences` is true, otherwise
    /// reloaded without a diff.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool, completion: (() -> Void)? = nil
    ) {
      if animatingDifferences {
        core.apply(snapshot, animatingDifferences: true, completion: completion)
      } else {
        core.applySnapshotUsingReloadData(snapshot, completion: completion)
      }
    }

    /// A copy of the current snapshot, without marks. O(1).
    open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
      core.snapshot()
    }

    /// The item shown at `row`, or nil (a header row, or out of range). O(log s).
    open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
      guard let position = layout().position(ofRow: row), let item = position.item else { return nil }
      return core.itemIdentifier(for: IndexPath(item: item, section: position.section))
    }

    /// The row of the item, or nil. O(1) average.
    open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
      core.indexPath(for: identifier).map(layout().row(for:))
    }

    /// The section that `row` belongs to, or nil when out of range. O(log s).
    open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
      layout().position(ofRow: row).flatMap { core.sectionIdentifier(for: $0.section) }
    }

    /// The first row of the section (its header row when there are headers), or nil. O(1).
    open func row(forSectionIdentifier identifier: SectionIdentifierType) -> Int? {
      core.index(for: identifier).map { layout().rows(ofSection: $0).lowerBound }
    }

    /// The type and a summary of the current snapshot, for example
    /// `TableViewDiffableDataSource<String, Int>(2 sections, 5 items)`. A method, as in AppKit's Swift interface
    /// (`public func description() -> String`); the `description` property is `NSObject`'s.
    /// O(1), from any thread.
    nonisolated public func description() -> String {
      core._summary.describe(type(of: self))
    }

    // MARK: NSTableViewDataSource and the delegate methods to forward

    /// The number of rows: items plus header rows.
    open func numberOfRows(in tableView: NSTableView) -> Int { layout().numberOfRows }

    /// The view for a cell or a header row; call it from your delegate's
    /// `tableView(_:viewFor:row:)`.
    open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
      guard let position = layout().position(ofRow: row),
        let section = core.sectionIdentifier(for: position.section)
      else { return nil }
      guard let item = position.item else {
        return sectionHeaderViewProvider?(tableView, row, section)
      }
      guard let tableColumn, let identifier = core.itemIdentifier(for: IndexPath(item: item, section: position.section))
      else { return nil }
      core._recordContent(of: identifier)
      return cellProvider(tableView, tableColumn, row, identifier)
    }

    /// The row view from ``rowViewProvider``; call it from your delegate's
    /// `tableView(_:rowViewForRow:)`.
    open func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      guard let provider = rowViewProvider, let position = layout().position(ofRow: row) else { return nil }
      let identifier: AnyHashable? =
        position.item.flatMap { core.itemIdentifier(for: IndexPath(item: $0, section: position.section)) }
        .map { AnyHashable($0) } ?? core.sectionIdentifier(for: position.section).map { AnyHashable($0) }
      return identifier.map { provider(tableView, row, $0) }
    }

    /// Whether `row` is a section header row; call it from your delegate's
    /// `tableView(_:isGroupRow:)`.
    open func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard let position = layout().position(ofRow: row) else { return false }
      return position.item == nil
    }
  }

  /// OpenDiffable's settings (`preservesSelection`, `preservesFocus`, `coalescesPendingApplies`,
  /// `diffsOffMainActorAboveItemCount`, `traceHandler`), stored in the wrapped data source.
  extension TableViewDiffableDataSource: DiffableDataSourceSettings {
    /// The wrapped ``DiffableDataSource``.
    public var settingsStorage: any DiffableDataSourceSettingsStorage { core }
  }

  extension TableViewDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
    /// When set, a diff whose two snapshots together hold more items than this runs off the main
    /// actor (see ``DiffableDataSource/diffsOffMainActorAboveItemCount``). Available when the
    /// identifiers are `Sendable`: with identifiers that are only `Hashable` (which AppKit's data
    /// sources accept, and so do these) every diff runs on the main actor. Default: nil.
    public var diffsOffMainActorAboveItemCount: Int? {
      get { core.diffsOffMainActorAboveItemCount }
      set {
        core._allowOffMainDiffs()
        core.diffsOffMainActorAboveItemCount = newValue
      }
    }
  }
#endif
