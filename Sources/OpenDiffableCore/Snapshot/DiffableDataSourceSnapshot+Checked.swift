// Paths that never stop the process, for identifier data that comes from outside (a server
// feed, a database): check first and get a typed error, or append while dropping what would
// have stopped the process.

extension DiffableDataSourceSnapshot {
  /// Checks whether ``appendItems(_:toSection:)`` would succeed cleanly, without changing the
  /// snapshot.
  ///
  /// Throws for anything that would stop the process (no sections, an unknown section, repeated
  /// identifiers) and also for items that are already present (which `appendItems` would move,
  /// with a warning).
  ///
  /// - Parameters:
  ///   - identifiers: the items that would be appended.
  ///   - sectionIdentifier: the section they would go to; nil means the last section.
  /// - Throws: ``DiffableDataSourceSnapshotError`` naming the problem and the identifiers.
  /// - Complexity: O(k) average.
  ///   Builds the item index (first) if it was deferred (O(n), once).
  @inlinable
  public func checkAppendingItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) throws(DiffableDataSourceSnapshotError) {
    let operation = "appendItems(_:toSection:)"
    if case .failure(let error) = _appendTarget(sectionIdentifier, identifiers: identifiers, operation: operation) {
      throw error
    }
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty { throw .init(kind: .duplicateIdentifiers, operation: operation, identifiers: repeated) }
    let existing = _withIndex { snapshot in identifiers.filter { snapshot._itemLocation($0) != nil } }
    if !existing.isEmpty { throw .init(kind: .itemAlreadyExists, operation: operation, identifiers: existing) }
  }

  /// Checks whether ``appendSections(_:)`` would succeed, without changing the snapshot.
  ///
  /// - Parameter identifiers: the sections that would be appended.
  /// - Throws: ``DiffableDataSourceSnapshotError`` naming the problem and the identifiers.
  /// - Complexity: O(k) average.
  @inlinable
  public func checkAppendingSections(_ identifiers: [SectionIdentifierType]) throws(DiffableDataSourceSnapshotError) {
    if let error = _newSectionsError(identifiers, anchor: nil, operation: "appendSections(_:)") { throw error }
  }

  /// Appends the items that are new, in order, and returns the ones it dropped: items already in
  /// the snapshot and later repeats of an identifier in `identifiers`. Never stops the process.
  ///
  /// - Throws: ``DiffableDataSourceSnapshotError`` with kind `.noSections` or `.sectionNotFound`
  ///   when there is nowhere to append; the snapshot is then unchanged.
  /// - Returns: the dropped identifiers, in the order they appeared.
  /// - Parameters:
  ///   - identifiers: the items to append; repeats and items already present are dropped.
  ///   - sectionIdentifier: the section to append to; nil means the last section.
  /// - Complexity: O(k) average.
  ///   Builds the item index (first) if it was deferred (O(n), once).
  @inlinable
  @discardableResult
  public mutating func appendItemsDroppingDuplicates(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) throws(DiffableDataSourceSnapshotError) -> [ItemIdentifierType] {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    let slot: Int
    switch _appendTarget(
      sectionIdentifier, identifiers: identifiers, operation: "appendItemsDroppingDuplicates(_:toSection:)")
    {
    case .success(let target): slot = target
    case .failure(let error): throw error
    }
    let operation = "appendItemsDroppingDuplicates(_:toSection:)"
    if _tryPlaceNewItems(identifiers, at: (slot, _slots[slot].items.count), operation: operation) { return [] }
    var seen = _HashPinnedSet<ItemIdentifierType>(minimumCapacity: identifiers.count)
    var kept: [ItemIdentifierType] = []
    var dropped: [ItemIdentifierType] = []
    for identifier in identifiers {
      if _itemLocation(identifier) == nil, seen.insert(identifier) {
        kept.append(identifier)
      } else {
        dropped.append(identifier)
      }
    }
    if _tryPlaceNewItems(kept, at: (slot, _slots[slot].items.count), operation: operation) { return dropped }
    // Identifiers whose hash or equality is not stable can answer differently a second time:
    // place them one by one, still never stopping, and drop the ones that now look present.
    dropped = []
    for identifier in identifiers
    where !_tryPlaceNewItems([identifier], at: (slot, _slots[slot].items.count), operation: operation) {
      dropped.append(identifier)
    }
    return dropped
  }

  /// Appends the sections that are new, in order, and returns the ones it dropped: sections
  /// already in the snapshot, later repeats, and identifiers not equal to themselves
  /// (`Double.nan`: such a section could never be found again). Never stops the process.
  ///
  /// - Parameter identifiers: the sections to append; repeats and sections already present are
  ///   dropped.
  /// - Returns: the dropped identifiers, in the order they appeared.
  /// - Complexity: O(k) average. Keeps a deferred item index deferred.
  @inlinable
  @discardableResult
  public mutating func appendSectionsDroppingDuplicates(_ identifiers: [SectionIdentifierType])
    -> [SectionIdentifierType]
  {
    defer { _checkInvariantsIfEnabled() }
    _prepareDeferredChange()
    var kept: [SectionIdentifierType] = []
    var dropped: [SectionIdentifierType] = []
    for identifier in identifiers {
      // The table finds sections already present and earlier repeats (each kept one goes in as
      // it is kept). A section not equal to itself (`Double.nan`) could never be found again:
      // dropped too.
      if identifier == identifier, _slotBySection.insertIfAbsent(_nextSlot(kept.count), forKey: identifier) {
        kept.append(identifier)
      } else {
        dropped.append(identifier)
      }
    }
    _appendTabledSections(kept)
    return dropped
  }
}
