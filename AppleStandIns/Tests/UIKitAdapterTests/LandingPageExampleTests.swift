import OpenDiffable
import Testing
import UIKit

// The code of the OpenDiffable documentation's landing page
// (Sources/OpenDiffable/OpenDiffable.docc/OpenDiffable.md), compiled and run against the stand-in
// UIKit (`.ci/articles UIKit` compiles the page's own blocks; this file runs a copy of them).
// Keep the page's lines within 80 columns: the page shows them uncut.

/// The landing page's first block: a data source for a table, and a first snapshot applied.
@MainActor
func landingPageTable(
  _ tableView: UITableView
) -> TableViewDiffableDataSource<String, String> {
  tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
  let dataSource = TableViewDiffableDataSource<String, String>(
    tableView: tableView
  ) { tableView, indexPath, name in
    let cell = tableView.dequeueReusableCell(
      withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = name
    return cell
  }

  var snapshot = DiffableDataSourceSnapshot<String, String>()
  snapshot.appendSections(["Team"])
  snapshot.appendItems(["Ada", "Grace", "Alan"], toSection: "Team")
  dataSource.apply(snapshot, animatingDifferences: false)
  return dataSource
}

/// The landing page's second block: the next snapshot, applied as one animated batch.
@MainActor
func landingPageUpdate(
  _ dataSource: TableViewDiffableDataSource<String, String>
) {
  var snapshot = dataSource.snapshot()
  snapshot.deleteItems(["Alan"])
  snapshot.insertItems(["Katherine"], afterItem: "Ada")
  dataSource.apply(snapshot)  // one batch: a delete and an insert, animated
}

@MainActor
@Suite("Documentation: the landing page's example")
struct LandingPageExampleTests {
  @Test("The first apply loads the table; the second is one animated batch")
  func theExampleRuns() {
    let tableView = UITableView(frame: .zero, style: .plain)
    let dataSource = landingPageTable(tableView)
    #expect(tableView.standIn.log == ["reloadData"])
    #expect(texts(tableView) == [["Ada", "Grace", "Alan"]])

    landingPageUpdate(dataSource)
    #expect(tableView.standIn.log.last == "batch(animated)")
    #expect(texts(tableView) == [["Ada", "Katherine", "Grace"]])
  }
}

/// The text each row of `table` shows, section by section.
@MainActor
private func texts(_ table: UITableView) -> [[String?]] {
  table.standIn.cells.map { section in section.map { $0.textLabel?.text } }
}
