import StandInList

// Stand-ins for UIKit's snapshot types: the Swift structs `NSDiffableDataSourceSnapshot` and
// `NSDiffableDataSourceSectionSnapshot`, and the Objective-C class the Swift overlay names
// `NSDiffableDataSourceSnapshotReference`. Only the members OpenDiffable's conversions and their
// tests use are declared (see DECLARATIONS.md for each page). They keep their state in the
// simple `StandInSnapshotStorage` / `StandInOutlineStorage` (not Apple API).

/// A representation of the state of the data in a view at a specific point in time (UIKit's
/// `NSDiffableDataSourceSnapshot`).
@available(iOS 13.0, tvOS 13.0, *)
@preconcurrency
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>: Sendable
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable,
  ItemIdentifierType: Sendable
{
  var storage = StandInSnapshotStorage<SectionIdentifierType, ItemIdentifierType>()

  /// Creates an empty snapshot.
  public init() {}

  /// The number of items in the snapshot.
  public var numberOfItems: Int { storage.items.count }
  /// The number of sections in the snapshot.
  public var numberOfSections: Int { storage.sections.count }
  /// The identifiers of all of the sections in the snapshot.
  public var sectionIdentifiers: [SectionIdentifierType] { storage.sections.map(\.section) }
  /// The identifiers of all of the items in the snapshot.
  public var itemIdentifiers: [ItemIdentifierType] { storage.items }

  /// Returns the number of items in the specified section of the snapshot.
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    storage.items(inSection: identifier).count
  }

  /// Returns the identifiers of all of the items in the specified section of the snapshot.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    storage.items(inSection: identifier)
  }

  /// Returns the identifier of the section containing the specified item in the snapshot.
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    storage.section(containing: identifier)
  }

  /// Returns the index of the item in the snapshot with the specified identifier.
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { storage.items.firstIndex(of: identifier) }

  /// Returns the index of the section of the snapshot with the specified identifier.
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { storage.index(ofSection: identifier) }

  /// Adds the items with the specified identifiers to the specified section of the snapshot.
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    storage.appendItems(identifiers, toSection: sectionIdentifier)
  }

  /// Adds the sections with the specified identifiers to the snapshot.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) { storage.appendSections(identifiers) }

  /// Deletes the items with the specified identifiers from the snapshot.
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) { storage.deleteItems(identifiers) }

  /// Deletes all of the items from the snapshot.
  public mutating func deleteAllItems() { storage.deleteAllItems() }

  /// Reloads the data within the specified items in the snapshot.
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { storage.reloadItems(identifiers) }

  /// Reloads the data within the specified sections of the snapshot.
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) { storage.reloadSections(identifiers) }

  /// Updates the data for the items you specify in the snapshot, preserving the existing cells.
  @available(iOS 15.0, tvOS 15.0, *)
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { storage.reconfigureItems(identifiers) }

  /// Identifies the items reloaded by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  public var reloadedItemIdentifiers: [ItemIdentifierType] { storage.reloadedItems }

  /// Identifies the items reconfigured by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { storage.reconfiguredItems }

  /// Identifies the sections reloaded by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { storage.reloadedSections }
}

/// A representation of the state of the data in a layout section at a specific point in time
/// (UIKit's `NSDiffableDataSourceSectionSnapshot`).
@available(iOS 14.0, tvOS 14.0, *)
@preconcurrency
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>: Sendable
where ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
  var storage = StandInOutlineStorage<ItemIdentifierType>()

  /// Creates an empty section snapshot.
  public init() {}

  /// Creates a copy of the provided section snapshot.
  public init(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) { self = snapshot }

  /// Adds the specified items as children of the specified parent item (roots when nil).
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    storage.append(items, to: parent)
  }

  /// Expands the specified items in the section snapshot.
  public mutating func expand(_ items: [ItemIdentifierType]) { storage.expand(items) }

  /// Collapses the specified items in the section snapshot.
  public mutating func collapse(_ items: [ItemIdentifierType]) { storage.collapse(items) }

  /// Indicates whether the specified item is expanded in the section snapshot.
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { storage.expanded.contains(item) }

  /// Indicates whether the specified item is visible in the section snapshot.
  public func isVisible(_ item: ItemIdentifierType) -> Bool { storage.isVisible(item) }

  /// Indicates whether the section snapshot contains the specified item.
  public func contains(_ item: ItemIdentifierType) -> Bool { storage.items.contains(item) }

  /// Returns the parent of the specified child item in the section snapshot.
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { storage.parents[child] }

  /// Returns the hierarchical level of the specified item in the section snapshot.
  public func level(of item: ItemIdentifierType) -> Int { storage.level(of: item) }

  /// The identifiers of all items in the section snapshot.
  public var items: [ItemIdentifierType] { storage.items }

  /// The identifiers of the top-level items in the section snapshot.
  public var rootItems: [ItemIdentifierType] { storage.items.filter { storage.parents[$0] == nil } }

  /// The identifiers of the items visible in the section snapshot.
  public var visibleItems: [ItemIdentifierType] { storage.items.filter { storage.isVisible($0) } }
}

/// The Objective-C snapshot class as Swift sees it (UIKit's `NSDiffableDataSourceSnapshotReference`):
/// identifiers are untyped (`Any`); Core Data's fetched results controller hands one to its
/// delegate.
@available(iOS 13.0, tvOS 13.0, *)
open class NSDiffableDataSourceSnapshotReference: NSObject {
  var storage = StandInSnapshotStorage<AnyHashable, AnyHashable>()

