import OpenDiffable

// What an app's list code does with the core product. The Swift5Client target compiles this same
// file (a symbolic link) in Swift 5 language mode, this one in Swift 6.

public enum Section: Hashable, Sendable { case pinned, everyone }

public struct Person: Identifiable, Sendable {
  public var id: Int
  public var name: String
  public var isPinned: Bool
  public init(id: Int, name: String, isPinned: Bool) {
    self.id = id
    self.name = name
    self.isPinned = isPinned
  }
}

/// The snapshot of a people screen: pinned people first, then everyone else.
public func makeSnapshot(_ people: [Person]) -> DiffableDataSourceSnapshot<Section, Int> {
  var snapshot = DiffableDataSourceSnapshot<Section, Int>()
  snapshot.appendSections([.pinned, .everyone])
  snapshot.appendItems(people.filter(\.isPinned).map(\.id), toSection: .pinned)
  snapshot.appendItems(people.filter { !$0.isPinned }.map(\.id), toSection: .everyone)
  return snapshot
}

/// The batch a list view would get for a change from `old` to `new`, as counts.
public func changeCounts(from old: [Person], to new: [Person]) -> (deletes: Int, inserts: Int, moves: Int) {
  let changes = SnapshotChangeset(from: makeSnapshot(old), to: makeSnapshot(new))
  return (
    changes.itemDeletes.count, changes.itemInserts.count, changes.itemMoves.count
  )
}
