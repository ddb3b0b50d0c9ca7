#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  // Conversions between AppKit's snapshot struct and OpenDiffable's. AppKit's snapshot (macOS
  // 10.15.1) has `reloadItems(_:)` and `reloadSections(_:)` but no `reconfigureItems(_:)` and no
  // way to read its marks back, so marks travel one way only: from OpenDiffable to AppKit.

  @available(macOS 10.15.1, *)
  extension DiffableDataSourceSnapshot {
    /// Creates a snapshot with the sections and items of AppKit's snapshot, in the same order.
    ///
    /// AppKit's snapshot cannot report which items or sections it marked for reload, so the
    /// result has no marks: mark them again here if they matter.
    ///
    /// - Parameter snapshot: AppKit's snapshot. It never holds a repeated identifier, so this
    ///   initializer never stops the process.
    /// - Complexity: O(n + s) for n items and s sections.
    public init(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
      self.init()
      let sections = snapshot.sectionIdentifiers
      appendSections(sections)
      for section in sections {
        appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
      }
    }
  }

  @available(macOS 10.15.1, *)
  extension NSDiffableDataSourceSnapshot {
    /// Creates AppKit's snapshot with the sections, items and marks of a OpenDiffable snapshot.
    ///
    /// Sections and items marked for reload are marked for reload. AppKit has no reconfigure,
    /// so items marked for reconfigure are marked for reload too (AppKit's data sources reload
    /// them).
    ///
    /// - Parameter snapshot: OpenDiffable's snapshot. It never holds a repeated identifier, so
    ///   AppKit never raises an exception here.
    /// - Complexity: O(n + s + m) for n items, s sections and m marks, plus AppKit's own cost of
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
      let reloaded =
        snapshot.reloadedItemIdentifiers
        + snapshot.reconfiguredItemIdentifiers.filter { !snapshot.isReloaded(item: $0) }
      if !reloaded.isEmpty { reloadItems(reloaded) }
    }
  }
#endif
