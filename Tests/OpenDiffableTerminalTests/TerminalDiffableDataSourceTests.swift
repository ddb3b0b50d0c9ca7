import Foundation
import OpenDiffable
import OpenDiffableTerminal
import Testing

/// The generic `DiffableDataSource` driving a `TerminalListView`: what the list draws after each
/// kind of apply, which rows it asks cells for, and what the apply trace (the status line's
/// source) reports. Ported from the tests of the terminal-only data source it replaced.
@MainActor
@Suite struct TerminalDiffableDataSourceTests {
  /// A terminal data source whose cells read `names` and whose traces are collected.
  @MainActor final class Fixture {
    var names: [Int: String]
    var asked: [Int] = []
    var traces: [DiffableDataSourceApplyTrace] = []
    let list: TerminalListView
    var dataSource: DiffableDataSource<TerminalListView, String, Int>!

    init(names: [Int: String], width: Int = 20, height: Int = 8) {
      self.names = names
      list = TerminalListView(width: width, height: height)
      dataSource = DiffableDataSource<TerminalListView, String, Int>(host: list) { [unowned self] _, _, id in
        asked.append(id)
        return TerminalCell(text: self.names[id] ?? "?")
      }
      dataSource.sectionHeaderTitleProvider = { $0 }
      dataSource.traceHandler = { [unowned self] in traces.append($0) }
    }

