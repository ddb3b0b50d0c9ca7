#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

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

  /// OpenDiffable's additions and settings, stored in the wrapped ``DiffableDataSource``.
  extension CollectionViewDiffableDataSource: _WrapsDiffableDataSource {}

  // Diffs off the main actor, for `Sendable` identifiers: declared on the class, since a
  // protocol requirement wins over a protocol extension's member of the same name.
  extension CollectionViewDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
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
