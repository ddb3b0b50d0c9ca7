// How a section managed by a section snapshot takes part in the full snapshot.
//
// A data source that is given a section snapshot for one section shows that snapshot's visible
// items as the section's rows. The two operations below are the whole relation, at the value
// level, so that `apply(_:to:animatingDifferences:)` and `snapshot(for:)` of a data source only
// call them: the data source then diffs the old and new full snapshots as for any other apply,
// so expanding or collapsing an item yields inserts or deletes of exactly the rows that appear
// or disappear.

extension DiffableDataSourceSnapshot {
  /// Makes the items of `section` exactly the visible items of `sectionSnapshot`, in order, as
  /// Apple's data sources do in `apply(_:to:animatingDifferences:)`. A missing `section` is
  /// appended last; its items that are not visible leave the snapshot; a visible item in another
  /// section moves here (that section stays, even empty). Marks of the items that leave are
  /// dropped, the others kept.
  ///
  /// - Parameters:
  ///   - section: the section to fill; appended when missing.
  ///   - sectionSnapshot: the outline whose ``DiffableDataSourceSectionSnapshot/visibleItems``
  ///     become the section's items.
  /// - Precondition: the identifiers keep `Hashable`'s contract (an outline's items are unique,
  ///   so nothing else can go wrong); one that breaks it can stop the process, with a message
  ///   naming this call.
  /// - Complexity: O(v + m + o) average: v visible items, m the current size of `section`, o the
  ///   sizes of the other sections that lose items. Builds a deferred item index first (O(n)).
  @inlinable
  public mutating func replaceItems(
    inSection section: SectionIdentifierType,
    withVisibleItemsOf sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    let visible = sectionSnapshot.visibleItems
    let operation = "replaceItems(inSection:withVisibleItemsOf:)"
    if _slotBySection.insertIfAbsent(_nextSlot(0), forKey: section) { _appendTabledSections(CollectionOfOne(section)) }
    // Not found right after it was appended: its hash or equality changed within this call.
    guard let slot = _slotBySection[section] else { _stopForUnstableSections([section], operation: operation) }
    if _slots[slot].items == visible { return }
    // Everything now in the section leaves, by position (never by a second lookup)...
    var lost: ItemIdentifierType?
    for (offset, item) in _slots[slot].items.enumerated()
    where lost == nil
      && !_withItemIndex({ index, keys in
        index.removeValue(forKey: item, at: .init(slot: slot, offset: offset), keys: keys)
      })
    {
      lost = lost ?? item
    }
    _counts.add(-_slots[slot].items.count, at: _slots[slot].position)
    _slots[slot].items = []
    if let lost { _repairItemTable(lostTrackOf: lost, operation: operation) }
    // ...and so does every visible item found elsewhere.
    let elsewhere = visible.filter { _itemLocation($0) != nil }
    _removeItems(elsewhere, operation: operation)
    if !_tryPlaceNewItems(visible, at: (slot, 0), operation: operation) {
      _stopForUnstableIdentifiers(visible, operation: operation)
    }
    _pruneMarks()
  }

  /// The items of `section` as a flat section snapshot: every item a collapsed root, in order.
  /// Empty when `section` is not in the snapshot.
  ///
  /// This is what Apple's data sources return from `snapshot(for:)` for a section that was not
  /// filled from a section snapshot (a data source that stored one returns a copy of it instead).
  ///
  /// - Parameter section: the section whose items are returned.
  /// - Returns: a section snapshot whose roots are the section's items, all collapsed.
  /// - Complexity: O(m) average for m items in the section (plus O(n), once, on a snapshot being
  ///   built whose appended items were never checked).
  public func sectionSnapshot(
    forSection section: SectionIdentifierType
  ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
    var result = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    _withCheckedSections { snapshot in
      if let slot = snapshot._slotBySection[section] { result.append(snapshot._slots[slot].items) }
    }
    return result
  }
}
