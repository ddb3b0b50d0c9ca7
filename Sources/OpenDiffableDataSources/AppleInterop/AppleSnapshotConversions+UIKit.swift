#if canImport(UIKit) && !os(watchOS)
  import OpenDiffableCore
  import UIKit

  // Conversions between UIKit's snapshot structs and OpenDiffable's, for apps that move one screen
  // at a time: a snapshot that arrives as `NSDiffableDataSourceSnapshot` (from another part of the
  // app, or from Core Data through `NSDiffableDataSourceSnapshotReference`) becomes a
  // `DiffableDataSourceSnapshot`, and back. Sections, items, their order and the reload and
  // reconfigure marks carry over; on iOS and tvOS before 15, where UIKit's snapshot cannot report
  // its marks or reconfigure, see each initializer.

  extension DiffableDataSourceSnapshot where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
    /// Creates a snapshot with the sections, items and marks of UIKit's snapshot.
    ///
    /// The result holds the same sections and items in the same order. On iOS and tvOS 15 and
    /// later, the items marked for reload and reconfigure and the sections marked for reload are
    /// marked the same way here; earlier systems cannot report marks, so the result has none.
    ///
    /// ```swift
    /// let ours = DiffableDataSourceSnapshot(appleSnapshot)
    /// await dataSource.apply(ours)
    /// ```
    ///
    /// - Parameter snapshot: UIKit's snapshot. It never holds a repeated identifier, so this
    ///   initializer never stops the process.
    /// - Complexity: O(n + s + m) for n items, s sections and m marks.
    public init(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
      self.init()
      let sections = snapshot.sectionIdentifiers
      appendSections(sections)
      for section in sections {
        appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
      }
      if #available(iOS 15.0, tvOS 15.0, *) {
        let reloadedSections = snapshot.reloadedSectionIdentifiers
        if !reloadedSections.isEmpty { reloadSections(reloadedSections) }
        let reloadedItems = snapshot.reloadedItemIdentifiers
        if !reloadedItems.isEmpty { reloadItems(reloadedItems) }
        let reconfiguredItems = snapshot.reconfiguredItemIdentifiers
        if !reconfiguredItems.isEmpty { reconfigureItems(reconfiguredItems) }
      }
    }
  }

  extension NSDiffableDataSourceSnapshot {
    /// Creates UIKit's snapshot with the sections, items and marks of a OpenDiffable snapshot.
    ///
    /// The result holds the same sections and items in the same order, with the same sections
    /// and items marked for reload. Items marked for reconfigure are marked for reconfigure on
    /// iOS and tvOS 15 and later; earlier systems have no reconfigure, so they are marked for
    /// reload instead (their cells are replaced rather than updated in place).
    ///
    /// - Parameter snapshot: OpenDiffable's snapshot. It never holds a repeated identifier, so
    ///   UIKit never raises an exception here.
    /// - Complexity: O(n + s + m) for n items, s sections and m marks, plus UIKit's own cost of
    ///   appending.
    public init(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
      self.init()
      let sections = snapshot.sectionIdentifiers
      appendSections(sections)
      for section in sections {
        appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
      }
      let reloadedSections = snapshot.reloadedSectionIdentifiers
      if !reloadedSections.isEmpty { reloadSections(reloadedSections) }
      let reloadedItems = snapshot.reloadedItemIdentifiers
      if !reloadedItems.isEmpty { reloadItems(reloadedItems) }
      let reconfiguredItems = snapshot.reconfiguredItemIdentifiers
      guard !reconfiguredItems.isEmpty else { return }
      if #available(iOS 15.0, tvOS 15.0, *) {
        reconfigureItems(reconfiguredItems)
      } else {
        let notReloaded = reconfiguredItems.filter { !snapshot.isReloaded(item: $0) }
        if !notReloaded.isEmpty { reloadItems(notReloaded) }
      }
    }
  }

  @available(iOS 14.0, tvOS 14.0, *)
  extension DiffableDataSourceSectionSnapshot where ItemIdentifierType: Sendable {
    /// Creates a section snapshot with the outline and expansion state of UIKit's section
    /// snapshot: the same items, each under the same parent at the same place among its
    /// siblings, and the same items expanded (hidden ones included).
    ///
    /// - Parameter snapshot: UIKit's section snapshot. It never holds a repeated identifier, so
    ///   this initializer never stops the process.
    /// - Complexity: O(n) for n items, given UIKit's `parent(of:)` and `isExpanded(_:)` in
    ///   constant time.
    public init(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
      self.init()
      var expanded: [ItemIdentifierType] = []
      // `items` lists the outline depth first, each parent before its children, so appending in
      // that order puts every item after its earlier siblings.
      for item in snapshot.items {
        append([item], to: snapshot.parent(of: item))
        if snapshot.isExpanded(item) { expanded.append(item) }
      }
      if !expanded.isEmpty { expand(expanded) }
    }
  }

  @available(iOS 14.0, tvOS 14.0, *)
  extension NSDiffableDataSourceSectionSnapshot {
    /// Creates UIKit's section snapshot with the outline and expansion state of a OpenDiffable
    /// section snapshot: the same items, each under the same parent at the same place among its
    /// siblings, and the same items expanded (hidden ones included).
    ///
    /// - Parameter snapshot: OpenDiffable's section snapshot. It never holds a repeated
    ///   identifier, so UIKit never raises an exception here.
    /// - Complexity: O(n) for n items, plus UIKit's own cost of appending.
    public init(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
      self.init()
      var expanded: [ItemIdentifierType] = []
      for item in snapshot.items {
        append([item], to: snapshot.parent(of: item))
        if snapshot.isExpanded(item) { expanded.append(item) }
      }
      if !expanded.isEmpty { expand(expanded) }
    }
  }
#endif
