extension DiffableDataSourceSectionSnapshot {
  /// Marks items as expanded, so that their children are shown whenever the items themselves
  /// are.
  ///
  /// An item needs no children to be expanded: children added later show at once. Identifiers
  /// that are not in the section snapshot are skipped silently, as Apple's implementation does;
  /// already expanded items stay expanded.
  ///
  /// - Complexity: O(k) average for k identifiers — independent of the size of their subtrees;
  ///   the shown rows are computed when ``visibleItems`` is read.
  @inlinable public mutating func expand(_ items: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _setExpanded(items, true)
  }

  /// Marks items as collapsed, hiding all their descendants (the descendants keep their own
  /// expansion state for when the item is expanded again).
  ///
  /// Identifiers that are not in the section snapshot are skipped silently, as Apple's
  /// implementation does.
  ///
  /// - Complexity: O(k) average for k identifiers.
  @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _setExpanded(items, false)
  }

  /// Whether `item` is expanded. Every item starts collapsed.
  ///
  /// - Precondition: `item` is in the section snapshot; otherwise the process stops with a
  ///   message naming it.
  /// - Complexity: O(1) average.
  @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    _nodes[_requireNode(item, "isExpanded(_:)", role: .item)].isExpanded
  }

  /// Whether `item` is shown: every one of its ancestors is expanded. Root items are always
  /// visible; the item's own expansion state does not matter.
  ///
  /// - Precondition: `item` is in the section snapshot; otherwise the process stops with a
  ///   message naming it.
  /// - Complexity: O(h) average, h the level of `item`.
  @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
    var ancestor = _nodes[_requireNode(item, "isVisible(_:)", role: .item)].parent
    while ancestor >= 0 {
      if !_nodes[ancestor].isExpanded { return false }
      ancestor = _nodes[ancestor].parent
    }
    return true
  }

  /// The items that are shown, in order: the root items, and the children of every expanded
  /// item that is shown. These are the rows a data source displays for the section.
  ///
  /// - Complexity: O(v) for v visible items; hidden subtrees are skipped without being visited.
  @inlinable public var visibleItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    _walk(descendingInto: { $0.isExpanded }) { node in result.append(node.item!) }
    return result
  }

  /// The expanded items, in ``items`` order, whether or not they are visible and whether or not
  /// they have children.
  ///
  /// - Complexity: O(n).
  @inlinable public var expandedItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    _walk(descendingInto: { _ in true }) { node in
      if node.isExpanded { result.append(node.item!) }
    }
    return result
  }

  @inlinable mutating func _setExpanded(_ items: [ItemIdentifierType], _ expanded: Bool) {
    for item in items {
      if let node = _nodeByItem[item] { _nodes[node].isExpanded = expanded }
    }
  }
}
