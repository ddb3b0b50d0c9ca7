/// One section of a snapshot written with ``DiffableDataSourceSnapshotBuilder``: its identifier
/// and its items, in order.
///
/// ```swift
/// let snapshot = DiffableDataSourceSnapshot<String, Int> {
///   SnapshotSection("favorites") { 1; 2; 3 }
///   SnapshotSection("all", items: allIDs)
/// }
/// ```
///
/// The spelling follows ListKit's `SnapshotSection`, so code written for it reads the same here.
public struct SnapshotSection<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The section's identifier.
  public var identifier: SectionIdentifierType
  /// The section's items, in order.
  public var items: [ItemIdentifierType]

  /// A section holding `items`.
  ///
  /// - Complexity: O(1): the array is stored, not copied, and handed as it is to
  ///   ``DiffableDataSourceSnapshot/appendItems(_:toSection:)``.
  @inlinable public init(_ identifier: SectionIdentifierType, items: [ItemIdentifierType] = []) {
    self.identifier = identifier
    self.items = items
  }

  /// A section whose items a ``SnapshotItemsBuilder`` closure lists: identifiers, arrays and
  /// optionals of them, `if`/`else`, `switch` and `for` loops.
  ///
  /// ```swift
  /// SnapshotSection(Section.contacts) {
  ///   me.id
  ///   favoriteIDs              // an array is kept whole, not appended element by element
  ///   if showsArchived { archivedIDs }
  ///   for contact in others { contact.id }
  /// }
  /// ```
  ///
  /// - Complexity: O(k) for k items; an array written alone in the closure is stored without
  ///   being copied.
  @inlinable public init(
    _ identifier: SectionIdentifierType,
    @SnapshotItemsBuilder<ItemIdentifierType> items: () -> [ItemIdentifierType]
  ) {
    self.identifier = identifier
    self.items = items()
  }
}

extension SnapshotSection: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension SnapshotSection: Equatable {}

/// The result builder of a ``SnapshotSection``'s item closure: lists item identifiers.
///
/// An expression may be an identifier, an optional one (nil adds nothing) or an array of them;
/// `if`, `if`/`else`, `switch`, `if #available` and `for` loops may mix them.
@resultBuilder
public enum SnapshotItemsBuilder<ItemIdentifierType: Hashable> {
  @_documentation(visibility: internal) public typealias Component = SnapshotBuilderComponent<ItemIdentifierType>

  /// One identifier. O(1), no allocation.
  @inlinable public static func buildExpression(_ item: ItemIdentifierType) -> Component {
    Component(single: item)
  }

  /// An identifier or nothing. O(1).
  @inlinable public static func buildExpression(_ item: ItemIdentifierType?) -> Component {
    if let item { return Component(single: item) }
    return Component()
  }

  /// Identifiers, kept as one array (not copied). O(1).
  @inlinable public static func buildExpression(_ items: [ItemIdentifierType]) -> Component {
    Component(elements: items)
  }

  /// An empty closure. O(1).
  @inlinable public static func buildBlock() -> Component { Component() }

  /// The first part of a closure. O(1).
  @inlinable public static func buildPartialBlock(first: Component) -> Component { first }

  /// The parts of a closure, in order. O(k) for the k identifiers so far.
  @inlinable public static func buildPartialBlock(accumulated: Component, next: Component) -> Component {
    Component._concatenate(accumulated, next)
  }

  /// An `if` without `else`. O(1).
  @inlinable public static func buildOptional(_ component: Component?) -> Component { component ?? Component() }

  /// The first branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(first component: Component) -> Component { component }

  /// The second branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(second component: Component) -> Component { component }

  /// A `for` loop: its iterations' identifiers in one array, allocated once. O(k) for k
  /// identifiers.
  @inlinable public static func buildArray(_ components: [Component]) -> Component { Component._joined(components) }

  /// An `if #available` branch. O(1).
  @inlinable public static func buildLimitedAvailability(_ component: Component) -> Component { component }

  /// The closure's identifiers, in order. O(1) (an array of one for a single identifier).
  @inlinable public static func buildFinalResult(_ component: Component) -> [ItemIdentifierType] {
    component._array
  }
}