    /// The snapshot with `sections`, each with its items.
    static func snapshot(_ sections: KeyValuePairs<String, [Int]>) -> DiffableDataSourceSnapshot<String, Int> {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
      }
      return snapshot
    }
  }

  @Test func applyPerformsTheDiffAndKeepsFocusByIdentifier() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob", 3: "Cy", 4: "Di"])
    let list = fixture.list
    await fixture.dataSource.apply(Fixture.snapshot(["Favorites": [1], "All": [2, 3, 4]]))
    #expect(fixture.traces.last?.method == .reloadData)
    #expect(fixture.traces.last?.reloadReason == .initialLoad)
    #expect(list.frameTexts().prefix(6) == ["Favorites", "> Ada", "", "All", "  Bob", "  Cy"])
    list.focusedIndexPath = IndexPath(item: 1, section: 1)  // Cy
    fixture.asked.removeAll()

    // Cy becomes a favorite, Bob is deleted, Eve is inserted, Di is renamed (reconfigured).
    fixture.names[4] = "Dina"
    fixture.names[5] = "Eve"
    var next = Fixture.snapshot(["Favorites": [1, 3], "All": [4, 5]])
    next.reconfigureItems([4])
    await fixture.dataSource.apply(next)
    let trace = try #require(fixture.traces.last)
    #expect(trace.method == .animatedBatch)
    #expect(trace.reloadReason == nil)
    #expect(trace.sectionDeletes + trace.itemDeletes == 1)
    #expect(trace.sectionInserts + trace.itemInserts == 1)
    #expect(trace.sectionMoves + trace.itemMoves == 1)
    #expect(trace.sectionReloads + trace.itemReloads == 0)
    #expect(trace.itemReconfigures == 1)
    #expect(trace.batchCount == 1)
    #expect(list.frameTexts().prefix(7) == ["Favorites", "  Ada", "> Cy", "", "All", "  Dina", "  Eve"])
    // Only the reconfigured and the inserted rows were asked for cells.
    #expect(Set(fixture.asked) == [4, 5])
    #expect(fixture.dataSource.itemIdentifier(for: list.focusedIndexPath!) == 3)
    #expect(list.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(list.lastUpdateFallbackReason == nil)
  }

  @Test func anEmptyingApplyAfterTheFirstIsABatchNotAReload() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob"])
    await fixture.dataSource.apply(Fixture.snapshot(["All": [1, 2]]))
    await fixture.dataSource.apply(DiffableDataSourceSnapshot<String, Int>())
    #expect(fixture.list.frameTexts().allSatisfy { $0.isEmpty })
    await fixture.dataSource.apply(Fixture.snapshot(["All": [2]]))
    let trace = try #require(fixture.traces.last)
    #expect(trace.method == .animatedBatch)
    #expect(trace.sectionInserts == 1)
    #expect(fixture.list.frameTexts().prefix(2) == ["All", "> Bob"])
  }

  @Test func reloadDataRedrawsEveryRowWithoutADiff() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob"])
    await fixture.dataSource.apply(Fixture.snapshot(["All": [1, 2]]))
    #expect(fixture.list.frameTexts().prefix(3) == ["All", "> Ada", "  Bob"])
    fixture.list.focusedIndexPath = IndexPath(item: 1, section: 0)  // Bob
    fixture.names[1] = "Ada L."
    fixture.names[3] = "Cy"
    fixture.asked.removeAll()
    await fixture.dataSource.applySnapshotUsingReloadData(Fixture.snapshot(["All": [3, 1, 2]]))
    let trace = try #require(fixture.traces.last)
    #expect(trace.method == .reloadData)
    #expect(trace.reloadReason == .requested)
    #expect(trace.diffDuration == nil)
    #expect(trace.numberOfItems == 3)
    #expect(fixture.list.frameTexts().prefix(4) == ["All", "  Cy", "  Ada L.", "> Bob"])
    #expect(Set(fixture.asked) == [1, 2, 3])
    #expect(fixture.dataSource.itemIdentifier(for: fixture.list.focusedIndexPath!) == 2)
  }

  @Test func reloadedItemsAndSectionsAreAskedForNewCells() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob", 3: "Cy"])
    await fixture.dataSource.apply(Fixture.snapshot(["A": [1], "B": [2, 3]]))
    #expect(fixture.list.frameTexts().prefix(6) == ["A", "> Ada", "", "B", "  Bob", "  Cy"])
    // The list keeps the cells it drew; renaming alone changes nothing on screen.
    fixture.names[1] = "Ada L."
    fixture.names[3] = "Cyrus"
    fixture.asked.removeAll()
    var next = fixture.dataSource.snapshot()
    next.reloadItems([1])
    await fixture.dataSource.apply(next)
    #expect(fixture.traces.last?.itemReloads == 1)
    #expect(fixture.list.frameTexts().prefix(6) == ["A", "> Ada L.", "", "B", "  Bob", "  Cy"])
    #expect(fixture.asked == [1])

    fixture.asked.removeAll()
    next = fixture.dataSource.snapshot()
    next.reloadSections(["B"])
    await fixture.dataSource.apply(next)
    #expect(fixture.traces.last?.sectionReloads == 1)
    #expect(fixture.list.frameTexts().prefix(6) == ["A", "> Ada L.", "", "B", "  Bob", "  Cyrus"])
    #expect(Set(fixture.asked) == [2, 3])
  }

  @Test func headerAndFooterTitlesAndLookupsFollowTheSnapshot() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob"], height: 7)
    fixture.dataSource.sectionHeaderTitleProvider = { "[\($0)]" }
    fixture.dataSource.sectionFooterTitleProvider = { $0 == "B" ? "end of B" : nil }
    await fixture.dataSource.apply(Fixture.snapshot(["A": [1], "B": [2]]))
    #expect(fixture.list.frameTexts().prefix(6) == ["[A]", "> Ada", "", "[B]", "  Bob", "  end of B"])
    #expect(fixture.dataSource.sectionIdentifier(for: 1) == "B")
    #expect(fixture.dataSource.sectionIdentifier(for: 2) == nil)
    #expect(fixture.dataSource.index(for: "B") == 1)
    #expect(fixture.dataSource.indexPath(for: 2) == IndexPath(item: 0, section: 1))
    #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)) == nil)
  }

  @Test func completionRunsAfterTheListShowsTheSnapshot() async throws {
    let fixture = Fixture(names: [1: "Ada", 2: "Bob"])
    await fixture.dataSource.apply(Fixture.snapshot(["All": [1]]))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var returned = false
      fixture.dataSource.apply(Fixture.snapshot(["All": [1, 2]])) {
        // Never before `apply` returned, and the list already draws the new row.
        #expect(returned)
        #expect(fixture.list.frameTexts().prefix(3) == ["All", "> Ada", "  Bob"])
        done.resume()
      }
      returned = true
    }
    #expect(fixture.traces.count == 2)
  }
}
