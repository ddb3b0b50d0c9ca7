import OpenDiffable
import Testing

// The code of DeclarativeSnapshots.md.

@Suite("Declarative snapshots")
struct DeclarativeSnapshotsTests {
  struct Contact: Hashable, Sendable {
    var id: Int
    var isFavorite: Bool
  }

  @Test func sectionsWithTheirItems() {
    let contacts = [Contact(id: 1, isFavorite: true), Contact(id: 2, isFavorite: false)]
    let pinnedID: Int? = 42
    let showsArchive = false
    let archivedIDs = [90, 91]
    let snapshot = DiffableDataSourceSnapshot<String, Int> {
      SnapshotSection("pinned") { pinnedID }
      SnapshotSection("favorites") {
        for contact in contacts where contact.isFavorite { contact.id }
      }
      SnapshotSection("others", items: contacts.filter { !$0.isFavorite }.map(\.id))
      if showsArchive {
        SnapshotSection("archive") { archivedIDs }
      }
    }
    #expect(snapshot.sectionIdentifiers == ["pinned", "favorites", "others"])
    #expect(snapshot.itemIdentifiers(inSection: "favorites") == [1])

    // The same snapshot, built with the calls the builder makes:
    var imperative = DiffableDataSourceSnapshot<String, Int>()
    imperative.appendSections(["pinned", "favorites", "others"])
    imperative.appendItems([42], toSection: "pinned")
    imperative.appendItems([1], toSection: "favorites")
    imperative.appendItems([2], toSection: "others")
    #expect(snapshot == imperative)
  }

  @Test func anOutline() {
    let outline = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("Documents") {
        SnapshotItem("Taxes") {
          "2024"
          "2025"
        }
        "Letters"
      }
      .expanded()
      "Music"
    }
    #expect(outline.visibleItems == ["Documents", "Taxes", "Letters", "Music"])
    #expect(outline.level(of: "2025") == 2)
    #expect(outline.expandedItems == ["Documents"])
  }
}