/// The result builder of ``DiffableDataSourceSnapshot/init(_:)``: lists ``SnapshotSection``
/// values, in order.
///
/// An expression may be a section, an optional one (nil adds nothing) or an array of them;
/// `if`, `if`/`else`, `switch`, `if #available` and `for` loops may mix them.
@resultBuilder
public enum DiffableDataSourceSnapshotBuilder<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  public typealias Section = SnapshotSection<SectionIdentifierType, ItemIdentifierType>
  @_documentation(visibility: internal) public typealias Component = SnapshotBuilderComponent<Section>

  /// One section. O(1).
  @inlinable public static func buildExpression(_ section: Section) -> Component { Component(single: section) }

  /// A section or nothing. O(1).
  @inlinable public static func buildExpression(_ section: Section?) -> Component {
    if let section { return Component(single: section) }
    return Component()
  }

  /// Sections, in order. O(1).
  @inlinable public static func buildExpression(_ sections: [Section]) -> Component { Component(elements: sections) }

  /// An empty closure. O(1).
  @inlinable public static func buildBlock() -> Component { Component() }

  /// The first part of a closure. O(1).
  @inlinable public static func buildPartialBlock(first: Component) -> Component { first }

  /// The parts of a closure, in order. O(s) for the s sections so far.
  @inlinable public static func buildPartialBlock(accumulated: Component, next: Component) -> Component {
    Component._concatenate(accumulated, next)
  }

  /// An `if` without `else`. O(1).
  @inlinable public static func buildOptional(_ component: Component?) -> Component { component ?? Component() }

  /// The first branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(first component: Component) -> Component { component }

  /// The second branch of an `if`/`else` or `switch`. O(1).
  @inlinable public static func buildEither(second component: Component) -> Component { component }

  /// A `for` loop: its iterations' sections in one array. O(s) for s sections.
  @inlinable public static func buildArray(_ components: [Component]) -> Component { Component._joined(components) }

  /// An `if #available` branch. O(1).
  @inlinable public static func buildLimitedAvailability(_ component: Component) -> Component { component }

  /// The closure's sections, in order. O(1).
  @inlinable public static func buildFinalResult(_ component: Component) -> [Section] { component._array }
}

extension DiffableDataSourceSnapshot {
  /// Creates a snapshot from sections written as a result-builder expression.
  ///
  /// ```swift
  /// let snapshot = DiffableDataSourceSnapshot<String, Int> {
  ///   SnapshotSection("favorites") { 1; 2; 3 }
  ///   if showsAll { SnapshotSection("all", items: otherIDs) }
  /// }
  /// ```
  ///
  /// The result is what `appendSections(_:)` of every section, then one
  /// `appendItems(_:toSection:)` per section, builds: the same sections, items, order and checks.
  ///
  /// - Parameter content: the sections, in order.
  /// - Precondition: section identifiers are unique, and so are the items of each section;
  ///   otherwise the process stops with the message of `appendSections(_:)` or
  ///   `appendItems(_:toSection:)`, naming the repeats and the section
  ///   (`appendItems(_:toSection:) in SnapshotSection("a")`), when that append would. An item
  ///   listed in two sections ends up in the later one, with `appendItems`' warning.
  /// - Complexity: O(s + k) for s sections and k items written as separate expressions; arrays
  ///   of items are stored without being copied.
  @inlinable public init(
    @DiffableDataSourceSnapshotBuilder<SectionIdentifierType, ItemIdentifierType> _ content: () -> [SnapshotSection<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    self.init()
    _appendBuiltSections(content())
  }

  /// Appends `sections` as ``init(_:)`` does: their identifiers in one `appendSections(_:)`, then
  /// each section's items in one append naming the builder's section. O(s + k) for the
  /// identifiers, plus what the appends cost.
  @inlinable mutating func _appendBuiltSections(
    _ sections: [SnapshotSection<SectionIdentifierType, ItemIdentifierType>]
  ) {
    var identifiers: [SectionIdentifierType] = []
    identifiers.reserveCapacity(sections.count)
    for section in sections { identifiers.append(section.identifier) }
    appendSections(identifiers)
    for section in sections where !section.items.isEmpty {
      _appendBuiltItems(section.items, toSection: section.identifier)
    }
  }

  /// `appendItems(_:toSection:)` for the items of a builder's section: the same checks and
  /// messages, whose operation names the section. O(1) adopting the array on a snapshot being
  /// built, O(k) average otherwise.
  @inlinable mutating func _appendBuiltItems(
    _ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType
  ) {
    defer { _checkInvariantsIfEnabled() }
    let slot: Int
    switch _appendTarget(section, identifiers: identifiers, operation: Self._appendOperation) {
    case .success(let target): slot = target
    case .failure(let error):
      _ = _sectionNotFound([section], operation: Self._appendOperation)
      _stop(error)
    }
    if _deferAppend(identifiers, slot: slot, builderSection: section) { return }
    _appendItemsEagerly(identifiers, slot: slot, operation: Self._builderAppendOperation(section))
  }
}
