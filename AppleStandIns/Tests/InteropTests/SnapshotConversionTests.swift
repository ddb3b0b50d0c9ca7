import Foundation
import OpenDiffable
import PropertyBased
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import AppKit
#endif

/// A random snapshot with marks: a few steps of the shared random sequence (which reloads and
/// reconfigures some items), plus some sections marked for reload.
func randomMarkedSnapshot(using random: inout SplitMix64) -> Snapshot {
  var snapshot = Snapshot()
  for _ in 0..<Int.random(in: 1...4, using: &random) {
    snapshot = randomSnapshot(after: snapshot, using: &random)
  }
  let marked = snapshot.sectionIdentifiers.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
  if !marked.isEmpty { snapshot.reloadSections(marked) }
  if let item = snapshot.itemIdentifiers.randomElement(using: &random), Bool.random(using: &random) {
    snapshot.reconfigureItems([item])
  }
  return snapshot
}

@Suite("Snapshots convert to Apple's and back")
struct SnapshotConversionTests {
  @Test("A snapshot with every kind of mark converts both ways")
  func example() {
    var ours = snapshot([("a", [1, 2, 3]), ("b", []), ("c", [4])])
    ours.reloadItems([3, 1])
    ours.reconfigureItems([4, 1])
    ours.reloadSections(["c"])
    let apple = NSDiffableDataSourceSnapshot(ours)
    #expect(apple.sectionIdentifiers == ["a", "b", "c"])
    #expect(apple.itemIdentifiers(inSection: "a") == [1, 2, 3])
    #expect(apple.itemIdentifiers(inSection: "b") == [])
    #expect(apple.itemIdentifiers(inSection: "c") == [4])
    #if canImport(UIKit)
      #expect(apple.reloadedItemIdentifiers == [3, 1])
      #expect(apple.reconfiguredItemIdentifiers == [4, 1])
      #expect(apple.reloadedSectionIdentifiers == ["c"])
      let back = DiffableDataSourceSnapshot(apple)
      #expect(back == ours)
      #expect(back.reloadedItemIdentifiers == [3, 1])
      #expect(back.reconfiguredItemIdentifiers == [4, 1])
      #expect(back.reloadedSectionIdentifiers == ["c"])
    #else
      // AppKit has no reconfigure: 4 (not already reloaded) becomes a reload; 1 stays one reload.
      #expect(apple.standInReloadedItemIdentifiers == [3, 1, 4])
      #expect(apple.standInReloadedSectionIdentifiers == ["c"])
      let back = DiffableDataSourceSnapshot(apple)
      #expect(back == ours)
      #expect(!back.hasReloadOrReconfigureMarks, "AppKit cannot report its marks")
    #endif
  }

  @Test("1,000 random snapshots: ours → Apple's → ours is exact, marks included where Apple can report them")
  func roundTrips() async {
    await propertyCheck(count: 1_000, input: Gen.uint64(in: 0 ... .max)) { seed in
      var random = SplitMix64(seed: seed)
      let ours = randomMarkedSnapshot(using: &random)
      let apple = NSDiffableDataSourceSnapshot(ours)
      #expect(apple.sectionIdentifiers == ours.sectionIdentifiers)
      #expect(apple.itemIdentifiers == ours.itemIdentifiers)
      let back = DiffableDataSourceSnapshot(apple)
      #expect(back == ours)
      #expect(rows(of: back) == rows(of: ours))
      #if canImport(UIKit)
        #expect(back.reloadedItemIdentifiers == ours.reloadedItemIdentifiers)
        #expect(back.reconfiguredItemIdentifiers == ours.reconfiguredItemIdentifiers)
        #expect(back.reloadedSectionIdentifiers == ours.reloadedSectionIdentifiers)
      #else
        let expected =
          ours.reloadedItemIdentifiers + ours.reconfiguredItemIdentifiers.filter { !ours.isReloaded(item: $0) }
        #expect(apple.standInReloadedItemIdentifiers == expected)
        #expect(apple.standInReloadedSectionIdentifiers == ours.reloadedSectionIdentifiers)
        #expect(!back.hasReloadOrReconfigureMarks)
      #endif
    }
  }

