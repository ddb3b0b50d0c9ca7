import Foundation
import OpenDiffable
import OpenDiffableTerminal
import Testing

/// The terminal list view driven by the generic data-source core through `DiffableListHost`.
@MainActor
@Suite struct TerminalHostProtocolTests {
  @Test func genericCoreDrivesTheTerminalHost() async {
    let list = TerminalListView(width: 20, height: 8)
    var names: [Int: String] = [1: "Ada", 2: "Bob", 3: "Cy"]
    let dataSource = DiffableDataSource<TerminalListView, String, Int>(host: list) { _, _, id in
      TerminalCell(text: names[id] ?? "?")
    }
    dataSource.sectionHeaderTitleProvider = { $0 }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Favorites", "All"])
    snapshot.appendItems([1], toSection: "Favorites")
    snapshot.appendItems([2, 3], toSection: "All")
    await dataSource.apply(snapshot, animatingDifferences: true)
    #expect(list.frameTexts() == ["Favorites", "> Ada", "", "All", "  Bob", "  Cy", "", ""])
    list.focusedIndexPath = IndexPath(item: 1, section: 1)  // Cy

    names[2] = "Bobby"
    var next = DiffableDataSourceSnapshot<String, Int>()
    next.appendSections(["Favorites", "All"])
    next.appendItems([1, 3], toSection: "Favorites")
    next.appendItems([2], toSection: "All")
    next.reconfigureItems([2])
    await dataSource.apply(next, animatingDifferences: true)
    #expect(list.frameTexts().prefix(6) == ["Favorites", "  Ada", "> Cy", "", "All", "  Bobby"])
    #expect(list.lastUpdateFallbackReason == nil)
    #expect(dataSource.itemIdentifier(for: list.indexPathForFocusedItem!) == 3)
  }

  @Test func sectionSnapshotOutlineShowsLevelsAndDisclosure() async {
    let list = TerminalListView(width: 20, height: 4)
    let dataSource = DiffableDataSource<TerminalListView, Int, String>(host: list) { _, _, name in
      TerminalCell(text: name)
    }
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Acme", "Globex"])
    outline.append(["Ada", "Bo"], to: "Acme")
    outline.append(["Cy"], to: "Globex")
    outline.expand(["Acme"])
    await dataSource.apply(outline, to: 0, animatingDifferences: true)
    #expect(list.frameTexts() == ["> ▾ Acme", "      Ada", "      Bo", "  ▸ Globex"])
  }
}

extension TerminalListView {
  /// The rendered lines without trailing spaces.
  func frameTexts() -> [String] {
    render().map { line in
      var text = Substring(line.text)
      while text.last == " " { text = text.dropLast() }
      return String(text)
    }
  }
}
