#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// Makes the item for an item identifier of a ``CollectionViewDiffableDataSourceReference``:
  /// the collection view, the index path and the identifier. Must return an item. AppKit's
  /// `NSCollectionViewDiffableDataSourceReferenceItemProvider`.
  public typealias CollectionViewDiffableDataSourceReferenceItemProvider = (NSCollectionView, IndexPath, Any) ->
    NSCollectionViewItem?

  /// Makes a supplementary view of a kind at an index path for a
  /// ``CollectionViewDiffableDataSourceReference``. Must return a view. AppKit's
  /// `NSCollectionViewDiffableDataSourceReferenceSupplementaryViewProvider`.
  public typealias CollectionViewDiffableDataSourceReferenceSupplementaryViewProvider = (
    NSCollectionView, String, IndexPath
  ) -> NSView?

  /// AppKit's `NSCollectionViewDiffableDataSourceReference` (the Objective-C
  /// `NSCollectionViewDiffableDataSource` as Swift sees it), without the prefix: drives an
  /// `NSCollectionView` from AppKit's `NSDiffableDataSourceSnapshotReference`, with untyped
  /// (`Any`) identifiers.
  ///
  /// Use it to move a screen written against AppKit's class by renaming the class alone — a
  /// Core Data screen whose fetched results controller delegate applies the
  /// `NSDiffableDataSourceSnapshotReference` it is handed, for example. New code should use
  /// `CollectionViewDiffableDataSource` with typed identifiers, as Apple advises for its class.
  /// This one wraps it (identifiers compared as `AnyHashable`, which for objects is
  /// `isEqual(_:)` and `hash`), so every apply is that data source's, in call order. As AppKit
  /// documents, `applySnapshot(_:animatingDifferences: false)` reloads without diffing. The
  /// initializer makes this object the view's `dataSource`; keep a strong reference to it.
  ///
  /// AppKit's Objective-C snapshot cannot report the items it marked for reload, so an animated
  /// apply does not reload the items marked with `reloadItems(withIdentifiers:)`.
  ///
  /// Each apply converts the Objective-C snapshot, and each `snapshot()` makes one: O(n) for n
  /// items and sections. An identifier that is not `Hashable`, or two that are equal once
  /// compared as `AnyHashable`, stop the process with a message naming them.
  @MainActor @preconcurrency
  open class CollectionViewDiffableDataSourceReference: NSObject, NSCollectionViewDataSource {
    /// The typed data source doing the work.
    let base: CollectionViewDiffableDataSource<_ReferenceIdentifier, _ReferenceIdentifier>

    /// Makes supplementary views; must be set before the layout asks for one (the process stops
    /// with a message naming the kind and index path otherwise, or when it returns nil).
    open var supplementaryViewProvider: CollectionViewDiffableDataSourceReferenceSupplementaryViewProvider?

    /// Creates a data source for `collectionView` and makes it the view's `dataSource`.
    public init(
      collectionView: NSCollectionView, itemProvider: @escaping CollectionViewDiffableDataSourceReferenceItemProvider
    ) {
      base = CollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
        itemProvider(collectionView, indexPath, item.value)
      }
      super.init()
      collectionView.dataSource = self
    }

    /// A new Objective-C snapshot of what the collection view shows (without marks). O(n).
    open func snapshot() -> NSDiffableDataSourceSnapshotReference { base.snapshot()._reference }

    /// Shows `snapshot`: diffed and animated when `animatingDifferences` is true, otherwise
    /// reloaded without a diff (AppKit's documented behaviour). O(n) to convert the snapshot,
    /// plus the diff.
    open func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshotReference, animatingDifferences: Bool) {
      base.apply(_ReferenceSnapshot(_reference: snapshot), animatingDifferences: animatingDifferences)
    }

    /// The item at `indexPath`, or nil. O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> Any? { base.itemIdentifier(for: indexPath)?.value }

    /// The index path of the item, or nil. O(1) average.
    open func indexPath(forItemIdentifier identifier: Any) -> IndexPath? {
      _ReferenceIdentifier(identifier).flatMap(base.indexPath(for:))
    }

    // MARK: NSCollectionViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: NSCollectionView) -> Int {
      base.numberOfSections(in: collectionView)
    }

    /// The number of items in a section; stops the process when out of range.
    open func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
      base.collectionView(collectionView, numberOfItemsInSection: section)
    }

    /// The item from the item provider; stops the process when it returns nil.
    open func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      base.collectionView(collectionView, itemForRepresentedObjectAt: indexPath)
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
#endif
