import Foundation
import OpenDiffable

/// How a selected item is scrolled into view: the ``TerminalListView`` flavour of
/// `UICollectionView.ScrollPosition`. The list view always scrolls as little as possible, so
/// the value only has to exist for `DiffableListHost`.
public struct TerminalScrollPosition: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a position from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Bring the item to the top of the view.
  public static let top = TerminalScrollPosition(rawValue: 1)
  /// Bring the item to the bottom of the view.
  public static let bottom = TerminalScrollPosition(rawValue: 2)
}

/// The terminal list view is a `DiffableListHost`: the generic `DiffableDataSource` drives it
/// with the same calls it makes on a `UICollectionView`, and it pulls counts, titles, outline
/// levels and cells through the ``DiffableListDataSourceConnection`` it is given.
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

/// Answers the list view's questions from a ``DiffableListDataSourceConnection``, adding the
/// outline level and disclosure state the connection knows to each cell.
@MainActor
final class ConnectionAdapter: TerminalListViewDataSource {
  let connection: DiffableListDataSourceConnection<TerminalCell>

  init(connection: DiffableListDataSourceConnection<TerminalCell>) {
    self.connection = connection
  }

  func numberOfSections(in listView: TerminalListView) -> Int { connection.numberOfSections() }

  func listView(_ listView: TerminalListView, numberOfItemsInSection section: Int) -> Int {
    connection.numberOfItems(inSection: section)
  }

  func listView(_ listView: TerminalListView, cellForItemAt indexPath: IndexPath) -> TerminalCell {
    var cell = connection.cellForItem(at: indexPath)
    if let expanded = connection.outlineExpansion(ofItemAt: indexPath) {
      cell.disclosure = expanded ? .expanded : .collapsed
      cell.indentationLevel = connection.outlineLevel(ofItemAt: indexPath)
    } else if connection.outlineLevel(ofItemAt: indexPath) > 0 {
      cell.disclosure = TerminalCell.Disclosure.none
      cell.indentationLevel = connection.outlineLevel(ofItemAt: indexPath)
    }
    return cell
  }

  func listView(_ listView: TerminalListView, titleForHeaderInSection section: Int) -> String? {
    connection.titleForHeader(inSection: section)
  }

  func listView(_ listView: TerminalListView, titleForFooterInSection section: Int) -> String? {
    connection.titleForFooter(inSection: section)
  }
}
