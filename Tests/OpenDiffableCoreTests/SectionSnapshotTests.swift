import Testing

@_spi(Testing) @testable import OpenDiffableCore

/// The outline used by most tests:
///
/// ```
/// A
///   A1
///     A1a
///     A1b
///   A2
/// B
///   B1
/// C
/// ```
private func sampleOutline() -> DiffableDataSourceSectionSnapshot<String> {
  var outline = DiffableDataSourceSectionSnapshot<String>()
  outline.append(["A", "B", "C"])
  outline.append(["A1", "A2"], to: "A")
  outline.append(["A1a", "A1b"], to: "A1")
  outline.append(["B1"], to: "B")
  outline._checkInvariants()
  return outline
}

@Suite("Section snapshot: building")
struct SectionSnapshotBuildingTests {
  @Test func emptySnapshot() {
    let outline = DiffableDataSourceSectionSnapshot<Int>()
    #expect(outline.items.isEmpty)
    #expect(outline.rootItems.isEmpty)
    #expect(outline.visibleItems.isEmpty)
    #expect(outline.expandedItems.isEmpty)
    #expect(!outline.contains(1))
    #expect(outline.index(of: 1) == nil)
    outline._checkInvariants()
  }

  @Test func copyInitializerIsIndependent() {
    var original = sampleOutline()
    original.expand(["A"])
    var copy = DiffableDataSourceSectionSnapshot(original)
    #expect(copy == original)
    copy.delete(["A"])
    copy.collapse(["A"])
    #expect(original.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(original.isExpanded("A"))
    #expect(copy.items == ["B", "B1", "C"])
    copy._checkInvariants()
    original._checkInvariants()
  }

  @Test func appendAddsRootsAndChildrenInDepthFirstOrder() {
    let outline = sampleOutline()
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.rootItems == ["A", "B", "C"])
    #expect(outline.level(of: "A") == 0)
    #expect(outline.level(of: "A1") == 1)
    #expect(outline.level(of: "A1b") == 2)
    #expect(outline.parent(of: "A1b") == "A1")
    #expect(outline.parent(of: "A") == nil)
  }

  @Test func appendToParentGoesAfterExistingChildren() {
    var outline = sampleOutline()
    outline.append(["A3", "A4"], to: "A")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "A3", "A4", "B", "B1", "C"])
    #expect(outline.parent(of: "A4") == "A")
    outline.append(["D"])
    #expect(outline.rootItems == ["A", "B", "C", "D"])
    outline._checkInvariants()
  }

  @Test func appendingNothingChangesNothing() {
    var outline = sampleOutline()
    outline.append([])
    outline.append([], to: "A1")
    #expect(outline == sampleOutline())
  }

  @Test func newItemsAreCollapsedLeaves() {
    var outline = sampleOutline()
    outline.append(["N"], to: "C")
    #expect(!outline.isExpanded("N"))
    #expect(!outline.isExpanded("C"))
    #expect(outline.snapshot(of: "N").items.isEmpty)
  }

  @Test func insertBeforeTakesTheDestinationsParentAndLevel() {
    var outline = sampleOutline()
    outline.insert(["X", "Y"], before: "A1b")
    #expect(outline.items == ["A", "A1", "A1a", "X", "Y", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.level(of: "X") == 2)
    #expect(outline.parent(of: "Y") == "A1")
    outline.insert(["R"], before: "A")
    #expect(outline.rootItems == ["R", "A", "B", "C"])
    #expect(outline.level(of: "R") == 0)
    outline._checkInvariants()
  }

  @Test func insertAfterGoesPastTheDestinationsWholeSubtree() {
    var outline = sampleOutline()
    outline.insert(["X"], after: "A1")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "X", "A2", "B", "B1", "C"])
    #expect(outline.parent(of: "X") == "A")
    #expect(outline.level(of: "X") == 1)
    outline.insert(["Z"], after: "C")
    #expect(outline.rootItems == ["A", "B", "C", "Z"])
    outline.insert(["Q"], after: "A")
    #expect(outline.rootItems == ["A", "Q", "B", "C", "Z"])
    outline._checkInvariants()
  }

  @Test func insertSnapshotBeforeShiftsLevelsAndKeepsExpansion() {
    var outline = sampleOutline()
    var inserted = DiffableDataSourceSectionSnapshot<String>()
    inserted.append(["P", "Q"])
    inserted.append(["P1"], to: "P")
    inserted.expand(["P"])
    outline.insert(inserted, before: "A2")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "P", "P1", "Q", "A2", "B", "B1", "C"])
    #expect(outline.level(of: "P") == 1)
    #expect(outline.level(of: "P1") == 2)
    #expect(outline.parent(of: "P") == "A")
    #expect(outline.parent(of: "P1") == "P")
    #expect(outline.isExpanded("P"))
    #expect(!outline.isExpanded("Q"))
    outline._checkInvariants()
  }

  @Test func insertSnapshotAfterGoesPastTheSubtree() {
    var outline = sampleOutline()
    var inserted = DiffableDataSourceSectionSnapshot<String>()
    inserted.append(["P"])
    inserted.append(["P1"], to: "P")
    outline.insert(inserted, after: "A")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "P", "P1", "B", "B1", "C"])
    #expect(outline.level(of: "P") == 0)
    #expect(outline.level(of: "P1") == 1)
    outline.insert(DiffableDataSourceSectionSnapshot<String>(), after: "B")
    #expect(outline.rootItems == ["A", "P", "B", "C"])
    outline._checkInvariants()
  }

  @Test func deleteRemovesDescendants() {
    var outline = sampleOutline()
    outline.delete(["A1"])
    #expect(outline.items == ["A", "A2", "B", "B1", "C"])
    #expect(!outline.contains("A1a"))
    #expect(!outline.contains("A1b"))
    outline._checkInvariants()
    outline.delete(["B", "C"])
    #expect(outline.items == ["A", "A2"])
    outline._checkInvariants()
  }

  @Test func deleteAcceptsAnItemAndItsDescendantTogether() {
    var outline = sampleOutline()
    outline.delete(["A", "A1a"])
    #expect(outline.items == ["B", "B1", "C"])
    var other = sampleOutline()
    other.delete(["A1a", "A"])
    #expect(other == outline)
    outline._checkInvariants()
    other._checkInvariants()
  }

  @Test func deletedIdentifiersCanBeAddedAgain() {
    var outline = sampleOutline()
    outline.expand(["A1"])
    outline.delete(["A1"])
    outline.append(["A1"], to: "B")
    #expect(outline.parent(of: "A1") == "B")
    #expect(!outline.isExpanded("A1"))
    #expect(outline.level(of: "A1") == 1)
    outline._checkInvariants()
  }

  @Test func deleteAllEmpties() {
    var outline = sampleOutline()
    outline.expand(["A"])
    outline.deleteAll()
    #expect(outline.items.isEmpty)
    #expect(outline.expandedItems.isEmpty)
    #expect(outline == DiffableDataSourceSectionSnapshot<String>())
    outline._checkInvariants()
  }

  @Test func manyDeletionsCompactTheStorage() {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append(Array(0..<1_000))
    outline.append(Array(1_000..<1_100), to: 999)
    outline.expand([999])
    outline.delete(Array(0..<990))
    outline._checkInvariants()
    #expect(outline._nodes.count < 500)
    #expect(outline.items == Array(990..<1_100))
    #expect(outline.isExpanded(999))
    #expect(outline.parent(of: 1_050) == 999)
  }
}

