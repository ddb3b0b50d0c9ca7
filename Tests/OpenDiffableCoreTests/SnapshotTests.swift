import Foundation
@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting
import Testing

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// Builds a snapshot from `(section, items)` pairs with the public API.
func makeSnapshot(_ layout: [(String, [Int])]) -> Snapshot {
  var snapshot = Snapshot()
  snapshot.appendSections(layout.map(\.0))
  for (section, items) in layout { snapshot.appendItems(items, toSection: section) }
  snapshot._checkInvariants()
  return snapshot
}

/// The snapshot's layout as `(section, items)` pairs, read back with the public API.
func layout(of snapshot: Snapshot) -> [(String, [Int])] {
  snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
}

func expectLayout(
  _ snapshot: Snapshot, _ expected: [(String, [Int])], sourceLocation: SourceLocation = #_sourceLocation
) {
  snapshot._checkInvariants()
  let actual = layout(of: snapshot)
  #expect(actual.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
  #expect(actual.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
  #expect(snapshot.itemIdentifiers == expected.flatMap(\.1), sourceLocation: sourceLocation)
  #expect(snapshot.numberOfItems == expected.reduce(0) { $0 + $1.1.count }, sourceLocation: sourceLocation)
  #expect(snapshot.numberOfSections == expected.count, sourceLocation: sourceLocation)
}

@Suite("DiffableDataSourceSnapshot")
struct SnapshotTests {
  @Test func emptySnapshot() {
    let snapshot = Snapshot()
    expectLayout(snapshot, [])
    #expect(snapshot.indexOfItem(1) == nil)
    #expect(snapshot.indexOfSection("a") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
  }

  @Test func appendAndQuery() {
    let snapshot = makeSnapshot([("a", [1, 2, 3]), ("b", []), ("c", [4, 5])])
    expectLayout(snapshot, [("a", [1, 2, 3]), ("b", []), ("c", [4, 5])])
    #expect(snapshot.numberOfItems(inSection: "a") == 3)
    #expect(snapshot.numberOfItems(inSection: "b") == 0)
    #expect(snapshot.indexOfItem(1) == 0)
    #expect(snapshot.indexOfItem(3) == 2)
    #expect(snapshot.indexOfItem(4) == 3)  // flat index across sections
    #expect(snapshot.indexOfItem(5) == 4)
    #expect(snapshot.indexOfItem(6) == nil)
    #expect(snapshot.indexOfSection("c") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: 5) == "c")
    #expect(snapshot.containsItem(2))
    #expect(!snapshot.containsItem(9))
    #expect(snapshot.containsSection("b"))
    #expect(snapshot.indexPath(for: 5) == IndexPath(item: 1, section: 2))
    #expect(snapshot.itemIdentifier(for: IndexPath(item: 1, section: 2)) == 5)
    #expect(snapshot.itemIdentifier(for: IndexPath(item: 2, section: 2)) == nil)
    #expect(snapshot.itemIdentifier(for: IndexPath(item: 0, section: 1)) == nil)
    #expect(snapshot.itemIdentifier(for: IndexPath(item: 0, section: 7)) == nil)
  }

  @Test func appendWithoutSectionGoesToLastSection() {
    var snapshot = makeSnapshot([("a", [1]), ("b", [2])])
    snapshot.appendItems([3, 4])
    expectLayout(snapshot, [("a", [1]), ("b", [2, 3, 4])])
  }

