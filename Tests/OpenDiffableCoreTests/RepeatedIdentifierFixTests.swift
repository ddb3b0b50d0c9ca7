import OpenDiffableCore
import Testing

// A repeated identifier stops the process (or throws) with a fix that matches the operation:
// section operations point to `appendSectionsDroppingDuplicates(_:)`, item operations to
// `appendItemsDroppingDuplicates(_:toSection:)`. Each stop runs in a child process (an exit
// test) and its message is checked.

private func stopMessage(_ result: ExitTest.Result?) -> String {
  guard let result else { return "" }
  return String(decoding: result.standardErrorContent, as: UTF8.self)
}

private let sectionFix = "appendSectionsDroppingDuplicates(_:)"
private let itemFix = "appendItemsDroppingDuplicates(_:toSection:)"

private func twoSections() -> DiffableDataSourceSnapshot<String, Int> {
  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  snapshot.appendSections(["a", "b"])
  snapshot.appendItems([1, 2], toSection: "a")
  return snapshot
}

@Suite("Repeated identifiers: the stop message names the fix for sections or items")
struct RepeatedIdentifierFixTests {
  @Test func repeatedSectionsInAppendSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["x", "x"])
    }
    let message = stopMessage(result)
    #expect(message.contains("OpenDiffable: appendSections(_:): the supplied identifiers are not unique"))
    #expect(message.contains(sectionFix))
    #expect(!message.contains(itemFix))
  }

  @Test func repeatedSectionsInInsertSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.insertSections(["y", "y"], beforeSection: "a")
    }
    let message = stopMessage(result)
    #expect(message.contains("insertSections(_:beforeSection:)"))
    #expect(message.contains(sectionFix))
    #expect(!message.contains(itemFix))
  }

  @Test func repeatedSectionsInDeleteSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.deleteSections(["a", "a"])
    }
    let message = stopMessage(result)
    #expect(message.contains("deleteSections(_:)"))
    #expect(message.contains(sectionFix))
    #expect(!message.contains(itemFix))
  }

  @Test func sectionAlreadyInTheSnapshot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.appendSections(["a"])
    }
    let message = stopMessage(result)
    #expect(message.contains("section identifiers that already exist in the snapshot"))
    #expect(message.contains(sectionFix))
    #expect(!message.contains(itemFix))
  }

  /// The sections of the call that were new are not named: the message describes the snapshot
  /// as it was before the call.
  @Test func aSectionAlreadyInTheSnapshotIsNamedAlone() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.appendSections(["c", "d", "b", "e"])
    }
    let message = stopMessage(result)
    #expect(message.contains(#"section identifiers that already exist in the snapshot: ["b"] (1 identifier)"#))
  }

  @Test func aSectionAlreadyInTheSnapshotIsNamedAloneWhenInserting() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.insertSections(["c", "d", "b", "e"], afterSection: "a")
    }
    let message = stopMessage(result)
    #expect(message.contains("insertSections(_:afterSection:)"))
    #expect(message.contains(#"section identifiers that already exist in the snapshot: ["b"] (1 identifier)"#))
  }

  /// A repeat is named before a section already present, whichever comes first in the call.
  @Test func aRepeatIsNamedBeforeASectionAlreadyPresent() async {
    let appended = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.appendSections(["a", "c", "c"])
    }
    #expect(stopMessage(appended).contains("appendSections(_:): the supplied identifiers are not unique"))
    #expect(stopMessage(appended).contains(#"["c"]"#))
    let inserted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.insertSections(["c", "b", "c"], afterSection: "a")
    }
    #expect(stopMessage(inserted).contains("insertSections(_:afterSection:): the supplied identifiers are not unique"))
    #expect(stopMessage(inserted).contains(#"["c"]"#))
  }

  @Test func repeatedItemsInAppendItems() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.appendItems([7, 7], toSection: "b")
    }
    let message = stopMessage(result)
    #expect(message.contains("OpenDiffable: appendItems(_:toSection:): the supplied identifiers are not unique"))
    #expect(message.contains(itemFix))
    #expect(!message.contains(sectionFix))
  }

  @Test func repeatedItemsInDeleteItems() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.deleteItems([1, 1])
    }
    let message = stopMessage(result)
    #expect(message.contains("deleteItems(_:)"))
    #expect(message.contains(itemFix))
    #expect(!message.contains(sectionFix))
  }

  @Test func repeatedItemsInReloadItems() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = twoSections()
      snapshot.reloadItems([2, 2])
    }
    let message = stopMessage(result)
    #expect(message.contains("reloadItems(_:)"))
    #expect(message.contains(itemFix))
    #expect(!message.contains(sectionFix))
  }

  @Test func typedErrorsNameTheMatchingFix() {
    let snapshot = twoSections()
    #expect(throws: DiffableDataSourceSnapshotError.self) { try snapshot.checkAppendingSections(["c", "c"]) }
    do {
      try snapshot.checkAppendingSections(["c", "c"])
    } catch {
      #expect(error.isSectionOperation)
      #expect(error.fix.contains(sectionFix))
    }
    #expect(throws: DiffableDataSourceSnapshotError.self) { try snapshot.checkAppendingItems([5, 5], toSection: "b") }
    do {
      try snapshot.checkAppendingItems([5, 5], toSection: "b")
    } catch {
      #expect(!error.isSectionOperation)
      #expect(error.fix.contains(itemFix))
    }
    // `toSection:` in an item operation's labels does not make it a section operation.
    let itemError = DiffableDataSourceSnapshotError(
      kind: .duplicateIdentifiers, operation: "appendItems(_:toSection:)", identifiers: [1, 1])
    #expect(!itemError.isSectionOperation)
    #expect(itemError.description.contains(itemFix))
    let reloadError = DiffableDataSourceSnapshotError(
      kind: .duplicateIdentifiers, operation: "reloadSections(_:)", identifiers: ["a", "a"])
    #expect(reloadError.description.contains(sectionFix))
  }
}
