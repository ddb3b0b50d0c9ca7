/// The items of one section arranged as an outline — a forest of items where any item can have
/// children — together with which items are expanded.
///
/// A drop-in for Apple's `NSDiffableDataSourceSectionSnapshot`: the same members, argument
/// labels, defaults and semantics. Build it with ``append(_:to:)`` and `insert`, choose what is
/// expanded with ``expand(_:)`` and ``collapse(_:)``; a data source's section then shows its
/// ``visibleItems``: the roots, and the children of every expanded item that is itself visible.
///
/// ```swift
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Documents", "Music"])
/// outline.append(["Invoices", "Letters"], to: "Documents")
/// outline.expand(["Documents"])
/// outline.visibleItems  // ["Documents", "Invoices", "Letters", "Music"]
/// ```
///
/// An identifier appears at most once in the whole outline. Expansion state belongs to the item
/// (an item can be expanded before it has children) and is copied with the value.
///
/// ## Performance
/// ``contains(_:)``, ``isExpanded(_:)``, ``parent(of:)`` and ``level(of:)`` are O(1) on average,
/// ``isVisible(_:)`` O(depth); ``expand(_:)`` and ``collapse(_:)`` are O(k) for k identifiers,
/// ``visibleItems`` O(v) for v visible items, ``items`` and ``expandedItems`` O(n). Adding k
/// items is O(k); deleting an item costs O(1) plus the size of its subtree.
///
/// ## Misuse
/// Where Apple's implementation stops the process, this one stops too, with a message naming the
/// operation, the identifiers and the fix: a parent or insertion point not in the outline, an
/// identifier repeated or already in it, an item not in it deleted or asked about (``level(of:)``,
/// ``parent(of:)``, …). ``expand(_:)`` and ``collapse(_:)`` skip unknown identifiers and
/// ``index(of:)`` returns nil for them, as Apple's do. An identifier that breaks `Hashable`'s
/// contract may be lost (`Double.nan` is stored but never found); memory stays safe.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
  /// Every node ever allocated; freed nodes have a nil item and are listed in `_free`.
  @usableFromInline var _nodes: [_Node] = []
  /// Indexes of freed nodes, ready for reuse.
  @usableFromInline var _free: [Int] = []
  /// Identifier → node index.
  @usableFromInline var _nodeByItem = _HashPinnedDictionary<ItemIdentifierType, Int>()
  /// The first and last root nodes, or -1.
  @usableFromInline var _firstRoot: Int = -1
  @usableFromInline var _lastRoot: Int = -1

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable public init() {}

  /// Creates a copy of `snapshot`: the same items, hierarchy and expansion state.
  ///
  /// - Complexity: O(1); the storage is copied on the first mutation of either value.
  @inlinable public init(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
    self = snapshot
  }
}

extension DiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}
extension DiffableDataSourceSectionSnapshot._Node: Sendable where ItemIdentifierType: Sendable {}

extension DiffableDataSourceSectionSnapshot {
  /// One item of the outline. Links are node indexes, -1 for none.
  @usableFromInline
  struct _Node {
    /// The identifier; nil while the node is free.
    @usableFromInline var item: ItemIdentifierType?
    @usableFromInline var parent: Int
    @usableFromInline var firstChild: Int
    @usableFromInline var lastChild: Int
    @usableFromInline var previous: Int
    @usableFromInline var next: Int
    /// 0 for a root, the parent's level plus one otherwise. Never changes while the node lives:
    /// there is no operation that moves an item.
    @usableFromInline var level: Int
    @usableFromInline var isExpanded: Bool

    @inlinable init(item: ItemIdentifierType?, level: Int, isExpanded: Bool) {
      self.item = item
      self.parent = -1
      self.firstChild = -1
      self.lastChild = -1
      self.previous = -1
      self.next = -1
      self.level = level
      self.isExpanded = isExpanded
    }
  }
}

// MARK: - Node plumbing

extension DiffableDataSourceSectionSnapshot {
  /// Allocates an unlinked node for `item` and records it in the identifier table.
  /// The caller has checked that `item` is new. O(1) amortized.
  @inlinable mutating func _allocate(_ item: ItemIdentifierType, level: Int, isExpanded: Bool) -> Int {
    let node = _Node(item: item, level: level, isExpanded: isExpanded)
    let index: Int
    if let reused = _free.popLast() {
      _nodes[reused] = node
      index = reused
    } else {
      _nodes.append(node)
      index = _nodes.count - 1
    }
    _nodeByItem[item] = index
    return index
  }

  /// Links the unlinked node `node` under `parent` (-1: at root level) just before the sibling
  /// `sibling` (-1: as the last child). O(1).
  @inlinable mutating func _link(_ node: Int, parent: Int, before sibling: Int) {
    let previous = sibling >= 0 ? _nodes[sibling].previous : (parent >= 0 ? _nodes[parent].lastChild : _lastRoot)
    _nodes[node].parent = parent
    _nodes[node].previous = previous
    _nodes[node].next = sibling
    if previous >= 0 { _nodes[previous].next = node } else { _setFirstChild(of: parent, node) }
    if sibling >= 0 { _nodes[sibling].previous = node } else { _setLastChild(of: parent, node) }
  }

