import Foundation
import OpenDiffable
import PropertyBased
import Testing
import UIKit

/// UIKit's `TableViewDiffableDataSource` driving the stand-in `UITableView`.
@MainActor
@Suite("UIKit TableViewDiffableDataSource")
struct TableViewAdapterTests {
  @Test("The first apply reloads the table, which asks a cell for every row")
  func firstApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(view.standIn.log == ["reloadData"])
    #expect(shown(view) == [[1, 2], [3]])
    #expect(view.standIn.cellRequests == [[0, 0], [0, 1], [1, 0]])
  }

  @Test("An animated apply is one batch with the default row animation; cells only for inserted rows")
  func animatedApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    view.standIn.cellRequests = []
    dataSource.defaultRowAnimation = .fade
    dataSource.apply(snapshot([("a", [3, 1]), ("b", [4, 9])]))
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(shown(view) == [[3, 1], [4, 9]])
    #expect(view.standIn.cellRequests == [[1, 1]])
    #expect(!view.standInRowAnimations.isEmpty && view.standInRowAnimations.allSatisfy { $0 == .fade })
  }

  @Test("An apply without animation is a batch inside performWithoutAnimation")
  func unanimatedApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    dataSource.apply(snapshot([("a", [2, 5])]), animatingDifferences: false)
    #expect(view.standIn.log.last == "batch(not animated)")
    #expect(shown(view) == [[2, 5]])
  }

  @Test("applySnapshotUsingReloadData reloads instead of diffing")
  func reloadDataApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    dataSource.applySnapshotUsingReloadData(snapshot([("b", [8])]))
    #expect(view.standIn.log == ["reloadData", "reloadData"])
    #expect(shown(view) == [[8]])
  }

  @Test("Reconfigure asks the cell again in place; reload replaces it in a batch")
  func reconfigureAndReload() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    view.standIn.cellRequests = []
    var next = dataSource.snapshot()
    next.reconfigureItems([3])
    dataSource.apply(next)
    #expect(view.standIn.log.last == "reconfigure")
    #expect(view.standIn.cellRequests == [[0, 2]])
    view.standIn.cellRequests = []
    next = dataSource.snapshot()
    next.reloadItems([1])
    dataSource.apply(next)
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(view.standIn.cellRequests == [[0, 0]])
  }

  @Test("Header and footer titles come from the title providers, or from a subclass")
  func titles() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1]), ("b", [2])]))
    #expect(view.standInTitles(ofSection: 0) == (nil, nil))
    dataSource.sectionHeaderTitleProvider = { "Header \($0)" }
    dataSource.sectionFooterTitleProvider = { $0 == "b" ? "Footer b" : nil }
    #expect(view.standInTitles(ofSection: 1) == ("Header b", "Footer b"))
    #expect(view.standInTitles(ofSection: 0) == ("Header a", nil))

    final class Titled: TableViewDiffableDataSource<String, Int> {
      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)?.uppercased()
      }
    }
    let table = UITableView(frame: .zero, style: .grouped)
    let titled = Titled(tableView: table) { _, _, _ in UITableViewCell() }
    titled.apply(snapshot([("x", [1])]))
    #expect(table.standInTitles(ofSection: 0) == ("X", nil))
  }

  @Test("Reordering: the table asks canMoveRowAt, moves the row, calls moveRowAt; the handlers run")
  func reordering() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    #expect(!view.standInUserMovesRow(from: [0, 0], to: [0, 2]), "reordering is off until canReorderItem is set")
    var reordered: [Snapshot] = []
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.didReorder = { reordered.append($0.finalSnapshot) }
    view.standIn.cellRequests = []
    #expect(view.standInUserMovesRow(from: [0, 0], to: [1, 1]))
    #expect(rows(of: dataSource.snapshot()) == [[2, 3], [4, 1]])
    #expect(reordered.map(rows(of:)) == [[[2, 3], [4, 1]]])
    #expect(shown(view) == [[2, 3], [4, 1]])
    #expect(view.standIn.cellRequests.isEmpty)
  }

  @Test("The selection follows its rows by identifier across applies")
  func selection() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    view.selectRow(at: [0, 2], animated: false, scrollPosition: .none)
    dataSource.apply(snapshot([("a", [5, 3, 1])]))
    #expect(view.indexPathsForSelectedRows == [[0, 1]])
  }

  @Test("500 random apply sequences: the rows always show the snapshot, selection by identifier")
  func randomSequences() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let (view, dataSource) = makeTable()
      for _ in 0..<8 {
        let next = randomSnapshot(after: dataSource.snapshot(), using: &random)
        let selected = view.indexPathsForSelectedRows?.compactMap(dataSource.itemIdentifier(for:)) ?? []
        switch Int.random(in: 0..<4, using: &random) {
        case 0: dataSource.apply(next, animatingDifferences: false)
        case 1: dataSource.applySnapshotUsingReloadData(next)
        default: dataSource.apply(next)
        }
        #expect(rows(of: dataSource.snapshot()) == rows(of: next))
        #expect(shown(view) == rows(of: next))
        let kept = Set(selected).intersection(next.itemIdentifiers)
        #expect(Set(view.indexPathsForSelectedRows?.compactMap(dataSource.itemIdentifier(for:)) ?? []) == kept)
        if let item = next.itemIdentifiers.randomElement(using: &random), let path = dataSource.indexPath(for: item) {
          view.selectRow(at: path, animated: false, scrollPosition: .none)
        }
      }
    }
  }
}
