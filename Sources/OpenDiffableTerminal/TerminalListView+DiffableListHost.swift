import Foundation
import OpenDiffable

extension TerminalListView: DiffableListHost {
  /// The cells a cell provider returns for this host.
  public typealias Cell = TerminalCell
  /// See ``TerminalScrollPosition``.
  public typealias ScrollPosition = TerminalScrollPosition

  /// The cell kept for the row at `indexPath`, or nil when the row has not been drawn yet (or
  /// was reloaded since).
  ///
  /// - Complexity: O(1).
  public func cellForItem(at indexPath: IndexPath) -> TerminalCell? { keptCell(at: indexPath) }

  /// Selects the item at `indexPath` (nil clears the selection) and, when `scrollPosition` is not
  /// empty, scrolls it into view. `animated` is ignored: a terminal does not animate.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: TerminalScrollPosition) {
    selectItem(at: indexPath)
    if let indexPath, !scrollPosition.isEmpty { scrollToItem(at: indexPath) }
  }

  /// Deselects the item at `indexPath`. `animated` is ignored.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) { deselectItem(at: indexPath) }

  /// The focused item (see ``focusedIndexPath``).
  public var indexPathForFocusedItem: IndexPath? { focusedIndexPath }

  /// Moves the focus to the item at `indexPath`, without changing the selection (the data source
  /// restores selection itself); nil removes the focus.
  public func focusItem(at indexPath: IndexPath?) {
    let follows = selectionFollowsFocus
    selectionFollowsFocus = false
    focusedIndexPath = indexPath
    selectionFollowsFocus = follows
  }

  /// Keeps `connection` and pulls everything through it from now on.
  public func attachDataSource(_ connection: DiffableListDataSourceConnection<TerminalCell>) {
    let adapter = ConnectionAdapter(connection: connection)
    connectionAdapter = adapter
    dataSource = adapter
  }
}