  /// Takes `node` (with its subtree) out of its sibling list. O(1).
  @inlinable mutating func _unlink(_ node: Int) {
    let parent = _nodes[node].parent
    let previous = _nodes[node].previous
    let next = _nodes[node].next
    if previous >= 0 { _nodes[previous].next = next } else { _setFirstChild(of: parent, next) }
    if next >= 0 { _nodes[next].previous = previous } else { _setLastChild(of: parent, previous) }
    _nodes[node].previous = -1
    _nodes[node].next = -1
    _nodes[node].parent = -1
  }

  @inlinable mutating func _setFirstChild(of parent: Int, _ node: Int) {
    if parent >= 0 { _nodes[parent].firstChild = node } else { _firstRoot = node }
  }

  @inlinable mutating func _setLastChild(of parent: Int, _ node: Int) {
    if parent >= 0 { _nodes[parent].lastChild = node } else { _lastRoot = node }
  }

  /// The node after `node` in depth-first order, staying inside the subtree of `root` (-1: the
  /// whole outline). Children are entered only when `descend` is true. O(depth) at worst, O(1)
  /// amortized over a whole walk.
  @inlinable func _successor(of node: Int, within root: Int, descend: Bool) -> Int {
    _nodes.withUnsafeBufferPointer { _successor(of: node, within: root, descend: descend, in: $0) }
  }

  @inlinable func _successor(
    of node: Int, within root: Int, descend: Bool, in nodes: UnsafeBufferPointer<_Node>
  ) -> Int {
    if descend, nodes[node].firstChild >= 0 { return nodes[node].firstChild }
    var current = node
    while current != root {
      let next = nodes[current].next
      if next >= 0 { return next }
      current = nodes[current].parent
    }
    return -1
  }

  /// Frees `node` and its whole subtree; the node must already be unlinked.
  /// O(size of the subtree) average.
  @inlinable mutating func _freeSubtree(_ node: Int) {
    var current = node
    var freed: [Int] = []
    while current >= 0 {
      freed.append(current)
      current = _successor(of: current, within: node, descend: true)
    }
    for index in freed {
      _nodeByItem.removeValue(forKey: _nodes[index].item!)
      _nodes[index] = _Node._freed
      _free.append(index)
    }
  }

  /// Renumbers the nodes densely when more than half of the table is free, so memory follows
  /// the number of items. O(n), at most once per n freed nodes: O(1) amortized per deletion.
  @inlinable mutating func _compactIfSparse() {
    guard _free.count > 64, _free.count > _nodeByItem.count else { return }
    if _nodeByItem.isEmpty {
      self = Self()
      return
    }
    var compacted = Self()
    compacted._nodes.reserveCapacity(_nodeByItem.count)
    compacted._nodeByItem.reserveCapacity(_nodeByItem.count)
    compacted._graft(from: self, topLevel: _children(of: -1), parent: -1, before: -1, levelDelta: 0)
    self = compacted
  }

  /// The children of `parent` (-1: the roots), in order. O(number of children).
  @inlinable func _children(of parent: Int) -> [Int] {
    var result: [Int] = []
    var child = parent >= 0 ? _nodes[parent].firstChild : _firstRoot
    while child >= 0 {
      result.append(child)
      child = _nodes[child].next
    }
    return result
  }

  /// Copies the subtrees of `other` rooted at the nodes `topLevel`, in order, under `parent`
  /// (-1: at root level) before `sibling` (-1: as the last children). A copied node's level is
  /// its level in `other` plus `levelDelta`; its expansion state is kept.
  ///
  /// The caller has checked that none of the copied identifiers is in `self`.
  /// - Complexity: O(k) average for k copied items.
  @inlinable mutating func _graft(
    from other: Self, topLevel: [Int], parent: Int, before sibling: Int, levelDelta: Int
  ) {
    // The copies of the ancestors of the node being copied: (node in other, node in self).
    var ancestors: [(source: Int, copy: Int)] = []
    other._nodes.withUnsafeBufferPointer { source in
      for top in topLevel {
        ancestors.removeAll(keepingCapacity: true)
        var current = top
        while current >= 0 {
          let node = source[current]
          let copy = _allocate(node.item!, level: node.level + levelDelta, isExpanded: node.isExpanded)
          if current == top {
            _link(copy, parent: parent, before: sibling)
          } else {
            while let last = ancestors.last, last.source != node.parent { ancestors.removeLast() }
            _link(copy, parent: ancestors.last!.copy, before: -1)
          }
          ancestors.append((current, copy))
          current = other._successor(of: current, within: top, descend: true, in: source)
        }
      }
    }
  }

