import StandInList

// Stand-ins for AppKit's snapshot types: the Swift struct `NSDiffableDataSourceSnapshot` and the
// Objective-C class the Swift overlay names `NSDiffableDataSourceSnapshotReference`. AppKit has
// no section snapshot, no `reconfigureItems` and no way to read reload marks back (macOS SDK
// header NSDiffableDataSource.h); members whose names start with `standIn` are not Apple API and
// let tests read the marks. See DECLARATIONS.md for each page.

/// A representation of the state of the data in a view at a specific point in time (AppKit's
/// `NSDiffableDataSourceSnapshot`).
@available(macOS 10.15.1, *)
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
where SectionIdentifierType: Hashable, ItemIdentifierType: Hashable {
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

  /// Not Apple API: the items marked with `reloadItems(_:)`, for tests.
  public var standInReloadedItemIdentifiers: [ItemIdentifierType] { storage.reloadedItems }

  /// Not Apple API: the sections marked with `reloadSections(_:)`, for tests.
  public var standInReloadedSectionIdentifiers: [SectionIdentifierType] { storage.reloadedSections }
}

/// The Objective-C snapshot class as Swift sees it (AppKit's `NSDiffableDataSourceSnapshotReference`):
/// identifiers are untyped (`Any`); Core Data's fetched results controller hands one to its
/// delegate.
@available(macOS 10.15, *)
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

  /// Objective-C identifiers are objects compared with `isEqual:`; here, any `Hashable` value.
  static func hashable(_ identifier: Any) -> AnyHashable {
    guard let hashable = identifier as? AnyHashable else {
      fatalError("stand-in NSDiffableDataSourceSnapshotReference: identifier \(identifier) is not Hashable")
    }
    return hashable
  }
}
