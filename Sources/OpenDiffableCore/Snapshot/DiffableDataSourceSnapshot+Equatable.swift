extension DiffableDataSourceSnapshot: Equatable {
  /// Two snapshots are equal when they have the same sections in the same order and the same
  /// items in the same order in each section. Reload and reconfigure marks are **not** compared
  /// (as in Apple's `isEqual:`): they are requests for one apply, not part of the list's state.
  ///
  /// - Complexity: O(n) at worst; O(s) when the per-section item arrays are shared. A snapshot
  ///   being built whose appended items were never checked builds its item index first (O(n),
  ///   once).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._withCheckedSections { lhs in rhs._withCheckedSections { rhs in lhs._storedSectionsEqual(rhs) } }
  }
}
