import Foundation
import OpenDiffable
import OpenDiffableTerminal
import Testing

// The code of OpenDiffableTerminal.md.

@MainActor
@Suite("Terminal: a list drawn in a terminal")
struct TerminalSnippetTests {
  @Test func aDataSourceDrivesATerminalListView() async {
    let list = TerminalListView(width: 24, height: 6)
    let names = [1: "Ada", 2: "Grace", 3: "Linus"]
    let dataSource = DiffableDataSource<TerminalListView, String, Int>(host: list) { _, _, id in
      TerminalCell(text: names[id] ?? "?")
    }
    dataSource.sectionHeaderTitleProvider = { $0 }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["People"])
    snapshot.appendItems([1, 2, 3])
    await dataSource.apply(snapshot)
    let screen = list.render().map(\.text).joined(separator: "\n")
    #expect(screen.contains("Grace"))
  }
}
