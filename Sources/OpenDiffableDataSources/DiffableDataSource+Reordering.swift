import Foundation
import OpenDiffableCore

extension DiffableDataSource {
  /// Whether the user may pick up the item at `indexPath` — what
  /// `collectionView(_:canMoveItemAt:)` answers: `reorderingHandlers.canReorderItem` for that
  /// item; false when it is not set or there is no item there.
  ///
  /// - Complexity: O(1) plus the handler.
  public func canMoveItem(at indexPath: IndexPath) -> Bool {
    guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath) else {
      return false
    }
    return canReorder(item)
  }

  /// Commits a move the host already shows (the user dragged the item at `sourceIndexPath` to
  /// `destinationIndexPath`) — what `collectionView(_:moveItemAt:to:)` does: builds a
  /// ``DiffableDataSourceTransaction``, calls `reorderingHandlers.willReorder`, makes the moved
  /// order the current snapshot without calling the host, then calls `didReorder`.
  ///
  /// `destinationIndexPath` names the item's position after the move, as UIKit reports it.
  /// In a section applied as an outline, the item moves with its descendants next to the item
  /// it was dropped before (or after, at the end); if the outline's rows then differ from what
  /// the host shows, the outline is applied.
  ///
  /// Stops the process when there is no item at `sourceIndexPath`, the destination is out of
  /// range, or it is called from inside an apply.
  /// - Complexity: O(n) expected for the transaction's flattened difference, n items.
  public func moveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    let operation = "moveItem(at:to:)"
    if _hostCallDepth > 0 {
      _dataSourceMisuse(
        operation, "called while the data source was applying a snapshot",
        fix: "Report interactive moves only after the apply returned")
    }
    let initial = _current
    guard let item = initial.itemIdentifier(for: sourceIndexPath),
      let sourceSection = initial.sectionIdentifier(containingItem: item)
    else {
      _dataSourceMisuse(
        operation, "there is no item at the source index path \(sourceIndexPath)",
        fix: "Report moves between index paths the data source reported")
    }
    var final = initial
    final.deleteItems([item])
    let sections = final.sectionIdentifiers
    guard sections.indices.contains(destinationIndexPath.section) else {
      _dataSourceMisuse(
        operation, "the destination \(destinationIndexPath) names a section that does not exist",
        fix: "Report a destination in the state after the move")
    }
    let destinationSection = sections[destinationIndexPath.section]
    let remaining = final.itemIdentifiers(inSection: destinationSection)
    guard (0...remaining.count).contains(destinationIndexPath.item) else {
      _dataSourceMisuse(
        operation,
        "the destination \(destinationIndexPath) is past the end of its section (\(remaining.count) other items)",
        fix: "Report a destination in the state after the move")
    }
    if destinationIndexPath.item < remaining.count {
      final.insertItems([item], beforeItem: remaining[destinationIndexPath.item])
    } else {
      final.appendItems([item], toSection: destinationSection)
    }

    // Outlines of the touched sections.
    var outlines = _sectionSnapshots
    var sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
    let touched = sourceSection == destinationSection ? [sourceSection] : [sourceSection, destinationSection]
    var needsOutlineApply: [SectionIdentifierType] = []
    var movedOutline: SectionSnapshot?
    if let outline = outlines[sourceSection] {
      movedOutline = outline.snapshot(of: item, includingParent: true)
    }
    for section in final.sectionIdentifiers where touched.contains(section) {
      let before = snapshot(for: section)
      var after: SectionSnapshot
      if var outline = outlines[section] {
        if outline.contains(item) { outline.delete([item]) }
        let rows = final.itemIdentifiers(inSection: section)
        let position = rows.firstIndex(of: item)!
        let moved =
          movedOutline
          ?? {
            var single = SectionSnapshot()
            single.append([item])
            return single
          }()
        if position + 1 < rows.count, outline.contains(rows[position + 1]) {
          outline.insert(moved, before: rows[position + 1])
        } else if position > 0, outline.contains(rows[position - 1]) {
          outline.insert(moved, after: rows[position - 1])
        } else if let lastRoot = outline.rootItems.last {
          outline.insert(moved, after: lastRoot)
        } else {
          outline = moved
        }
        after = outline
        outlines[section] = outline
        if outline.visibleItems != rows { needsOutlineApply.append(section) }
      } else {
        after = final.sectionSnapshot(forSection: section)
        if section == sourceSection { outlines[section] = nil }
      }
      sectionTransactions.append(
        DiffableDataSourceSectionTransaction(
          sectionIdentifier: section, initialSnapshot: before, finalSnapshot: after,
          difference: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>.difference(
            from: before.items, to: after.items)))
    }
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: initial, finalSnapshot: final,
      difference: SnapshotChangeset.itemDifference(from: initial, to: final),
      sectionTransactions: sectionTransactions)

    reorderingHandlers.willReorder?(transaction)
    // An outline that no longer matches its rows is re-applied below; keep the others.
    for section in needsOutlineApply { outlines[section] = nil }
    _setCurrent(final, outlines: outlines)
    reorderingHandlers.didReorder?(transaction)
    for section in needsOutlineApply {
      if let outline = transaction.sectionTransactions.first(where: { $0.sectionIdentifier == section })?
        .finalSnapshot
      {
        apply(outline, to: section)
      }
    }
  }
}
