import OpenDiffableCore

/// The closures a data source calls when the user reorders items — Apple's
/// `UICollectionViewDiffableDataSource.ReorderingHandlers`, shared by every OpenDiffable data
/// source (spelled `ReorderingHandlers` inside each of them).
///
/// Reordering is off until ``canReorderItem`` is set. After the host moved an item
/// interactively, the data source builds a ``DiffableDataSourceTransaction``, calls
/// ``willReorder``, commits the new order as its snapshot, then calls ``didReorder`` so the app
/// can update its own store (for example from `transaction.finalSnapshot.itemIdentifiers`).
///
/// Not `Sendable` (as Apple's): the closures run on the main actor.
public struct DiffableDataSourceReorderingHandlers<
  SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
> {
  /// Whether the user may pick up this item; nil (the default) means no item can be reordered.
  public var canReorderItem: ((ItemIdentifierType) -> Bool)?

  /// Called before the data source commits a reorder.
  public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

  /// Called after the data source committed a reorder: update your store here.
  public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

  /// Handlers that allow no reordering.
  public init() {}
}

/// The closures a data source calls when the user expands or collapses an item of a section
/// managed by a section snapshot — Apple's `SectionSnapshotHandlers`, shared by every OpenDiffable
/// data source (spelled `SectionSnapshotHandlers<Item>` inside each of them).
///
/// Order of calls for an expand: ``shouldExpandItem`` (a `false` stops here), ``willExpandItem``,
/// then ``snapshotForExpandingParent`` (which may replace the children), then the section is
/// applied with the item expanded. A collapse calls ``shouldCollapseItem`` then
/// ``willCollapseItem``.
///
/// Not `Sendable` (as Apple's): the closures run on the main actor.
public struct DiffableDataSourceSectionSnapshotHandlers<ItemIdentifierType: Hashable> {
  /// Whether this item may expand; nil means yes.
  public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?

  /// Called just before the item expands.
  public var willExpandItem: ((ItemIdentifierType) -> Void)?

  /// Whether this item may collapse; nil means yes.
  public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?

  /// Called just before the item collapses.
  public var willCollapseItem: ((ItemIdentifierType) -> Void)?

  /// Given the parent about to expand and a section snapshot of its current children, returns
  /// the children to show (load them lazily here). nil keeps the current children.
  public var snapshotForExpandingParent:
    (
      (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
        DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    )?

  /// Handlers that allow every expand and collapse and change nothing.
  public init() {}
}
