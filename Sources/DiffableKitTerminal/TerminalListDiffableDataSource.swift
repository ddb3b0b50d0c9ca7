import DiffableKit
import Dispatch
import Foundation

/// A diffable data source for a ``TerminalListView``: the terminal's counterpart of
/// `UITableViewDiffableDataSource`, with the same members (`apply`, `snapshot()`, lookups).
///
/// Build a snapshot, apply it; the data source computes the changes and hands the list view a
/// batch of UIKit-style updates, so only changed rows are asked for cells and redrawn. The
/// selected and focused items are kept by identifier across every apply.
@MainActor
public final class TerminalListDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: TerminalListViewDataSource {
  /// Returns the cell for an item; called only for visible rows that need a (new) cell.
  public typealias CellProvider = (
    _ listView: TerminalListView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
  ) ->
    TerminalCell
  /// Returns a section's header or footer title, or nil for none.
  public typealias TitleProvider = (_ sectionIdentifier: SectionIdentifierType) -> String?

  /// The list view this data source drives.
  public private(set) weak var listView: TerminalListView?
  /// Section header titles, or nil for no headers.
  public var headerTitleProvider: TitleProvider?
  /// Section footer titles, or nil for no footers.
  public var footerTitleProvider: TitleProvider?
  /// What the last apply did: the change counts and how long the diff and the update took.
  public private(set) var lastApply: TerminalApplyReport?

  private let cellProvider: CellProvider
  private var current = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// Creates a data source and makes it `listView`'s data source.
  public init(listView: TerminalListView, cellProvider: @escaping CellProvider) {
    self.listView = listView
    self.cellProvider = cellProvider
    listView.dataSource = self
  }

  // MARK: Applying

