import Foundation
import OpenDiffable

/// What a ``TerminalListView`` asks its data source, in the shape of `UITableViewDataSource`.
///
/// `DiffableDataSource` answers these from its current snapshot (it connects itself when it is
/// created with the list view as its host); the list view never sees the snapshot itself.
/// Conform to this protocol yourself only for a list that is not diffable. The list view asks for
/// a cell only when a row becomes visible and has no cell yet, or after the row was reloaded or
/// reconfigured.
@MainActor
public protocol TerminalListViewDataSource: AnyObject {
  /// The number of sections. Asked after every update and on `reloadData()`.
  func numberOfSections(in listView: TerminalListView) -> Int
  /// The number of items in `section`. Asked after every update and on `reloadData()`.
  func listView(_ listView: TerminalListView, numberOfItemsInSection section: Int) -> Int
  /// The cell for the item at `indexPath`. Asked lazily, for visible rows only.
  func listView(_ listView: TerminalListView, cellForItemAt indexPath: IndexPath) -> TerminalCell
  /// The header title of `section`, or nil for none. The default implementation returns nil.
  func listView(_ listView: TerminalListView, titleForHeaderInSection section: Int) -> String?
  /// The footer title of `section`, or nil for none. The default implementation returns nil.
  func listView(_ listView: TerminalListView, titleForFooterInSection section: Int) -> String?
}

extension TerminalListViewDataSource {
  /// No header.
  public func listView(_ listView: TerminalListView, titleForHeaderInSection section: Int) -> String? { nil }
  /// No footer.
  public func listView(_ listView: TerminalListView, titleForFooterInSection section: Int) -> String? { nil }
}
