import Foundation
import OpenDiffableCore

extension DiffableDataSource {
  /// Whether the user may pick up the item at `indexPath` — what
  /// `collectionView(_:canMoveItemAt:)` answers: `reorderingHandlers.canReorderItem` for that
  /// item; false when it is not set or there is no item there.
  ///
  /// - Complexity: O(1) plus the handler.
  package func canMoveItem(at indexPath: IndexPath) -> Bool {
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
  /// Within and across sections, plain or applied as outlines, the move leaves the snapshot,
  /// the section snapshots and the host in agreement:
  /// - From a section applied as an outline, the item leaves with its descendants (collapsed
  ///   ones too); into an outline, it goes next to the row it was dropped before (or after, at
  ///   the end), at that row's level.
  /// - An item with descendants dropped into a plain section makes that section an outline of
  ///   its rows plus the moved subtree, so that no item is lost.
  /// - When an outline's visible rows then differ from what the host shows (the descendants
  ///   moved too, or the drop landed among the item's own descendants), the outline is applied
  ///   — the source section's first — before `didReorder`. The transaction's `finalSnapshot`
  ///   is the list after those applies.
  ///
  /// Stops the process when there is no item at `sourceIndexPath`, the destination is out of
  /// range, or it is called from inside an apply.
  /// - Complexity: O(n) expected for the transaction's flattened difference, n items, plus the
  ///   outline applies.
  package func moveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
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
    guard sections.indices.contains(destinationIndexPath._section) else {
      _dataSourceMisuse(
        operation, "the destination \(destinationIndexPath) names a section that does not exist",
        fix: "Report a destination in the state after the move")
    }
    let destinationSection = sections[destinationIndexPath._section]
    let remaining = final.itemIdentifiers(inSection: destinationSection)
    guard (0...remaining.count).contains(destinationIndexPath._item) else {
      _dataSourceMisuse(
        operation,
        "the destination \(destinationIndexPath) is past the end of its section (\(remaining.count) other items)",
        fix: "Report a destination in the state after the move")
    }
    if destinationIndexPath._item < remaining.count {
      final.insertItems([item], beforeItem: remaining[destinationIndexPath._item])
    } else {
      final.appendItems([item], toSection: destinationSection)
    }

    // Outlines of the touched sections, the source's first: the moved item leaves the source
    // outline with its descendants and enters the destination's next to its new neighbours.
    var outlines = _sectionSnapshots
    var sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
    let touched = sourceSection == destinationSection ? [sourceSection] : [sourceSection, destinationSection]
    var needsOutlineApply: [_HashPinnedKey<SectionIdentifierType>] = []
    let movedOutline = _outline(of: sourceSection).map { $0.snapshot(of: item, includingParent: true) }
    for section in touched {
      let before = snapshot(for: section)
      let rows = final.itemIdentifiers(inSection: section)
      let key = _HashPinnedKey(section)
      var base = outlines[key]
      if base == nil, section == destinationSection, let movedOutline, movedOutline.items.count > 1 {
        // Descendants follow their parent: a plain destination becomes an outline of its rows.
        base = final.sectionSnapshot(forSection: section)
      }
      let after: SectionSnapshot
      if var outline = base {
        if outline.contains(item) { outline.delete([item]) }
        if section == destinationSection, let position = rows.firstIndex(of: item) {
          _insert(movedOutline ?? _single(item), into: &outline, at: position, of: rows)
        }
        after = outline
        outlines[key] = outline
        if outline.visibleItems != rows { needsOutlineApply.append(key) }
      } else {
        after = final.sectionSnapshot(forSection: section)
      }
      sectionTransactions.append(
        DiffableDataSourceSectionTransaction(
          sectionIdentifier: section, initialSnapshot: before, finalSnapshot: after,
          difference: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>.difference(
            from: before.items, to: after.items)))
    }
    // What the list holds once the outlines that no longer match the moved rows are applied.
    var settled = final
    for key in needsOutlineApply {
      if let outline = outlines[key] { settled.replaceItems(inSection: key.base, withVisibleItemsOf: outline) }
    }
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: initial, finalSnapshot: settled,
      difference: SnapshotChangeset.itemDifference(from: initial, to: settled),
      sectionTransactions: sectionTransactions)

    reorderingHandlers.willReorder?(transaction)
    // The host shows `final`; an outline that no longer matches its rows is applied below,
    // the source's first (it gives up the moved item's descendants).
    var kept = outlines
    for key in needsOutlineApply { kept[key] = nil }
    _setCurrent(final, outlines: kept)
    for key in needsOutlineApply {
      if let outline = outlines[key] { apply(outline, to: key.base) }
    }
    reorderingHandlers.didReorder?(transaction)
  }

  /// A section snapshot holding `item` alone.
  func _single(_ item: ItemIdentifierType) -> SectionSnapshot {
    var single = SectionSnapshot()
    single.append([item])
    return single
  }

  /// Inserts `moved` into `outline` where the row at `position` of `rows` is: before the next
  /// row the outline holds, else after the previous one, else at the end. O(rows).
  func _insert(
    _ moved: SectionSnapshot, into outline: inout SectionSnapshot, at position: Int, of rows: [ItemIdentifierType]
  ) {
    if let next = rows[(position + 1)...].first(where: { outline.contains($0) }) {
      outline.insert(moved, before: next)
    } else if let previous = rows[..<position].last(where: { outline.contains($0) }) {
      outline.insert(moved, after: previous)
    } else if let lastRoot = outline.rootItems.last {
      outline.insert(moved, after: lastRoot)
    } else {
      outline = moved
    }
  }
}
