import Foundation
import OpenDiffable

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
