#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  import OpenDiffableCore
  #if canImport(UIKit) && !os(watchOS)
    import UIKit
  #else
    import AppKit
  #endif

  extension DiffableDataSourceSnapshot {
    /// Creates a snapshot with the sections and items of an Objective-C snapshot
    /// (`NSDiffableDataSourceSnapshotReference`), typed as this snapshot's identifier types —
    /// what Core Data's `controller(_:didChangeContentWith:)` hands over.
    ///
    /// ```swift
    /// func controller(
    ///   _ controller: NSFetchedResultsController<NSFetchRequestResult>,
    ///   didChangeContentWith reference: NSDiffableDataSourceSnapshotReference
    /// ) {
    ///   let snapshot = DiffableDataSourceSnapshot<String, NSManagedObjectID>(reference)
    /// }
    /// ```
    ///
    /// Sections and items keep their order. On iOS and tvOS 15 and later the reload and
    /// reconfigure marks carry over too; AppKit's and earlier UIKit's snapshots cannot report
    /// them, so the result then has none.
    ///
    /// - Parameter reference: the Objective-C snapshot. Its identifiers are untyped (`Any`).
    /// - Precondition: every section identifier is a `SectionIdentifierType` and every item
    ///   identifier an `ItemIdentifierType`; otherwise the process stops with a message naming
    ///   the first identifier of the wrong type, its type and the type expected (a bridging
    ///   cast, `reference as NSDiffableDataSourceSnapshot<…>`, gives no such message).
    /// - Precondition: identifiers that are distinct in the reference stay distinct once cast.
    ///   Two that become equal — an `NSString` and a `String` that differ only in Unicode
    ///   normalization, which Objective-C compares literally and Swift canonically, for example —
    ///   stop the process with a message naming both, their types and their sections, as Apple's
    ///   snapshots stop on identifiers that are not unique. Nothing is moved or dropped.
    /// - Complexity: O(n + s + m) for n items, s sections and m marks (each identifier is
    ///   hashed once more, to find collisions).
    public init(_ reference: NSDiffableDataSourceSnapshotReference) {
      self.init()
      let rawSections = reference.sectionIdentifiers
      let sections = rawSections.map { Self._cast($0, to: SectionIdentifierType.self, kind: "section") }
      var sectionPositions: [SectionIdentifierType: Int] = [:]
      sectionPositions.reserveCapacity(sections.count)
      for (position, section) in sections.enumerated() {
        if let earlier = sectionPositions.updateValue(position, forKey: section) {
          Self._collision(
            "section identifiers \(Self._describeRaw(rawSections[earlier])) and "
              + "\(Self._describeRaw(rawSections[position])) are equal as \(SectionIdentifierType.self)",
            type: SectionIdentifierType.self)
        }
      }
      appendSections(sections)
      // Where each item came from (section position, offset), to name both sides of a collision.
      var itemPlaces: [ItemIdentifierType: (section: Int, offset: Int)] = [:]
      itemPlaces.reserveCapacity(reference.numberOfItems)
      for (position, (raw, section)) in zip(rawSections, sections).enumerated() {
        let rawItems = reference.itemIdentifiersInSection(withIdentifier: raw)
        let items = rawItems.map { Self._cast($0, to: ItemIdentifierType.self, kind: "item") }
        for (offset, item) in items.enumerated() {
          guard let earlier = itemPlaces.updateValue((position, offset), forKey: item) else { continue }
          let earlierRaw = reference.itemIdentifiersInSection(withIdentifier: rawSections[earlier.section])[
            earlier.offset]
          Self._collision(
            "item identifiers \(Self._describeRaw(earlierRaw)) (section \(_describe(sections[earlier.section]))) "
              + "and \(Self._describeRaw(rawItems[offset])) (section \(_describe(section))) are equal as "
              + "\(ItemIdentifierType.self)", type: ItemIdentifierType.self)
        }
        appendItems(items, toSection: section)
      }
      #if canImport(UIKit) && !os(watchOS)
        if #available(iOS 15.0, tvOS 15.0, *) {
          let reloadedSections = reference.reloadedSectionIdentifiers.map {
            Self._cast($0, to: SectionIdentifierType.self, kind: "section")
          }
          if !reloadedSections.isEmpty { reloadSections(reloadedSections) }
          let reloadedItems = reference.reloadedItemIdentifiers.map {
            Self._cast($0, to: ItemIdentifierType.self, kind: "item")
          }
          if !reloadedItems.isEmpty { reloadItems(reloadedItems) }
          let reconfiguredItems = reference.reconfiguredItemIdentifiers.map {
            Self._cast($0, to: ItemIdentifierType.self, kind: "item")
          }
          if !reconfiguredItems.isEmpty { reconfigureItems(reconfiguredItems) }
        }
      #endif
    }

    /// Stops for two identifiers of the reference that are equal once cast.
    static func _collision<Identifier>(_ problem: String, type: Identifier.Type) -> Never {
      _dataSourceMisuse(
        "DiffableDataSourceSnapshot(_:)",
        "the snapshot reference's \(problem), so the converted snapshot would hold one identifier twice",
        fix: "Give them identifiers that stay distinct as \(Identifier.self), or convert to a snapshot whose "
          + "identifier type keeps them apart")
    }

    /// An untyped identifier and its dynamic type, e.g. `"é" (NSString)`.
    static func _describeRaw(_ value: Any) -> String {
      "\(_describe(value)) (\(Swift.type(of: value)))"
    }

    /// Casts an untyped identifier, or stops naming it.
    static func _cast<Identifier>(_ value: Any, to type: Identifier.Type, kind: String) -> Identifier {
      guard let identifier = value as? Identifier else {
        _dataSourceMisuse(
          "DiffableDataSourceSnapshot(_:)",
          "the snapshot reference holds the \(kind) identifier \(_describe(value)) of type \(Swift.type(of: value)), "
            + "not \(Identifier.self)",
          fix: "Convert it to a snapshot whose \(kind) identifier type is the one its creator used "
            + "(a fetched results controller uses String sections and NSManagedObjectID items)")
      }
      return identifier
    }
  }
#endif
