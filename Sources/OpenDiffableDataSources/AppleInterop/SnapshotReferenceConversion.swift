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
    /// - Complexity: O(n + s + m) for n items, s sections and m marks.
    public init(_ reference: NSDiffableDataSourceSnapshotReference) {
      self.init()
      let rawSections = reference.sectionIdentifiers
      let sections = rawSections.map { Self._cast($0, to: SectionIdentifierType.self, kind: "section") }
      appendSections(sections)
      for (raw, section) in zip(rawSections, sections) {
        let items = reference.itemIdentifiersInSection(withIdentifier: raw).map {
          Self._cast($0, to: ItemIdentifierType.self, kind: "item")
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
