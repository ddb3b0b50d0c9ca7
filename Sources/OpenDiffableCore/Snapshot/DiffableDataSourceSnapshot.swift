import Foundation

/// The state of a list at one moment: its sections and the items in each, named by stable,
/// unique `Hashable` identifiers.
///
/// A drop-in for Apple's `NSDiffableDataSourceSnapshot`: the same members, argument labels,
/// defaults and semantics. Build one, apply it to a data source, and the data source works out
/// the updates. Section and item identifiers are separate namespaces: a section and an item may
/// share a value.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<Section, Contact.ID>()
/// snapshot.appendSections([.favorites, .all])
/// snapshot.appendItems(favoriteIDs, toSection: .favorites)
/// snapshot.appendItems(otherIDs, toSection: .all)
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
///
/// ## Performance
/// Lookups by identifier are O(1) on average; appending k items is O(k). Snapshots of integers,
/// `UUID`, `String` and ``SelfContainedIdentifier`` types build at the cost of copying their
/// arrays (the item index is built at the first lookup); other identifiers are hashed as they
/// are appended, at about `Dictionary`'s cost. See the Performance article and BENCHMARKS.md.
///
/// ## Misuse
/// Where Apple's implementation stops the process, this one stops too, with a message naming the
/// operation, the identifiers and the fix. For identifiers from outside (a server feed),
/// ``appendItemsDroppingDuplicates(_:toSection:)`` drops repeats and
/// ``checkAppendingItems(_:toSection:)`` throws. Past about 3 billion items or 16,777,216
/// sections a snapshot stops. An identifier that breaks `Hashable`'s contract gets a correct
/// result with a warning through ``OpenDiffableDiagnostics/warningHandler``, or a stop naming
/// the change — never a wrong position, a wrong deletion or a trap inside the standard library.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  @usableFromInline typealias _Section = SectionIdentifierType
  @usableFromInline typealias _Item = ItemIdentifierType

  /// Section identifiers by position.
  @usableFromInline var _sectionIDs: [SectionIdentifierType] = []
  /// The storage slot of the section at each position.
  @usableFromInline var _slotAtPosition = _SectionSlots()
  /// Section storage by slot: the items and the section's stored position (`_counts.bias` plus
  /// its position; `_SectionStorage.free` when the slot is free).
  @usableFromInline var _slots: [_SectionStorage] = []
  /// Slots whose section was deleted, ready for reuse. (A deletion drops the last slot instead
  /// of listing it; a free slot that becomes last later stays listed.)
  @usableFromInline var _freeSlots: [Int] = []
  /// Section identifier → slot: one bucket read per lookup, and the hash taken at insertion
  /// kept for growth and deletion, so sections whose hash or `==` misbehave while stored never
  /// stop the process inside the table (see ``_SectionTable``).
  @usableFromInline var _slotBySection = _SectionTable<SectionIdentifierType>()
  /// Where each item is: the item table, or the deferred index while appends are only recorded.
  @usableFromInline var _index = _ItemIndex<SectionIdentifierType, ItemIdentifierType>()
  /// Item counts by section, for flat indexes, and the bias of the stored positions.
  @usableFromInline var _counts = _SectionCounts()
  /// Reload and reconfigure marks; nil while there are none.
  @usableFromInline var _marks: _Marks?

  /// Creates an empty snapshot, with no sections and no items.
  ///
  /// - Complexity: O(1).
  @inlinable public init() {}
}

extension DiffableDataSourceSnapshot {
  /// One section's storage.
  @usableFromInline
  struct _SectionStorage {
    @usableFromInline var items: [ItemIdentifierType]
    /// The section's stored position (see ``_SectionCounts``), or ``free``.
    @usableFromInline var position: Int

    /// The stored position of a free slot.
    @inlinable static var free: Int { .min }

    @inlinable init(items: [ItemIdentifierType], position: Int) {
      self.items = items
      self.position = position
    }
  }

  /// Where an item lives: its section's slot and its offset inside the section.
  @usableFromInline typealias _ItemLocation = _ItemTableLocation

  /// Reload and reconfigure marks, in the order they were made.
  @usableFromInline
  struct _Marks {
    @usableFromInline var reloadedItems = _OrderedIdentifierSet<ItemIdentifierType>()
    @usableFromInline var reconfiguredItems = _OrderedIdentifierSet<ItemIdentifierType>()
    @usableFromInline var reloadedSections = _OrderedIdentifierSet<SectionIdentifierType>()

    @inlinable init() {}

    @inlinable var isEmpty: Bool {
      reloadedItems.isEmpty && reconfiguredItems.isEmpty && reloadedSections.isEmpty
    }
  }
}

extension DiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension DiffableDataSourceSnapshot._SectionStorage: Sendable where ItemIdentifierType: Sendable {}
extension DiffableDataSourceSnapshot._Marks: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

// MARK: - Internal access for the diff engine, section snapshots and data sources

extension DiffableDataSourceSnapshot {
  /// The items of the section at `position`. O(1).
  @inlinable func _items(atPosition position: Int) -> [ItemIdentifierType] {
    _slots[_slotAtPosition[position]].items
  }

  /// The section position and in-section offset of `item`, or nil. O(1) average.
  @inlinable func _position(ofItem item: ItemIdentifierType) -> (section: Int, item: Int)? {
    guard let location = _itemLocation(item) else { return nil }
    return (_sectionPosition(ofSlot: Int(location.slot)), Int(location.offset))
  }

  /// The position of `section`, or nil. O(1) average.
  @inlinable func _position(ofSection section: SectionIdentifierType) -> Int? {
    guard let slot = _slotBySection[section] else { return nil }
    return _sectionPosition(ofSlot: slot)
  }

  /// The position of the section stored in `slot`, which must be in use. O(1).
  @inlinable func _sectionPosition(ofSlot slot: Int) -> Int {
    _slots[slot].position &- _counts.bias
  }

}
