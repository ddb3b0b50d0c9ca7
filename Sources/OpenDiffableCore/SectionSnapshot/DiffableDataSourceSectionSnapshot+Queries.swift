extension DiffableDataSourceSectionSnapshot {
  /// Every item in depth-first order — each item followed by its descendants — including the
  /// descendants of collapsed items, which are not shown.
  ///
  /// - Complexity: O(n).
  @inlinable public var items: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(_nodeByItem.count)
    _walk(descendingInto: { _ in true }) { node in result.append(node.item!) }
    return result
  }

  /// The items at the root level (level 0), in order.
  ///
  /// - Complexity: O(r) for r root items.
  @inlinable public var rootItems: [ItemIdentifierType] {
    _children(of: -1).map { _nodes[$0].item! }
  }

  /// Whether `item` is in the section snapshot, at any level.
  ///
  /// - Complexity: O(1) average.
  @inlinable public func contains(_ item: ItemIdentifierType) -> Bool {
    _nodeByItem[item] != nil
  }

  /// The depth of `item`: 0 for a root item, its parent's level plus one otherwise.
  ///
  /// - Precondition: `item` is in the section snapshot; otherwise the process stops with a
  ///   message naming it. (Apple's header mentions `NSNotFound` for an absent item, but its
  ///   implementation asserts; check with ``contains(_:)`` first.)
  /// - Complexity: O(1) average.
  @inlinable public func level(of item: ItemIdentifierType) -> Int {
    _nodes[_requireNode(item, "level(of:)", role: .item)].level
  }

  /// The position of `item` in ``items`` (depth-first, hidden items included), or nil when it is
  /// not in the section snapshot.
  ///
  /// - Complexity: O(1) average for an absent item; O(p) for a present one, p its position.
  @inlinable public func index(of item: ItemIdentifierType) -> Int? {
    guard let target = _nodeByItem[item] else { return nil }
    var position = 0
    var node = _firstRoot
    return _nodes.withUnsafeBufferPointer { nodes in
      while node != target {
        node = _successor(of: node, within: -1, descend: true, in: nodes)
        position += 1
      }
      return position
    }
  }

  /// The parent of `child`, or nil when `child` is a root item.
  ///
  /// - Precondition: `child` is in the section snapshot; otherwise the process stops with a
  ///   message naming it.
  /// - Complexity: O(1) average.
  @inlinable public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    let parent = _nodes[_requireNode(child, "parent(of:)", role: .child)].parent
    return parent >= 0 ? _nodes[parent].item : nil
  }

  /// A new section snapshot holding the descendants of `parent` — with `parent` itself as the
  /// single root when `includingParent` is true — levels rebased so that the new roots are at
  /// level 0, and expansion states kept. A parent without children gives an empty snapshot
  /// (or one holding just `parent`).
  ///
  /// - Parameters:
  ///   - parent: the item whose subtree is copied.
  ///   - includingParent: whether `parent` is the copy's single root (true) or its children are
  ///     the roots (false, the default).
  /// - Returns: the subtree as a new section snapshot, levels starting at 0.
  /// - Precondition: `parent` is in the section snapshot; otherwise the process stops with a
  ///   message naming it.
  /// - Complexity: O(d) average for d descendants of `parent`.
  @inlinable public func snapshot(
    of parent: ItemIdentifierType, includingParent: Bool = false
  ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
    let node = _requireNode(parent, "snapshot(of:includingParent:)", role: .parent)
    var result = Self()
    let level = _nodes[node].level
    if includingParent {
      result._graft(from: self, topLevel: [node], parent: -1, before: -1, levelDelta: -level)
    } else {
      result._graft(from: self, topLevel: _children(of: node), parent: -1, before: -1, levelDelta: -level - 1)
    }
    return result
  }

  /// Calls `body` with every node in depth-first order, entering the children of a node only
  /// when `descendingInto` returns true for it. O(visited nodes).
  @inlinable func _walk(descendingInto: (_Node) -> Bool, _ body: (_Node) -> Void) {
    _nodes.withUnsafeBufferPointer { nodes in
      var node = _firstRoot
      while node >= 0 {
        let current = nodes[node]
        body(current)
        node = _successor(of: node, within: -1, descend: descendingInto(current), in: nodes)
      }
    }
  }
}
