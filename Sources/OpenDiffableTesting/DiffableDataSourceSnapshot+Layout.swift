import OpenDiffable

extension DiffableDataSourceSnapshot {
  /// A snapshot with the given sections, in order, each holding the given items: the shortest
  /// way to write the snapshots a test compares.
  ///
  /// ```swift
  /// let before = DiffableDataSourceSnapshot(layout: [("a", [1, 2]), ("b", [3])])
  /// ```
  ///
  /// - Precondition: section and item identifiers are unique, as for `appendSections(_:)` and
  ///   `appendItems(_:toSection:)`; otherwise the process stops naming them.
  /// - Complexity: O(n) average for n sections and items.
  public init(layout: [(SectionIdentifierType, [ItemIdentifierType])]) {
    self.init()
    appendSections(layout.map(\.0))
    for (section, items) in layout { appendItems(items, toSection: section) }
  }
}
