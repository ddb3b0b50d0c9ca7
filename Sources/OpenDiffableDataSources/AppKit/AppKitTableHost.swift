#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import OpenDiffableCore

  /// What the AppKit table host needs to know about one state of the list.
  struct _FlatRowState {
    var layout: _FlatRowLayout
    var identifierAt: (IndexPath) -> AnyHashable?
    var indexPathOf: (AnyHashable) -> IndexPath?
  }

  /// Presents a flat-row `NSTableView` as a ``DiffableListHost``: index paths become rows
  /// (with a header row per section when the data source has a header view provider), a batch
  /// becomes one `beginUpdates()`/`endUpdates()` block of row removals and insertions
  /// (``_FlatRowBatch``, tested on Linux), and reloads and reconfigures reload rows in place.
  @MainActor
  final class _AppKitTableHost: DiffableListHost {
    typealias Cell = NSView
    struct ScrollPosition: OptionSet {
      let rawValue: Int
    }

    let tableView: NSTableView
    var rowAnimation: NSTableView.AnimationOptions = .effectFade
    var animates = true
    /// Reads the data source's current state; set by the data source.
    var state: () -> _FlatRowState = {
      _FlatRowState(
        layout: _FlatRowLayout(itemCounts: [], hasHeaderRows: false), identifierAt: { _ in nil },
        indexPathOf: { _ in nil })
    }
    private var recording: _FlatRowBatch?

    init(_ tableView: NSTableView) { self.tableView = tableView }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      let before = state()
      recording = _FlatRowBatch()
      updates?()
      let batch = recording!
      recording = nil
      let after = state()
      let plan = batch.plan(before: before.layout, after: after.layout) { oldPath in
        before.identifierAt(oldPath).flatMap(after.indexPathOf)
      }
      let animation: NSTableView.AnimationOptions = animates ? rowAnimation : []
      tableView.beginUpdates()
      if !plan.removed.isEmpty { tableView.removeRows(at: plan.removed, withAnimation: animation) }
      if !plan.inserted.isEmpty { tableView.insertRows(at: plan.inserted, withAnimation: animation) }
      tableView.endUpdates()
      reloadRows(plan.reloaded)
      completion?(true)
    }

    private func reloadRows(_ rows: IndexSet) {
      guard !rows.isEmpty else { return }
      tableView.reloadData(forRowIndexes: rows, columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
    }

    func insertSections(_ sections: IndexSet) { recording?.sectionInserts.formUnion(sections) }
    func deleteSections(_ sections: IndexSet) { recording?.sectionDeletes.formUnion(sections) }
    func reloadSections(_ sections: IndexSet) { recording?.sectionReloads.formUnion(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) {
      recording?.sectionMoves.append((section, newSection))
    }
    func insertItems(at indexPaths: [IndexPath]) { recording?.itemInserts += indexPaths }
    func deleteItems(at indexPaths: [IndexPath]) { recording?.itemDeletes += indexPaths }
    func reloadItems(at indexPaths: [IndexPath]) {
      if recording != nil {
        recording?.itemReloads += indexPaths
      } else {
        let layout = state().layout
        reloadRows(IndexSet(indexPaths.map(layout.row(for:))))
      }
    }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      recording?.itemMoves.append((indexPath, newIndexPath))
    }
    func reloadData() { tableView.reloadData() }
    func reconfigureItems(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    func cellForItem(at indexPath: IndexPath) -> NSView? {
      let row = state().layout.row(for: indexPath)
      return tableView.rowView(atRow: row, makeIfNecessary: false)
    }
    var indexPathsForVisibleItems: [IndexPath] {
      let layout = state().layout
      let visible = tableView.rows(in: tableView.visibleRect)
      guard visible.location != NSNotFound, visible.length > 0 else { return [] }
      return (visible.location..<visible.location + visible.length).compactMap { row in
        guard let position = layout.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(_item: item, section: position.section)
      }
    }
    var indexPathsForSelectedItems: [IndexPath]? {
      let layout = state().layout
      return tableView.selectedRowIndexes.compactMap { row in
        guard let position = layout.position(ofRow: row), let item = position.item else { return nil }
        return IndexPath(_item: item, section: position.section)
      }
    }
    func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
      guard let indexPath else {
        tableView.deselectAll(nil)
        return
      }
      tableView.selectRowIndexes(IndexSet(integer: state().layout.row(for: indexPath)), byExtendingSelection: true)
    }
    func deselectItem(at indexPath: IndexPath, animated: Bool) {
      tableView.deselectRow(state().layout.row(for: indexPath))
    }
    func performWithoutAnimation(_ actions: () -> Void) {
      let previous = animates
      animates = false
      defer { animates = previous }
      actions()
    }
  }
#endif
