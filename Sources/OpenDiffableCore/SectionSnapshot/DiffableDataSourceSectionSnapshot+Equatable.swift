extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Two section snapshots are equal when they hold the same items in the same hierarchy —
  /// the same ``items`` in the same order, each at the same level (so with the same parent) —
  /// and the same items are expanded, including childless ones.
  ///
  /// How the values were built does not matter: an outline built with `insert` equals one built
  /// with `append` if the results match.
  ///
  /// - Complexity: O(n); O(1) when the counts differ.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs._nodeByItem.count == rhs._nodeByItem.count else { return false }
    return lhs._nodes.withUnsafeBufferPointer { left in
      rhs._nodes.withUnsafeBufferPointer { right in
        var l = lhs._firstRoot
        var r = rhs._firstRoot
        while l >= 0 && r >= 0 {
          let a = left[l]
          let b = right[r]
          guard a.item == b.item, a.level == b.level, a.isExpanded == b.isExpanded else { return false }
          l = lhs._successor(of: l, within: -1, descend: true, in: left)
          r = rhs._successor(of: r, within: -1, descend: true, in: right)
        }
        return l < 0 && r < 0
      }
    }
  }
}
