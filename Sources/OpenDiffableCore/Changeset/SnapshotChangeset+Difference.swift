extension SnapshotChangeset {
  /// The change from `old` to `new` as a `CollectionDifference` over the flattened item lists
  /// (`itemIdentifiers`, section by section): the view of a change that Apple's
  /// `NSDiffableDataSourceTransaction.difference` gives.
  ///
  /// `old.itemIdentifiers.applying(difference)` is `new.itemIdentifiers`. Items in both whose
  /// flattened order is kept (a longest increasing subsequence of them) do not appear; the other
  /// items in both are moves (a removal and an insertion associated with each other); the rest
  /// are plain removals and insertions. Sections and reload marks play no part. Unlike the
  /// standard library's `difference(from:)` (O(n·d)), it stays linear when many items move.
  ///
  /// - Parameters:
  ///   - old: the snapshot before the change.
  ///   - new: the snapshot after it.
  /// - Returns: the removals and insertions that turn `old.itemIdentifiers` into
  ///   `new.itemIdentifiers`, moves associated.
  /// - Complexity: O(n) expected plus O(m log m) for the m items whose order changed.
  @inlinable
  public static func itemDifference(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) -> CollectionDifference<ItemIdentifierType> {
    old._withIndex { old in new._withCheckedSections { new in _itemDifference(from: old, to: new) } }
  }

  @inlinable
  static func _itemDifference(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) -> CollectionDifference<ItemIdentifierType> {
    // Flat index of offset 0 of each old storage slot.
    var slotBase = [Int](repeating: 0, count: old._slots.count)
    var total = 0
    for slot in old._slotAtPosition {
      slotBase[slot] = total
      total += old._slots[slot].items.count
    }
    let oldItems = old.itemIdentifiers
    let newItems = new.itemIdentifiers
    // For each new item, its old flat index, or -1.
    let oldIndexOfNew = newItems.map { item -> Int32 in
      guard let location = old._itemLocation(item) else { return -1 }
      return Int32(truncatingIfNeeded: slotBase[Int(location.slot)] + Int(location.offset))
    }
    return _difference(oldItems, newItems, oldIndexOfNew)
  }

  /// The change from `old` to `new`, two arrays of unique elements, as a `CollectionDifference`
  /// whose moves are associated (see ``itemDifference(from:to:)``). Use it for one section's
  /// items.
  ///
  /// - Parameters:
  ///   - old: the elements before the change, each once.
  ///   - new: the elements after it, each once.
  /// - Returns: the removals and insertions that turn `old` into `new`, moves associated.
  /// - Precondition: neither array repeats an element; otherwise the process stops.
  /// - Complexity: O(n) expected plus O(m log m) for the m elements whose order changed.
  @inlinable
  public static func difference(
    from old: [ItemIdentifierType], to new: [ItemIdentifierType]
  ) -> CollectionDifference<ItemIdentifierType> {
    var indexOfOld = _HashPinnedDictionary<ItemIdentifierType, Int32>()
    indexOfOld.reserveCapacity(old.count)
    for (index, item) in old.enumerated() {
      if indexOfOld.updateValue(Int32(truncatingIfNeeded: index), forKey: _HashPinnedKey(item)) != nil {
        fatalError("OpenDiffable: SnapshotChangeset.difference(from:to:) needs unique elements; \(item) is repeated")
      }
    }
    var seen = _HashPinnedSet<ItemIdentifierType>(minimumCapacity: new.count)
    let oldIndexOfNew = new.map { item -> Int32 in
      if !seen.insert(item) {
        fatalError("OpenDiffable: SnapshotChangeset.difference(from:to:) needs unique elements; \(item) is repeated")
      }
      return indexOfOld[item] ?? -1
    }
    return _difference(old, new, oldIndexOfNew)
  }

  /// Builds the difference from the matching `oldIndexOfNew` (an old index, or -1, for every new
  /// element).
  @inlinable
  static func _difference(
    _ old: [ItemIdentifierType], _ new: [ItemIdentifierType], _ oldIndexOfNew: [Int32]
  ) -> CollectionDifference<ItemIdentifierType> {
    // Matched elements in new order, their old indexes, and which of them stay.
    var matchedNew: [Int] = []
    var matchedOld: [Int32] = []
    for (index, oldIndex) in oldIndexOfNew.enumerated() where oldIndex >= 0 {
      matchedNew.append(index)
      matchedOld.append(oldIndex)
    }
    var stays = [Bool](repeating: true, count: matchedOld.count)
    matchedOld.withUnsafeBufferPointer { values in
      if !_isStrictlyIncreasing(values) {
        stays.withUnsafeMutableBufferPointer { _ = _markLongestIncreasingSubsequence(values, $0) }
      }
    }
    // For each old element: -1 removed, -2 stays, else the new index it moves to.
    var newIndexOfOld = [Int](repeating: -1, count: old.count)
    for rank in matchedOld.indices {
      newIndexOfOld[Int(matchedOld[rank])] = stays[rank] ? -2 : matchedNew[rank]
    }
    var changes: [CollectionDifference<ItemIdentifierType>.Change] = []
    for (offset, newIndex) in newIndexOfOld.enumerated() where newIndex != -2 {
      changes.append(.remove(offset: offset, element: old[offset], associatedWith: newIndex >= 0 ? newIndex : nil))
    }
    for (offset, oldIndex) in oldIndexOfNew.enumerated() where oldIndex < 0 || newIndexOfOld[Int(oldIndex)] >= 0 {
      changes.append(.insert(offset: offset, element: new[offset], associatedWith: oldIndex >= 0 ? Int(oldIndex) : nil))
    }
    guard let difference = CollectionDifference(changes) else {
      _internalError("inconsistent item difference")
    }
    return difference
  }
}
