@_spi(Testing) import OpenDiffableCore
import Testing

// How a section snapshot fills a section of the full snapshot (issue 4, value level).

private func fileOutline() -> DiffableDataSourceSectionSnapshot<String> {
  var outline = DiffableDataSourceSectionSnapshot<String>()
  outline.append(["Documents", "Music"])
  outline.append(["Invoices", "Letters"], to: "Documents")
  outline.append(["2024"], to: "Invoices")
  return outline
}

@Suite("Section snapshot in the full snapshot")
struct SectionSnapshotFullSnapshotTests {
  @Test func sectionGetsTheVisibleItems() {
    var full = DiffableDataSourceSnapshot<Int, String>()
    full.appendSections([0, 1])
    full.appendItems(["old"], toSection: 1)
    var outline = fileOutline()
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 1) == ["Documents", "Music"])
    #expect(!full.containsItem("old"))

    outline.expand(["Documents"])
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 1) == ["Documents", "Invoices", "Letters", "Music"])
    #expect(full.itemIdentifiers(inSection: 1) == outline.visibleItems)

    outline.expand(["Invoices"])
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 1) == ["Documents", "Invoices", "2024", "Letters", "Music"])

    outline.collapse(["Documents"])
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 1) == ["Documents", "Music"])
    #expect(!full.containsItem("2024"), "hidden items are not rows")
    #expect(full.sectionIdentifiers == [0, 1])
    full._checkInvariants()
  }

  @Test func missingSectionIsAppended() {
    var full = DiffableDataSourceSnapshot<Int, String>()
    full.appendSections([0])
    full.replaceItems(inSection: 7, withVisibleItemsOf: fileOutline())
    #expect(full.sectionIdentifiers == [0, 7])
    #expect(full.itemIdentifiers(inSection: 7) == ["Documents", "Music"])

    var empty = DiffableDataSourceSnapshot<Int, String>()
    empty.replaceItems(inSection: 3, withVisibleItemsOf: DiffableDataSourceSectionSnapshot<String>())
    #expect(empty.sectionIdentifiers == [3])
    #expect(empty.numberOfItems == 0)
    full._checkInvariants()
    empty._checkInvariants()
  }

  @Test func visibleItemsArePulledOutOfOtherSections() {
    var full = DiffableDataSourceSnapshot<Int, String>()
    full.appendSections([0, 1, 2])
    full.appendItems(["a", "Music"], toSection: 0)
    full.appendItems(["Invoices", "b"], toSection: 2)
    var outline = fileOutline()
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 0) == ["a"])
    #expect(full.itemIdentifiers(inSection: 2) == ["Invoices", "b"], "hidden items are not pulled")

    outline.expand(["Documents"])
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.itemIdentifiers(inSection: 2) == ["b"])
    #expect(full.itemIdentifiers(inSection: 1) == ["Documents", "Invoices", "Letters", "Music"])

    full.deleteItems(["b"])
    outline.delete(["Invoices", "Letters"])
    full.replaceItems(inSection: 1, withVisibleItemsOf: outline)
    #expect(full.sectionIdentifiers == [0, 1, 2], "an emptied section stays")
    #expect(full.numberOfItems(inSection: 2) == 0)
    full._checkInvariants()
  }

  @Test func marksOfRemainingItemsAreKept() {
    var full = DiffableDataSourceSnapshot<Int, String>()
    full.appendSections([0])
    var outline = fileOutline()
    outline.expand(["Documents"])
    full.replaceItems(inSection: 0, withVisibleItemsOf: outline)
    full.reloadItems(["Music", "Letters"])
    outline.collapse(["Documents"])
    full.replaceItems(inSection: 0, withVisibleItemsOf: outline)
    #expect(full.reloadedItemIdentifiers == ["Music"])
    full._checkInvariants()
  }

  @Test func sectionSnapshotForSectionListsTheItemsAsRoots() {
    var full = DiffableDataSourceSnapshot<Int, String>()
    full.appendSections([0, 1])
    full.appendItems(["x", "y"], toSection: 1)
    let flat = full.sectionSnapshot(forSection: 1)
    #expect(flat.items == ["x", "y"])
    #expect(flat.rootItems == ["x", "y"])
    #expect(flat.expandedItems.isEmpty)
    #expect(full.sectionSnapshot(forSection: 0).items.isEmpty)
    #expect(full.sectionSnapshot(forSection: 9).items.isEmpty)
    var copy = full
    copy.replaceItems(inSection: 1, withVisibleItemsOf: flat)
    #expect(copy == full)
  }
}
