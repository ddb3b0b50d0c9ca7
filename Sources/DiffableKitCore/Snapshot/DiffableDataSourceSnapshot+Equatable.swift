extension DiffableDataSourceSnapshot: Equatable {
  /// Two snapshots are equal when they have the same sections in the same order and the same
  /// items in the same order in each section. Reload and reconfigure marks are **not** compared
  /// (as in Apple's `isEqual:`): they are requests for one apply, not part of the list's state.
  ///
  /// - Complexity: O(n) at worst; O(s) when the per-section item arrays are shared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs._deferred != nil || rhs._deferred != nil {
      return lhs._withCheckedSections { lhs in rhs._withCheckedSections { rhs in lhs._storedSectionsEqual(rhs) } }
    }
    guard lhs.numberOfItems == rhs.numberOfItems, lhs._sectionIDs == rhs._sectionIDs else { return false }
    for position in lhs._slotAtPosition.indices
    where lhs._items(atPosition: position) != rhs._items(atPosition: position) {
      return false
    }
    return true
  }
}
