import OpenDiffableCore
import Testing

/// Every path where the snapshot stops the process, as Apple's does. Each test runs the misuse
/// in a child process and checks that it fails with a message naming the operation and the
/// offending identifiers.
@Suite("Snapshot misuse stops the process")
struct SnapshotMisuseTests {
  /// Checks that a child process that failed printed every string of `expected` on standard
  /// error. (Exit-test bodies cannot capture context, so each test writes its `#expect` inline.)
  static func check(
    _ expected: [String], _ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let result else { return }
    let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
    for fragment in expected {
      #expect(stderr.contains(fragment), "stderr lacks \(fragment): \(stderr)", sourceLocation: sourceLocation)
    }
  }

  @Test func duplicateSectionsInOneArray() async {
    Self.check(
      ["OpenDiffable: appendSections(_:)", "not unique", "[\"a\"] (1 identifier)"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b", "a"])
      })
  }

  @Test func sectionThatAlreadyExists() async {
    Self.check(
      ["OpenDiffable: appendSections(_:)", "already exist", "\"b\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendSections(["c", "b"])
      })
  }

  @Test func insertSectionsRelativeToMissingSection() async {
    Self.check(
      ["OpenDiffable: insertSections(_:beforeSection:)", "not found", "\"zzz\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.insertSections(["b"], beforeSection: "zzz")
      })
  }

  @Test func insertSectionsRelativeToAnInsertedOne() async {
    Self.check(
      ["OpenDiffable: insertSections(_:afterSection:)", "destination", "\"a\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.insertSections(["b", "a"], afterSection: "a")
      })
  }

  @Test func duplicateItemsInOneArray() async {
    Self.check(
      ["OpenDiffable: appendItems(_:toSection:)", "not unique", "[7, 8] (2 identifiers)"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([7, 8, 1, 7, 8, 7])
      })
  }

  @Test func manyDuplicatesAreTruncatedInTheMessage() async {
    Self.check(
      ["[0, 1, 2, 3, 4, … 95 more] (100 identifiers)"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems(Array(0..<100) + Array(0..<100))
      })
  }

  @Test func appendItemsWithoutSections() async {
    Self.check(
      ["OpenDiffable: appendItems(_:toSection:)", "no sections", "appendSections"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendItems([1])
      })
  }

  @Test func appendItemsToMissingSection() async {
    Self.check(
      ["OpenDiffable: appendItems(_:toSection:)", "not found", "\"nope\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1], toSection: "nope")
      })
  }

  @Test func insertItemsBeforeMissingItem() async {
    Self.check(
      ["OpenDiffable: insertItems(_:beforeItem:)", "not found", "[42]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1])
        snapshot.insertItems([2], beforeItem: 42)
      })
  }

  @Test func insertItemsAfterAnInsertedItem() async {
    Self.check(
      ["OpenDiffable: insertItems(_:afterItem:)", "destination", "[1]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        snapshot.insertItems([3, 1], afterItem: 1)
      })
  }

  @Test func deleteItemsWithRepeats() async {
    Self.check(
      ["OpenDiffable: deleteItems(_:)", "not unique", "[2]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        snapshot.deleteItems([2, 2])
      })
  }

  @Test func deleteSectionsWithRepeats() async {
    Self.check(
      ["OpenDiffable: deleteSections(_:)", "not unique"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.deleteSections(["a", "a"])
      })
  }

  /// A repeat is named wherever it comes: after a section the snapshot does not hold, after
  /// sections deleted in the same call, or of a section the snapshot does not hold.
  @Test(arguments: [
    (["x", "a", "b", "a"], "a"), (["a", "x", "b", "a"], "a"), (["a", "b", "a"], "a"), (["x", "x"], "x"),
    (["a", "b", "b", "x"], "b"),
  ])
  func deleteSectionsWithRepeatsAnywhere(_ identifiers: [String], repeated: String) async {
    Self.check(
      ["OpenDiffable: deleteSections(_:)", "not unique", "[\"\(repeated)\"]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [identifiers] in
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b", "c"])
        snapshot.appendItems([1], toSection: "a")
        snapshot.deleteSections(identifiers)
      })
  }

  /// An anchor among the sections inserted is named, wherever it comes among them.
  @Test(arguments: [["a"], ["c", "a"], ["a", "c"], ["c", "c", "a"]])
  func insertSectionsRelativeToOneOfThem(_ identifiers: [String]) async {
    Self.check(
      [
        "OpenDiffable: insertSections(_:beforeSection:)", "the destination [\"a\"]",
        "is itself in the list of identifiers being inserted",
      ],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [identifiers] in
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.insertSections(identifiers, beforeSection: "a")
      })
  }

  /// Sections deleted in one call with others the snapshot does not hold: the held ones go,
  /// with their items, and nothing else changes.
  @Test func deleteSectionsAmongAbsentOnes() {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["a", "b", "c", "d"])
    snapshot.appendItems([1], toSection: "a")
    snapshot.appendItems([2], toSection: "c")
    snapshot.deleteSections(["x", "c", "y", "a", "z"])
    #expect(snapshot.sectionIdentifiers == ["b", "d"])
    #expect(snapshot.itemIdentifiers.isEmpty)
    #expect(snapshot.indexOfItem(2) == nil)
    snapshot.deleteSections(["b", "q"])
    #expect(snapshot.sectionIdentifiers == ["d"])
  }

  @Test func moveItemRelativeToItself() async {
    Self.check(
      ["OpenDiffable: moveItem(_:beforeItem:)", "itself", "[1]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        snapshot.moveItem(1, beforeItem: 1)
      })
  }

  @Test func moveMissingItem() async {
    Self.check(
      ["OpenDiffable: moveItem(_:afterItem:)", "not found", "[9]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        snapshot.moveItem(9, afterItem: 1)
      })
  }

  @Test func moveSectionRelativeToItself() async {
    Self.check(
      ["OpenDiffable: moveSection(_:afterSection:)", "itself"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.moveSection("a", afterSection: "a")
      })
  }

  @Test func moveSectionToMissingAnchor() async {
    Self.check(
      ["OpenDiffable: moveSection(_:beforeSection:)", "not found", "\"q\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.moveSection("a", beforeSection: "q")
      })
  }

  @Test func reloadMissingItem() async {
    Self.check(
      ["OpenDiffable: reloadItems(_:)", "not found", "[5]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1])
        snapshot.reloadItems([1, 5])
      })
  }

  @Test func reconfigureMissingItem() async {
    Self.check(
      ["OpenDiffable: reconfigureItems(_:)", "not found", "[6]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.reconfigureItems([6])
      })
  }

  @Test func reloadMissingSection() async {
    Self.check(
      ["OpenDiffable: reloadSections(_:)", "not found", "\"x\""],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.reloadSections(["x"])
      })
  }

  @Test func reloadItemsWithRepeats() async {
    Self.check(
      ["OpenDiffable: reloadItems(_:)", "not unique"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1])
        snapshot.reloadItems([1, 1])
      })
  }

  @Test func queryingMissingSection() async {
    Self.check(
      ["OpenDiffable: numberOfItems(inSection:)", "not found", "indexOfSection"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = DiffableDataSourceSnapshot<String, Int>()
        _ = snapshot.numberOfItems(inSection: "a")
      })
    Self.check(
      ["OpenDiffable: itemIdentifiers(inSection:)", "not found"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = DiffableDataSourceSnapshot<String, Int>()
        _ = snapshot.itemIdentifiers(inSection: "a")
      })
  }
}
