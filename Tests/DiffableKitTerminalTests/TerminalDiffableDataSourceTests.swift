import DiffableKit
import DiffableKitTerminal
import Foundation
import Testing

@MainActor
@Suite struct TerminalDiffableDataSourceTests {
  @Test func applyPerformsTheDiffAndKeepsFocusByIdentifier() {
    var names: [Int: String] = [1: "Ada", 2: "Bob", 3: "Cy", 4: "Di"]
    var asked: [Int] = []
    let list = TerminalListView(width: 20, height: 8)
    let dataSource = TerminalListDiffableDataSource<String, Int>(listView: list) { _, _, id in
      asked.append(id)
      return TerminalCell(text: names[id] ?? "?")
    }
    dataSource.headerTitleProvider = { $0 }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Favorites", "All"])
    snapshot.appendItems([1], toSection: "Favorites")
    snapshot.appendItems([2, 3, 4], toSection: "All")
    dataSource.apply(snapshot)
    #expect(dataSource.lastApply?.usedReloadData == true)
    #expect(
      list.render().map(\.text).map { $0.trimmingCharacters(in: .whitespaces) }.prefix(6) == [
        "Favorites", "> Ada", "", "All", "Bob", "Cy",
      ])
    list.focusedIndexPath = IndexPath(item: 1, section: 1)  // Cy
    asked.removeAll()

    // Cy becomes a favorite, Bob is deleted, Eve is inserted, Di is renamed (reconfigured).
    names[4] = "Dina"
    names[5] = "Eve"
    var next = DiffableDataSourceSnapshot<String, Int>()
    next.appendSections(["Favorites", "All"])
    next.appendItems([1, 3], toSection: "Favorites")
    next.appendItems([4, 5], toSection: "All")
    next.reconfigureItems([4])
    dataSource.apply(next)
    let report = dataSource.lastApply
    #expect(report?.usedReloadData == false)
    #expect(report?.deletes == 1)
    #expect(report?.inserts == 1)
    #expect(report?.moves == 1)
    #expect(report?.reconfigures == 1)
    let lines = list.render().map { $0.text.trimmingCharacters(in: .whitespaces) }
    #expect(lines.prefix(6) == ["Favorites", "Ada", "> Cy", "", "All", "Dina"])
    #expect(Set(asked) == [4, 5])
    #expect(dataSource.itemIdentifier(for: list.focusedIndexPath!) == 3)
    #expect(list.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(list.lastUpdateFallbackReason == nil)
  }
}
