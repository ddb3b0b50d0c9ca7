import Foundation
import OpenDiffableCore

extension DiffableDataSource {
  /// Makes the section `section` show the visible items of `snapshot` (an outline), then calls
  /// `completion` once the host finished.
  ///
  /// The section is appended when missing; items of `snapshot` that are in other sections are
  /// pulled out of them. The data source keeps `snapshot`, so that ``snapshot(for:)`` returns it
  /// and the user can expand and collapse its items (``expandItem(_:animatingDifferences:completion:)``).
  /// Expanding or collapsing then inserts or deletes exactly the rows that appear or disappear.
  /// Runs in call order with the other applies and is applied to the state the list has when it
  /// runs; it is never dropped nor merged by ``coalescesPendingApplies``. `completion` follows
  /// the rules of ``apply(_:animatingDifferences:completion:)``: it runs exactly once, in call
  /// order, and never before this method returned.
  ///
  /// Stops the process when called from inside an apply.
  /// - Parameters:
  ///   - snapshot: the outline whose visible items the section shows; kept for ``snapshot(for:)``.
  ///   - section: the section to fill; appended when missing.
  ///   - animatingDifferences: whether the host animates the batch.
  ///   - completion: called once the host finished, on the main actor, in call order.
  /// - Complexity: O(v + m) for v visible items and m items of the section, plus the diff.
  public func apply(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    let operation = "apply(_:to:animatingDifferences:completion:)"
    _submit(
      _ApplyJob(
        target: .section(section, snapshot), mode: animatingDifferences ? .animated : .withoutAnimation,
        operation: operation, completion: completion))
  }

  /// Makes the section `section` show the visible items of `snapshot` and returns once the host
  /// finished; see ``apply(_:to:animatingDifferences:completion:)``.
  public func apply(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(snapshot, to: section, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// The outline of `section`: a copy of the section snapshot last applied to it while it still
  /// describes the section's rows; otherwise the section's items as collapsed roots; empty for
  /// a section that is not in the list.
  ///
  /// - Complexity: O(1) for a stored outline, O(m) for m items otherwise.
  public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
    guard _isMainThread() else { return _sectionSnapshotOffMainThread(for: section) }
    if let outline = _outline(of: section) { return outline }
    return _current.sectionSnapshot(forSection: section)
  }

  /// Expands `item` as if the user asked to: asks ``sectionSnapshotHandlers`` (`shouldExpandItem`,
  /// then `willExpandItem`, then `snapshotForExpandingParent`), expands it in its section's
  /// outline and applies the outline. Hosts call this from their disclosure control; on UIKit,
  /// the accessory that ``CollectionViewDiffableDataSource/outlineDisclosureAccessory(for:displayed:options:)``
  /// makes calls it when tapped. Call it yourself to expand without a tap (restoring state, a test).
  ///
  /// Returns false, changing nothing, when the item is not in a section applied as a section
  /// snapshot, is already expanded, or `shouldExpandItem` refused.
  /// - Parameters:
  ///   - item: the outline item to expand.
  ///   - animatingDifferences: whether the inserted rows animate.
  ///   - completion: called once the host finished, when the item was expanded.
  /// - Returns: whether the item was expanded.
  /// - Complexity: O(size of the section) plus the diff.
  @discardableResult
  public func expandItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) -> Bool {
    guard let section = _current.sectionIdentifier(containingItem: item),
      var outline = _outline(of: section), outline.contains(item), !outline.isExpanded(item)
    else { return false }
    let handlers = sectionSnapshotHandlers
    if let should = handlers.shouldExpandItem, !should(item) { return false }
    handlers.willExpandItem?(item)
    if let provide = handlers.snapshotForExpandingParent {
      let children = provide(item, outline.snapshot(of: item))
      outline.replace(childrenOf: item, using: children)
    }
    outline.expand([item])
    apply(outline, to: section, animatingDifferences: animatingDifferences, completion: completion)
    return true
  }

  /// Collapses `item` as if the user asked to: asks ``sectionSnapshotHandlers``
  /// (`shouldCollapseItem`, then `willCollapseItem`), collapses it in its section's outline and
  /// applies the outline, which deletes exactly the rows of its visible descendants.
  ///
  /// Returns false, changing nothing, when the item is not in a section applied as a section
  /// snapshot, is not expanded, or `shouldCollapseItem` refused.
  /// - Parameters:
  ///   - item: the outline item to collapse.
  ///   - animatingDifferences: whether the deleted rows animate.
  ///   - completion: called once the host finished, when the item was collapsed.
  /// - Returns: whether the item was collapsed.
  /// - Complexity: O(size of the section) plus the diff.
  @discardableResult
  public func collapseItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) -> Bool {
    guard let section = _current.sectionIdentifier(containingItem: item),
      var outline = _outline(of: section), outline.contains(item), outline.isExpanded(item)
    else { return false }
    let handlers = sectionSnapshotHandlers
    if let should = handlers.shouldCollapseItem, !should(item) { return false }
    handlers.willCollapseItem?(item)
    outline.collapse([item])
    apply(outline, to: section, animatingDifferences: animatingDifferences, completion: completion)
    return true
  }
}

extension DiffableDataSource {
  /// The section snapshot stored for `section`, or nil. Found by `section`'s hash now and `==`
  /// (see ``_HashPinnedKey``); `section` is not even hashed while no section has one, so that
  /// lists without outlines pay nothing per cell. O(1) average.
  func _outline(of section: SectionIdentifierType) -> SectionSnapshot? {
    _sectionSnapshots.isEmpty ? nil : _sectionSnapshots[_HashPinnedKey(section)]
  }

  /// The outline level of the item at `indexPath` (0 for a root), or nil when its section was
  /// not applied as a section snapshot. What list cells' indentation follows. O(1) average.
  func _outlineLevelIfOutlined(ofItemAt indexPath: IndexPath) -> Int? {
    guard !_sectionSnapshots.isEmpty, let item = _current.itemIdentifier(for: indexPath),
      let section = sectionIdentifier(for: indexPath._section),
      let outline = _outline(of: section), outline.contains(item)
    else { return nil }
    return outline.level(of: item)
  }
}
