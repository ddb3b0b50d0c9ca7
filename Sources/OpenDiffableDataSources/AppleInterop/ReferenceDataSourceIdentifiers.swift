#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  import OpenDiffableCore
  #if canImport(UIKit) && !os(watchOS)
    import UIKit
  #else
    import AppKit
  #endif

  // What the reference data sources (`TableViewDiffableDataSourceReference`,
  // `CollectionViewDiffableDataSourceReference`) share: the identifier type of the data source
  // they wrap, and the conversions between Apple's Objective-C snapshots and its snapshots.

  /// An untyped (Objective-C) identifier as the reference data sources key it: by its `Hashable`
  /// conformance, which for objects is `isEqual(_:)` and `hash`, Objective-C's own comparison.
  ///
  /// `@unchecked Sendable`: the wrapped data source requires `Sendable` identifiers (UIKit's
  /// generic data source does), and `AnyHashable` is not. The reference data sources touch their
  /// identifiers where Apple's do: on the queue that applies, and on the main actor.
  struct _ReferenceIdentifier: Hashable, @unchecked Sendable, CustomStringConvertible {
    let base: AnyHashable

    init(_ base: AnyHashable) { self.base = base }

    /// The identifier an app handed over, or nil when it is not `Hashable` (then no snapshot
    /// holds it).
    init?(_ value: Any) {
      guard let base = value as? AnyHashable else { return nil }
      self.base = base
    }

    /// The value as the app gave it.
    var value: Any { base.base }

    var description: String { _describe(base.base) }
  }

  typealias _ReferenceSnapshot = DiffableDataSourceSnapshot<_ReferenceIdentifier, _ReferenceIdentifier>

  extension DiffableDataSourceSnapshot
  where
    SectionIdentifierType == _ReferenceIdentifier,
    ItemIdentifierType == _ReferenceIdentifier
  {
    /// The sections, items and marks of an Objective-C snapshot. A snapshot holding an identifier
    /// that is not `Hashable`, or two that are equal as `AnyHashable`, stops the process with a
    /// message naming it (``DiffableDataSourceSnapshot/init(_:)``'s checks). O(n + s + m).
    init(_reference reference: NSDiffableDataSourceSnapshotReference) {
      let erased = DiffableDataSourceSnapshot<AnyHashable, AnyHashable>(reference)
      self.init()
      let sections = erased.sectionIdentifiers
      appendSections(sections.map(_ReferenceIdentifier.init))
      for section in sections {
        appendItems(
          erased.itemIdentifiers(inSection: section).map(_ReferenceIdentifier.init),
          toSection: _ReferenceIdentifier(section))
      }
      let reloadedSections = erased.reloadedSectionIdentifiers
      if !reloadedSections.isEmpty { reloadSections(reloadedSections.map(_ReferenceIdentifier.init)) }
      let reloadedItems = erased.reloadedItemIdentifiers
      if !reloadedItems.isEmpty { reloadItems(reloadedItems.map(_ReferenceIdentifier.init)) }
      let reconfiguredItems = erased.reconfiguredItemIdentifiers
      if !reconfiguredItems.isEmpty { reconfigureItems(reconfiguredItems.map(_ReferenceIdentifier.init)) }
    }

    /// An Objective-C snapshot with these sections and items, in order (no marks: the snapshots
    /// a data source hands out have none). O(n + s).
    var _reference: NSDiffableDataSourceSnapshotReference {
      let reference = NSDiffableDataSourceSnapshotReference()
      let sections = sectionIdentifiers
      reference.appendSections(withIdentifiers: sections.map(\.value))
      for section in sections {
        reference.appendItems(
          withIdentifiers: itemIdentifiers(inSection: section).map(\.value), intoSectionWithIdentifier: section.value)
      }
      return reference
    }
  }

  /// The identifier for a reference data source's `operation`, or a stop naming it when it is not
  /// `Hashable` (Objective-C compares identifiers with `isEqual:`; Swift needs `Hashable`).
  func _referenceIdentifier(_ value: Any, _ operation: String) -> _ReferenceIdentifier {
    guard let identifier = _ReferenceIdentifier(value) else {
      _dataSourceMisuse(
        operation, "the identifier \(_describe(value)) of type \(type(of: value)) is not Hashable",
        fix: "Use identifiers that are Hashable (NSObject subclasses, strings, numbers, UUIDs)")
    }
    return identifier
  }

  #if canImport(UIKit) && !os(watchOS)
    @available(iOS 14.0, tvOS 14.0, *)
    extension DiffableDataSourceSectionSnapshot where ItemIdentifierType == _ReferenceIdentifier {
      /// The outline and expansion state of an Objective-C section snapshot. O(n).
      init(_reference reference: NSDiffableDataSourceSectionSnapshotReference, _ operation: String) {
        self.init()
        var expanded: [_ReferenceIdentifier] = []
        // `items` lists the outline depth first, each parent before its children.
        for value in reference.items {
          let item = _referenceIdentifier(value, operation)
          append([item], to: reference.parent(ofChildItem: value).map { _referenceIdentifier($0, operation) })
          if reference.isExpanded(value) { expanded.append(item) }
        }
        if !expanded.isEmpty { expand(expanded) }
      }

      /// An Objective-C section snapshot with this outline and expansion state. O(n).
      var _reference: NSDiffableDataSourceSectionSnapshotReference {
        let reference = NSDiffableDataSourceSectionSnapshotReference()
        var expanded: [Any] = []
        for item in items {
          reference.appendItems([item.value], intoParentItem: parent(of: item)?.value)
          if isExpanded(item) { expanded.append(item.value) }
        }
        if !expanded.isEmpty { reference.expandItems(expanded) }
        return reference
      }
    }
  #endif
#endif
