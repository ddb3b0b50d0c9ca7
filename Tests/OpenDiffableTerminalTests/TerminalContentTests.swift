import Foundation
import OpenDiffable
import OpenDiffableTerminal
import Testing

/// The terminal list as a host for `contentProvider`: it reports the rows on screen, and rows
/// scrolled away drop their cell so that they show fresh content when they come back.
@MainActor
@Suite struct TerminalContentTests {
  @MainActor final class Fixture {
    var names: [Int: String] = [:]
    var asked: [Int] = []
    var traces: [DiffableDataSourceApplyTrace] = []
    let list = TerminalListView(width: 20, height: 4)
    var dataSource: DiffableDataSource<TerminalListView, String, Int>!

    init(count: Int) {
      for item in 0..<count { names[item] = "row \(item)" }
      dataSource = DiffableDataSource<TerminalListView, String, Int>(host: list) { [unowned self] _, _, id in
        asked.append(id)
        return TerminalCell(text: names[id] ?? "?")
      }
      dataSource.contentProvider = { [unowned self] in names[$0] }
      dataSource.traceHandler = { [unowned self] in traces.append($0) }
    }

    func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<String, Int> {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["all"])
      snapshot.appendItems(items, toSection: "all")
      return snapshot
    }

    func texts() -> [String] {
      list.render().map { line in
        var text = Substring(line.text)
        while text.last == " " { text = text.dropLast() }
        return String(text)
      }
    }
  }

  @Test func visibleIndexPathsFollowScrollingAndHeaders() async {
    let fixture = Fixture(count: 10)
    fixture.dataSource.sectionHeaderTitleProvider = { $0 }
    await fixture.dataSource.apply(fixture.snapshot(Array(0..<10)))
    // Header on the first line, then three rows.
    #expect(fixture.list.indexPathsForVisibleItems == (0..<3).map { IndexPath(item: $0, section: 0) })
    fixture.list.scrollToItem(at: IndexPath(item: 9, section: 0))
    #expect(fixture.list.indexPathsForVisibleItems == (6..<10).map { IndexPath(item: $0, section: 0) })
  }

  @Test func onlyRowsOnScreenAreReconfiguredAndScrolledAwayRowsComeBackFresh() async throws {
    let fixture = Fixture(count: 10)
    await fixture.dataSource.apply(fixture.snapshot(Array(0..<10)))
    #expect(fixture.texts() == ["> row 0", "  row 1", "  row 2", "  row 3"])
    // Every row changes: only the four on screen are reconfigured.
    for item in 0..<10 { fixture.names[item] = "new \(item)" }
    await fixture.dataSource.apply(fixture.snapshot(Array(0..<10)))
    let trace = try #require(fixture.traces.last)
    #expect(trace.contentReconfigures == 4)
    #expect(fixture.texts() == ["> new 0", "  new 1", "  new 2", "  new 3"])
    // Scrolling down asks for the rows that come into view, with their current content.
    fixture.asked = []
    fixture.list.scrollToItem(at: IndexPath(item: 7, section: 0))
    #expect(fixture.texts() == ["  new 4", "  new 5", "  new 6", "  new 7"])
    #expect(fixture.asked == [4, 5, 6, 7])
    // Row 1 changes while off screen: not compared, and fresh when it scrolls back.
    fixture.names[1] = "changed off screen"
    await fixture.dataSource.apply(fixture.snapshot(Array(0..<10)))
    #expect(fixture.traces.last?.contentReconfigures == 0)
    fixture.asked = []
    fixture.list.scrollToItem(at: IndexPath(item: 0, section: 0))
    #expect(fixture.texts() == ["> new 0", "  changed off screen", "  new 2", "  new 3"])
    #expect(fixture.asked == [0, 1, 2, 3])
  }

  @Test func rowsShiftedIntoViewWithoutACellAreNotReconfigured() async throws {
    let fixture = Fixture(count: 10)
    await fixture.dataSource.apply(fixture.snapshot(Array(0..<10)))
    #expect(fixture.texts() == ["> row 0", "  row 1", "  row 2", "  row 3"])
    // Rows 4 and 5 change while off screen, then two deletes above shift them into view: the
    // list has no cell for them yet, so nothing is reconfigured; they are drawn fresh.
    fixture.names[4] = "four"
    fixture.names[5] = "five"
    await fixture.dataSource.apply(fixture.snapshot([2, 3, 4, 5, 6, 7, 8, 9]))
    let trace = try #require(fixture.traces.last)
    #expect(trace.itemDeletes == 2)
    #expect(trace.contentReconfigures == 0)
    #expect(fixture.texts().suffix(2) == ["  four", "  five"])
  }
}
