import Foundation

/// The batch update that turns one snapshot into another, in the coordinates UIKit's
/// `performBatchUpdates(_:completion:)` (and AppKit's equivalent) expects.
///
/// Deletes, reloads and move sources name positions in the **old** snapshot; inserts and move
/// destinations name positions in the **new** snapshot; reconfigures name positions in the new
/// snapshot and are meant to be applied after the batch (`reconfigureItems(at:)`). Every list is
/// sorted ascending (moves by their source).
///
/// The changeset is always one batch that UIKit accepts:
/// - no item operation touches a section that is deleted, inserted or reloaded: the section
///   operation carries its items;
/// - each old position appears at most once among deletes, reloads and move sources, and each new
///   position at most once among inserts and move destinations;
/// - an item or section marked for reload that also changes position becomes a delete plus an
///   insert (UIKit cannot reload and move one element in one batch);
/// - reloads come only from the new snapshot's reload marks, reconfigures only from its
///   reconfigure marks;
/// - items that moved from one section to another are moves.
///
/// It is also minimal: an identifier present in both snapshots is never deleted and inserted
/// unless the reload rule above forces it, and the items (and sections) that keep their place are
/// a longest increasing subsequence of the survivors, so moving one item to the end is one move.
/// Items of a moved section that keep their order inside it produce no item moves: UIKit carries
/// them with the section.
///
/// ```swift
/// let changes = SnapshotChangeset(from: oldSnapshot, to: newSnapshot)
/// collectionView.performBatchUpdates {
///   collectionView.deleteSections(IndexSet(changes.sectionDeletes))
///   collectionView.insertSections(IndexSet(changes.sectionInserts))
///   collectionView.reloadSections(IndexSet(changes.sectionReloads))
///   for move in changes.sectionMoves { collectionView.moveSection(move.from, toSection: move.to) }
///   collectionView.deleteItems(at: changes.itemDeletes)
///   collectionView.insertItems(at: changes.itemInserts)
///   collectionView.reloadItems(at: changes.itemReloads)
///   for move in changes.itemMoves { collectionView.moveItem(at: move.from, to: move.to) }
/// }
/// collectionView.reconfigureItems(at: changes.itemReconfigures)
/// ```
///
/// `OpenDiffableTesting`'s `validate(_:from:to:)` replays a changeset through a simulator of
/// UIKit's batch-update rules and checks that it ends at the new snapshot.
public struct SnapshotChangeset<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// A section move: `from` is a position in the old snapshot, `to` a position in the new one.
  public typealias SectionMove = ChangesetMove<Int>
  /// An item move: `from` is an index path in the old snapshot, `to` one in the new snapshot.
  public typealias ItemMove = ChangesetMove<IndexPath>

  /// Positions of deleted sections in the old snapshot, ascending.
  public internal(set) var sectionDeletes: [Int] = []
  /// Positions of inserted sections in the new snapshot, ascending.
  public internal(set) var sectionInserts: [Int] = []
  /// Positions, in the old snapshot, of sections marked with `reloadSections(_:)` in the new
  /// snapshot that keep their place, ascending. A reloaded section that moves appears in
  /// ``sectionDeletes`` and ``sectionInserts`` instead.
  public internal(set) var sectionReloads: [Int] = []
  /// Section moves (old position to new position), ascending by source.
  public internal(set) var sectionMoves: [SectionMove] = []
  /// Index paths of deleted items in the old snapshot, ascending.
  public internal(set) var itemDeletes: [IndexPath] = []
  /// Index paths of inserted items in the new snapshot, ascending.
  public internal(set) var itemInserts: [IndexPath] = []
  /// Index paths, in the old snapshot, of items marked with `reloadItems(_:)` in the new snapshot
  /// that keep their place, ascending. A reloaded item that moves appears in ``itemDeletes`` and
  /// ``itemInserts`` instead.
  public internal(set) var itemReloads: [IndexPath] = []
  /// Index paths, in the new snapshot, of items marked with `reconfigureItems(_:)` whose cells
  /// survive the batch, ascending. Apply them after the batch. Items that are inserted or
  /// reloaded (directly or by their section) get a fresh cell anyway and are left out.
  public internal(set) var itemReconfigures: [IndexPath] = []
  /// Item moves (old index path to new index path), ascending by source.
  public internal(set) var itemMoves: [ItemMove] = []

  /// An empty changeset.
  ///
  /// - Complexity: O(1).
  @inlinable public init() {}

  /// Works out the batch update that turns `old` into `new`.
  ///
  /// Reload and reconfigure marks are read from `new` only (the marks of `old`, if any, were
  /// requests for an earlier apply).
  ///
  /// - Parameters:
  ///   - old: the snapshot the list shows.
  ///   - new: the snapshot to show.
  /// - Complexity: O(n) expected for the matching, n the number of items in the sections that
  ///   changed, plus O(m log m) for move minimisation, m the number of items whose order
  ///   changed. Sections whose item arrays are equal cost one array comparison (O(1) when the
  ///   arrays share storage), so an unchanged snapshot costs about a comparison.
  ///
  ///   Item indexes: when `new` was rebuilt by appending and every section equals `old`'s, the
  ///   comparison settles it (it holds every identifier once because `old` does), nothing is
  ///   hashed, and for integer or `UUID` identifiers `new` shares `old`'s index when it has one.
  ///   Otherwise `old`'s item index is used (built once if it was deferred) and `new`'s appended
  ///   items are checked while its index is made, so that the next diff, from `new`, finds it
  ///   ready: for integer or `UUID` identifiers, when the items that differ (middle parts of
  ///   sections, after their common prefix and suffix, and the suffixes that shift) are at most
  ///   a quarter of `new`, the sections both have keep their storage slots (sections added or
  ///   removed at the end do) and the items fit `old`'s table, it is derived from a copy of
  ///   `old`'s — O(n) copying and comparing, one hash per changed item; otherwise it is built in
  ///   one pass, one hash per item.
  @inlinable
  public init(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self = _ChangesetBuilder.changeset(from: old, to: new)
  }

  /// A changeset with the given lists, which must already follow the contract above.
  @usableFromInline
  init(
    sectionDeletes: [Int], sectionInserts: [Int], sectionReloads: [Int], sectionMoves: [SectionMove],
    itemDeletes: [IndexPath], itemInserts: [IndexPath], itemReloads: [IndexPath], itemReconfigures: [IndexPath],
    itemMoves: [ItemMove]
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionReloads = sectionReloads
    self.sectionMoves = sectionMoves
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemReloads = itemReloads
    self.itemReconfigures = itemReconfigures
    self.itemMoves = itemMoves
  }

  /// Whether the changeset has no operation at all (including reloads and reconfigures).
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionReloads.isEmpty && sectionMoves.isEmpty
      && itemDeletes.isEmpty && itemInserts.isEmpty && itemReloads.isEmpty && itemReconfigures.isEmpty
      && itemMoves.isEmpty
  }
}

extension SnapshotChangeset: Equatable {}
extension SnapshotChangeset: Sendable {}

extension SnapshotChangeset: CustomStringConvertible {
  /// The non-empty operation lists, one per line, for logs and test failures.
  public var description: String {
    var lines: [String] = []
    func add<T>(_ name: String, _ list: [T]) {
      if !list.isEmpty { lines.append("  \(name): \(list.map { "\($0)" }.joined(separator: ", "))") }
    }
    add("sectionDeletes", sectionDeletes)
    add("sectionInserts", sectionInserts)
    add("sectionReloads", sectionReloads)
    add("sectionMoves", sectionMoves)
    add("itemDeletes", itemDeletes)
    add("itemInserts", itemInserts)
    add("itemReloads", itemReloads)
    add("itemMoves", itemMoves)
    add("itemReconfigures", itemReconfigures)
    return lines.isEmpty ? "SnapshotChangeset(empty)" : "SnapshotChangeset(\n" + lines.joined(separator: "\n") + "\n)"
  }
}