  @Test func sectionAndItemNamespacesAreSeparate() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([1, 2])
    snapshot.appendItems([1, 2], toSection: 2)
    #expect(snapshot.indexOfSection(1) == 0)
    #expect(snapshot.indexOfItem(1) == 0)
    #expect(snapshot.sectionIdentifier(containingItem: 1) == 2)
  }

  @Test func appendingExistingItemMovesItAndWarns() {
    let (_, warnings) = OpenDiffableWarningCollector.collect {
      var snapshot = makeSnapshot([("a", [100_001, 100_002]), ("b", [100_003])])
      snapshot.appendItems([100_004, 100_001], toSection: "b")
      expectLayout(snapshot, [("a", [100_002]), ("b", [100_003, 100_004, 100_001])])
    }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("[100001] (1 identifier)") == true)
    #expect(warnings.first?.contains("appendItems(_:toSection:)") == true)
    #expect(warnings.first?.contains("moved into place") == true)
  }

  @Test func insertingExistingItemMovesIt() {
    let (_, warnings) = OpenDiffableWarningCollector.collect {
      var snapshot = makeSnapshot([("a", [200_001, 200_002, 200_003])])
      snapshot.insertItems([200_003], beforeItem: 200_001)
      expectLayout(snapshot, [("a", [200_003, 200_001, 200_002])])
    }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("insertItems(_:beforeItem:)") == true)
    #expect(warnings.first?.contains("[200003] (1 identifier)") == true)
  }

  @Test func insertItemsBeforeAndAfter() {
    var snapshot = makeSnapshot([("a", [1, 2, 3]), ("b", [4])])
    snapshot.insertItems([10, 11], beforeItem: 1)
    expectLayout(snapshot, [("a", [10, 11, 1, 2, 3]), ("b", [4])])
    snapshot.insertItems([12], afterItem: 3)
    expectLayout(snapshot, [("a", [10, 11, 1, 2, 3, 12]), ("b", [4])])
    snapshot.insertItems([13, 14], afterItem: 4)
    expectLayout(snapshot, [("a", [10, 11, 1, 2, 3, 12]), ("b", [4, 13, 14])])
    snapshot.insertItems([15], beforeItem: 2)
    expectLayout(snapshot, [("a", [10, 11, 1, 15, 2, 3, 12]), ("b", [4, 13, 14])])
    snapshot.insertItems([], beforeItem: 2)
    #expect(snapshot.numberOfItems == 10)
  }

  @Test func deleteItemsIgnoresUnknownAndKeepsEmptySections() {
    var snapshot = makeSnapshot([("a", [1, 2, 3]), ("b", [4, 5])])
    snapshot.deleteItems([2, 99, 4, 5])
    expectLayout(snapshot, [("a", [1, 3]), ("b", [])])
    snapshot.deleteItems([])
    expectLayout(snapshot, [("a", [1, 3]), ("b", [])])
    #expect(snapshot.indexOfItem(3) == 1)
  }

  @Test func deleteAllItemsRemovesSectionsToo() {
    var snapshot = makeSnapshot([("a", [1, 2]), ("b", [3])])
    snapshot.reloadItems([1])
    snapshot.deleteAllItems()
    expectLayout(snapshot, [])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    snapshot.appendSections(["a"])
    snapshot.appendItems([1])
    expectLayout(snapshot, [("a", [1])])
  }

  @Test func moveItemWithinAndAcrossSections() {
    var snapshot = makeSnapshot([("a", [1, 2, 3]), ("b", [4, 5])])
    snapshot.moveItem(1, afterItem: 3)
    expectLayout(snapshot, [("a", [2, 3, 1]), ("b", [4, 5])])
    snapshot.moveItem(1, beforeItem: 2)
    expectLayout(snapshot, [("a", [1, 2, 3]), ("b", [4, 5])])
    snapshot.moveItem(2, beforeItem: 5)
    expectLayout(snapshot, [("a", [1, 3]), ("b", [4, 2, 5])])
    snapshot.moveItem(4, afterItem: 3)
    expectLayout(snapshot, [("a", [1, 3, 4]), ("b", [2, 5])])
  }

  @Test func sectionOperations() {
    var snapshot = makeSnapshot([("a", [1]), ("b", [2]), ("c", [3])])
    snapshot.insertSections(["x", "y"], beforeSection: "b")
    expectLayout(snapshot, [("a", [1]), ("x", []), ("y", []), ("b", [2]), ("c", [3])])
    snapshot.insertSections(["z"], afterSection: "c")
    expectLayout(snapshot, [("a", [1]), ("x", []), ("y", []), ("b", [2]), ("c", [3]), ("z", [])])
    snapshot.moveSection("a", afterSection: "c")
    expectLayout(snapshot, [("x", []), ("y", []), ("b", [2]), ("c", [3]), ("a", [1]), ("z", [])])
    snapshot.moveSection("z", beforeSection: "x")
    expectLayout(snapshot, [("z", []), ("x", []), ("y", []), ("b", [2]), ("c", [3]), ("a", [1])])
    #expect(snapshot.indexOfItem(1) == 2)
    snapshot.deleteSections(["x", "b", "nope"])
    expectLayout(snapshot, [("z", []), ("y", []), ("c", [3]), ("a", [1])])
    #expect(snapshot.indexOfItem(2) == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 2) == nil)
    // A deleted section's slot is reused by the next new section.
    snapshot.appendSections(["b"])
    snapshot.appendItems([2, 7], toSection: "b")
    expectLayout(snapshot, [("z", []), ("y", []), ("c", [3]), ("a", [1]), ("b", [2, 7])])
  }

  @Test func reloadAndReconfigureMarks() {
    var snapshot = makeSnapshot([("a", [1, 2, 3]), ("b", [4])])
    snapshot.reloadItems([3, 1])
    snapshot.reloadItems([1, 2])
    snapshot.reconfigureItems([4])
    snapshot.reloadSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers == [3, 1, 2])
    #expect(snapshot.reconfiguredItemIdentifiers == [4])
    #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    #expect(snapshot.isReloaded(item: 1))
    #expect(!snapshot.isReloaded(item: 4))
    #expect(snapshot.isReconfigured(item: 4))
    #expect(snapshot.isReloaded(section: "b"))
    // Marks survive moves, follow deletes, and do not take part in equality.
    snapshot.moveItem(3, beforeItem: 1)
    #expect(snapshot.reloadedItemIdentifiers == [3, 1, 2])
    snapshot.deleteItems([1])
    #expect(snapshot.reloadedItemIdentifiers == [3, 2])
    snapshot.deleteSections(["b"])
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    #expect(snapshot == makeSnapshot([("a", [3, 2])]))
    #expect(snapshot.removingReloadMarks().reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.hasReloadOrReconfigureMarks)
    #expect(!snapshot.removingReloadMarks().hasReloadOrReconfigureMarks)
  }

  @Test func equalityComparesOrderedSectionsAndItems() {
    let base = makeSnapshot([("a", [1, 2]), ("b", [3])])
    #expect(base == makeSnapshot([("a", [1, 2]), ("b", [3])]))
    #expect(base != makeSnapshot([("a", [2, 1]), ("b", [3])]))
    #expect(base != makeSnapshot([("b", [3]), ("a", [1, 2])]))
    #expect(base != makeSnapshot([("a", [1]), ("b", [2, 3])]))
    #expect(base != makeSnapshot([("a", [1, 2]), ("b", [3]), ("c", [])]))
  }

  @Test func valueSemantics() {
    let original = makeSnapshot([("a", [1, 2])])
    var copy = original
    copy.appendItems([3])
    copy.moveItem(1, afterItem: 3)
    expectLayout(original, [("a", [1, 2])])
    expectLayout(copy, [("a", [2, 3, 1])])
  }

  @Test func descriptionIsReadableAndTruncated() {
    let small = makeSnapshot([("a", [1, 2]), ("b", [])])
    #expect(
      small.description == """
        DiffableDataSourceSnapshot(2 sections, 2 items)
          "a" (2 items): [1, 2]
          "b" (0 items): []
        """)
    var large = Snapshot()
    large.appendSections((0..<30).map { "s\($0)" })
    large.appendItems(Array(0..<100), toSection: "s0")
    let text = large.description
    #expect(text.contains("\"s0\" (100 items): [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 90 more]"))
    #expect(text.contains("… 10 more sections"))
    #expect(!text.contains("\"s25\""))
    large.reloadItems([5])
    #expect(large.debugDescription.contains("reloaded items: [5] (1 identifier)"))
    #expect(!large.description.contains("reloaded"))
  }

  @Test func largeSnapshotLookupsAreConsistent() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(Array(0..<100))
    for section in 0..<100 { snapshot.appendItems(Array(section * 1000..<(section + 1) * 1000), toSection: section) }
    for item in stride(from: 0, to: 100_000, by: 997) {
      #expect(snapshot.indexOfItem(item) == item)
      #expect(snapshot.sectionIdentifier(containingItem: item) == item / 1000)
    }
    snapshot.deleteItems(Array(stride(from: 0, to: 100_000, by: 2)))
    snapshot._checkInvariants()
    #expect(snapshot.numberOfItems == 50_000)
    #expect(snapshot.indexOfItem(99_999) == 49_999)
  }
}

