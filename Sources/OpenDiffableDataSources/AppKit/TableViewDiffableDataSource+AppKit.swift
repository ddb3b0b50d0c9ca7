#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// Apple's `NSTableViewDiffableDataSource`, without the prefix: drives a view-based
  /// `NSTableView` from snapshots. Rows are the items, section by section; when
  /// ``sectionHeaderViewProvider`` is set, each section starts with a group row.
  ///
  /// A thin `NSTableViewDataSource` over a ``DiffableDataSource`` that it keeps private, through
  /// a flat-row host. As AppKit documents, `apply(_:animatingDifferences: false)` reloads without diffing.
  /// Row lookups are O(log s) for s sections.
  ///
  /// ## The table's delegate
  ///
  /// AppKit asks a view-based table's *delegate* for its views. As AppKit's data source provides
  /// views whatever the delegate, this one makes the table's delegate a proxy that answers
  /// `tableView(_:viewFor:row:)` from the cell and section header providers,
  /// `tableView(_:rowViewForRow:)` from ``rowViewProvider`` (when set) and
  /// `tableView(_:isGroupRow:)` (when ``sectionHeaderViewProvider`` is set), and passes every
  /// other delegate method — selection, row heights, anything your delegate implements — to
  /// your delegate. Your delegate may be set before the data source is created (Interface
  /// Builder) or after: the data source puts the proxy back in front of it whenever
  /// `tableView.delegate` changes (observed with key-value observing, and checked again at every
  /// apply). Your delegate needs no
  /// forwarding; one that still forwards the three methods to this data source keeps working.
  ///
  /// What changes for your code: `tableView.delegate` reads back the proxy, not your object
  /// (keep your own reference), and your delegate's own `tableView(_:viewFor:row:)` is not
  /// called while this data source drives the table. While the data source is alive the table
  /// keeps its proxy; when the data source is released the table's delegate becomes nil (the
  /// table holds its delegate weakly) — set it again if the table lives on without it.
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
    /// The table's delegate while this data source drives it (the table holds its delegate
    /// weakly); it forwards to the app's delegate.
    let delegateProxy = _AppKitTableDelegateProxy()
    /// Set while the data source itself sets `tableView.delegate`.
    private var isInstallingDelegateProxy = false
    /// The table's `dataSource` when it is not this object: the
    /// ``TableViewDiffableDataSourceReference`` that wraps it.
    weak var _wrapper: NSObject?
    #if canImport(ObjectiveC)
      /// Observes `tableView.delegate`, to put the proxy back in front of a delegate set later.
      private var delegateObservation: NSKeyValueObservation?
    #endif

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
      host.layout = { [unowned self] in layout() }
      tableView.dataSource = self
      let proxy = delegateProxy
      proxy.viewFor = { [weak self] in self?.tableView($0, viewFor: $1, row: $2) }
      proxy.rowViewForRow = { [weak self] in self?.tableView($0, rowViewForRow: $1) }
      proxy.isGroupRow = { [weak self] in self?.tableView($0, isGroupRow: $1) ?? false }
      proxy.providesRowViews = { [weak self] in self?.rowViewProvider != nil }
      proxy.providesGroupRows = { [weak self] in self?.sectionHeaderViewProvider != nil }
      installDelegateProxy()
      #if canImport(ObjectiveC)
        // Key-value observing, not swizzling `setDelegate:`: it is public API, touches only this
        // table (an isa-swizzled subclass made by Foundation), and ends with the data source.
        delegateObservation = tableView.observe(\.delegate, options: []) { [weak self] _, _ in
          if Thread.isMainThread {
            MainActor.assumeIsolated { self?.delegateDidChange() }
          } else {
            Task { @MainActor in self?.delegateDidChange() }
          }
        }
      #endif
    }

    /// Makes the proxy the table's delegate, forwarding to the delegate the table has now (or,
    /// when that is another data source's proxy, to the delegate that one forwards to). Only
    /// while this data source is the table's data source: a newer data source takes over.
    func installDelegateProxy() {
      let tableView = host.tableView
      guard tableView.dataSource === (_wrapper ?? self) else { return }
      let current = tableView.delegate
      guard current !== delegateProxy else { return }
      let target = (current as? _AppKitTableDelegateProxy).map { $0.forwardTarget } ?? current
      delegateProxy.forwardTarget = target
      #if canImport(ObjectiveC)
        if let target {
          let key = UnsafeRawPointer(Unmanaged.passUnretained(delegateProxy).toOpaque())
          let watcher = _AppKitDelegateDeallocationWatcher { [weak self] in
            if Thread.isMainThread {
              MainActor.assumeIsolated { self?.forwardTargetDeallocated() }
            } else {
              Task { @MainActor in self?.forwardTargetDeallocated() }
            }
          }
          objc_setAssociatedObject(target, key, watcher, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
      #endif
      isInstallingDelegateProxy = true
      defer { isInstallingDelegateProxy = false }
      tableView.delegate = delegateProxy
    }

    /// The app set `tableView.delegate`: put the proxy back in front of the new delegate.
    func delegateDidChange() {
      guard !isInstallingDelegateProxy else { return }
      installDelegateProxy()
    }

    /// The app's delegate was deallocated: set the proxy again so that AppKit asks it afresh
    /// which methods it implements (now only its own).
    func forwardTargetDeallocated() {
      let tableView = host.tableView
      guard delegateProxy.forwardTarget == nil, tableView.delegate === delegateProxy else { return }
      isInstallingDelegateProxy = true
      defer { isInstallingDelegateProxy = false }
      tableView.delegate = nil
      tableView.delegate = delegateProxy
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

    /// Shows `snapshot`: diffed and animated when `animatingDifferences` is true, otherwise
    /// reloaded without a diff.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool, completion: (() -> Void)? = nil
    ) {
      if _isMainThread() {
        installDelegateProxy()
      } else {
        // An apply made off the main thread (see DiffableDataSource's apply): the table is only
        // touched on the main thread, before the apply runs there.
        DispatchQueue.main.async { [self] in MainActor.assumeIsolated { self.installDelegateProxy() } }
      }
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
      return core.itemIdentifier(for: IndexPath(_item: item, section: position.section))
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

    // MARK: NSTableViewDataSource and the delegate methods to forward

    /// The number of rows: items plus header rows.
    open func numberOfRows(in tableView: NSTableView) -> Int {
      #if !canImport(ObjectiveC)
        // Without key-value observing (the Linux stand-ins), a delegate the app set since is
        // found when the table next asks for its rows. On Apple platforms the observation has
        // done it already, and the table is not changed from inside its own data-source call.
        if tableView === host.tableView { installDelegateProxy() }
      #endif
      return layout().numberOfRows
    }

    /// The view for a cell or a header row. The table gets it through the data source's
    /// delegate proxy; a delegate of yours that still forwards `tableView(_:viewFor:row:)` here
    /// keeps working.
    open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
      guard let position = layout().position(ofRow: row),
        let section = core.sectionIdentifier(for: position.section)
      else { return nil }
      guard let item = position.item else {
        return sectionHeaderViewProvider?(tableView, row, section)
      }
      guard let tableColumn,
        let identifier = core.itemIdentifier(for: IndexPath(_item: item, section: position.section))
      else { return nil }
      core._recordContent(of: identifier)
      return core._running(.cellProvider) { cellProvider(tableView, tableColumn, row, identifier) }
    }

    /// The row view from ``rowViewProvider`` (nil when it is not set). The table gets it through
    /// the data source's delegate proxy.
    open func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      guard let provider = rowViewProvider, let position = layout().position(ofRow: row) else { return nil }
      let identifier: AnyHashable? =
        position.item.flatMap { core.itemIdentifier(for: IndexPath(_item: $0, section: position.section)) }
        .map { AnyHashable($0) } ?? core.sectionIdentifier(for: position.section).map { AnyHashable($0) }
      return identifier.map { provider(tableView, row, $0) }
    }

    /// Whether `row` is a section header row. The table gets it through the data source's
    /// delegate proxy when ``sectionHeaderViewProvider`` is set.
    open func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard let position = layout().position(ofRow: row) else { return false }
      return position.item == nil
    }
  }

  /// OpenDiffable's additions and settings, stored in the wrapped ``DiffableDataSource``.
  extension TableViewDiffableDataSource: _WrapsDiffableDataSource {
    /// Puts the delegate proxy in front of the table's delegate, as every apply does.
    func _willApply() { installDelegateProxy() }
  }

  // Diffs off the main actor, for `Sendable` identifiers: declared on the class, since a
  // protocol requirement wins over a protocol extension's member of the same name.
  extension TableViewDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
    /// When set, a diff whose two snapshots together hold more items than this runs off the main
    /// actor (see ``DiffableDataSource/diffsOffMainActorAboveItemCount``). Available when the
    /// identifiers are `Sendable`: with identifiers that are only `Hashable` (which AppKit's data
    /// sources accept, and so do these) every diff runs on the main actor. Default: nil.
    public var diffsOffMainActorAboveItemCount: Int? {
      get { core.diffsOffMainActorAboveItemCount }
      set { _setDiffsOffMainActorAboveItemCount(newValue) }
    }
  }
#endif