  /// Makes the list show `snapshot`, updating only what changed; selection and focus follow
  /// their items. `completion` runs after the list view has performed the update.
  ///
  /// Computes a ``SnapshotChangeset`` from the current snapshot and hands it to the list view as
  /// one batch (reconfigures after it). The first apply reloads instead.
  /// `animatingDifferences` is accepted for API parity; a terminal highlights inserted and moved
  /// rows either way.
  ///
  /// - Complexity: O(n) expected for n items (see ``SnapshotChangeset/init(from:to:)``).
  public func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    guard let listView, current.numberOfSections > 0 else {
      applySnapshotUsingReloadData(snapshot, completion: completion)
      return
    }
    let diffStart = DispatchTime.now().uptimeNanoseconds
    let changeset = SnapshotChangeset(from: current, to: snapshot)
    let diffEnd = DispatchTime.now().uptimeNanoseconds
    let kept = captureSelection()
    current = snapshot.removingReloadMarks()
    listView.performBatchUpdates {
      listView.deleteSections(IndexSet(changeset.sectionDeletes))
      listView.insertSections(IndexSet(changeset.sectionInserts))
      listView.reloadSections(IndexSet(changeset.sectionReloads))
      for move in changeset.sectionMoves { listView.moveSection(move.from, toSection: move.to) }
      listView.deleteItems(at: changeset.itemDeletes)
      listView.insertItems(at: changeset.itemInserts)
      listView.reloadItems(at: changeset.itemReloads)
      for move in changeset.itemMoves { listView.moveItem(at: move.from, to: move.to) }
    }
    if !changeset.itemReconfigures.isEmpty { listView.reconfigureItems(at: changeset.itemReconfigures) }
    restoreSelection(kept)
    lastApply = TerminalApplyReport(
      deletes: changeset.sectionDeletes.count + changeset.itemDeletes.count,
      inserts: changeset.sectionInserts.count + changeset.itemInserts.count,
      moves: changeset.sectionMoves.count + changeset.itemMoves.count,
      reloads: changeset.sectionReloads.count + changeset.itemReloads.count,
      reconfigures: changeset.itemReconfigures.count, diffNanoseconds: diffEnd - diffStart,
      updateNanoseconds: DispatchTime.now().uptimeNanoseconds - diffEnd, usedReloadData: false)
    completion?()
  }

  private func captureSelection() -> (selected: [ItemIdentifierType], focused: ItemIdentifierType?) {
    let selected = (listView?.indexPathsForSelectedItems ?? []).compactMap { current.itemIdentifier(for: $0) }
    let focused = listView?.focusedIndexPath.flatMap { current.itemIdentifier(for: $0) }
    return (selected, focused)
  }

  /// Puts selection and focus back on their items by identifier (an item that is gone drops out;
  /// the list view then keeps the focus at the same position).
  private func restoreSelection(_ kept: (selected: [ItemIdentifierType], focused: ItemIdentifierType?)) {
    guard let listView else { return }
    let follows = listView.selectionFollowsFocus
    listView.selectionFollowsFocus = false
    if let focused = kept.focused, let path = current.indexPath(for: focused) { listView.focusedIndexPath = path }
    let paths = kept.selected.compactMap { current.indexPath(for: $0) }
    if !paths.isEmpty {
      listView.selectItem(at: nil)
      for path in paths { listView.selectItem(at: path) }
    }
    listView.selectionFollowsFocus = follows
  }

  /// Makes the list show `snapshot` without computing a diff: every row is reloaded.
  ///
  /// - Complexity: O(n) for n items.
  public func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
  ) {
    let start = DispatchTime.now().uptimeNanoseconds
    let kept = captureSelection()
    current = snapshot.removingReloadMarks()
    listView?.reloadData()
    restoreSelection(kept)
    lastApply = TerminalApplyReport(
      deletes: 0, inserts: 0, moves: 0, reloads: snapshot.numberOfItems, reconfigures: 0,
      diffNanoseconds: 0, updateNanoseconds: DispatchTime.now().uptimeNanoseconds - start, usedReloadData: true)
    completion?()
  }

  /// The snapshot the list currently shows (without reload or reconfigure marks).
  public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

  // MARK: Lookups

  /// The item at `indexPath`, or nil when there is none. O(1).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.itemIdentifier(for: indexPath) }
  /// The index path of `itemIdentifier`, or nil when it is not shown. O(1) average.
  public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(for: itemIdentifier) }
  /// The section at `index`, or nil when out of range. O(1).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }
  /// The position of `sectionIdentifier`, or nil. O(1) average.
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

  // MARK: TerminalListViewDataSource

  /// The number of sections in the current snapshot.
  public func numberOfSections(in listView: TerminalListView) -> Int { current.numberOfSections }

  /// The number of items in a section of the current snapshot.
  public func listView(_ listView: TerminalListView, numberOfItemsInSection section: Int) -> Int {
    guard let identifier = sectionIdentifier(for: section) else { return 0 }
    return current.numberOfItems(inSection: identifier)
  }

  /// The cell from the cell provider.
  public func listView(_ listView: TerminalListView, cellForItemAt indexPath: IndexPath) -> TerminalCell {
    guard let item = current.itemIdentifier(for: indexPath) else { return TerminalCell(text: "") }
    return cellProvider(listView, indexPath, item)
  }

  /// The header title from ``headerTitleProvider``.
  public func listView(_ listView: TerminalListView, titleForHeaderInSection section: Int) -> String? {
    sectionIdentifier(for: section).flatMap { headerTitleProvider?($0) }
  }

  /// The footer title from ``footerTitleProvider``.
  public func listView(_ listView: TerminalListView, titleForFooterInSection section: Int) -> String? {
    sectionIdentifier(for: section).flatMap { footerTitleProvider?($0) }
  }
}

/// What one apply did, for a status line: change counts and timings.
public struct TerminalApplyReport: Sendable, Equatable {
  /// Deleted sections and items.
  public var deletes: Int
  /// Inserted sections and items.
  public var inserts: Int
  /// Moved sections and items.
  public var moves: Int
  /// Reloaded sections and items (every item for a reload-data apply).
  public var reloads: Int
  /// Reconfigured items.
  public var reconfigures: Int
  /// How long computing the changes took, in nanoseconds.
  public var diffNanoseconds: UInt64
  /// How long the list view took to perform them (not counting drawing), in nanoseconds.
  public var updateNanoseconds: UInt64
  /// Whether the apply reloaded everything instead of performing a batch.
  public var usedReloadData: Bool

  /// Creates a report.
  public init(
    deletes: Int, inserts: Int, moves: Int, reloads: Int, reconfigures: Int, diffNanoseconds: UInt64,
    updateNanoseconds: UInt64, usedReloadData: Bool
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.reloads = reloads
    self.reconfigures = reconfigures
    self.diffNanoseconds = diffNanoseconds
    self.updateNanoseconds = updateNanoseconds
    self.usedReloadData = usedReloadData
  }
}
