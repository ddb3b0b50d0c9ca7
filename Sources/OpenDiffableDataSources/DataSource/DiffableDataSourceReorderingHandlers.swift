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
