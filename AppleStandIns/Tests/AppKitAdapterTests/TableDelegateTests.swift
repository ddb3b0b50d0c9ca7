import AppKit
import Foundation
import OpenDiffable
import Testing

/// An app's own table delegate that knows nothing of the data source: a view controller that
/// handles selection (issue 26, findings 2 and 10). It does not forward the view questions.
@MainActor
final class SelectionDelegate: NSObject, NSTableViewDelegate {
  var selectionChanges: [IndexSet] = []

  func tableViewSelectionDidChange(_ notification: Notification) {
    guard let tableView = notification.object as? NSTableView else { return }
    selectionChanges.append(tableView.selectedRowIndexes)
  }
}

/// The migration article's AppKit screen after the rename: the view controller is the table's
/// delegate (set here as Interface Builder would, before the data source) and handles
/// selection; it has no view methods, and the cell provider makes every cell.
@MainActor
final class AccountsScreen: NSObject, NSTableViewDelegate {
  let tableView = NSTableView(frame: .zero)
  var dataSource: TableViewDiffableDataSource<String, Int>!
  var selectedAccount: Int?

  func viewDidLoad() {
    tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
    tableView.delegate = self
    dataSource = TableViewDiffableDataSource(tableView: tableView) { _, _, _, account in
      let cell = CellView()
      cell.text = "\(account)"
      return cell
    }
  }

  func tableViewSelectionDidChange(_ notification: Notification) {
    selectedAccount = tableView.selectedRowIndexes.first.flatMap(dataSource.itemIdentifier(forRow:))
  }
}

/// A table with one column and no delegate, and a data source whose cells show their item.
@MainActor
private func makeBareTable() -> NSTableView {
  let view = NSTableView(frame: .zero)
  view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
  return view
}

@MainActor
private func makeDataSource(_ view: NSTableView, cells: @escaping () -> Void = {})
  -> TableViewDiffableDataSource<String, Int>
{
  TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, _, item in
    cells()
    let cell = CellView()
    cell.text = "\(item)"
    return cell
  }
}

/// Tables whose delegate is the app's: views still come from the data source's providers, as
/// they do from AppKit's `NSTableViewDiffableDataSource` whatever the delegate, and the app's
/// delegate still hears everything else.
@MainActor
@Suite("AppKit table with the app's own delegate")
struct TableDelegateTests {
  @Test("Delegate set before the data source (Interface Builder): cells from the cell provider, selection to the app")
  func delegateBeforeDataSource() {
    let view = makeBareTable()
    let appDelegate = SelectionDelegate()
    view.delegate = appDelegate
    var cellCalls = 0
    let dataSource = makeDataSource(view) { cellCalls += 1 }
    dataSource.apply(snapshot([("a", [1, 2, 3])]), animatingDifferences: true)
    #expect(cellCalls == 3)
    #expect(shown(view) == ["1", "2", "3"])
    view.standInUserSelectRow(1)
    #expect(appDelegate.selectionChanges == [IndexSet(integer: 1)])
  }

  @Test("Delegate set after the data source, before the first apply: cells from the cell provider")
  func delegateAfterDataSource() {
    let view = makeBareTable()
    var cellCalls = 0
    let dataSource = makeDataSource(view) { cellCalls += 1 }
    let appDelegate = SelectionDelegate()
    view.delegate = appDelegate
    dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
    #expect(cellCalls == 2)
    #expect(shown(view) == ["1", "2"])
    view.standInUserSelectRow(0)
    #expect(appDelegate.selectionChanges == [IndexSet(integer: 0)])
  }

  @Test("Delegate set after the first apply: the next reload and apply still get cells; selection to the app")
  func delegateAfterFirstApply() {
    let view = makeBareTable()
    let dataSource = makeDataSource(view)
    dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
    let appDelegate = SelectionDelegate()
    view.delegate = appDelegate
    view.reloadData()
    #expect(shown(view) == ["1", "2"])
    dataSource.apply(snapshot([("a", [2, 3, 1])]), animatingDifferences: true)
    #expect(shown(view) == ["2", "3", "1"])
    view.standInUserSelectRow(2)
    #expect(appDelegate.selectionChanges == [IndexSet(integer: 2)])
  }

  @Test("With the app's delegate, group rows and row views come from the providers")
  func providersWithAppDelegate() {
    let view = makeBareTable()
    let appDelegate = SelectionDelegate()
    view.delegate = appDelegate
    let dataSource = makeDataSource(view)
    var rowViews = 0
    dataSource.rowViewProvider = { _, _, _ in
      rowViews += 1
      return NSTableRowView()
    }
    dataSource.sectionHeaderViewProvider = { _, _, section in
      let header = CellView()
      header.text = section
      return header
    }
    dataSource.apply(snapshot([("a", [1]), ("b", [2])]), animatingDifferences: true)
    #expect(shown(view) == ["#a", "1", "#b", "2"])
    #expect(rowViews == 4)
  }

  @Test("The migration article's accounts screen: cells from the provider, selection to the view controller")
  func accountsScreen() {
    let screen = AccountsScreen()
    screen.viewDidLoad()
    screen.dataSource.apply(snapshot([("a", [10, 20])]), animatingDifferences: true)
    #expect(shown(screen.tableView) == ["10", "20"])
    screen.tableView.standInUserSelectRow(1)
    #expect(screen.selectedAccount == 20)
  }

  @Test("An app delegate that forwards the view questions, as before, still works")
  func forwardingDelegateStillWorks() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [4, 5])]), animatingDifferences: true)
    #expect(shown(view) == ["4", "5"])
  }

  @Test("A second data source on the same table takes over; the app's delegate keeps its events")
  func secondDataSource() {
    let view = makeBareTable()
    let appDelegate = SelectionDelegate()
    view.delegate = appDelegate
    let first = makeDataSource(view)
    first.apply(snapshot([("a", [1])]), animatingDifferences: true)
    let second = TableViewDiffableDataSource<String, Int>(tableView: view) { _, _, _, item in
      let cell = CellView()
      cell.text = "second \(item)"
      return cell
    }
    second.apply(snapshot([("a", [7, 8])]), animatingDifferences: true)
    #expect(shown(view) == ["second 7", "second 8"])
    view.standInUserSelectRow(1)
    #expect(appDelegate.selectionChanges == [IndexSet(integer: 1)])
    withExtendedLifetime(first) {}
  }
}
