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
  @inlinable @inline(__always)
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    _checkedItems(slot: _requireSlot(identifier, "numberOfItems(inSection:)")).count
  }

  /// The items of the section `identifier`, in order.
  ///
  /// - Precondition: the section is in the snapshot; otherwise the process stops with a message
  ///   naming it (check with ``indexOfSection(_:)`` first).
  /// - Complexity: O(1) average (the array is shared).
  ///   On a snapshot built by appending whose items were never checked, the first such call builds
  ///   the item index (O(n), once); after a diff settled it, or once the index exists, as stated.
  @inlinable @inline(__always)
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    _checkedItems(slot: _requireSlot(identifier, "itemIdentifiers(inSection:)"))
  }

  /// The items of the section in `slot` as the snapshot reads them: its stored array once the
  /// sections are known to hold every identifier once; otherwise the resolved snapshot's (resolved
  /// first, once), read through its address while this value keeps it alive. (Not a call
  /// returning the array: with `String` items, a caller comparing one after reading the snapshot
  /// from a class property copied the whole snapshot.) O(1), O(n) once when resolving.
  @inlinable @inline(__always) func _checkedItems(slot: Int) -> [ItemIdentifierType] {
    guard let lookup = _index.lookup, !lookup.sectionsAreChecked() else { return _slots[slot].items }
    let owner = _index.deferred
    let resolved = UnsafeMutablePointer<Self>(bitPattern: _resolvedAddressResolving()).unsafelyUnwrapped
    let items = resolved.pointee._slots[slot].items
    _fixLifetime(owner)
    return items
  }

  /// The section that holds the item `identifier`, or nil when the item is not in the snapshot.
  ///
  /// - Complexity: O(1) average.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable @inline(__always)
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    if let lookup = _index.lookup {
      guard let resolved = _resolvedForLookup(lookup) else {
        return _sectionIdentifierResolving(containingItem: identifier)
      }
      // Everything read from the resolved snapshot, and nothing from `self` after the probe:
      // with `self` still in use, a key comparison that is not inlined (`String`'s) made callers
      // copy the snapshot.
      // Ended by `_keepingAlive`, not `_fixLifetime`: with `String` items (whose comparison is a
      // call), `_fixLifetime` here made callers copy the snapshot.
      // (Written in exactly this shape: small rewrites of it made callers copy again.)
      let owner = _index.deferred
      guard let location = resolved.pointee._itemLocation(identifier) else {
        return _keepingAlive(owner, 0) == 0 ? nil : nil
      }
      let position = resolved.pointee._slots[Int(location.slot)].position &- resolved.pointee._counts.bias
      let section = resolved.pointee._sectionIDs[position]
      return _keepingAlive(owner, position) >= 0 ? section : nil
    }
    guard let location = _itemLocation(identifier) else { return nil }
    return _sectionIDs[_sectionPosition(ofSlot: Int(location.slot))]
  }

  /// The position of the item in the flattened list of all items (section by section), or nil
  /// when the item is not in the snapshot.
  ///
  /// - Complexity: O(1) average plus O(log s), s the number of sections.
  ///   The first call on a snapshot whose item index is deferred builds it: O(n), once.
  @inlinable @inline(__always)
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    if let lookup = _index.lookup {
      guard let resolved = _resolvedForLookup(lookup) else { return _indexOfItemResolving(identifier) }
      let owner = _index.deferred
      defer { _fixLifetime(owner) }
      guard let location = resolved.pointee._itemLocation(identifier) else { return nil }
      return lookup.publishedFlatStarts()[Int(location.slot)] &+ Int(location.offset)
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
  @inlinable @inline(__always) public func containsItem(_ identifier: ItemIdentifierType) -> Bool {
    if let lookup = _index.lookup {
      guard let resolved = _resolvedForLookup(lookup) else { return _containsItemResolving(identifier) }
      let owner = _index.deferred
      defer { _fixLifetime(owner) }
      return resolved.pointee._itemLocation(identifier) != nil
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
  @inlinable @inline(__always) public func indexPath(for identifier: ItemIdentifierType) -> IndexPath? {
    if let lookup = _index.lookup {
      guard let resolved = _resolvedForLookup(lookup) else { return _indexPathResolving(for: identifier) }
      let owner = _index.deferred
      defer { _fixLifetime(owner) }
      guard let location = resolved.pointee._itemLocation(identifier) else { return nil }
      return IndexPath(
        _item: Int(location.offset),
        section: resolved.pointee._slots[Int(location.slot)].position &- resolved.pointee._counts.bias)
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
  @inlinable @inline(__always)
  func _requireSlot(_ identifier: SectionIdentifierType, _ operation: String) -> Int {
    guard let slot = _slotBySection[identifier] else { _stopSectionNotFound(identifier, operation) }
    return slot
  }

  /// The stop of ``_requireSlot(_:_:)``: the section `identifier` is not in the snapshot. On its
  /// own copy of the snapshot (`__consuming`): the inlined caller then never passes its
  /// snapshot to a call that could change it, and reads it in place (see
  /// ``_indexOfItemResolving(_:)``).
  @usableFromInline @inline(never)
  __consuming func _stopSectionNotFound(_ identifier: SectionIdentifierType, _ operation: String) -> Never {
    _ = _sectionNotFound([identifier], operation: operation)
    _misuse(
      operation,
      "section identifier \(_describeIdentifiers(CollectionOfOne(identifier))) was not found in the snapshot",
      fix: "Check with indexOfSection(_:) (O(1)) or append the section first.")
  }
}