  /// The node of `item`, or a stop naming `operation` and the item's role.
  @inlinable func _requireNode(_ item: ItemIdentifierType, _ operation: String, role: _Role) -> Int {
    guard let node = _nodeByItem[item] else { _sectionSnapshotMissing(operation, role: role, [item]) }
    return node
  }

  /// Stops when `items` repeats an identifier or names one that is already in the outline
  /// (other than those for which `isReplaced` returns true). O(k) average.
  @inlinable func _requireNew(
    _ items: [ItemIdentifierType], _ operation: @autoclosure () -> String,
    isReplaced: (Int) -> Bool = { _ in false }
  ) {
    let repeated = _repeatedIdentifiers(items)
    if !repeated.isEmpty { _sectionSnapshotRepeated(operation(), repeated) }
    let existing = items.filter { item in
      guard let node = _nodeByItem[item] else { return false }
      return !isReplaced(node)
    }
    if !existing.isEmpty { _sectionSnapshotExisting(operation(), existing) }
  }

  /// Whether `ancestor` is a strict ancestor of `node`. O(depth).
  @inlinable func _isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    var current = _nodes[node].parent
    while current >= 0 {
      if current == ancestor { return true }
      current = _nodes[current].parent
    }
    return false
  }
}

extension DiffableDataSourceSectionSnapshot._Node {
  /// A free node's contents.
  @inlinable static var _freed: Self { Self(item: nil, level: -1, isExpanded: false) }
}

// MARK: - Invariants

extension DiffableDataSourceSectionSnapshot {
  /// Calls ``_checkInvariants()`` when OpenDiffable is compiled with the
  /// `OPENDIFFABLE_INTERNAL_CHECKS` condition; does nothing otherwise. Every public mutating
  /// member calls it last.
  @inlinable @inline(__always)
  func _checkInvariantsIfEnabled() {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      _checkAllInvariants()
    #endif
  }

  /// Checks every internal invariant; traps with a description of the first broken one.
  ///
  /// For tests and debugging. - Complexity: O(n).
  /// Not public API: `@_spi(Testing) import OpenDiffableCore` to call it (tests, the fuzz target).
  @_spi(Testing) public func _checkInvariants() { _checkAllInvariants() }

  /// ``_checkInvariants()``'s body: an SPI member cannot be called from `@inlinable` code
  /// (``_checkInvariantsIfEnabled()``).
  @usableFromInline
  func _checkAllInvariants() {
    var visited = 0
    var previousAtLevel: [Int] = []
    var node = _firstRoot
    precondition(_firstRoot < 0 || _nodes[_firstRoot].previous == -1, "first root has a previous sibling")
    precondition(_lastRoot < 0 || _nodes[_lastRoot].next == -1, "last root has a next sibling")
    precondition((_firstRoot < 0) == (_lastRoot < 0), "root list ends disagree")
    while node >= 0 {
      visited += 1
      precondition(visited <= _nodeByItem.count, "the links form a cycle or reach unindexed nodes")
      let current = _nodes[node]
      guard let item = current.item else { preconditionFailure("node \(node) is linked but free") }
      // An item not equal to itself (`Double.nan`) is stored but never found, as in a `Dictionary`.
      precondition(item != item || _nodeByItem[item] == node, "item \(item) maps to the wrong node")
      if current.parent >= 0 {
        let parent = _nodes[current.parent]
        precondition(current.level == parent.level + 1, "item \(item) has the wrong level")
        if current.previous < 0 { precondition(parent.firstChild == node, "\(item) is not its parent's first child") }
        if current.next < 0 { precondition(parent.lastChild == node, "\(item) is not its parent's last child") }
      } else {
        precondition(current.level == 0, "root \(item) has level \(current.level)")
        if current.previous < 0 { precondition(_firstRoot == node, "\(item) is not the first root") }
        if current.next < 0 { precondition(_lastRoot == node, "\(item) is not the last root") }
      }
      if current.previous >= 0 {
        precondition(_nodes[current.previous].next == node, "sibling links of \(item) disagree")
        precondition(_nodes[current.previous].parent == current.parent, "a sibling of \(item) has another parent")
      }
      if current.firstChild >= 0 {
        precondition(_nodes[current.firstChild].parent == node, "first child of \(item) has another parent")
        precondition(current.lastChild >= 0, "\(item) has a first child but no last child")
      } else {
        precondition(current.lastChild < 0, "\(item) has a last child but no first child")
      }
      // Depth-first order: a node's level is at most one more than the previous node's.
      if previousAtLevel.count < current.level { preconditionFailure("\(item) skips a level") }
      previousAtLevel.removeSubrange(current.level...)
      previousAtLevel.append(node)
      node = _successor(of: node, within: -1, descend: true)
    }
    precondition(visited == _nodeByItem.count, "the identifier table holds unlinked items")
    let free = Set(_free)
    precondition(free.count == _free.count, "a free node is listed twice")
    precondition(visited + free.count == _nodes.count, "some nodes are neither linked nor free")
    for index in free { precondition(_nodes[index].item == nil, "free node \(index) still holds an item") }
  }
}
