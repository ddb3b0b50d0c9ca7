import AppKit
import Foundation
import OpenDiffable
import PropertyBased
import Testing

/// AppKit's `TableViewDiffableDataSource` driving the stand-in `NSTableView`.
@MainActor
@Suite("AppKit TableViewDiffableDataSource")
struct TableViewAdapterTests {
  @Test("The first apply reloads the table, which asks the delegate a view for every row")
  func firstApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]), animatingDifferences: true)
    #expect(view.standIn.log == ["reloadData"])
    #expect(shown(view) == ["1", "2", "3"])
  }

  @Test("An animated apply removes and inserts rows with the default animation; views only for new rows")
  func animatedApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]), animatingDifferences: true)
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [3, 1]), ("b", [4, 9])]), animatingDifferences: true)
    #expect(shown(view) == ["3", "1", "4", "9"])
    #expect(view.standInRowAnimations.allSatisfy { $0 == .effectFade } && !view.standInRowAnimations.isEmpty)
    #expect(view.standIn.cellRequests.contains([0, 3]), "the row of 9 was asked")
    #expect(!view.standIn.cellRequests.contains([0, 2]), "the row of 4 kept its view")
  }

  @Test("An apply without animation reloads without diffing, as AppKit documents")
  func unanimatedApply() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]), animatingDifferences: true)
    dataSource.apply(snapshot([("a", [2, 5])]), animatingDifferences: false)
    #expect(view.standIn.log == ["reloadData", "reloadData"])
    #expect(shown(view) == ["2", "5"])
  }

  @Test("With a section header provider each section starts with a group row; lookups count it")
  func sectionHeaders() {
    let (view, dataSource) = makeTable()
    dataSource.sectionHeaderViewProvider = { _, _, section in
      let header = CellView()
      header.text = section
      return header
    }
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]), animatingDifferences: true)
    #expect(shown(view) == ["#a", "1", "2", "#b", "3"])
    #expect(dataSource.row(forItemIdentifier: 3) == 4)
    #expect(dataSource.itemIdentifier(forRow: 3) == nil)
    #expect(dataSource.sectionIdentifier(forRow: 2) == "a")
    #expect(dataSource.row(forSectionIdentifier: "b") == 3)
    dataSource.apply(snapshot([("b", [3, 1]), ("a", [2])]), animatingDifferences: true)
    #expect(shown(view) == ["#b", "3", "1", "#a", "2"])
  }

  @Test("Reconfigure and reload ask the delegate again for the row's views")
  func reconfigureAndReload() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]), animatingDifferences: true)
    view.standIn.cellRequests = []
    var next = dataSource.snapshot()
    next.reconfigureItems([2])
    dataSource.apply(next, animatingDifferences: true)
    #expect(view.standIn.cellRequests == [[0, 1]])
    view.standIn.cellRequests = []
    next = dataSource.snapshot()
    next.reloadItems([3])
    dataSource.apply(next, animatingDifferences: true)
    #expect(view.standIn.cellRequests == [[0, 2]])
  }

  @Test("Row views come from rowViewProvider with the row's identifier")
  func rowViews() {
    let (view, dataSource) = makeTable()
    var asked: [AnyHashable] = []
    dataSource.rowViewProvider = { _, _, identifier in
      asked.append(identifier)
      return NSTableRowView()
    }
    dataSource.apply(snapshot([("a", [7])]), animatingDifferences: true)
    #expect(asked == [AnyHashable(7)])
    #expect(view.rowView(atRow: 0, makeIfNecessary: false) != nil)
  }

  @Test("The selection follows its rows by identifier across applies")
  func selection() {
    let (view, dataSource) = makeTable()
    dataSource.apply(snapshot([("a", [1, 2, 3])]), animatingDifferences: true)
    view.selectRowIndexes([2], byExtendingSelection: false)
    dataSource.apply(snapshot([("a", [5, 3, 1])]), animatingDifferences: true)
    #expect(view.selectedRowIndexes == [1])
  }

  @Test("500 random apply sequences: the rows always show the snapshot, selection by identifier")
  func randomSequences() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let (view, dataSource) = makeTable()
      if Bool.random(using: &random) {
        dataSource.sectionHeaderViewProvider = { _, _, section in
          let header = CellView()
          header.text = section
          return header
        }
      }
      let headers = dataSource.sectionHeaderViewProvider != nil
      for _ in 0..<8 {
        let next = randomSnapshot(after: dataSource.snapshot(), using: &random)
        let selected = view.selectedRowIndexes.compactMap(dataSource.itemIdentifier(forRow:))
        dataSource.apply(next, animatingDifferences: Int.random(in: 0..<4, using: &random) != 0)
        let expected = next.sectionIdentifiers.flatMap { section in
          (headers ? ["#\(section)"] : []) + next.itemIdentifiers(inSection: section).map { "\($0)" }
        }
        #expect(shown(view) == expected)
        let kept = Set(selected).intersection(next.itemIdentifiers)
        #expect(Set(view.selectedRowIndexes.compactMap(dataSource.itemIdentifier(forRow:))) == kept)
        if let item = next.itemIdentifiers.randomElement(using: &random),
          let row = dataSource.row(forItemIdentifier: item)
        {
          view.selectRowIndexes([row], byExtendingSelection: true)
        }
      }
    }
  }
}
