extension DiffableDataSourceSnapshot {
  /// Marks items to be reloaded: on apply, their cells are replaced by newly provided cells.
  ///
  /// Marks belong to this snapshot value; a snapshot read back from a data source has none.
  /// Marks of items that are later deleted from this snapshot are dropped with them.
  ///
  /// - Precondition: every item is in the snapshot and none is repeated; otherwise the process
  ///   stops with a message naming them (checked now, not at apply time, as Apple does).
  /// - Complexity: O(k) average: one lookup and one insertion per identifier.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _markItems(identifiers, reconfigure: false, operation: "reloadItems(_:)")
  }

  /// Marks items to be reconfigured in place: on apply, the existing cells are handed to the
  /// cell provider again (no new cell, no delete and insert). Cheaper than ``reloadItems(_:)``;
  /// use it when the cell type stays the same.
  ///
  /// - Precondition: every item is in the snapshot and none is repeated; otherwise the process
  ///   stops with a message naming them.
  /// - Complexity: O(k) average: one lookup and one insertion per identifier.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    _materialize()
    _markItems(identifiers, reconfigure: true, operation: "reconfigureItems(_:)")
  }

  /// Marks sections to be reloaded: on apply, the section and all its cells are replaced.
  ///
  /// - Precondition: every section is in the snapshot and none is repeated; otherwise the
  ///   process stops with a message naming them.
  /// - Complexity: O(k) average.
  ///   Builds the item index first if it was deferred (O(n), once).
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    defer { _checkInvariantsIfEnabled() }
    let operation = "reloadSections(_:)"
    _materialize()
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty { _stop(.init(kind: .duplicateIdentifiers, operation: operation, identifiers: repeated)) }
    let missing = identifiers.filter { _slotBySection[$0] == nil }
    if !missing.isEmpty { _stop(_sectionNotFound(missing, operation: operation)) }
    _withMarks { $0.reloadedSections.formUnion(identifiers) }
  }

  /// The sections marked with ``reloadSections(_:)``, in the order they were first marked.
  ///
  /// - Complexity: O(1).
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { _marks?.reloadedSections.elements ?? [] }

  /// The items marked with ``reloadItems(_:)``, in the order they were first marked.
  ///
  /// - Complexity: O(1).
  public var reloadedItemIdentifiers: [ItemIdentifierType] { _marks?.reloadedItems.elements ?? [] }

  /// The items marked with ``reconfigureItems(_:)``, in the order they were first marked.
  ///
  /// - Complexity: O(1).
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _marks?.reconfiguredItems.elements ?? [] }

  // MARK: OpenDiffable additions

  /// Whether the item is marked for reload. O(1) average.
  @inlinable public func isReloaded(item identifier: ItemIdentifierType) -> Bool {
    _marks?.reloadedItems.contains(identifier) ?? false
  }

  /// Whether the item is marked for reconfigure. O(1) average.
  @inlinable public func isReconfigured(item identifier: ItemIdentifierType) -> Bool {
    _marks?.reconfiguredItems.contains(identifier) ?? false
  }

  /// Whether the section is marked for reload. O(1) average.
  @inlinable public func isReloaded(section identifier: SectionIdentifierType) -> Bool {
    _marks?.reloadedSections.contains(identifier) ?? false
  }

  /// Whether any reload or reconfigure mark is set (the data sources' question). O(1).
  @inlinable package var hasReloadOrReconfigureMarks: Bool { _marks != nil }

  /// This snapshot without its reload and reconfigure marks, as a data source stores it.
  ///
  /// - Complexity: O(1).
  ///   Builds the item index first if it was deferred (O(n), once).
  package func removingReloadMarks() -> Self {
    var copy = self
    copy._materialize()
    copy._marks = nil
    return copy
  }

  // MARK: Implementation

  /// Changes the marks in place, creating them on first use.
  @inlinable
  mutating func _withMarks(_ body: (inout _Marks) -> Void) {
    var marks = _marks ?? _Marks()
    _marks = nil  // keep `marks` uniquely referenced
    body(&marks)
    _marks = marks.isEmpty ? nil : marks
  }

  /// Marks items for reload (or reconfigure) after checking that each is in the snapshot and
  /// none is repeated: the identifiers are looked up in the item index in batches, then added to
  /// the marks. Only when an addition finds the identifier marked already (a repeat in this call,
  /// or a mark made before) or a lookup fails is the call checked again the slow way, which
  /// stops naming the culprits when there are any. O(k) average.
  @inlinable
  mutating func _markItems(_ identifiers: [ItemIdentifierType], reconfigure: Bool, operation: String) {
    var marks = _marks ?? _Marks()
    _marks = nil  // keep `marks` uniquely referenced
    var allFound = true
    var allNew = true
    if reconfigure {
      marks.reconfiguredItems.reserveCapacity(adding: identifiers.count)
    } else {
      marks.reloadedItems.reserveCapacity(adding: identifiers.count)
    }
    // Looked up in batches whose cache misses overlap (one at a time, each identifier of a large
    // snapshot waits for a miss of its own), then marked.
    identifiers.withUnsafeBufferPointer { identifiers in
      _withItemKeys { keys in
        _index.table.forEachLookup(of: identifiers, keys: keys) { _, location in
          if location == nil { allFound = false }
        }
      }
    }
    for identifier in identifiers {
      let added =
        reconfigure ? marks.reconfiguredItems.append(identifier) : marks.reloadedItems.append(identifier)
      if !added { allNew = false }
    }
    // The marks changed already, but the checks below stop the process if they fail.
    if !allFound || !allNew { _requireItemsForMarking(identifiers, operation: operation) }
    _marks = marks.isEmpty ? nil : marks
  }

  /// Stops the process naming the repeated identifiers, or else those not in the snapshot, if any.
  /// O(k) average.
  @inlinable
  func _requireItemsForMarking(_ identifiers: [ItemIdentifierType], operation: String) {
    let repeated = _repeatedIdentifiers(identifiers)
    if !repeated.isEmpty { _stop(.init(kind: .duplicateIdentifiers, operation: operation, identifiers: repeated)) }
    let missing = identifiers.filter { _itemLocation($0) == nil }
    if !missing.isEmpty { _stop(.init(kind: .itemNotFound, operation: operation, identifiers: missing)) }
  }
}