@Suite("Non-stopping paths")
struct SnapshotCheckedPathTests {
  @Test func appendItemsDroppingDuplicatesReportsWhatItDropped() throws {
    var snapshot = makeSnapshot([("a", [1, 2])])
    let dropped = try snapshot.appendItemsDroppingDuplicates([3, 1, 4, 3, 5, 2])
    #expect(dropped == [1, 3, 2])
    expectLayout(snapshot, [("a", [1, 2, 3, 4, 5])])
    #expect(try snapshot.appendItemsDroppingDuplicates([6, 7]) == [])
    expectLayout(snapshot, [("a", [1, 2, 3, 4, 5, 6, 7])])
  }

  @Test func appendItemsDroppingDuplicatesThrowsWithoutSections() {
    var snapshot = Snapshot()
    #expect(throws: DiffableDataSourceSnapshotError.self) { try snapshot.appendItemsDroppingDuplicates([1]) }
    do {
      try snapshot.appendItemsDroppingDuplicates([1], toSection: "x")
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .noSections || error.kind == .sectionNotFound)
    }
    snapshot.appendSections(["a"])
    do {
      try snapshot.appendItemsDroppingDuplicates([1], toSection: "x")
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .sectionNotFound)
      #expect(error.identifiers == ["\"x\""])
    }
    expectLayout(snapshot, [("a", [])])
  }

  @Test func appendSectionsDroppingDuplicates() {
    var snapshot = makeSnapshot([("a", [])])
    #expect(snapshot.appendSectionsDroppingDuplicates(["b", "a", "c", "b"]) == ["a", "b"])
    expectLayout(snapshot, [("a", []), ("b", []), ("c", [])])
  }

  /// Appended and inserted sections take the slots deleted sections freed (the last freed
  /// first), then new ones; the section table, filled as the identifiers are checked, agrees
  /// with them.
  @Test func appendedSectionsReuseFreedSlots() {
    var snapshot = makeSnapshot([("a", [1]), ("b", [2]), ("c", [3]), ("d", [4]), ("e", [5])])
    snapshot.deleteSections(["b", "d"])
    snapshot.appendSections(["f", "g", "h"])
    #expect(snapshot.appendSectionsDroppingDuplicates(["i", "a", "i", "j"]) == ["a", "i"])
    snapshot.deleteSections(["c"])
    #expect(snapshot.appendSectionsDroppingDuplicates(["k", "f"]) == ["f"])
    snapshot._checkInvariants()
    snapshot.deleteSections(["h", "j"])
    snapshot.insertSections(["l", "m", "n"], beforeSection: "e")
    snapshot._checkInvariants()
    snapshot.deleteSections(["l", "m", "n"])
    snapshot.appendSections(["h", "j"])
    snapshot.appendItems([6], toSection: "g")
    snapshot.appendItems([7], toSection: "k")
    expectLayout(
      snapshot, [("a", [1]), ("e", [5]), ("f", []), ("g", [6]), ("i", []), ("k", [7]), ("h", []), ("j", [])])
    for (position, section) in ["a", "e", "f", "g", "i", "k", "h", "j"].enumerated() {
      #expect(snapshot.indexOfSection(section) == position)
    }
    snapshot._checkInvariants()
  }

  /// Sections inserted after the last one take the free slots first, as appended ones do, with
  /// the slot and count rings wrapped (sections inserted at the front) and growing.
  @Test func sectionsInsertedAfterTheLastReuseFreedSlots() {
    var snapshot = makeSnapshot([("a", [1]), ("b", [2]), ("c", [3]), ("d", [4])])
    snapshot.deleteSections(["b", "c"])
    snapshot.insertSections(["p", "q"], beforeSection: "a")
    snapshot.insertSections(["e", "f", "g"], afterSection: "d")
    snapshot.appendItems([5], toSection: "e")
    snapshot.appendItems([6], toSection: "g")
    snapshot.appendItems([0], toSection: "p")
    var expected: [(String, [Int])] = [
      ("p", [0]), ("q", []), ("a", [1]), ("d", [4]), ("e", [5]), ("f", []), ("g", [6]),
    ]
    expectLayout(snapshot, expected)
    // Past the ring's capacity, one and several at a time, each after the last.
    for round in 0..<20 {
      let new = (0..<(round % 3 + 1)).map { "n\(round)-\($0)" }
      snapshot.insertSections(new, afterSection: expected.last!.0)
      snapshot.appendItems([100 + round], toSection: new[0])
      expected += new.enumerated().map { ($1, $0 == 0 ? [100 + round] : []) }
    }
    expectLayout(snapshot, expected)
    for (position, (section, items)) in expected.enumerated() {
      #expect(snapshot.indexOfSection(section) == position)
      for item in items { #expect(snapshot.sectionIdentifier(containingItem: item) == section) }
    }
    #expect(snapshot.indexOfItem(119) == snapshot.numberOfItems - 1)
  }

  @Test func checksReportTypedErrors() {
    let snapshot = makeSnapshot([("a", [1, 2])])
    func kind(_ body: () throws -> Void) -> DiffableDataSourceSnapshotError.Kind? {
      do {
        try body()
        return nil
      } catch let error as DiffableDataSourceSnapshotError {
        return error.kind
      } catch {
        Issue.record("unexpected error type \(error)")
        return nil
      }
    }
    #expect(kind { try snapshot.checkAppendingItems([3, 4]) } == nil)
    #expect(kind { try snapshot.checkAppendingItems([3, 3]) } == .duplicateIdentifiers)
    #expect(kind { try snapshot.checkAppendingItems([3, 1]) } == .itemAlreadyExists)
    #expect(kind { try snapshot.checkAppendingItems([3], toSection: "z") } == .sectionNotFound)
    #expect(kind { try Snapshot().checkAppendingItems([3]) } == .noSections)
    #expect(kind { try snapshot.checkAppendingSections(["b"]) } == nil)
    #expect(kind { try snapshot.checkAppendingSections(["b", "b"]) } == .duplicateIdentifiers)
    #expect(kind { try snapshot.checkAppendingSections(["a"]) } == .sectionAlreadyExists)
    expectLayout(snapshot, [("a", [1, 2])])  // checks never change the snapshot
  }

  @Test func errorMessageNamesOperationIdentifiersAndFix() {
    let error = DiffableDataSourceSnapshotError(
      kind: .duplicateIdentifiers, operation: "appendItems(_:toSection:)", identifiers: Array(1...8))
    #expect(error.count == 8)
    #expect(error.identifiers == ["1", "2", "3", "4", "5"])
    #expect(error.description.hasPrefix("OpenDiffable: appendItems(_:toSection:): "))
    #expect(error.description.contains("[1, 2, 3, 4, 5, … 3 more] (8 identifiers)"))
    #expect(error.description.contains("must be unique"))
    for kind in DiffableDataSourceSnapshotError.Kind.allCases {
      let message = DiffableDataSourceSnapshotError(kind: kind, operation: "op", identifiers: ["x"]).description
      #expect(message.contains("\"x\""), "\(kind) message must name the identifier")
      #expect(!DiffableDataSourceSnapshotError(kind: kind, operation: "op", identifiers: [1]).fix.isEmpty)
    }
  }
}
