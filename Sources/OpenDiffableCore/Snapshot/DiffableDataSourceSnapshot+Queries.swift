import Atomics
import Foundation

extension DiffableDataSourceSnapshot {
  /// The number of items in all sections.
  ///
  /// - Complexity: O(1).
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  @inlinable public var numberOfItems: Int {
    guard let deferred = _index.deferred else { return _index.table.count }
    if deferred.sectionsAreChecked { return deferred.itemCount }
    return _withIndex { $0._index.table.count }
  }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable public var numberOfSections: Int { _sectionIDs.count }

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(1) (the array is shared, copied only when you mutate it).
  @inlinable public var sectionIdentifiers: [SectionIdentifierType] { _sectionIDs }

  /// Every item identifier, section by section, in order.
  ///
  /// - Complexity: O(n), n the number of items.
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  public var itemIdentifiers: [ItemIdentifierType] {
    guard _index.deferred == nil else { return _withCheckedSections { $0._flatItems() } }
    return _flatItems()
  }

  func _flatItems() -> [ItemIdentifierType] {
    if _slotAtPosition.count == 1 { return _slots[_slotAtPosition[0]].items }
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(numberOfItems)
    for slot in _slotAtPosition { result.append(contentsOf: _slots[slot].items) }
    return result
  }

  /// The number of items in the section `identifier`.
  ///
  /// - Precondition: the section is in the snapshot; otherwise the process stops with a message
  ///   naming it (check with ``indexOfSection(_:)`` first).
  /// - Complexity: O(1) average.
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    let slot = _requireSlot(identifier, "numberOfItems(inSection:)")
    guard _index.deferred == nil else { return _withCheckedSections { $0._slots[slot].items.count } }
    return _slots[slot].items.count
  }

  /// The items of the section `identifier`, in order.
  ///
  /// - Precondition: the section is in the snapshot; otherwise the process stops with a message
  ///   naming it (check with ``indexOfSection(_:)`` first).
  /// - Complexity: O(1) average (the array is shared).
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    let slot = _requireSlot(identifier, "itemIdentifiers(inSection:)")
    guard _index.deferred == nil else { return _withCheckedSections { $0._slots[slot].items } }
    return _slots[slot].items
  }

  /// The section that holds the item `identifier`, or nil when the item is not in the snapshot.
  ///
  /// - Complexity: O(1) average.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    if let resolved = _resolvedForLookup {
      return withExtendedLifetime(_index.deferred) {
        guard let location = resolved.pointee._itemLocation(identifier) else { return nil }
        return resolved.pointee._sectionIDs[resolved.pointee._sectionPosition(ofSlot: Int(location.slot))]
      }
    }
    guard let location = _itemLocation(identifier) else { return nil }
    return _sectionIDs[_sectionPosition(ofSlot: Int(location.slot))]
  }

  /// The position of the item in the flattened list of all items (section by section), or nil
  /// when the item is not in the snapshot.
  ///
  /// - Complexity: O(1) average plus O(log s), s the number of sections.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    if let resolved = _resolvedForLookup {
      return withExtendedLifetime(_index.deferred) {
        guard let location = resolved.pointee._itemLocation(identifier) else { return nil }
        // Published before the resolved snapshot, so set whenever `resolved` is.
        let starts = _index.lookup.unsafelyUnwrapped.flatStarts.load(ordering: .acquiring)
        return UnsafeMutablePointer<Int>(bitPattern: starts).unsafelyUnwrapped[Int(location.slot)]
          &+ Int(location.offset)
      }
    }
    guard let location = _itemLocation(identifier) else { return nil }
    return _counts.prefixSum(_slots[Int(location.slot)].position) + Int(location.offset)
  }

  /// The position of the section, or nil when it is not in the snapshot.
  ///
  /// - Complexity: O(1) average.
  @inlinable
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    _position(ofSection: identifier)
  }

  // MARK: OpenDiffable additions (not in Apple's snapshot)

  /// Whether the item is in the snapshot.
  ///
  /// - Complexity: O(1) average.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable public func containsItem(_ identifier: ItemIdentifierType) -> Bool {
    if let resolved = _resolvedForLookup {
      return withExtendedLifetime(_index.deferred) { resolved.pointee._itemLocation(identifier) != nil }
    }
    return _itemLocation(identifier) != nil
  }

  /// Whether the section is in the snapshot.
  ///
  /// - Complexity: O(1) average.
  @inlinable public func containsSection(_ identifier: SectionIdentifierType) -> Bool {
    _slotBySection[identifier] != nil
  }

  /// The `[section, item]` index path of the item, or nil when it is not in the snapshot.
  ///
  /// - Complexity: O(1) average.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable public func indexPath(for identifier: ItemIdentifierType) -> IndexPath? {
    if let resolved = _resolvedForLookup {
      return withExtendedLifetime(_index.deferred) {
        guard let location = resolved.pointee._itemLocation(identifier) else { return nil }
        return IndexPath(
          _item: Int(location.offset), section: resolved.pointee._sectionPosition(ofSlot: Int(location.slot)))
      }
    }
    guard let position = _position(ofItem: identifier) else { return nil }
    return IndexPath(_item: position.item, section: position.section)
  }

  /// The item at a `[section, item]` index path, or nil when the path is out of range
  /// (including paths that do not have exactly two indexes).
  ///
  /// - Complexity: O(1).
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  @inlinable public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2 else { return nil }
    guard _index.deferred == nil else { return _withCheckedSections { $0._item(at: indexPath[0], indexPath[1]) } }
    return _item(at: indexPath[0], indexPath[1])
  }

  /// The item at `item` in the section at position `section`, or nil. O(1).
  @inlinable func _item(at section: Int, _ item: Int) -> ItemIdentifierType? {
    guard section >= 0, section < _slotAtPosition.count else { return nil }
    let items = _slots[_slotAtPosition[section]].items
    guard item >= 0, item < items.count else { return nil }
    return items[item]
  }

  /// The slot of `identifier`, or a stop naming the operation.
  @usableFromInline
  func _requireSlot(_ identifier: SectionIdentifierType, _ operation: String) -> Int {
    guard let slot = _slotBySection[identifier] else {
      _ = _sectionNotFound([identifier], operation: operation)
      _misuse(
        operation,
        "section identifier \(_describeIdentifiers(CollectionOfOne(identifier))) was not found in the snapshot",
        fix: "Check with indexOfSection(_:) (O(1)) or append the section first.")
    }
    return slot
  }
}
