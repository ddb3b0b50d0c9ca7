import Foundation
import OpenDiffable
import OpenDiffableTerminal
import Testing

/// A data source over plain arrays, counting the cells it is asked for.
@MainActor
final class ArrayDataSource: TerminalListViewDataSource {
  var sections: [(header: String?, footer: String?, items: [String])]
  var cellRequests: [IndexPath] = []

  init(_ sections: [(header: String?, footer: String?, items: [String])]) {
    self.sections = sections
  }

  func numberOfSections(in listView: TerminalListView) -> Int { sections.count }
  func listView(_ listView: TerminalListView, numberOfItemsInSection section: Int) -> Int {
    sections[section].items.count
  }
  func listView(_ listView: TerminalListView, cellForItemAt indexPath: IndexPath) -> TerminalCell {
    cellRequests.append(indexPath)
    return TerminalCell(text: sections[indexPath.section].items[indexPath.item])
  }
  func listView(_ listView: TerminalListView, titleForHeaderInSection section: Int) -> String? {
    sections[section].header
  }
  func listView(_ listView: TerminalListView, titleForFooterInSection section: Int) -> String? {
    sections[section].footer
  }
}

@MainActor
private func texts(_ lines: [TerminalLine]) -> [String] {
  lines.map { line in
    var text = Substring(line.text)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

@MainActor
@Suite struct TerminalListViewTests {
  @Test func rendersHeadersItemsFootersAndFocus() {
    let source = ArrayDataSource([("Favorites", nil, ["Ada", "Bob"]), ("All", "2 contacts", ["Cy", "Di"])])
    let list = TerminalListView(width: 30, height: 9)
    list.dataSource = source
    let lines = list.render()
    #expect(
      texts(lines) == [
        "Favorites", "> Ada", "  Bob", "", "All", "  Cy", "  Di", "  2 contacts", "",
      ])
    #expect(lines.allSatisfy { $0.text.count == 30 })
    #expect(lines[0].style == .header)
    #expect(lines[1].style == .selectedFocused)
    #expect(lines[7].style == .footer)
    #expect(list.focusedIndexPath == IndexPath(item: 0, section: 0))
    #expect(list.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
  }

  @Test func batchUpdateKeepsCellsAndAsksOnlyForNewRows() {
    let source = ArrayDataSource([(nil, nil, ["a", "b", "c", "d"])])
    let list = TerminalListView(width: 20, height: 6)
    list.dataSource = source
    _ = list.render()
    #expect(source.cellRequests.count == 4)
    list.focusedIndexPath = IndexPath(item: 3, section: 0)  // "d"
    source.cellRequests.removeAll()

    // a b c d  ->  d a c x   (delete b, move d to the top, insert x at the end)
    source.sections[0].items = ["d", "a", "c", "x"]
    list.performBatchUpdates {
      list.deleteItems(at: [IndexPath(item: 1, section: 0)])
      list.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0))
      list.insertItems(at: [IndexPath(item: 3, section: 0)])
    }
    let lines = list.render()
    #expect(list.lastUpdateFallbackReason == nil)
    #expect(texts(lines).prefix(4) == ["> d", "  a", "  c", "  x"])
    #expect(source.cellRequests == [IndexPath(item: 3, section: 0)])
    #expect(list.lastRenderCellRequests == 1)
    // Focus and selection followed "d" to the top; the inserted row is highlighted.
    #expect(list.focusedIndexPath == IndexPath(item: 0, section: 0))
    #expect(list.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(lines[3].style == .highlighted)
    list.clearHighlights()
    #expect(list.render()[3].style == .plain)
    #expect(!list.hasHighlights)
  }

  @Test func itemMovesBetweenSectionsCarryTheirCell() {
    let source = ArrayDataSource([("Favorites", nil, ["a"]), ("All", nil, ["b", "c"])])
    let list = TerminalListView(width: 20, height: 8)
    list.dataSource = source
    _ = list.render()
    list.focusedIndexPath = IndexPath(item: 1, section: 1)  // "c"
    source.cellRequests.removeAll()
    source.sections = [("Favorites", nil, ["a", "c"]), ("All", nil, ["b"])]
    list.performBatchUpdates {
      list.moveItem(at: IndexPath(item: 1, section: 1), to: IndexPath(item: 1, section: 0))
    }
    #expect(texts(list.render()).prefix(5) == ["Favorites", "  a", "> c", "", "All"])
    #expect(source.cellRequests.isEmpty)
    #expect(list.focusedIndexPath == IndexPath(item: 1, section: 0))
  }

  @Test func reconfigureAsksAgainAndKeptCellsStayUntilThen() {
    let source = ArrayDataSource([(nil, nil, ["a", "b"])])
    let list = TerminalListView(width: 20, height: 3)
    list.dataSource = source
    _ = list.render()
    source.sections[0].items[1] = "B!"
    #expect(texts(list.render()).prefix(2) == ["> a", "  b"])  // nothing said it changed
    list.reconfigureItems(at: [IndexPath(item: 1, section: 0)])
    #expect(texts(list.render()).prefix(2) == ["> a", "  B!"])
    #expect(list.lastRenderCellRequests == 1)
  }

  @Test func sectionInsertDeleteAndMove() {
    let source = ArrayDataSource([("A", nil, ["a1"]), ("B", nil, ["b1", "b2"]), ("C", nil, ["c1"])])
    let list = TerminalListView(width: 20, height: 12)
    list.dataSource = source
    _ = list.render()
    source.cellRequests.removeAll()
    // A B C -> C N B   (delete A, move C to the top, insert N)
    source.sections = [("C", nil, ["c1"]), ("N", nil, ["n1"]), ("B", nil, ["b1", "b2"])]
    list.performBatchUpdates {
      list.deleteSections([0])
      list.moveSection(2, toSection: 0)
      list.insertSections([1])
    }
    #expect(list.lastUpdateFallbackReason == nil)
    #expect(texts(list.render()).prefix(8) == ["C", "> c1", "", "N", "  n1", "", "B", "  b1"])
    #expect(source.cellRequests == [IndexPath(item: 0, section: 1)])
  }

  @Test func inconsistentBatchFallsBackToReloadWithAReason() {
    let source = ArrayDataSource([(nil, nil, ["a", "b"])])
    let list = TerminalListView(width: 20, height: 4)
    list.dataSource = source
    _ = list.render()
    source.sections[0].items = ["a", "b", "c"]
    list.performBatchUpdates {}  // says nothing changed, but a row appeared
    // UIKit's wording, from the core batch model.
    #expect(list.lastUpdateFallbackReason?.contains("Invalid update: invalid number of items in section 0") == true)
    #expect(texts(list.render()).prefix(3) == ["> a", "  b", "  c"])
    list.deleteItems(at: [IndexPath(item: 9, section: 0)])
    #expect(list.lastUpdateFallbackReason?.contains("which only contains 3 items before the update") == true)
  }

  @Test func scrollingKeepsFocusVisible() {
    let source = ArrayDataSource([("Header", nil, (0..<20).map { "row \($0)" })])
    let list = TerminalListView(width: 20, height: 5)
    list.dataSource = source
    #expect(texts(list.render()).first == "Header")
    list.moveFocus(by: 10)
    let lines = texts(list.render())
    #expect(lines.last == "> row 10")
    #expect(list.scrollOffset == 7)
    list.moveFocusToFirst()
    #expect(texts(list.render()).prefix(2) == ["Header", "> row 0"])
    list.moveFocusToLast()
    #expect(texts(list.render()).last == "> row 19")
    #expect(list.lastRenderCellRequests == 0 || list.lastRenderCellRequests <= 5)
    list.resize(width: 20, height: 3)
    #expect(texts(list.render()).last == "> row 19")
  }

  @Test func outlineIndentationAndDisclosureMarkers() {
    final class Outline: TerminalListViewDataSource {
      let cells = [
        TerminalCell(text: "Acme", detail: "2", indentationLevel: 0, disclosure: .expanded),
        TerminalCell(text: "Ada", indentationLevel: 1, disclosure: TerminalCell.Disclosure.none),
        TerminalCell(text: "Globex", detail: "5", indentationLevel: 0, disclosure: .collapsed),
      ]
      func numberOfSections(in listView: TerminalListView) -> Int { 1 }
      func listView(_ listView: TerminalListView, numberOfItemsInSection section: Int) -> Int { cells.count }
      func listView(_ listView: TerminalListView, cellForItemAt indexPath: IndexPath) -> TerminalCell {
        cells[indexPath.item]
      }
    }
    let source = Outline()
    let list = TerminalListView(width: 20, height: 3)
    list.dataSource = source
    #expect(texts(list.render()) == ["> ▾ Acme          2", "      Ada", "  ▸ Globex        5"])
  }

  @Test func emptyListShowsItsEmptyText() {
    let source = ArrayDataSource([("All", nil, [])])
    let list = TerminalListView(width: 20, height: 2)
    list.emptyText = "No matches"
    list.dataSource = source
    #expect(texts(list.render()) == ["  No matches", ""])
    #expect(list.focusedIndexPath == nil)
  }

  @Test func controlCharactersInCellTextAreRemoved() {
    let source = ArrayDataSource([(nil, nil, ["evil\u{1B}[2Jname\nx"])])
    let list = TerminalListView(width: 20, height: 1)
    list.dataSource = source
    #expect(texts(list.render()) == ["> evil[2Jname x"])
  }
}
