#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// Presents a flat-row `NSTableView` as a ``DiffableListHost``: index paths become rows
  /// (with a header row per section when the data source has a header view provider), a batch
  /// is recorded by ``BatchUpdateRecorder``, read by its placement and performed as one
  /// `beginUpdates()`/`endUpdates()` block of row removals and insertions (``_FlatRowPlan``,
  /// tested on Linux), and reloads and reconfigures reload rows in place.
  @MainActor
  final class _AppKitTableHost: DiffableListHost {
    typealias Cell = NSView
    struct ScrollPosition: OptionSet {
      let rawValue: Int
    }

    let tableView: NSTableView
    var rowAnimation: NSTableView.AnimationOptions = .effectFade
    var animates = true
    /// Reads the rows of the data source's current state; set by the data source.
    var layout: () -> _FlatRowLayout = { _FlatRowLayout(itemCounts: [], hasHeaderRows: false) }
    private var recorder = BatchUpdateRecorder()

    init(_ tableView: NSTableView) { self.tableView = tableView }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      let before = layout()
      recorder.begin()
      updates?()
      if let batch = recorder.end() { perform(batch, before: before) }
      completion?(true)
    }

    private func record(_ call: BatchUpdateCall) {
      if let alone = recorder.record(call) { perform(alone, before: layout()) }
    }

    private func perform(_ batch: BatchUpdateOperations, before: _FlatRowLayout) {
      let after = layout()
      guard
        let placement = try? batch.placement(oldItemCounts: before.itemCounts, newItemCounts: after.itemCounts)
      else {
        // A batch UIKit would reject (never one the data source sends): show the data as it is.
        tableView.reloadData()
        return
      }
      let plan = _FlatRowPlan(placement, before: before, after: after)
      let animation: NSTableView.AnimationOptions = animates ? rowAnimation : []
      tableView.beginUpdates()
      if !plan.removed.isEmpty { tableView.removeRows(at: plan.removed, withAnimation: animation) }
      if !plan.inserted.isEmpty { tableView.insertRows(at: plan.inserted, withAnimation: animation) }
      tableView.endUpdates()
      if !plan.reloaded.isEmpty {
        tableView.reloadData(
          forRowIndexes: plan.reloaded, columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
      }
    }

    func insertSections(_ sections: IndexSet) { record(.insertSections(sections)) }
    func deleteSections(_ sections: IndexSet) { record(.deleteSections(sections)) }
    func reloadSections(_ sections: IndexSet) { record(.reloadSections(sections)) }
    func moveSection(_ section: Int, toSection newSection: Int) { record(.moveSection(section, to: newSection)) }
    func insertItems(at indexPaths: [IndexPath]) { record(.insertItems(indexPaths)) }
    func deleteItems(at indexPaths: [IndexPath]) { record(.deleteItems(indexPaths)) }
    func reloadItems(at indexPaths: [IndexPath]) { record(.reloadItems(indexPaths)) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      record(.moveItem(indexPath, to: newIndexPath))
    }
    func reloadData() { tableView.reloadData() }
    func reconfigureItems(at indexPaths: [IndexPath]) { record(.reconfigureItems(indexPaths)) }
    func cellForItem(at indexPath: IndexPath) -> NSView? {
      let row = layout().row(for: indexPath)
      return tableView.rowView(atRow: row, makeIfNecessary: false)
    }
    var indexPathsForVisibleItems: [IndexPath] {
      let rows = layout()
      let visible = tableView.rows(in: tableView.visibleRect)
      guard visible.location != NSNotFound, visible.length > 0 else { return [] }
      return (visible.location..<visible.location + visible.length).compactMap { row in
        guard let position = rows.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(_item: item, section: position.section)
      }
    }
    var indexPathsForSelectedItems: [IndexPath]? {
      let rows = layout()
      return tableView.selectedRowIndexes.compactMap { row in
        guard let position = rows.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(_item: item, section: position.section)
      }
    }
    func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
      guard let indexPath else {
        tableView.deselectAll(nil)
        return
      }
      tableView.selectRowIndexes(IndexSet(integer: layout().row(for: indexPath)), byExtendingSelection: true)
    }
    func deselectItem(at indexPath: IndexPath, animated: Bool) {
      tableView.deselectRow(layout().row(for: indexPath))
    }
    func performWithoutAnimation(_ actions: () -> Void) {
      let previous = animates
      animates = false
      defer { animates = previous }
      actions()
    }
  }
#endif
