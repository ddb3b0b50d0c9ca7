/// One item of an outline written with ``DiffableDataSourceSectionSnapshotBuilder``: its
/// identifier, whether it is expanded, and its children.
///
/// ```swift
/// let outline = DiffableDataSourceSectionSnapshot<String> {
///   SnapshotItem("Documents") {
///     SnapshotItem("Invoices")
///     "Letters"                  // a bare identifier is a collapsed leaf
///   }
///   .expanded()
///   "Music"
/// }
/// ```
///
/// Its expansion state is the `isExpanded:` argument or the ``expanded(_:)`` modifier. (ListKit
/// calls its counterpart `OutlineItem(item:isExpanded:)`.)
public struct SnapshotItem<ItemIdentifierType: Hashable> {
  /// The item's identifier.
  public var item: ItemIdentifierType
  /// Whether the item is expanded (``DiffableDataSourceSectionSnapshot/expand(_:)``). Items are
  /// collapsed unless written otherwise, as `append(_:to:)` leaves them.
  public var isExpanded: Bool
  /// The item's children, in order, with theirs.
  public var children: [SnapshotItem]

  /// An item with the given children (none by default).
  ///
  /// - Complexity: O(1).
  @inlinable public init(_ item: ItemIdentifierType, isExpanded: Bool = false, children: [SnapshotItem] = []) {
    self.item = item
    self.isExpanded = isExpanded
    self.children = children
  }

  /// An item whose children a ``DiffableDataSourceSectionSnapshotBuilder`` closure lists.
  ///
  /// - Complexity: O(c) for its c children written as separate expressions.
  @inlinable public init(
    _ item: ItemIdentifierType, isExpanded: Bool = false,
    @DiffableDataSourceSectionSnapshotBuilder<ItemIdentifierType> children: () -> [SnapshotItem]
  ) {
    self.init(item, isExpanded: isExpanded, children: children())
  }

  /// This item, expanded (or collapsed, with `false`).
  ///
  /// - Complexity: O(1).
  @inlinable public func expanded(_ isExpanded: Bool = true) -> SnapshotItem {
    var copy = self
    copy.isExpanded = isExpanded
    return copy
  }
}

extension SnapshotItem: Sendable where ItemIdentifierType: Sendable {}
extension SnapshotItem: Equatable {}

/// The result builder of ``DiffableDataSourceSectionSnapshot``’s `init(_:)` taking a closure and of a
/// ``SnapshotItem``'s children: lists the items of one level of an outline.
///
/// An expression may be a ``SnapshotItem`` (with its children and expansion state), a bare
/// identifier (a collapsed leaf), an optional of either (nil adds nothing) or an array of either;
/// `if`, `if`/`else`, `switch`, `if #available` and `for` loops may mix them.
@resultBuilder
public enum DiffableDataSourceSectionSnapshotBuilder<ItemIdentifierType: Hashable> {
  public typealias Item = SnapshotItem<ItemIdentifierType>
  @_documentation(visibility: internal) public typealias Component = SnapshotBuilderComponent<Item>

  /// One item, with its children. O(1).
  @inlinable public static func buildExpression(_ item: Item) -> Component { Component(single: item) }

  /// An item or nothing. O(1).
  @inlinable public static func buildExpression(_ item: Item?) -> Component {
    if let item { return Component(single: item) }
    return Component()
  }

  /// Items, in order. O(1).
  @inlinable public static func buildExpression(_ items: [Item]) -> Component { Component(elements: items) }

  /// A collapsed leaf. O(1).
  @inlinable public static func buildExpression(_ identifier: ItemIdentifierType) -> Component {
    Component(single: Item(identifier))
  }

  /// A collapsed leaf or nothing. O(1).
  @inlinable public static func buildExpression(_ identifier: ItemIdentifierType?) -> Component {
    if let identifier { return Component(single: Item(identifier)) }
    return Component()
  }

  /// Collapsed leaves, in order. O(k) for k identifiers.
  @inlinable public static func buildExpression(_ identifiers: [ItemIdentifierType]) -> Component {
    Component(elements: identifiers.map { Item($0) })
  }

