import Foundation

/// The calls a batch update makes on a collection or table view, recorded as plain lists.
///
/// ``placement(oldItemCounts:newItemCounts:)`` reads them the way UIKit does and tells where
/// every section and row after the update comes from — the one batch model that list hosts (the
/// terminal list view, OpenDiffableTesting's simulator and stand-in views) apply to whatever
/// they keep per row. Build one from a ``SnapshotChangeset`` with ``init(_:)``, or by hand
/// (every list is mutable). Unlike a changeset, the lists need not be sorted or free of
/// repeats: they are read as UIKit reads them (order inside the update block does not matter;
/// an exact repeat is merged).
public struct BatchUpdateOperations: Hashable, Sendable {
  /// `deleteSections(_:)`: section positions before the update.
  public var sectionDeletes: [Int]
  /// `insertSections(_:)`: section positions after the update.
  public var sectionInserts: [Int]
  /// `reloadSections(_:)`: section positions before the update.
  public var sectionReloads: [Int]
  /// `moveSection(_:toSection:)`: old position to new position.
  public var sectionMoves: [ChangesetMove<Int>]
  /// `deleteItems(at:)`: index paths before the update.
  public var itemDeletes: [IndexPath]
  /// `insertItems(at:)`: index paths after the update.
  public var itemInserts: [IndexPath]
  /// `reloadItems(at:)`: index paths before the update.
  public var itemReloads: [IndexPath]
  /// `moveItem(at:to:)`: old index path to new index path.
  public var itemMoves: [ChangesetMove<IndexPath>]
  /// `reconfigureItems(at:)`, called after the batch: index paths after the update.
  public var itemReconfigures: [IndexPath]

  /// Creates a batch from explicit lists; every list defaults to empty.
  ///
  /// - Complexity: O(1).
  public init(
    sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionReloads: [Int] = [],
    sectionMoves: [ChangesetMove<Int>] = [], itemDeletes: [IndexPath] = [], itemInserts: [IndexPath] = [],
    itemReloads: [IndexPath] = [], itemMoves: [ChangesetMove<IndexPath>] = [], itemReconfigures: [IndexPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionReloads = sectionReloads
    self.sectionMoves = sectionMoves
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemReloads = itemReloads
    self.itemMoves = itemMoves
    self.itemReconfigures = itemReconfigures
  }

  /// The calls that apply `changeset`: its lists, unchanged.
  ///
  /// - Complexity: O(1) (the arrays are shared).
  public init<SectionIdentifierType, ItemIdentifierType>(
    _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.init(
      sectionDeletes: changeset.sectionDeletes, sectionInserts: changeset.sectionInserts,
      sectionReloads: changeset.sectionReloads, sectionMoves: changeset.sectionMoves,
      itemDeletes: changeset.itemDeletes, itemInserts: changeset.itemInserts, itemReloads: changeset.itemReloads,
      itemMoves: changeset.itemMoves, itemReconfigures: changeset.itemReconfigures)
  }
}
