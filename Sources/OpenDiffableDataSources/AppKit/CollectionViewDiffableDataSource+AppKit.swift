#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// Presents an `NSCollectionView` as a ``DiffableListHost``. AppKit spells the batch calls
  /// with sets of index paths and a `completionHandler:` label, so this small forwarding class
  /// stands where UIKit needs only an empty extension.
  @MainActor
  final class _AppKitCollectionHost: DiffableListHost {
    typealias Cell = NSCollectionViewItem
    typealias ScrollPosition = NSCollectionView.ScrollPosition

    let collectionView: NSCollectionView
    var animates = true

    init(_ collectionView: NSCollectionView) { self.collectionView = collectionView }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      if animates {
        collectionView.animator().performBatchUpdates(updates, completionHandler: completion)
      } else {
        collectionView.performBatchUpdates(updates, completionHandler: completion)
      }
    }
    func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
    func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) {
      collectionView.moveSection(section, toSection: newSection)
    }
    func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: Set(indexPaths)) }
    func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: Set(indexPaths)) }
    func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      collectionView.moveItem(at: indexPath, to: newIndexPath)
    }
    func reloadData() { collectionView.reloadData() }
    /// AppKit has no in-place reconfigure: the items are reloaded.
    func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func cellForItem(at indexPath: IndexPath) -> NSCollectionViewItem? { collectionView.item(at: indexPath) }
    var indexPathsForSelectedItems: [IndexPath]? { Array(collectionView.selectionIndexPaths) }
    var indexPathsForVisibleItems: [IndexPath] { Array(collectionView.indexPathsForVisibleItems()) }
    func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: NSCollectionView.ScrollPosition) {
      if let indexPath {
        collectionView.selectItems(at: [indexPath], scrollPosition: scrollPosition)
      } else {
        collectionView.deselectAll(nil)
      }
    }
    func deselectItem(at indexPath: IndexPath, animated: Bool) { collectionView.deselectItems(at: [indexPath]) }
    func performWithoutAnimation(_ actions: () -> Void) {
      let previous = animates
      animates = false
      defer { animates = previous }
      actions()
    }
  }

  /// Apple's `NSCollectionViewDiffableDataSource`, without the prefix: drives an
  /// `NSCollectionView` from snapshots.
  ///
  /// A thin `NSCollectionViewDataSource` over a ``DiffableDataSource`` that it keeps private. As AppKit's
  /// documentation describes, `apply(_:animatingDifferences: false)` reloads without diffing.
  /// The initializer makes this object the view's `dataSource`; keep a strong reference to it.
  @MainActor @preconcurrency
  open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  >: NSObject, NSCollectionViewDataSource {
    /// Makes the item (cell) for an item identifier. Must return an item.
    public typealias ItemProvider = (NSCollectionView, IndexPath, ItemIdentifierType) -> NSCollectionViewItem?

    /// Makes a supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (NSCollectionView, String, IndexPath) -> (
      NSView & NSCollectionViewElement
    )?

    let host: _AppKitCollectionHost

    /// The generic data source doing the work (through an internal `NSCollectionView` host).
    let core: DiffableDataSource<_AppKitCollectionHost, SectionIdentifierType, ItemIdentifierType>

    /// Makes supplementary views; must be set before the layout asks for one.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Creates a data source for `collectionView` and makes it the view's `dataSource`.
    public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
      host = _AppKitCollectionHost(collectionView)
      core = DiffableDataSource(host: host) { host, indexPath, item in
        itemProvider(host.collectionView, indexPath, item)
      }
      super.init()
      collectionView.dataSource = self
    }

    /// Gives what an item's view shows; when set, every apply also reloads the visible items
    /// (`indexPathsForVisibleItems()`) whose content changed since their item was made or last
    /// refreshed (AppKit has no in-place reconfigure). See ``DiffableDataSource/contentProvider``
    /// for what is compared, when, and its O(visible items) cost. Default: nil.
    public var contentProvider: ((_ itemIdentifier: ItemIdentifierType) -> any Equatable)? {
      get { core.contentProvider }
      set { core.contentProvider = newValue }
    }

    /// Shows `snapshot`: animated and diffed when `animatingDifferences` is true, otherwise
    /// reloaded without a diff (AppKit's documented behaviour).
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      if animatingDifferences {
        core.apply(snapshot, animatingDifferences: true, completion: completion)
      } else {
        core.applySnapshotUsingReloadData(snapshot, completion: completion)
      }
    }

    #if canImport(Observation)
      /// Applies the snapshot `makeSnapshot` returns, and again whenever an observable property it
      /// read (or, with a ``contentProvider``, one the provider read for a visible item) changes:
      /// the list follows an `@Observable` model. Changes within one turn of the main actor make
      /// one apply; calling this again replaces the observation; releasing the data source or
      /// cancelling the returned handle ends it.
      /// `animatingDifferences: false` still diffs (without animation), unlike AppKit's `apply`,
      /// which reloads then: an observed apply never reloads after the first. See
      /// ``DiffableDataSource/applyObserving(animatingDifferences:completion:_:)`` for the rules,
      /// the misuse that stops the process and the complexity.
      @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
      @discardableResult
      public func applyObserving(
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
        _ makeSnapshot: @escaping () -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
      ) -> DiffableDataSourceObservation {
        core.applyObserving(animatingDifferences: animatingDifferences, completion: completion, makeSnapshot)
      }
    #endif

    /// A copy of the current snapshot, without marks. O(1).
    open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
      core.snapshot()
    }

    /// The item at `indexPath`, or nil. O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.itemIdentifier(for: indexPath) }

    /// The index path of the item, or nil. O(1) average.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { core.indexPath(for: itemIdentifier) }

    /// The section at `index`, or nil (a OpenDiffable addition). O(1).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.sectionIdentifier(for: index) }

    /// The position of the section, or nil (a OpenDiffable addition). O(1) average.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { core.index(for: sectionIdentifier) }

    /// The type and a summary of the current snapshot, for example
    /// `CollectionViewDiffableDataSource<String, Int>(2 sections, 5 items)`. A method, as in AppKit's Swift interface
    /// (`public func description() -> String`); the `description` property is `NSObject`'s.
    /// O(1), from any thread.
    nonisolated public func description() -> String {
      core._backgroundApplies.describe(type(of: self))
    }

    // MARK: NSCollectionViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: NSCollectionView) -> Int { core.numberOfSections }

    /// The number of items in a section; stops the process when out of range.
    open func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The item from the item provider; stops the process when it returns nil.
    open func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      core.cell(forItemAt: indexPath)
    }

    /// The view from ``supplementaryViewProvider``; stops the process when it is not set or
    /// returns nil.
    open func collectionView(
      _ collectionView: NSCollectionView,
      viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
      at indexPath: IndexPath
    ) -> NSView {
      guard let provider = supplementaryViewProvider, let view = provider(collectionView, kind, indexPath) else {
        _dataSourceMisuse(
          "supplementaryViewProvider", "no view for kind \(kind) at \(indexPath) (provider unset or returned nil)",
          fix: "Set supplementaryViewProvider and return a view for every kind your layout declares")
      }
      return view
    }
  }

  /// OpenDiffable's settings, stored in the wrapped ``DiffableDataSource``.
  extension CollectionViewDiffableDataSource: DiffableDataSourceSettings {
    /// Whether the selection is captured by identifier before every apply and restored
    /// after it. Default: true. See ``DiffableDataSource/preservesSelection``.
    public var preservesSelection: Bool {
      get { core.preservesSelection }
      set { core.preservesSelection = newValue }
    }

    /// Whether the focused item is kept by identifier across applies, on hosts that have a
    /// focus. Default: true. See ``DiffableDataSource/preservesFocus``.
    public var preservesFocus: Bool {
      get { core.preservesFocus }
      set { core.preservesFocus = newValue }
    }

    /// Whether waiting full-snapshot applies are replaced by the newest. Default: false.
    /// See ``DiffableDataSource/coalescesPendingApplies``.
    public var coalescesPendingApplies: Bool {
      get { core.coalescesPendingApplies }
      set { core.coalescesPendingApplies = newValue }
    }

    // `diffsOffMainActorAboveItemCount` as the settings protocol sees it, and as code sees it
    // when the identifiers are only `Hashable`: diffs then stay on the main actor, with one
    // warning saying so. With `Sendable` identifiers the property of the constrained extension
    // below is used, and moves them off. Named apart (`@_implements`) because a witness of the
    // same name would be ambiguous with that property.
    @_implements(DiffableDataSourceSettings,diffsOffMainActorAboveItemCount)
    public var _diffsOffMainActorAboveItemCountSetting: Int? {
      get { core.diffsOffMainActorAboveItemCount }
      set { core.diffsOffMainActorAboveItemCount = newValue }
    }

    /// Receives a ``DiffableDataSourceApplyTrace`` after every apply; nil (the default) turns
    /// tracing off. See ``DiffableDataSource/traceHandler``.
    public var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)? {
      get { core.traceHandler }
      set { core.traceHandler = newValue }
    }
  }

  extension CollectionViewDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
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
