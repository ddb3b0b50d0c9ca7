import OpenDiffableCore
import Testing

// Every programmer error of a section snapshot stops the process with a message naming the
// operation and the identifiers. Each test runs the misuse in a child process (an exit test)
// and checks the message.

private func misuseOutline() -> DiffableDataSourceSectionSnapshot<String> {
  var outline = DiffableDataSourceSectionSnapshot<String>()
  outline.append(["A", "B"])
  outline.append(["A1", "A2"], to: "A")
  return outline
}

private func standardError(_ result: ExitTest.Result?) -> String {
  guard let result else { return "" }
  return String(decoding: result.standardErrorContent, as: UTF8.self)
}

@Suite("Section snapshot: misuse stops the process")
struct SectionSnapshotMisuseTests {
  @Test func appendToMissingParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.append(["X"], to: "missing")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: append(_:to:): parent item identifier does not exist in the section snapshot: ["missing"] (1 identifier). Add that item first"#
      ))
  }

  @Test func appendRepeatedIdentifiers() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.append(["X", "Y", "X"])
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: append(_:to:): the supplied identifiers are not unique; repeated: ["X"] (1 identifier)"#))
  }

  @Test func appendExistingIdentifierAtAnotherLevel() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.append(["New", "A1", "B"], to: "B")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: append(_:to:): item identifiers that already exist in the section snapshot: ["A1", "B"] (2 identifiers)"#
      ))
  }

  @Test func insertBeforeMissingItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.insert(["X"], before: "missing")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: insert(_:before:): item identifier to insert before does not exist in the section snapshot: ["missing"]"#
      ))
  }

  @Test func insertAfterMissingItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.insert(["X"], after: "missing")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: insert(_:after:): item identifier to insert after does not exist in the section snapshot: ["missing"]"#
      ))
  }

  @Test func insertExistingItemBefore() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.insert(["A"], before: "A")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: insert(_:before:): item identifiers that already exist in the section snapshot: ["A"]"#))
  }

  @Test func insertSnapshotWithExistingItems() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["X"])
      other.append(["A2"], to: "X")
      outline.insert(other, after: "B")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: insert(_:after:): item identifiers that already exist in the section snapshot: ["A2"]"#))
  }

  @Test func insertSnapshotBeforeMissingItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.insert(DiffableDataSourceSectionSnapshot<String>(), before: "missing")
    }
    #expect(standardError(result).contains(#"insert(_:before:): item identifier to insert before does not exist"#))
  }

  @Test func deleteUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.delete(["A1", "gone", "also gone"])
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: delete(_:): item identifiers to delete do not exist in the section snapshot: ["gone", "also gone"] (2 identifiers)"#
      ))
  }

  @Test func deleteRepeatedItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.delete(["A1", "A1"])
    }
    #expect(standardError(result).contains(#"OpenDiffable: delete(_:): the supplied identifiers are not unique"#))
  }

  @Test func isExpandedOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = misuseOutline().isExpanded("missing")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: isExpanded(_:): item identifier does not exist in the section snapshot: ["missing"]"#))
  }

  @Test func isVisibleOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = misuseOutline().isVisible("missing")
    }
    #expect(standardError(result).contains(#"OpenDiffable: isVisible(_:): item identifier does not exist"#))
  }

  @Test func levelOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = misuseOutline().level(of: "missing")
    }
    #expect(standardError(result).contains(#"OpenDiffable: level(of:): item identifier does not exist"#))
  }

  @Test func parentOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = misuseOutline().parent(of: "missing")
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: parent(of:): child item identifier does not exist in the section snapshot: ["missing"]"#))
  }

  @Test func snapshotOfUnknownParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = misuseOutline().snapshot(of: "missing", includingParent: true)
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: snapshot(of:includingParent:): parent item identifier does not exist"#))
  }

  @Test func replaceChildrenOfUnknownParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      outline.replace(childrenOf: "missing", using: DiffableDataSourceSectionSnapshot<String>())
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: replace(childrenOf:using:): parent item identifier does not exist"#)
    )
  }

  @Test func replaceChildrenWithItemsFromOutsideTheSubtree() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      var replacement = DiffableDataSourceSectionSnapshot<String>()
      replacement.append(["A1", "B"])  // A1 is a child of A (allowed), B is not
      outline.replace(childrenOf: "A", using: replacement)
    }
    #expect(
      standardError(result).contains(
        #"OpenDiffable: replace(childrenOf:using:): item identifiers that already exist in the section snapshot: ["B"] (1 identifier)"#
      ))
  }

  @Test func replaceChildrenWithTheParentItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = misuseOutline()
      var replacement = DiffableDataSourceSectionSnapshot<String>()
      replacement.append(["A"])
      outline.replace(childrenOf: "A", using: replacement)
    }
    #expect(standardError(result).contains(#"already exist in the section snapshot: ["A"]"#))
  }
}