@Suite("Section snapshot: expansion")
struct SectionSnapshotExpansionTests {
  @Test func onlyRootsAreVisibleAtFirst() {
    let outline = sampleOutline()
    #expect(outline.visibleItems == ["A", "B", "C"])
    #expect(outline.isVisible("A"))
    #expect(!outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))
  }

  @Test func visibilityNeedsEveryAncestorExpanded() {
    var outline = sampleOutline()
    outline.expand(["A1"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    #expect(!outline.isVisible("A1a"))
    outline.expand(["A"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "C"])
    #expect(outline.isVisible("A1a"))
    outline.collapse(["A"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    #expect(outline.isExpanded("A1"), "a collapsed ancestor keeps the descendants' state")
    outline.expand(["A"])
    #expect(outline.isVisible("A1b"))
  }

  @Test func expansionNeedsNoChildren() {
    var outline = sampleOutline()
    outline.expand(["C"])
    #expect(outline.isExpanded("C"))
    #expect(outline.expandedItems == ["C"])
    outline.append(["C1"], to: "C")
    #expect(outline.visibleItems == ["A", "B", "C", "C1"])
  }

  @Test func unknownIdentifiersAreSkipped() {
    var outline = sampleOutline()
    outline.expand(["nope", "A", "A"])
    outline.collapse(["also not here"])
    #expect(outline.expandedItems == ["A"])
    outline._checkInvariants()
  }

  @Test func expandedItemsAreInDepthFirstOrderIncludingHiddenOnes() {
    var outline = sampleOutline()
    outline.expand(["C", "A1", "B"])
    #expect(outline.expandedItems == ["A1", "B", "C"])
  }

  @Test func expansionTravelsWithCopies() {
    var outline = sampleOutline()
    outline.expand(["B"])
    let copy = outline
    outline.collapse(["B"])
    #expect(copy.isExpanded("B"))
    #expect(!outline.isExpanded("B"))
    #expect(copy.visibleItems == ["A", "B", "B1", "C"])
  }
}

@Suite("Section snapshot: queries")
struct SectionSnapshotQueryTests {
  @Test func containsLooksAtEveryLevel() {
    let outline = sampleOutline()
    #expect(outline.contains("A1b"))
    #expect(outline.contains("C"))
    #expect(!outline.contains("Z"))
  }

  @Test func indexCountsHiddenItems() {
    let outline = sampleOutline()
    #expect(outline.index(of: "A") == 0)
    #expect(outline.index(of: "A1b") == 3)
    #expect(outline.index(of: "B1") == 6)
    #expect(outline.index(of: "C") == 7)
    #expect(outline.index(of: "Z") == nil)
    for (position, item) in outline.items.enumerated() { #expect(outline.index(of: item) == position) }
  }

  @Test func snapshotOfParentRebasesLevels() {
    var outline = sampleOutline()
    outline.expand(["A1", "A1b"])
    let below = outline.snapshot(of: "A")
    #expect(below.items == ["A1", "A1a", "A1b", "A2"])
    #expect(below.rootItems == ["A1", "A2"])
    #expect(below.level(of: "A1a") == 1)
    #expect(below.parent(of: "A1") == nil)
    #expect(below.expandedItems == ["A1", "A1b"])
    below._checkInvariants()

    let including = outline.snapshot(of: "A1", includingParent: true)
    #expect(including.items == ["A1", "A1a", "A1b"])
    #expect(including.rootItems == ["A1"])
    #expect(including.level(of: "A1") == 0)
    #expect(including.level(of: "A1b") == 1)
    #expect(including.visibleItems == ["A1", "A1a", "A1b"])
    including._checkInvariants()
  }

  @Test func snapshotOfLeafIsEmptyOrJustTheLeaf() {
    var outline = sampleOutline()
    outline.expand(["C"])
    #expect(outline.snapshot(of: "C").items.isEmpty)
    let leaf = outline.snapshot(of: "C", includingParent: true)
    #expect(leaf.items == ["C"])
    #expect(leaf.isExpanded("C"))
  }

  @Test func replaceChildrenSwapsTheSubtree() {
    var outline = sampleOutline()
    outline.expand(["A", "A1"])
    var replacement = DiffableDataSourceSectionSnapshot<String>()
    replacement.append(["N1", "N2"])
    replacement.append(["N1a"], to: "N1")
    replacement.expand(["N1"])
    outline.replace(childrenOf: "A", using: replacement)
    #expect(outline.items == ["A", "N1", "N1a", "N2", "B", "B1", "C"])
    #expect(outline.level(of: "N1a") == 2)
    #expect(outline.parent(of: "N2") == "A")
    #expect(outline.isExpanded("A"), "the parent keeps its state")
    #expect(outline.expandedItems == ["A", "N1"])
    #expect(!outline.contains("A1"))
    outline._checkInvariants()
  }

  @Test func replaceChildrenMayReuseCurrentDescendants() {
    var outline = sampleOutline()
    var replacement = DiffableDataSourceSectionSnapshot<String>()
    replacement.append(["A1b", "A1"])
    outline.replace(childrenOf: "A", using: replacement)
    #expect(outline.items == ["A", "A1b", "A1", "B", "B1", "C"])
    #expect(outline.level(of: "A1b") == 1)
    #expect(!outline.contains("A1a"))
    outline._checkInvariants()
  }

  @Test func replaceWithEmptyRemovesChildren() {
    var outline = sampleOutline()
    outline.replace(childrenOf: "A1", using: DiffableDataSourceSectionSnapshot<String>())
    #expect(outline.items == ["A", "A1", "A2", "B", "B1", "C"])
    outline._checkInvariants()
  }
}

@Suite("Section snapshot: equality and descriptions")
struct SectionSnapshotDescriptionTests {
  @Test func equalityComparesItemsHierarchyAndExpansion() {
    var built = DiffableDataSourceSectionSnapshot<String>()
    built.append(["C"])
    built.insert(["A", "B"], before: "C")
    built.append(["A1"], to: "A")
    built.insert(["A2"], after: "A1")
    built.append(["A1a", "A1b"], to: "A1")
    built.append(["B1"], to: "B")
    #expect(built == sampleOutline())

    var expanded = built
    expanded.expand(["C"])
    #expect(expanded != built, "expansion of a childless item counts")

    var flat = DiffableDataSourceSectionSnapshot<String>()
    flat.append(sampleOutline().items)
    #expect(flat.items == built.items)
    #expect(flat != built, "same order, different levels")

    var fewer = built
    fewer.delete(["C"])
    #expect(fewer != built)
  }

  @Test func visualDescriptionShowsLevelsExpansionAndVisibility() {
    var outline = sampleOutline()
    outline.expand(["A", "A1b"])
    let expected = """
      <DiffableDataSourceSectionSnapshot: 8 items, 5 visible
      +* A
        -* A1
          -  A1a
          +  A1b
        -* A2
      -* B
        -  B1
      -* C
      >
      """
    #expect(outline.visualDescription() == expected)
  }

  @Test func descriptionIsANestedOneLiner() {
    var outline = sampleOutline()
    outline.expand(["A"])
    #expect(
      outline.description
        == #"DiffableDataSourceSectionSnapshot(["A"+ ["A1"- ["A1a", "A1b"], "A2"], "B"- ["B1"], "C"])"#)
    #expect(DiffableDataSourceSectionSnapshot<Int>().description == "DiffableDataSourceSectionSnapshot([])")
    var big = DiffableDataSourceSectionSnapshot<Int>()
    big.append(Array(0..<150))
    #expect(big.description.hasSuffix("99, … 50 more])"))
    #expect(outline.debugDescription == outline.description)
  }

  @Test func isSendableWhenItemsAre() {
    func requireSendable<T: Sendable>(_: T) {}
    requireSendable(sampleOutline())
  }
}
