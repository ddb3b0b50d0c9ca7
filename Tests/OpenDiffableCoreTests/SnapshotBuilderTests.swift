import OpenDiffableCore
import OpenDiffableTesting
import Testing

/// The result builders (`DiffableDataSourceSnapshot { SnapshotSection(…) { … } }` and
/// `DiffableDataSourceSectionSnapshot { SnapshotItem(…) { … } }`) build exactly what the
/// imperative calls build, and stop with their messages, naming the builder's section or parent.
@Suite("Snapshot result builders")
struct SnapshotBuilderTests {
  // MARK: Random shapes against the imperative path

  /// One part of a section's item closure.
  enum Part {
    case single(Int)
    case optional(Int?)
    case array([Int])
    case loop([Int])
    case conditional(Bool, [Int], [Int])
  }

  struct SectionShape {
    var identifier: Int
    var included: Bool
    var parts: [Part]

    /// The items the parts add, in order.
    var items: [Int] {
      parts.flatMap { part -> [Int] in
        switch part {
        case .single(let item): return [item]
        case .optional(let item): return item.map { [$0] } ?? []
        case .array(let items), .loop(let items): return items
        case .conditional(let condition, let first, let second): return condition ? first : second
        }
      }
    }
  }

  static func randomShape(_ random: inout SplitMix64) -> [SectionShape] {
    var next = 0
    func fresh(_ count: Int) -> [Int] {
      defer { next += count }
      return Array(next..<(next + count))
    }
    return (0..<Int.random(in: 0...8, using: &random)).map { section in
      let parts = (0..<Int.random(in: 0...5, using: &random)).map { _ -> Part in
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .single(fresh(1)[0])
        case 1: return .optional(Bool.random(using: &random) ? fresh(1)[0] : nil)
        case 2: return .array(fresh(Int.random(in: 0...20, using: &random)))
        case 3: return .loop(fresh(Int.random(in: 0...20, using: &random)))
        default:
          return .conditional(
            Bool.random(using: &random), fresh(Int.random(in: 0...3, using: &random)),
            fresh(Int.random(in: 0...3, using: &random)))
        }
      }
      return SectionShape(
        identifier: section * 7 % 11, included: Int.random(in: 0..<4, using: &random) > 0, parts: parts)
    }
  }

  static func built(_ shape: [SectionShape]) -> DiffableDataSourceSnapshot<Int, Int> {
    DiffableDataSourceSnapshot {
      for section in shape {
        if section.included {
          SnapshotSection(section.identifier) {
            for part in section.parts {
              switch part {
              case .single(let item): item
              case .optional(let item): item
              case .array(let items): items
              case .loop(let items):
                for item in items { item }
              case .conditional(let condition, let first, let second):
                if condition { first } else { second }
              }
            }
          }
        }
      }
    }
  }

  static func imperative(_ shape: [SectionShape]) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    let included = shape.filter(\.included)
    snapshot.appendSections(included.map(\.identifier))
    for section in included { snapshot.appendItems(section.items, toSection: section.identifier) }
    return snapshot
  }

  @Test func randomShapesBuildWhatTheImperativeCallsBuild() {
    var random = SplitMix64(seed: 0x5EED_B11D)
    for _ in 0..<300 {
      let shape = Self.randomShape(&random)
      let built = Self.built(shape)
      let expected = Self.imperative(shape)
      #expect(built == expected)
      #expect(built.sectionIdentifiers == expected.sectionIdentifiers)
      #expect(built.itemIdentifiers == expected.itemIdentifiers)
      for section in expected.sectionIdentifiers {
        #expect(built.itemIdentifiers(inSection: section) == expected.itemIdentifiers(inSection: section))
      }
    }
  }

  @Test func stringIdentifiersIndexedAtTheCall() {
    let built = DiffableDataSourceSnapshot<String, String> {
      SnapshotSection("a") {
        "x"; "y"
      }
      SnapshotSection("b", items: ["z"])
      SnapshotSection("c") {}
    }
    var expected = DiffableDataSourceSnapshot<String, String>()
    expected.appendSections(["a", "b", "c"])
    expected.appendItems(["x", "y"], toSection: "a")
    expected.appendItems(["z"], toSection: "b")
    #expect(built == expected)
    #expect(built.indexOfItem("z") == 2)
    #expect(built.sectionIdentifier(containingItem: "y") == "a")
  }

  @Test func controlFlowAndOptionalsAndArrays() {
    let showsArchive = false
    let pinned: Int? = 7
    let missing: Int? = nil
    let extra: [SnapshotSection<String, Int>] = [SnapshotSection("x", items: [100]), SnapshotSection("y")]
    let snapshot = DiffableDataSourceSnapshot {
      SnapshotSection("a") {
        1
        pinned
        missing
        [2, 3]
        for item in 4..<6 { item }
        if showsArchive { 50 } else { 60 }
      }
      if showsArchive { SnapshotSection("archive") { 99 } }
      extra
      Optional(SnapshotSection("z") { 200 })
    }
    #expect(snapshot.sectionIdentifiers == ["a", "x", "y", "z"])
    #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 7, 2, 3, 4, 5, 60])
    #expect(snapshot.itemIdentifiers == [1, 7, 2, 3, 4, 5, 60, 100, 200])
  }

  @Test func emptyBuilderIsAnEmptySnapshot() {
    let snapshot = DiffableDataSourceSnapshot<String, Int> {}
    #expect(snapshot == DiffableDataSourceSnapshot<String, Int>())
    #expect(snapshot.numberOfSections == 0)
  }

  @Test func sectionItemsArrayIsAdoptedWhole() {
    let items = Array(0..<1000)
    let section = SnapshotSection<String, Int>("a") { items }
    #expect(section.items == items)
    section.items.withUnsafeBufferPointer { stored in
      items.withUnsafeBufferPointer { original in #expect(stored.baseAddress == original.baseAddress) }
    }
    let looped = SnapshotSection<String, Int>("b") { for item in items { item } }
    #expect(looped.items == items)
    #expect(looped.items.capacity >= items.count)
  }

  // MARK: Outlines

  struct Node {
    var identifier: Int
    var isExpanded: Bool
    var children: [Node]
  }

  static func randomForest(_ random: inout SplitMix64, next: inout Int, depth: Int) -> [Node] {
    (0..<Int.random(in: 0...(depth == 0 ? 6 : 4), using: &random)).map { _ in
      let identifier = next
      next += 1
      let children =
        depth < 3 && Bool.random(using: &random) ? randomForest(&random, next: &next, depth: depth + 1) : []
      return Node(identifier: identifier, isExpanded: Bool.random(using: &random), children: children)
    }
  }

  @DiffableDataSourceSectionSnapshotBuilder<Int>
  static func level(_ nodes: [Node]) -> [SnapshotItem<Int>] {
    for node in nodes {
      if node.children.isEmpty && !node.isExpanded {
        node.identifier
      } else if node.isExpanded {
        SnapshotItem(node.identifier) { level(node.children) }.expanded()
      } else {
        SnapshotItem(node.identifier, isExpanded: false) { level(node.children) }
      }
    }
  }

  static func imperativeOutline(_ forest: [Node]) -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append(forest.map(\.identifier))
    var queue = forest
    var expanded: [Int] = []
    while !queue.isEmpty {
      let node = queue.removeFirst()
      if node.isExpanded { expanded.append(node.identifier) }
      if !node.children.isEmpty { outline.append(node.children.map(\.identifier), to: node.identifier) }
      queue.append(contentsOf: node.children)
    }
    outline.expand(expanded)
    return outline
  }

  @Test func randomOutlinesBuildWhatTheImperativeCallsBuild() {
    var random = SplitMix64(seed: 0x0071_14E5)
    for _ in 0..<300 {
      var next = 0
      let forest = Self.randomForest(&random, next: &next, depth: 0)
      let built = DiffableDataSourceSectionSnapshot { Self.level(forest) }
      let expected = Self.imperativeOutline(forest)
      #expect(built == expected)
      #expect(built.items == expected.items)
      #expect(built.visibleItems == expected.visibleItems)
      #expect(built.expandedItems == expected.expandedItems)
      for item in expected.items {
        #expect(built.parent(of: item) == expected.parent(of: item))
        #expect(built.level(of: item) == expected.level(of: item))
      }
    }
  }

  @Test func outlineChildrenAndExpansion() {
    let showsHidden = true
    let outline = DiffableDataSourceSectionSnapshot {
      SnapshotItem("Documents") {
        SnapshotItem("Invoices") { "2026" }.expanded()
        "Letters"
        if showsHidden { ".hidden" }
      }
      .expanded()
      SnapshotItem("Music", isExpanded: true)
      "Pictures"
      ["Videos", "Games"]
    }
    #expect(
      outline.items == ["Documents", "Invoices", "2026", "Letters", ".hidden", "Music", "Pictures", "Videos", "Games"])
    #expect(outline.visibleItems == outline.items)
    #expect(outline.expandedItems == ["Documents", "Invoices", "Music"])
    #expect(outline.parent(of: "2026") == "Invoices")
    #expect(outline.level(of: "2026") == 2)
    #expect(!outline.isExpanded("Pictures"))
    let collapsed = DiffableDataSourceSectionSnapshot { SnapshotItem("a") { "b" }.expanded().expanded(false) }
    #expect(collapsed.visibleItems == ["a"])
  }

  // MARK: Misuse

  @Test func repeatedSectionStopsNamingIt() async {
    SnapshotMisuseTests.check(
      ["OpenDiffable: appendSections(_:)", "not unique", "[\"a\"] (1 identifier)"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = DiffableDataSourceSnapshot<String, Int> {
          SnapshotSection("a") { 1 }
          SnapshotSection("b") { 2 }
          SnapshotSection("a") { 3 }
        }
      })
  }

  @Test func repeatedItemInASectionStopsNamingTheSection() async {
    // Integer items: the check is deferred to the first lookup, as for appendItems.
    SnapshotMisuseTests.check(
      ["OpenDiffable: appendItems(_:toSection:) in SnapshotSection(\"b\")", "not unique", "[2] (1 identifier)"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = DiffableDataSourceSnapshot<String, Int> {
          SnapshotSection("a") { 1 }
          SnapshotSection("b") {
            2
            [3, 2]
          }
        }
        _ = snapshot.indexOfItem(3)
      })
  }

  @Test func repeatedStringItemStopsAtTheBuilderNamingTheSection() async {
    SnapshotMisuseTests.check(
      [
        "OpenDiffable: appendItems(_:toSection:) in SnapshotSection(\"contacts\")", "not unique",
        "[\"x\"] (1 identifier)",
      ],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = DiffableDataSourceSnapshot<String, String> {
          SnapshotSection("contacts") {
            "x"; "y"; "x"
          }
        }
      })
  }

  @Test func itemInTwoSectionsMovesToTheLaterOneWithTheWarningNamingIt() async {
    SnapshotMisuseTests.check(
      [
        "OpenDiffable warning: appendItems(_:toSection:) in SnapshotSection(\"b\"): 1 item identifier already exists",
        "[2] (1 identifier)",
        "OpenDiffable warning: appendItems(_:toSection:) in SnapshotSection(\"d\"): 1 item identifier already exists",
        "[\"x\"] (1 identifier)",
      ],
      await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        // Integer items (checked when the index is built) and strings (indexed at the call).
        let integers = DiffableDataSourceSnapshot<String, Int> {
          SnapshotSection("a") { [1, 2] }
          SnapshotSection("b") { [3, 2] }
        }
        precondition(integers.itemIdentifiers(inSection: "a") == [1])
        precondition(integers.itemIdentifiers(inSection: "b") == [3, 2])
        let strings = DiffableDataSourceSnapshot<String, String> {
          SnapshotSection("c") { ["x", "y"] }
          SnapshotSection("d") { "x" }
        }
        precondition(strings.itemIdentifiers == ["y", "x"])
      })
  }

  @Test func repeatedSiblingsStopNamingTheParent() async {
    SnapshotMisuseTests.check(
      ["OpenDiffable: append(_:to:) in the children of SnapshotItem(\"Documents\")", "not unique", "[\"a\"]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = DiffableDataSourceSectionSnapshot<String> {
          SnapshotItem("Documents") {
            "a"; "b"; "a"
          }
        }
      })
  }

  @Test func repeatedRootsStopNamingTheRoots() async {
    SnapshotMisuseTests.check(
      ["OpenDiffable: append(_:to:) in the root SnapshotItems", "not unique", "[\"a\"]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = DiffableDataSourceSectionSnapshot<String> {
          "a"; SnapshotItem("a")
        }
      })
  }

  @Test func itemElsewhereInTheOutlineStopsNamingTheParent() async {
    SnapshotMisuseTests.check(
      ["OpenDiffable: append(_:to:) in the children of SnapshotItem(\"Documents\")", "already exist", "[\"Music\"]"],
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = DiffableDataSourceSectionSnapshot<String> {
          SnapshotItem("Documents") { "Music" }
          "Music"
        }
      })
  }
}