  @Test("1,000 random Apple snapshots: Apple's → ours → Apple's is exact")
  func reverseRoundTrips() async {
    await propertyCheck(count: 1_000, input: Gen.uint64(in: 0 ... .max)) { seed in
      var random = SplitMix64(seed: seed)
      var apple = NSDiffableDataSourceSnapshot<String, Int>()
      var next = 0
      for section in 0..<Int.random(in: 0...5, using: &random) {
        apple.appendSections(["s\(section)"])
        let count = Int.random(in: 0...6, using: &random)
        apple.appendItems(Array(next..<next + count), toSection: "s\(section)")
        next += count
      }
      let items = apple.itemIdentifiers.shuffled(using: &random)
      let reloaded = Array(items.prefix(Int.random(in: 0...2, using: &random)))
      if !reloaded.isEmpty { apple.reloadItems(reloaded) }
      let sections = apple.sectionIdentifiers.filter { _ in Bool.random(using: &random) }
      if !sections.isEmpty { apple.reloadSections(sections) }
      #if canImport(UIKit)
        let reconfigured = Array(items.suffix(Int.random(in: 0...2, using: &random)))
        if !reconfigured.isEmpty { apple.reconfigureItems(reconfigured) }
      #endif
      let ours = DiffableDataSourceSnapshot(apple)
      let again = NSDiffableDataSourceSnapshot(ours)
      #expect(again.sectionIdentifiers == apple.sectionIdentifiers)
      for section in apple.sectionIdentifiers {
        #expect(again.itemIdentifiers(inSection: section) == apple.itemIdentifiers(inSection: section))
      }
      #if canImport(UIKit)
        #expect(again.reloadedItemIdentifiers == apple.reloadedItemIdentifiers)
        #expect(again.reconfiguredItemIdentifiers == apple.reconfiguredItemIdentifiers)
        #expect(again.reloadedSectionIdentifiers == apple.reloadedSectionIdentifiers)
      #else
        #expect(again.standInReloadedItemIdentifiers == [], "AppKit's marks cannot be read, so none come back")
      #endif
    }
  }

  @Test("A snapshot reference converts to the identifier types it holds")
  func reference() {
    let reference = NSDiffableDataSourceSnapshotReference()
    reference.appendSections(withIdentifiers: ["a", "b"])
    reference.appendItems(withIdentifiers: [1, 2], intoSectionWithIdentifier: "a")
    reference.appendItems(withIdentifiers: [3], intoSectionWithIdentifier: "b")
    reference.reloadItems(withIdentifiers: [2])
    reference.reloadSections(withIdentifiers: ["b"])
    #if canImport(UIKit)
      reference.reconfigureItems(withIdentifiers: [3])
    #endif
    let ours = DiffableDataSourceSnapshot<String, Int>(reference)
    #expect(rows(of: ours) == [[1, 2], [3]])
    #expect(ours.sectionIdentifiers == ["a", "b"])
    #if canImport(UIKit)
      #expect(ours.reloadedItemIdentifiers == [2])
      #expect(ours.reconfiguredItemIdentifiers == [3])
      #expect(ours.reloadedSectionIdentifiers == ["b"])
    #else
      #expect(!ours.hasReloadOrReconfigureMarks, "AppKit's reference cannot report its marks")
    #endif
  }

