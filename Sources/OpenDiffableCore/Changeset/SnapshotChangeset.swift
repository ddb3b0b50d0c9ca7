import Foundation

/// The batch update that turns one snapshot into another, in the coordinates UIKit's
/// `performBatchUpdates(_:completion:)` (and AppKit's equivalent) expects.
///
/// Deletes, reloads and move sources are positions in the **old** snapshot; inserts, move
/// destinations and reconfigures are positions in the **new** one (apply reconfigures after the
/// batch). Every list is sorted ascending (moves by their source). The changeset is always one
/// batch UIKit accepts: items of deleted, inserted or reloaded sections travel with their
/// section, no position appears twice, and an element marked for reload that also moves becomes
/// a delete plus an insert. It is minimal: any other element in both snapshots is kept or moved,
/// never deleted and inserted; the elements that keep their place are a longest increasing
/// subsequence of the survivors, so moving one item to the end is one move; and items of a
/// moved section that keep their order inside it are not moved.
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
/// `OpenDiffableTesting`'s `validate(_:from:to:)` checks a changeset against UIKit's rules.
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
  /// - Complexity: O(n) expected, n the number of items in the sections that changed, plus
  ///   O(m log m) for the m items whose order changed; a section whose items are equal costs one
  ///   comparison. Builds a deferred item index of `old`, and of `new` so that the next diff
  ///   finds it: no hash when `new` equals `old`, one per changed item for integer or `UUID`
  ///   identifiers close to `old`, one per item otherwise.
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
