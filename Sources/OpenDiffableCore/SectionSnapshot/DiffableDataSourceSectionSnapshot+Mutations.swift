extension DiffableDataSourceSectionSnapshot {
  /// Adds items at the end of the root level, or as the last children of `parent`. The new items
  /// are leaves and collapsed; an empty array changes nothing.
  ///
  /// ```swift
  /// outline.append(["Documents", "Music"])           // two roots
  /// outline.append(["Invoices"], to: "Documents")    // a child of "Documents", after any others
  /// ```
  ///
  /// - Parameters:
  ///   - items: the identifiers to add, in order.
  ///   - parent: the item that receives them as children; nil for the root level.
  /// - Precondition: `parent`, when given, is in the section snapshot; `items` are unique and none
  ///   of them is in the section snapshot yet. Otherwise the process stops with a message naming
  ///   the identifiers.
  /// - Complexity: O(k) average for k items.
  @inlinable public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "append(_:to:)"
    var parentNode = -1
    if let parent { parentNode = _requireNode(parent, operation, role: .parent) }
    _requireNew(items, operation)
    let level = parentNode >= 0 ? _nodes[parentNode].level + 1 : 0
    for item in items {
      _link(_allocate(item, level: level, isExpanded: false), parent: parentNode, before: -1)
    }
  }

  /// Inserts items just before `item`, as siblings of it: they get its parent and its level.
  ///
  /// The new items are leaves and collapsed. An empty array changes nothing.
  ///
  /// - Precondition: `item` is in the section snapshot; `items` are unique and new. Otherwise the
  ///   process stops with a message naming the identifiers.
  /// - Complexity: O(k) average for k items.
  @inlinable public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "insert(_:before:)"
    let destination = _requireNode(item, operation, role: .insertBefore)
    _requireNew(items, operation)
    _insertLeaves(items, parent: _nodes[destination].parent, before: destination)
  }

  /// Inserts items just after `item` and its whole subtree, as siblings of `item`: they get its
  /// parent and its level.
  ///
  /// In ``items`` order the new items therefore follow the last descendant of `item`, not `item`
  /// itself. The new items are leaves and collapsed. An empty array changes nothing.
  ///
  /// - Precondition: `item` is in the section snapshot; `items` are unique and new. Otherwise the
  ///   process stops with a message naming the identifiers.
  /// - Complexity: O(k) average for k items.
  @inlinable public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "insert(_:after:)"
    let destination = _requireNode(item, operation, role: .insertAfter)
    _requireNew(items, operation)
    _insertLeaves(items, parent: _nodes[destination].parent, before: _nodes[destination].next)
  }

  /// Inserts the whole outline of `snapshot` just before `item`: its roots become siblings of
  /// `item` (same parent, same level) and their descendants come along, levels shifted
  /// accordingly. The inserted items keep their expansion state.
  ///
  /// - Parameters:
  ///   - snapshot: the outline to insert; none of its items may be in this section snapshot.
  ///   - item: the item the outline's roots are inserted before, as its siblings.
  /// - Precondition: `item` is in this section snapshot; no item of `snapshot` is. Otherwise the
  ///   process stops with a message naming the identifiers.
  /// - Complexity: O(k) average for k items in `snapshot`.
  @inlinable public mutating func insert(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "insert(_:before:)"
    let destination = _requireNode(item, operation, role: .insertBefore)
    _requireNew(snapshot.items, operation)
    _graft(
      from: snapshot, topLevel: snapshot._children(of: -1), parent: _nodes[destination].parent,
      before: destination, levelDelta: _nodes[destination].level)
  }

  /// Inserts the whole outline of `snapshot` just after `item` and its subtree: the roots of
  /// `snapshot` become siblings of `item` (same parent, same level) and their descendants come
  /// along, levels shifted accordingly. The inserted items keep their expansion state.
  ///
  /// - Parameters:
  ///   - snapshot: the outline to insert; none of its items may be in this section snapshot.
  ///   - item: the item after whose subtree the outline's roots are inserted, as its siblings.
  /// - Precondition: `item` is in this section snapshot; no item of `snapshot` is. Otherwise the
  ///   process stops with a message naming the identifiers.
  /// - Complexity: O(k) average for k items in `snapshot`.
  @inlinable public mutating func insert(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "insert(_:after:)"
    let destination = _requireNode(item, operation, role: .insertAfter)
    _requireNew(snapshot.items, operation)
    _graft(
      from: snapshot, topLevel: snapshot._children(of: -1), parent: _nodes[destination].parent,
      before: _nodes[destination].next, levelDelta: _nodes[destination].level)
  }

  /// Deletes items together with all their descendants.
  ///
  /// Naming an item and one of its descendants in the same call is allowed; the descendant goes
  /// with its ancestor.
  ///
  /// - Precondition: every identifier is in the section snapshot when the call starts, and none
  ///   is repeated. Otherwise the process stops with a message naming them. This is stricter
  ///   than the full snapshot's `deleteItems(_:)`, which skips unknown identifiers; Apple's section
  ///   snapshot asserts the same way.
  /// - Complexity: O(k + d) average for k identifiers and d deleted descendants.
  @inlinable public mutating func delete(_ items: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "delete(_:)"
    let repeated = _repeatedIdentifiers(items)
    if !repeated.isEmpty { _sectionSnapshotRepeated(operation, repeated) }
    let missing = items.filter { _nodeByItem[$0] == nil }
    if !missing.isEmpty { _sectionSnapshotMissing(operation, role: .deleted, missing) }
    for item in items {
      // Already gone when an ancestor was deleted earlier in this call.
      guard let node = _nodeByItem[item] else { continue }
      _unlink(node)
      _freeSubtree(node)
    }
    _compactIfSparse()
  }

  /// Deletes every item, leaving an empty section snapshot.
  ///
  /// - Complexity: O(1) (the old storage is released when no other value shares it).
  @inlinable public mutating func deleteAll() {
    defer { _checkInvariantsIfEnabled() }
    self = Self()
  }

  /// Replaces all the descendants of `parent` with the outline of `snapshot`: its roots become
  /// the children of `parent`, with their descendants and the expansion states `snapshot` gives
  /// them. `parent` and its expansion state stay; an empty `snapshot` just removes the
  /// descendants. `snapshot` may hold current descendants of `parent` (they move where it puts
  /// them), but no other item of this section snapshot.
  ///
  /// - Parameters:
  ///   - parent: the item whose descendants are replaced; it stays, with its expansion state.
  ///   - snapshot: the new children of `parent` (its roots) and their descendants.
  /// - Precondition: `parent` is in the section snapshot; `snapshot` does not contain `parent` or
  ///   any item outside the subtree of `parent`. Otherwise the process stops with a message
  ///   naming the identifiers.
  /// - Complexity: O(d + k·h) average: d current descendants, k items in `snapshot`, h the depth
  ///   of `parent`.
  @inlinable public mutating func replace(
    childrenOf parent: ItemIdentifierType, using snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "replace(childrenOf:using:)"
    let parentNode = _requireNode(parent, operation, role: .parent)
    _requireNew(snapshot.items, operation) { node in self._isDescendant(node, of: parentNode) }
    var child = _nodes[parentNode].firstChild
    while child >= 0 {
      let next = _nodes[child].next
      _unlink(child)
      _freeSubtree(child)
      child = next
    }
    _graft(
      from: snapshot, topLevel: snapshot._children(of: -1), parent: parentNode, before: -1,
      levelDelta: _nodes[parentNode].level + 1)
    _compactIfSparse()
  }

  /// Adds new leaves under `parent` before `sibling`. The caller has validated `items`. O(k).
  @inlinable mutating func _insertLeaves(_ items: [ItemIdentifierType], parent: Int, before sibling: Int) {
    let level = parent >= 0 ? _nodes[parent].level + 1 : 0
    for item in items {
      _link(_allocate(item, level: level, isExpanded: false), parent: parent, before: sibling)
    }
  }
}
