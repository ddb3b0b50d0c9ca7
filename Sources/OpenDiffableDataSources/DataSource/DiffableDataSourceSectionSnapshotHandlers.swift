import OpenDiffableCore

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
