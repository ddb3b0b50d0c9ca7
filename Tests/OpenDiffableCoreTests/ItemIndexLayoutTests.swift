import Foundation
import Testing

@_spi(Testing) @testable import OpenDiffableCore

/// The item index packs locations into 32-bit words while its sections and slots fit
/// (``_ItemTableLayout``), and changes layout before an operation stores one that does not:
/// wider offsets as a section grows, fewer slot bits as slots are added, 64-bit words when 24
/// bits cannot hold both. These tests drive a snapshot across those changes through its public
/// operations — insertions, deletions and moves at the front (which change the section's bias
/// instead of moving the entries behind), in the middle and at the end — and check every item's
/// place against a plain array of sections after every step.
@Suite struct ItemIndexLayoutTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// The index layout of `snapshot` (its index built first).
  func layout(_ snapshot: Snapshot) -> _ItemTableLayout? {
    snapshot._withIndex { $0._index.table._storage?.layout }
  }

  /// The most items a section of `snapshot` may have in its index's layout.
  func sizeLimit(_ snapshot: Snapshot) -> Int {
    snapshot._withIndex { $0._index.table._storage?.layout.sizeLimit ?? 0 }
  }

  /// Every item of `model` is where `snapshot` says, and the snapshot's invariants hold.
  func expectSame(_ snapshot: Snapshot, _ model: [[Int]], _ step: String) {
    snapshot._checkInvariants()
    #expect(snapshot.numberOfItems == model.reduce(0) { $0 + $1.count }, "\(step)")
    var misplaced: [Int] = []
    for (section, items) in model.enumerated() {
      for (offset, item) in items.enumerated()
      where snapshot.indexPath(for: item) != IndexPath(item: offset, section: section) {
        misplaced.append(item)
      }
    }
    #expect(misplaced.isEmpty, "\(step): \(misplaced.prefix(5)) misplaced")
  }

  @Test func aSectionGrowsAcrossOffsetWidthsAndSlotsTurnTheIndexWide() {
    var snapshot = Snapshot()
    var model: [[Int]] = [Array(0..<2_000)]
    var next = 2_000
    func fresh(_ count: Int) -> [Int] {
      defer { next += count }
      return Array(next..<next + count)
    }
    snapshot.appendSections([0])
    snapshot.appendItems(model[0])
    let first = layout(snapshot)
    #expect(first == _ItemTableLayout(isNarrow: true, offsetBits: 13))
    let limit = sizeLimit(snapshot)
    #expect(limit == 4_096)

    // At the front: the bias takes the shift. Up to exactly the layout's limit, then past it.
    var items = fresh(700)
    snapshot.insertItems(items, beforeItem: model[0][0])
    model[0].insert(contentsOf: items, at: 0)
    expectSame(snapshot, model, "700 at the front")
    items = fresh(limit - model[0].count)
    snapshot.insertItems(items, beforeItem: model[0][0])
    model[0].insert(contentsOf: items, at: 0)
    expectSame(snapshot, model, "front up to the limit")
    #expect(layout(snapshot) == first)
    snapshot.deleteItems(Array(model[0][0..<300]))
    model[0].removeFirst(300)
    expectSame(snapshot, model, "300 deleted at the front")
    items = fresh(301)
    snapshot.insertItems(items, beforeItem: model[0][0])
    model[0].insert(contentsOf: items, at: 0)
    expectSame(snapshot, model, "front past the limit")
    let grown = layout(snapshot)
    #expect(grown?.isNarrow == true && (grown?.offsetBits ?? 0) > 13)

    // In the middle and at the end, and moves, in the wider layout.
    items = fresh(3_000)
    snapshot.insertItems(items, afterItem: model[0][2_000])
    model[0].insert(contentsOf: items, at: 2_001)
    expectSame(snapshot, model, "3,000 in the middle")
    snapshot.moveItem(model[0][5], afterItem: model[0].last!)
    model[0].append(model[0].remove(at: 5))
    snapshot.moveItem(model[0][4_000], beforeItem: model[0][1])
    model[0].insert(model[0].remove(at: 4_000), at: 1)
    expectSame(snapshot, model, "moves")
    snapshot.deleteItems(Array(model[0][10..<20]) + Array(model[0].suffix(5)))
    model[0].removeSubrange(10..<20)
    model[0].removeLast(5)
    expectSame(snapshot, model, "deletions")

    // More sections with items than the narrow layout's slot bits hold.
    var section = 1
    while layout(snapshot)?.isNarrow == true {
      #expect(section < 2_048, "the index never turned wide")
      if section >= 2_048 { break }
      items = fresh(3)
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
      model.append(items)
      section += 1
    }
    #expect(layout(snapshot) == .wide)
    expectSame(snapshot, model, "wide after \(section) sections")
    items = fresh(50)
    snapshot.insertItems(items, beforeItem: model[0][0])
    model[0].insert(contentsOf: items, at: 0)
    snapshot.deleteItems([model[1][1]])
    model[1].remove(at: 1)
    expectSame(snapshot, model, "changes in the wide layout")
  }

  /// A copy keeps the layout and entries of the table it shares; changing the layout of one
  /// (its section grown past the limit) leaves the other as it was.
  @Test func aLayoutChangeInACopyLeavesTheOriginal() {
    var original = Snapshot()
    original.appendSections([0, 1])
    original.appendItems(Array(0..<1_000), toSection: 0)
    original.appendItems(Array(1_000..<1_010), toSection: 1)
    original.deleteItems([0, 1, 2])  // at the front: a bias
    let before = layout(original)
    var copy = original
    copy.insertItems(Array(5_000..<20_000), beforeItem: 3)
    #expect(layout(copy) != before)
    #expect(layout(original) == before)
    expectSame(original, [Array(3..<1_000), Array(1_000..<1_010)], "original")
    expectSame(copy, [Array(5_000..<20_000) + Array(3..<1_000), Array(1_000..<1_010)], "copy")
  }

  /// Deleting the section in the last storage slot drops the slot (and its bias) instead of
  /// listing it free; a section in any other slot leaves its slot free for reuse. Either way
  /// every item stays where it is, in the snapshot and in a copy taken before.
  @Test func theLastSlotIsDroppedWithItsSectionOthersAreFreed() {
    var snapshot = Snapshot()
    snapshot.appendSections([0, 1, 2])
    for section in 0..<3 { snapshot.appendItems(Array(section * 10..<section * 10 + 10), toSection: section) }
    _ = snapshot.indexOfItem(0)
    snapshot.deleteItems([20])  // the front of section 2: its slot gets a bias
    #expect(snapshot._index.table._biases.count == 3)
    let copy = snapshot
    snapshot.deleteSections([2])
    #expect(snapshot._slots.count == 2 && snapshot._freeSlots.isEmpty)
    #expect(snapshot._index.table._biases.count <= 2)
    expectSame(snapshot, [Array(0..<10), Array(10..<20)], "last slot deleted")
    // A new section takes a new last slot, without the dropped slot's bias.
    snapshot.appendSections([3])
    snapshot.appendItems(Array(100..<110), toSection: 3)
    expectSame(snapshot, [Array(0..<10), Array(10..<20), Array(100..<110)], "section appended")
    snapshot.deleteSections([0])
    #expect(snapshot._slots.count == 3 && snapshot._freeSlots == [0])
    expectSame(snapshot, [Array(10..<20), Array(100..<110)], "first slot deleted")
    expectSame(copy, [Array(0..<10), Array(10..<20), Array(21..<30)], "copy")
  }
}
