import Foundation

// Repairing the item index when an identifier broke `Hashable`'s contract while stored.

extension DiffableDataSourceSnapshot {
  /// The identifiers among `identifiers` that name an item already named earlier in the call
  /// (found at the same location), each listed once, in order of their second occurrence. O(k).
  @usableFromInline
  func _identifiersNamingOneItemTwice<C: Collection>(_ identifiers: C) -> [ItemIdentifierType]
  where C.Element == ItemIdentifierType {
    var seenLocations = Set<_ItemLocation>()
    var seen = _HashPinnedSet<ItemIdentifierType>()
    var repeated: [ItemIdentifierType] = []
    for identifier in identifiers {
      guard let location = _itemLocation(identifier), !seenLocations.insert(location).inserted else { continue }
      if seen.insert(identifier) { repeated.append(identifier) }
    }
    return repeated
  }

  /// Rebuilds the item index from the sections after `identifier`, which the sections hold, could
  /// not be found in it, and reports it through ``OpenDiffableDiagnostics/warningHandler``.
  ///
  /// That happens only when an identifier breaks `Hashable`'s contract: its hash or equality
  /// changed while it was in the snapshot (a class whose hashed properties were mutated), or it
  /// is not equal to itself (`Double.nan`). The sections are the source of truth, so the snapshot
  /// stays consistent: every position keeps exactly one index entry, hashed anew, and no other
  /// item is touched. Lookups of an identifier that is not equal to itself keep failing, as they
  /// do in a `Dictionary`. O(n).
  @usableFromInline mutating func _repairItemTable(lostTrackOf identifier: ItemIdentifierType, operation: String) {
    #if OPENDIFFABLE_INTERNAL_CHECKS
      // Identifiers hashed from their bits are never lost: a lost one is a re-indexing bug.
      if _ItemHash.hashesFromBits(ItemIdentifierType.self) {
        _internalError("\(operation) lost track of item \(identifier) in the item table")
      }
    #endif
    OpenDiffableDiagnostics.warn(
      "\(operation): item identifier \(_describeIdentifiers(CollectionOfOne(identifier))) is in the snapshot "
        + "but cannot be found by its hash: an identifier's hash or equality changed while it was in the "
        + "snapshot, or it is not equal to itself (like Double.nan). The snapshot rebuilt its item index; "
        + "use identifiers whose Hashable conformance never changes (value types, or immutable fields).")
    _rebuildItemTable()
  }

  /// Rebuilds the item index from the sections as they are, every identifier hashed anew,
  /// without looking for equal ones (see ``_ItemTable/rebuild(from:)``). O(n).
  @usableFromInline mutating func _rebuildItemTable() {
    var sections: [(slot: Int, keys: [ItemIdentifierType])] = []
    sections.reserveCapacity(_slotAtPosition.count)
    for slot in _slotAtPosition { sections.append((slot, _slots[slot].items)) }
    _index.table.rebuild(from: sections)
  }
}