  @Test("A reference holding an item of the wrong type stops, naming the identifier and both types")
  func wrongItemType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reference = NSDiffableDataSourceSnapshotReference()
      reference.appendSections(withIdentifiers: ["a"])
      reference.appendItems(withIdentifiers: [1, "intruder"], intoSectionWithIdentifier: "a")
      _ = DiffableDataSourceSnapshot<String, Int>(reference)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "OpenDiffable: DiffableDataSourceSnapshot(_:): the snapshot reference holds the item identifier \"intruder\" "
          + "of type String, not Int"))
  }

  @Test("Items that become equal once cast stop the conversion, naming both and their sections")
  func itemsCollidingAfterTheCast() async {
    // Equal as String (canonical equivalence), distinct as NSString (literal comparison), so the
    // reference holds both; the converted snapshot cannot.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reference = NSDiffableDataSourceSnapshotReference()
      reference.appendSections(withIdentifiers: ["a", "b"])
      reference.appendItems(withIdentifiers: ["x", "\u{E9}"], intoSectionWithIdentifier: "a")
      reference.appendItems(withIdentifiers: [NSString(string: "e\u{301}")], intoSectionWithIdentifier: "b")
      _ = DiffableDataSourceSnapshot<String, String>(reference)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("OpenDiffable: DiffableDataSourceSnapshot(_:): "), "\(standardError)")
    #expect(standardError.contains("section \"a\""), "\(standardError)")
    #expect(standardError.contains("section \"b\""), "\(standardError)")
  }

  @Test("Sections that become equal once cast stop the conversion, naming both")
  func sectionsCollidingAfterTheCast() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reference = NSDiffableDataSourceSnapshotReference()
      reference.appendSections(withIdentifiers: ["\u{E9}", NSString(string: "e\u{301}")])
      _ = DiffableDataSourceSnapshot<String, String>(reference)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("OpenDiffable: DiffableDataSourceSnapshot(_:): "), "\(standardError)")
    #expect(standardError.contains("section identifiers"), "\(standardError)")
  }

  @Test("A reference holding a section of the wrong type stops, naming the identifier")
  func wrongSectionType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reference = NSDiffableDataSourceSnapshotReference()
      reference.appendSections(withIdentifiers: [7])
      _ = DiffableDataSourceSnapshot<String, Int>(reference)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("holds the section identifier 7 of type Int, not String"))
  }
}

#if canImport(UIKit)
  /// A random outline: items 0..<n, each appended under a random earlier item or at the root,
  /// some expanded (leaves included).
  func randomOutline(using random: inout SplitMix64) -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    let count = Int.random(in: 0...25, using: &random)
    for item in 0..<count {
      let parent =
        item == 0 || Int.random(in: 0..<3, using: &random) == 0 ? nil : Int.random(in: 0..<item, using: &random)
      outline.append([item], to: parent)
    }
    let expanded = (0..<count).filter { _ in Bool.random(using: &random) }
    if !expanded.isEmpty { outline.expand(expanded) }
    return outline
  }

  @Suite("Section snapshots convert to UIKit's and back")
  struct SectionSnapshotConversionTests {
    @Test("An outline keeps its hierarchy, sibling order and expansion state")
    func example() {
      var ours = DiffableDataSourceSectionSnapshot<String>()
      ours.append(["Documents", "Music"])
      ours.append(["Invoices", "Letters"], to: "Documents")
      ours.append(["2024"], to: "Invoices")
      ours.expand(["Documents", "2024"])
      let apple = NSDiffableDataSourceSectionSnapshot(ours)
      #expect(apple.items == ["Documents", "Invoices", "2024", "Letters", "Music"])
      #expect(apple.rootItems == ["Documents", "Music"])
      #expect(apple.parent(of: "2024") == "Invoices")
      #expect(apple.isExpanded("Documents") && apple.isExpanded("2024") && !apple.isExpanded("Invoices"))
      #expect(apple.visibleItems == ["Documents", "Invoices", "Letters", "Music"])
      #expect(DiffableDataSourceSectionSnapshot(apple) == ours)
    }

    @Test("1,000 random outlines: ours → UIKit's → ours is exact, expansion included")
    func roundTrips() async {
      await propertyCheck(count: 1_000, input: Gen.uint64(in: 0 ... .max)) { seed in
        var random = SplitMix64(seed: seed)
        let ours = randomOutline(using: &random)
        let apple = NSDiffableDataSourceSectionSnapshot(ours)
        #expect(apple.items == ours.items)
        #expect(apple.visibleItems == ours.visibleItems)
        for item in ours.items {
          #expect(apple.parent(of: item) == ours.parent(of: item))
          #expect(apple.isExpanded(item) == ours.isExpanded(item))
        }
        let back = DiffableDataSourceSectionSnapshot(apple)
        #expect(back == ours)
        #expect(back.expandedItems == ours.expandedItems)
      }
    }
  }
#endif