  /// Creates an empty snapshot (Objective-C's inherited `init`).
  public override init() { super.init() }

  /// The number of items in the snapshot.
  open var numberOfItems: Int { storage.items.count }
  /// The number of sections in the snapshot.
  open var numberOfSections: Int { storage.sections.count }
  /// The identifiers of all of the sections in the snapshot.
  open var sectionIdentifiers: [Any] { storage.sections.map { $0.section.base } }
  /// The identifiers of all of the items in the snapshot.
  open var itemIdentifiers: [Any] { storage.items.map(\.base) }

  /// Returns the number of items in the specified section of the snapshot.
  open func numberOfItems(inSection sectionIdentifier: Any) -> Int {
    storage.items(inSection: Self.hashable(sectionIdentifier)).count
  }

  /// Returns the identifiers of all of the items in the specified section of the snapshot.
  open func itemIdentifiersInSection(withIdentifier sectionIdentifier: Any) -> [Any] {
    storage.items(inSection: Self.hashable(sectionIdentifier)).map(\.base)
  }

  /// Adds the sections with the specified identifiers to the snapshot.
  open func appendSections(withIdentifiers sectionIdentifiers: [Any]) {
    storage.appendSections(sectionIdentifiers.map(Self.hashable))
  }

  /// Adds the items with the specified identifiers to the specified section of the snapshot.
  open func appendItems(withIdentifiers identifiers: [Any], intoSectionWithIdentifier sectionIdentifier: Any) {
    storage.appendItems(identifiers.map(Self.hashable), toSection: Self.hashable(sectionIdentifier))
  }

  /// Reloads the data within the specified items in the snapshot.
  open func reloadItems(withIdentifiers identifiers: [Any]) { storage.reloadItems(identifiers.map(Self.hashable)) }

  /// Reloads the data within the specified sections of the snapshot.
  open func reloadSections(withIdentifiers sectionIdentifiers: [Any]) {
    storage.reloadSections(sectionIdentifiers.map(Self.hashable))
  }

  /// Updates the data for the items you specify in the snapshot, preserving the existing cells.
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureItems(withIdentifiers identifiers: [Any]) {
    storage.reconfigureItems(identifiers.map(Self.hashable))
  }

  /// Identifies the items reloaded by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  open var reloadedItemIdentifiers: [Any] { storage.reloadedItems.map(\.base) }

  /// Identifies the items reconfigured by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  open var reconfiguredItemIdentifiers: [Any] { storage.reconfiguredItems.map(\.base) }

  /// Identifies the sections reloaded by the changes to the snapshot.
  @available(iOS 15.0, tvOS 15.0, *)
  open var reloadedSectionIdentifiers: [Any] { storage.reloadedSections.map(\.base) }

  /// Objective-C identifiers are objects compared with `isEqual:`; here, any `Hashable` value.
  static func hashable(_ identifier: Any) -> AnyHashable {
    guard let hashable = identifier as? AnyHashable else {
      fatalError("stand-in NSDiffableDataSourceSnapshotReference: identifier \(identifier) is not Hashable")
    }
    return hashable
  }
}

/// The Objective-C section snapshot class as Swift sees it (UIKit's
/// `NSDiffableDataSourceSectionSnapshotReference`): identifiers are untyped (`Any`). Only the
/// members the reference data sources and their tests use.
@available(iOS 14.0, tvOS 14.0, *)
open class NSDiffableDataSourceSectionSnapshotReference: NSObject {
  var storage = StandInOutlineStorage<AnyHashable>()

  /// Creates an empty section snapshot.
  public override init() { super.init() }

  /// Adds the specified items to the section snapshot (as top-level items).
  open func appendItems(_ items: [Any]) { storage.append(items.map(Self.hashable), to: nil) }

  /// Adds the specified items as child items of the specified parent item (top-level items when nil).
  open func appendItems(_ items: [Any], intoParentItem parentItem: Any?) {
    storage.append(items.map(Self.hashable), to: parentItem.map(Self.hashable))
  }

  /// Expands the specified items in the section snapshot.
  open func expandItems(_ items: [Any]) { storage.expand(items.map(Self.hashable)) }

  /// Collapses the specified items in the section snapshot.
  open func collapseItems(_ items: [Any]) { storage.collapse(items.map(Self.hashable)) }

  /// Indicates whether the item with the specified identifier is in an expanded state.
  open func isExpanded(_ item: Any) -> Bool { storage.expanded.contains(Self.hashable(item)) }

  /// Indicates whether the specified item is currently visible onscreen.
  open func isVisible(_ item: Any) -> Bool { storage.isVisible(Self.hashable(item)) }

  /// Finds the parent item of the specified item in the section snapshot.
  open func parent(ofChildItem childItem: Any) -> Any? { storage.parents[Self.hashable(childItem)]?.base }

  /// The identifiers of all items in the section snapshot.
  open var items: [Any] { storage.items.map(\.base) }

  /// The identifiers of the items at the top level of the section snapshot's hierarchy.
  open var rootItems: [Any] { storage.items.filter { storage.parents[$0] == nil }.map(\.base) }

  /// The identifiers of the currently visible items in the section snapshot.
  open var visibleItems: [Any] { storage.items.filter { storage.isVisible($0) }.map(\.base) }

  /// Objective-C identifiers are objects compared with `isEqual:`; here, any `Hashable` value.
  static func hashable(_ identifier: Any) -> AnyHashable {
    guard let hashable = identifier as? AnyHashable else {
      fatalError("stand-in NSDiffableDataSourceSectionSnapshotReference: identifier \(identifier) is not Hashable")
    }
    return hashable
  }
}
