/// What one reorder did to a data source's snapshot: the state before, the state after, and the
/// difference between them — Apple's `NSDiffableDataSourceTransaction`.
///
/// A data source builds one when the user moves an item and hands it to its reordering handlers
/// (`willReorder`, `didReorder`). Unlike Apple's, it has a public initializer so that hosts and
/// tests can build one.
///
/// ```swift
/// dataSource.reorderingHandlers.didReorder = { transaction in
///   store.order = transaction.finalSnapshot.itemIdentifiers
/// }
/// ```
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The snapshot before the reorder.
  public var initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The snapshot after the reorder.
  public var finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The removals and insertions that turn `initialSnapshot.itemIdentifiers` (every item,
  /// section by section) into `finalSnapshot.itemIdentifiers`; a moved item is a removal and an
  /// insertion associated with each other.
  public var difference: CollectionDifference<ItemIdentifierType>

  /// One transaction per section the reorder touched (the section the item left and the one it
  /// joined), in the order of the final snapshot.
  public var sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// Creates a transaction from its parts. Nothing is checked: the parts are taken as given.
  ///
  /// - Parameters:
  ///   - initialSnapshot: the snapshot before the reorder.
  ///   - finalSnapshot: the snapshot after it.
  ///   - difference: the removals and insertions that turn the initial snapshot's items (all
  ///     sections, in order) into the final one's, for instance
  ///     `SnapshotChangeset.itemDifference(from:to:)`.
  ///   - sectionTransactions: one transaction per section the reorder touched.
  /// - Complexity: O(1).
  public init(
    initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    difference: CollectionDifference<ItemIdentifierType>,
    sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.sectionTransactions = sectionTransactions
  }
}

/// What one reorder did to one section — Apple's `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The section this transaction describes.
  public var sectionIdentifier: SectionIdentifierType

  /// The section's items before the reorder, as a section snapshot (the outline the data source
  /// holds for the section, or its items as roots).
  public var initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>

  /// The section's items after the reorder, as a section snapshot.
  public var finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>

  /// The removals and insertions that turn `initialSnapshot.items` into `finalSnapshot.items`.
  public var difference: CollectionDifference<ItemIdentifierType>

  /// Creates a section transaction from its parts. Nothing is checked.
  ///
  /// - Parameters:
  ///   - sectionIdentifier: the section the transaction describes.
  ///   - initialSnapshot: the section's items before the reorder, as a flat section snapshot.
  ///   - finalSnapshot: the section's items after it.
  ///   - difference: the removals and insertions that turn the first into the second.
  /// - Complexity: O(1).
  public init(
    sectionIdentifier: SectionIdentifierType,
    initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    difference: CollectionDifference<ItemIdentifierType>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
  }
}

extension DiffableDataSourceTransaction: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

extension DiffableDataSourceSectionTransaction: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