  /// An empty closure. O(1).
  @inlinable public static func buildBlock() -> Component { Component() }

  /// The first part of a closure. O(1).
  @inlinable public static func buildPartialBlock(first: Component) -> Component { first }

  /// The parts of a closure, in order. O(k) for the k items so far.
  @inlinable public static func buildPartialBlock(accumulated: Component, next: Component) -> Component {
    Component._concatenate(accumulated, next)
  }

  /// An `if` without `else`. O(1).
  @inlinable public static func buildOptional(_ component: Component?) -> Component { component ?? Component() }

  /// The first branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(first component: Component) -> Component { component }

  /// The second branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(second component: Component) -> Component { component }

  /// A `for` loop: its iterations' items in one array. O(k) for k items.
  @inlinable public static func buildArray(_ components: [Component]) -> Component { Component._joined(components) }

  /// An `if #available` branch. O(1).
  @inlinable public static func buildLimitedAvailability(_ component: Component) -> Component { component }

  /// The closure's items, in order. O(1).
  @inlinable public static func buildFinalResult(_ component: Component) -> [Item] { component._array }
}

extension DiffableDataSourceSectionSnapshot {
  /// Creates a section snapshot from an outline written as a result-builder expression.
  ///
  /// ```swift
  /// let outline = DiffableDataSourceSectionSnapshot<String> {
  ///   SnapshotItem("Documents", isExpanded: true) { "Invoices"; "Letters" }
  ///   "Music"
  /// }
  /// outline.visibleItems  // ["Documents", "Invoices", "Letters", "Music"]
  /// ```
  ///
  /// The result is what `append(_:to:)` of the roots, then of every item's children, then
  /// `expand(_:)` of the items written expanded, builds, with the same checks.
  ///
  /// - Parameter content: the root items, with their descendants.
  /// - Precondition: every identifier appears once in the whole outline; otherwise the process
  ///   stops with the message of `append(_:to:)`, naming where the builder listed the repeats
  ///   (`append(_:to:) in the children of SnapshotItem("Documents")`).
  /// - Complexity: O(n) average for n items.
  @inlinable public init(
    @DiffableDataSourceSectionSnapshotBuilder<ItemIdentifierType> _ content: () -> [SnapshotItem<ItemIdentifierType>]
  ) {
    self.init()
    _appendBuiltItems(content(), parent: -1)
    _checkInvariantsIfEnabled()
  }

  /// Appends `items` as the last children of the node `parent` (-1: the roots), then each item's
  /// children under it. Checks each sibling list as `append(_:to:)` does; the
  /// operation naming the builder's parent is formatted only for a stop. O(k) average for the k
  /// items of the subtrees.
  @inlinable mutating func _appendBuiltItems(_ items: [SnapshotItem<ItemIdentifierType>], parent: Int) {
    var identifiers: [ItemIdentifierType] = []
    identifiers.reserveCapacity(items.count)
    for item in items { identifiers.append(item.item) }
    _requireNew(identifiers, Self._builderAppendOperation(parent: parent < 0 ? nil : _nodes[parent].item))
    let level = parent >= 0 ? _nodes[parent].level + 1 : 0
    // Every sibling is in before any child is checked, as `append(_:to:)` of the level and then
    // of each item's children would have it: a child repeating a later sibling is a stop.
    var nodes: [Int] = []
    nodes.reserveCapacity(items.count)
    for item in items {
      let node = _allocate(item.item, level: level, isExpanded: item.isExpanded)
      _link(node, parent: parent, before: -1)
      nodes.append(node)
    }
    for (item, node) in zip(items, nodes) where !item.children.isEmpty {
      _appendBuiltItems(item.children, parent: node)
    }
  }

  /// The operation named by a builder's stop: `append(_:to:)` and the builder's parent.
  @usableFromInline static func _builderAppendOperation(parent: ItemIdentifierType?) -> String {
    guard let parent else { return "append(_:to:) in the root SnapshotItems" }
    return "append(_:to:) in the children of SnapshotItem(\(String(reflecting: parent)))"
  }
}
