#if canImport(UIKit) && !os(watchOS)
  import OpenDiffableCore
  import UIKit

  /// Makes the cell for an item of a ``CollectionViewDiffableDataSourceReference``: the
  /// collection view, the index path and the item identifier. Must return a cell. Apple's
  /// `UICollectionViewDiffableDataSourceReferenceCellProvider`.
  public typealias CollectionViewDiffableDataSourceReferenceCellProvider = (UICollectionView, IndexPath, Any) ->
    UICollectionViewCell?

  /// Makes a supplementary view (header, footer, …) of a kind at an index path for a
  /// ``CollectionViewDiffableDataSourceReference``. Must return a view. Apple's
  /// `UICollectionViewDiffableDataSourceReferenceSupplementaryViewProvider`.
  public typealias CollectionViewDiffableDataSourceReferenceSupplementaryViewProvider = (
    UICollectionView, String, IndexPath
  ) -> UICollectionReusableView?

  /// Apple's `UICollectionViewDiffableDataSourceReference` (the Objective-C
  /// `UICollectionViewDiffableDataSource` as Swift sees it), without the prefix: drives a
  /// `UICollectionView` from Apple's `NSDiffableDataSourceSnapshotReference` and
  /// `NSDiffableDataSourceSectionSnapshotReference`, with untyped (`Any`) identifiers.
  ///
  /// Use it to move a screen written against Apple's class by renaming the class alone — a
  /// Core Data screen whose fetched results controller delegate applies the
  /// `NSDiffableDataSourceSnapshotReference` it is handed, for example. New code should use
  /// `CollectionViewDiffableDataSource` with typed identifiers, as Apple advises for its class.
  /// This one wraps it (identifiers compared as `AnyHashable`, which for objects is
  /// `isEqual(_:)` and `hash`), so every apply is that data source's: diffed in call order,
  /// selection kept by identifier, misuse reported with an `OpenDiffable: …` message. The
  /// initializer makes this object the view's `dataSource`; keep a strong reference to it.
  ///
  /// Apple's `reorderingHandlers` and `sectionSnapshotHandlers` of this class take Objective-C
  /// handler objects that Swift sees only by private names (`__UICollectionViewDiffableDataSourceReorderingHandlers`);
  /// they are not here: a screen that sets them moves to `CollectionViewDiffableDataSource`.
  ///
  /// Each apply converts the Objective-C snapshot, and each `snapshot()` makes one: O(n) for n
  /// items and sections. An identifier that is not `Hashable`, or two that are equal once
  /// compared as `AnyHashable`, stop the process with a message naming them.
  @MainActor @preconcurrency
  open class CollectionViewDiffableDataSourceReference: NSObject, UICollectionViewDataSource {
    /// The typed data source doing the work.
    let base: CollectionViewDiffableDataSource<_ReferenceIdentifier, _ReferenceIdentifier>

    /// Creates a data source for `collectionView` and makes it the view's `dataSource`.
    public init(
      collectionView: UICollectionView, cellProvider: @escaping CollectionViewDiffableDataSourceReferenceCellProvider
    ) {
      base = CollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
        cellProvider(collectionView, indexPath, item.value)
      }
      super.init()
      collectionView.dataSource = self
    }

    /// Makes supplementary views; must be set before the layout asks for one (the process stops
    /// with a message naming the kind and index path otherwise, or when it returns nil).
    open var supplementaryViewProvider: CollectionViewDiffableDataSourceReferenceSupplementaryViewProvider? {
      get { base.supplementaryViewProvider }
      set { base.supplementaryViewProvider = newValue }
    }

    // MARK: Applying and reading snapshots

    /// A new Objective-C snapshot of what the collection view shows (without marks). O(n).
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

    // MARK: Section snapshots

    /// Makes the section `sectionIdentifier` show the visible items of `snapshot` (its outline
    /// and expansion state are kept for ``snapshot(forSection:)``).
    @available(iOS 14.0, tvOS 14.0, *)
    open func applySnapshot(
      _ snapshot: NSDiffableDataSourceSectionSnapshotReference, toSection sectionIdentifier: Any,
      animatingDifferences: Bool
    ) {
      applySnapshot(snapshot, toSection: sectionIdentifier, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Makes the section `sectionIdentifier` show the visible items of `snapshot`, then calls
    /// `completion`. The section must be in the current snapshot; the process stops with a
    /// message naming it otherwise. O(n) to convert the section snapshot, plus the diff.
    @available(iOS 14.0, tvOS 14.0, *)
    open func applySnapshot(
      _ snapshot: NSDiffableDataSourceSectionSnapshotReference, toSection sectionIdentifier: Any,
      animatingDifferences: Bool, completion: (() -> Void)? = nil
    ) {
      let operation = "applySnapshot(_:toSection:animatingDifferences:completion:)"
      base.apply(
        DiffableDataSourceSectionSnapshot(_reference: snapshot, operation),
        to: _referenceIdentifier(sectionIdentifier, operation), animatingDifferences: animatingDifferences,
        completion: completion)
    }

    /// A new Objective-C section snapshot of the outline of `section` (see
    /// `DiffableDataSource.snapshot(for:)`). O(n) for n items of the section.
    @available(iOS 14.0, tvOS 14.0, *)
    open func snapshot(forSection section: Any) -> NSDiffableDataSourceSectionSnapshotReference {
      base.snapshot(for: _referenceIdentifier(section, "snapshot(forSection:)"))._reference
    }

    // MARK: Identifiers and positions

    /// The section at `index`, or nil. O(1).
    open func sectionIdentifier(for index: Int) -> Any? { base.sectionIdentifier(for: index)?.value }

    /// The position of the section, or `NSNotFound` when the view has no such section (as
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

    // MARK: UICollectionViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
      base.numberOfSections(in: collectionView)
    }

    /// The number of items in a section; stops the process when out of range.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      base.collectionView(collectionView, numberOfItemsInSection: section)
    }

    /// The cell from the cell provider; stops the process when it returns nil.
    open func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      base.collectionView(collectionView, cellForItemAt: indexPath)
    }

    /// The view from ``supplementaryViewProvider``; stops the process when it is not set or
    /// returns nil.
    open func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      base.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }

    /// False by default; override to let items move.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
      base.collectionView(collectionView, canMoveItemAt: indexPath)
    }

    /// Commits an interactive move to the current snapshot.
    open func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      base.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
    }

    /// No index titles by default.
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { base.indexTitles(for: collectionView) }

    /// The first item of the section at `index` by default.
    open func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      base.collectionView(collectionView, indexPathForIndexTitle: title, at: index)
    }
  }
#endif
