import Foundation
import OpenDiffableCore
import Testing

// Issue 4, item 4 end to end: a section filled from a section snapshot, diffed by the
// changeset engine. Expanding must insert exactly the rows that appear and collapsing must
// delete exactly the rows that disappear — no moves, no other changes.

@Suite("Section snapshot through the diff engine")
struct SectionSnapshotChangesetTests {
  @Test func expandAndCollapseChangeExactlyTheRowsThatAppearOrDisappear() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["A", "B", "C"])
    outline.append(["A1", "A2", "A3"], to: "A")
    outline.append(["A2a", "A2b"], to: "A2")
    outline.append(["A2b1"], to: "A2b")
    outline.append(["C1"], to: "C")
    var old = DiffableDataSourceSnapshot<Int, String>()
    old.appendSections([0, 1])
    old.appendItems(["elsewhere"], toSection: 0)
    old.replaceItems(inSection: 1, withVisibleItemsOf: outline)

    // Toggle every item twice, in depth-first order, so that each one is expanded and collapsed
    // under many combinations of its ancestors' states (toggling a hidden item changes no row).
    let toggles = outline.items + outline.items.reversed() + outline.items
    var steps = 0
    for item in toggles {
      var next = outline
      if next.isExpanded(item) { next.collapse([item]) } else { next.expand([item]) }
      var new = old
      new.replaceItems(inSection: 1, withVisibleItemsOf: next)
      let change = SnapshotChangeset(from: old, to: new)

      let before = outline.visibleItems
      let after = next.visibleItems
      let appeared = after.indices.filter { !before.contains(after[$0]) }.map { IndexPath(item: $0, section: 1) }
      let disappeared = before.indices.filter { !after.contains(before[$0]) }.map { IndexPath(item: $0, section: 1) }
      #expect(change.itemInserts.sorted() == appeared, "toggling \(item)")
      #expect(change.itemDeletes.sorted() == disappeared, "toggling \(item)")
      #expect(change.itemMoves.isEmpty)
      #expect(change.sectionInserts.isEmpty && change.sectionDeletes.isEmpty && change.sectionMoves.isEmpty)
      #expect(appeared.isEmpty || disappeared.isEmpty, "one toggle only adds or only removes rows")
      #expect(new.itemIdentifiers(inSection: 0) == ["elsewhere"])
      if !appeared.isEmpty || !disappeared.isEmpty { steps += 1 }
      outline = next
      old = new
    }
    #expect(steps > 10, "the walk exercised real expansions and collapses")
  }
}
