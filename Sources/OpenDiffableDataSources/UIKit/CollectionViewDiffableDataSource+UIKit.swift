#if canImport(UIKit) && !os(watchOS)
  import OpenDiffableCore
  import UIKit

  /// Apple's `UICollectionViewDiffableDataSource`, without the prefix: drives a
  /// `UICollectionView` from snapshots.
  ///
  /// A thin `UICollectionViewDataSource` over a ``DiffableDataSource`` that it keeps private:
  /// every apply, lookup and handler is that data source's, so they behave as its pages say.
  /// The initializer makes this object the collection view's `dataSource`; keep a strong
  /// reference to it (the collection view does not) and do not replace the view's `dataSource`.
  ///
  /// Differences from Apple's: the selection is kept by identifier across applies (turn off
  /// with ``DiffableDataSourceSettings/preservesSelection``); a batch UIKit is known to mishandle is staged; applies
  /// can be traced (``DiffableDataSourceSettings/traceHandler``), diffed off the main actor and coalesced; misuse stops with
  /// a `OpenDiffable: …` message.
  @MainActor @preconcurrency
  open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, UICollectionViewDataSource {
    /// Makes the cell for an item. Must return a cell.
    public typealias CellProvider = (
      _ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UICollectionViewCell?

    /// Makes a supplementary view (header, footer, …) of `elementKind` at `indexPath`.
    public typealias SupplementaryViewProvider = (
      _ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath
    ) -> UICollectionReusableView?

    /// The closures called when the user reorders items.
    public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<
      SectionIdentifierType, ItemIdentifierType
    >

    /// The closures called when the user expands or collapses an outline item.
    public typealias SectionSnapshotHandlers<Item: Hashable & Sendable> =
      DiffableDataSourceSectionSnapshotHandlers<Item>

    /// The generic data source doing the work.
    let core: DiffableDataSource<UICollectionView, SectionIdentifierType, ItemIdentifierType>

    /// Makes supplementary views; must be set before the layout asks for one.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Creates a data source for `collectionView` and makes it the view's `dataSource`.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
      core = DiffableDataSource(host: collectionView, cellProvider: cellProvider)
      super.init()
      collectionView.dataSource = self
    }

    // MARK: Applying and reading snapshots

    /// Shows `snapshot`, animating the differences; see
    /// ``DiffableDataSource/apply(_:animatingDifferences:completion:)``.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` and returns once the collection view finished.
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

    // MARK: Section snapshots

    /// Makes `section` show the visible items of `snapshot`; see
    /// ``DiffableDataSource/apply(_:to:animatingDifferences:completion:)``.
    public func apply(
      _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      core.apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Makes `section` show the visible items of `snapshot` and returns once it finished.
    public func apply(
      _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
      animatingDifferences: Bool = true
    ) async {
      await core.apply(snapshot, to: section, animatingDifferences: animatingDifferences)
    }

    /// The outline of `section`; see ``DiffableDataSource/snapshot(for:)``.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      core.snapshot(for: section)
    }

    /// The closures called when the user reorders items.
    public var reorderingHandlers: ReorderingHandlers {
      get { core.reorderingHandlers }
      set { core.reorderingHandlers = newValue }
    }

    /// The closures asked when the user expands or collapses an outline item: a tap on the
    /// accessory that ``outlineDisclosureAccessory(for:displayed:options:)`` makes (set it on
    /// parent rows in the cell registration's handler), ``expandItem(_:animatingDifferences:completion:)``
    /// and ``collapseItem(_:animatingDifferences:completion:)`` go through them, as Apple's data
    /// source does with UIKit's `.outlineDisclosure()`.
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifierType> {
      get { core.sectionSnapshotHandlers }
      set { core.sectionSnapshotHandlers = newValue }
    }

    /// Expands `item` as if the user tapped its disclosure accessory: asks
    /// ``sectionSnapshotHandlers`` (`shouldExpandItem`, `willExpandItem`,
    /// `snapshotForExpandingParent`), expands it in its section's outline and inserts exactly the
    /// rows that appear. The way to expand without a tap: restoring state, a keyboard command, a
    /// test. See ``DiffableDataSource/expandItem(_:animatingDifferences:completion:)``.
    ///
    /// Returns false, changing nothing, when the item is not in a section applied as a section
    /// snapshot, is already expanded, or `shouldExpandItem` refused; `completion` runs once the
    /// collection view finished, when it was expanded.
    /// - Complexity: O(size of the section) plus the diff.
    @discardableResult
    public func expandItem(
      _ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) -> Bool {
      core.expandItem(item, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Collapses `item` as if the user tapped its disclosure accessory: asks
    /// ``sectionSnapshotHandlers`` (`shouldCollapseItem`, `willCollapseItem`), collapses it in its
    /// section's outline and deletes exactly the rows of its visible descendants. See
    /// ``DiffableDataSource/collapseItem(_:animatingDifferences:completion:)``.
    ///
    /// Returns false, changing nothing, when the item is not in a section applied as a section
    /// snapshot, is not expanded, or `shouldCollapseItem` refused; `completion` runs once the
    /// collection view finished, when it was collapsed.
    /// - Complexity: O(size of the section) plus the diff.
    @discardableResult
    public func collapseItem(
      _ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) -> Bool {
      core.collapseItem(item, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Expands `item` when it is collapsed and collapses it when expanded, through
    /// ``sectionSnapshotHandlers``: the action of ``outlineDisclosureAccessory(for:displayed:options:)``.
    /// Code that knows which it wants calls ``expandItem(_:animatingDifferences:completion:)`` or
    /// ``collapseItem(_:animatingDifferences:completion:)``.
    /// Returns whether it changed: false for an item without children, outside a section
    /// applied as a section snapshot, or refused by a handler. O(k) for k affected items.
    @discardableResult
    public func toggleOutlineExpansion(of item: ItemIdentifierType, animatingDifferences: Bool = true) -> Bool {
      guard let section = core.snapshot().sectionIdentifier(containingItem: item) else { return false }
      let outline = core.snapshot(for: section)
      guard outline.contains(item) else { return false }
      return outline.isExpanded(item)
        ? collapseItem(item, animatingDifferences: animatingDifferences)
        : expandItem(item, animatingDifferences: animatingDifferences)
    }

    #if !os(tvOS)
      /// An outline disclosure accessory for `item` whose action expands or collapses it through
      /// this data source and its ``sectionSnapshotHandlers``, as UIKit's default
      /// `.outlineDisclosure()` does with Apple's data source (whose wiring is private): the way
      /// to wire a disclosure control. Put it in a `UICollectionViewListCell`'s `accessories` in
      /// the cell registration's handler (or the cell provider). Holds this data source weakly.
      /// O(1); a tap costs ``toggleOutlineExpansion(of:animatingDifferences:)``.
      @available(iOS 14.0, *)
      public func outlineDisclosureAccessory(
        for item: ItemIdentifierType, displayed: UICellAccessory.DisplayedState = .always,
        options: UICellAccessory.OutlineDisclosureOptions = UICellAccessory.OutlineDisclosureOptions()
      ) -> UICellAccessory {
        _outlineAccessoriesMade &+= 1
        return .outlineDisclosure(displayed: displayed, options: options) { [weak self] in
          self?.toggleOutlineExpansion(of: item)
        }
      }
    #endif

    /// How many accessories ``outlineDisclosureAccessory(for:displayed:options:)`` made; a cell
    /// provider call that made none but returns a list cell with an outline disclosure
    /// accessory is warned about, once.
    var _outlineAccessoriesMade = 0
    /// Whether the warning about an outline disclosure accessory not made by this data source
    /// was sent.
    var _warnedAboutOutlineAccessory = false

    /// Warns, once per data source, when `cell` is a list cell with an outline disclosure
    /// accessory that the cell provider did not make with ``outlineDisclosureAccessory(for:displayed:options:)``
    /// (`made` is false): UIKit's public API can neither read such an accessory's action nor
    /// give it one, and Apple's data source wires the default one privately, so on OpenDiffable
    /// a default `.outlineDisclosure()` does nothing when tapped.
    func _checkOutlineAccessory(of cell: UICollectionViewCell, at indexPath: IndexPath, made: Bool) {
      guard !made, !_warnedAboutOutlineAccessory else { return }
      guard #available(iOS 14.0, tvOS 14.0, *), let listCell = cell as? UICollectionViewListCell,
        listCell.accessories.contains(where: { $0.accessoryType == .outlineDisclosure })
      else { return }
      _warnedAboutOutlineAccessory = true
      let item = core.itemIdentifier(for: indexPath).map { String(describing: $0) } ?? "\(indexPath)"
      OpenDiffableDiagnostics.warningHandler(
        "OpenDiffable: cell provider: the cell for item \(item) has an outline disclosure accessory that was not "
          + "made with outlineDisclosureAccessory(for:); UIKit's default .outlineDisclosure() gets its action "
          + "privately from Apple's data source, so unless you gave it an actionHandler, tapping it does nothing. "
          + "Use `cell.accessories = [dataSource.outlineDisclosureAccessory(for: item)]` (warned once)")
    }

    // MARK: UICollectionViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { core.numberOfSections }

    /// The number of items in a section; stops the process when out of range.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The cell from the cell provider; stops the process when it returns nil. In a section
    /// applied as a section snapshot, a `UICollectionViewListCell` gets the item's outline level
    /// as its `indentationLevel`, as with Apple's class. The first list cell that carries an
    /// outline disclosure accessory not made with ``outlineDisclosureAccessory(for:displayed:options:)``
    /// (UIKit's default `.outlineDisclosure()`, which Apple's class wires privately) sends one
    /// warning to `OpenDiffableDiagnostics.warningHandler` naming that method. O(1) plus the
    /// cell provider and the cell's accessories.
    open func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let madeBefore = _outlineAccessoriesMade
      let cell = core.cell(forItemAt: indexPath)
      _checkOutlineAccessory(of: cell, at: indexPath, made: _outlineAccessoriesMade != madeBefore)
      if #available(iOS 14.0, tvOS 14.0, *), let listCell = cell as? UICollectionViewListCell,
        let level = core._outlineLevelIfOutlined(ofItemAt: indexPath)
      {
        listCell.indentationLevel = level
      }
      return cell
    }

    /// The view from ``supplementaryViewProvider``; stops the process when it is not set or
    /// returns nil.
    open func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard let provider = supplementaryViewProvider else {
        _dataSourceMisuse(
          "supplementaryViewProvider",
          "the collection view asked for a supplementary view of kind \(kind) at \(indexPath), but none is set",
          fix: "Set supplementaryViewProvider before applying a snapshot to a layout with supplementary items")
      }
      guard let view = provider(collectionView, kind, indexPath) else {
        _dataSourceMisuse(
          "supplementaryViewProvider", "returned nil for kind \(kind) at \(indexPath)",
          fix: "Always return a view for the kinds your layout declares")
      }
      return view
    }

    /// Whether the item can be moved: `reorderingHandlers.canReorderItem`.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
      core.canMoveItem(at: indexPath)
    }

    /// Commits an interactive move and calls the reordering handlers.
    open func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      core.moveItem(at: sourceIndexPath, to: destinationIndexPath)
    }

    /// No index titles by default.
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

    /// The first item of the section at `index` by default.
    open func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      IndexPath(item: 0, section: index)
    }
  }

  /// OpenDiffable's additions and settings, stored in the wrapped ``DiffableDataSource``.
  extension CollectionViewDiffableDataSource: _WrapsDiffableDataSource {}
#endif
