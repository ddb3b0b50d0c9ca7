import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// An item identifier whose `==` disagrees with its hash: equality reads `id` only, the hash
/// reads `name` too, so two equal values usually hash differently.
struct LooseItem: Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var name: String
  static func == (lhs: LooseItem, rhs: LooseItem) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(name)
  }
  var description: String { "LooseItem(\(id), \(name))" }
}

/// Regression tests for issue 25 in the data source and the simulator.
@Suite("Contract-breaking identifiers in the data source")
struct DataSourceContractBreakingIdentifierTests {
  /// Finding 2: with `contentProvider` set, the data source recorded content in a `Dictionary`
  /// keyed by item identifiers and died inside the standard library ("Duplicate keys of type …
  /// were found in a Dictionary") once two equal identifiers with different hashes were recorded.
  @Test func itemsWhoseEqualityDisagreesWithTheirHashDoNotTrapInTheStandardLibrary() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await MainActor.run {
        typealias Host = SimulatedCollectionView<String, LooseItem>
        let view = Host()
        let dataSource = DiffableDataSource<Host, String, LooseItem>(host: view) { _, _, item in
          SimulatedCell(item, text: item.name)
        }
        dataSource.contentProvider = { $0.name }
        for round in 0..<8 {
          var snapshot = DiffableDataSourceSnapshot<String, LooseItem>()
          snapshot.appendSections(["a"])
          // Each snapshot holds every id once; across rounds, equal ids come with other names.
          snapshot.appendItems((0..<1_000).map { LooseItem(id: $0, name: "round \(round)") }, toSection: "a")
          dataSource.apply(snapshot, animatingDifferences: round % 2 == 0)
        }
        precondition(dataSource.snapshot().numberOfItems == 1_000)
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(!stderr.contains("Duplicate keys"), "\(stderr)")
    }
  }

  /// Finding 7: the simulator's invalid-batch stop used `preconditionFailure`, whose message is
  /// dropped in optimized builds. It must print its message. CI runs this test optimized (the
  /// internal-checks run is built with `-O`), where the old stop fails it.
  @Test func simulatorInvalidBatchStopPrintsItsMessage() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2], toSection: "a")
        dataSource.apply(snapshot)
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(item: 5, section: 0)]) }, completion: nil)
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("simulated list: invalid batch update"), "\(stderr)")
    }
  }
}

/// The value a ``MutatedSection`` hashes; mutating it changes the hash and equality of every
/// identifier that holds it.
private final class SectionValue: @unchecked Sendable {
  var value: Int
  init(_ value: Int) { self.value = value }
}

/// A section identifier whose `Hashable` conformance reads a class field, which the test mutates
/// after the section was applied.
private struct MutatedSection: Hashable, CustomStringConvertible, @unchecked Sendable {
  let box: SectionValue
  init(_ value: Int) { box = SectionValue(value) }
  static func == (lhs: MutatedSection, rhs: MutatedSection) -> Bool { lhs.box.value == rhs.box.value }
  func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
  var description: String { "MutatedSection(\(box.value))" }
}

/// The simulator rebuilds the data source's snapshot section by section.
@Suite(
  "Contract-breaking section identifiers in the simulator",
  .disabled(if: internalChecksEnabled, "section identifiers are mutated between calls on purpose"))
struct SimulatorContractBreakingSectionTests {
  /// A shown section mutated to equal another, then a batch: the simulator stopped with
  /// `appendSections(_:)`'s message about repeated identifiers, a call the app never made. It
  /// says what happened instead.
  @Test func twoShownSectionsThatBecameEqualAreNamedNotBlamedOnAppendSections() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        typealias Host = SimulatedCollectionView<MutatedSection, Int>
        let view = Host()
        let dataSource = DiffableDataSource<Host, MutatedSection, Int>(host: view) { _, _, item in
          SimulatedCell(item)
        }
        let a = MutatedSection(0)
        let b = MutatedSection(1)
        var snapshot = DiffableDataSourceSnapshot<MutatedSection, Int>()
        snapshot.appendSections([a, b])
        snapshot.appendItems([1], toSection: a)
        snapshot.appendItems([2], toSection: b)
        dataSource.apply(snapshot)
        a.box.value = 1
        view.performBatchUpdates({}, completion: nil)
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("simulated list: the data source shows section 1"), "\(stderr)")
      #expect(stderr.contains("two shown sections became equal"), "\(stderr)")
      #expect(!stderr.contains("appendSections"), "\(stderr)")
    }
  }
}

/// Regression tests for issue 25 in the section snapshots the data source keeps.
///
/// (A `ProbeHost`, not a simulated view: the simulator rebuilds the data source's snapshot by
/// appending its sections one by one, which stops once two shown sections are equal.)
@MainActor
@Suite(
  "Contract-breaking section identifiers and section snapshots",
  .disabled(if: internalChecksEnabled, "section identifiers are mutated between calls on purpose"))
struct DataSourceContractBreakingSectionTests {
  /// `root` with one child, `root + 1`, expanded: an outline that the section's flat items
  /// (what `snapshot(for:)` answers for a section without one) do not equal.
  func outline(_ root: Int) -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([root])
    outline.append([root + 1], to: root)
    outline.expand([root])
    return outline
  }

  /// The data source kept its section snapshots in a `Dictionary` keyed by section identifiers.
  /// Sections `a[i]` and `b[i]` applied as section snapshots, then each `a[i]` mutated to equal
  /// `b[i]`: the next section snapshot applied grew that dictionary and died inside the standard
  /// library ("Duplicate keys of type 'MutatedSection' were found in a Dictionary"). An apply
  /// that did not grow it pruned the outline of `a[i]` by looking `a[i]` up, which could find
  /// and remove that of `b[i]` instead, or leave `snapshot(for: b[i])` answering the outline of
  /// `a[i]`, which does not describe the rows the data source holds for `b[i]`.
  ///
  /// Which of `a[i]` and `b[i]` a lookup of either finds is not defined once they are equal (the
  /// snapshot's own lookups may find either until the next full apply deletes `a[i]`), so the
  /// test checks what is: no trap, the outline of an untouched section, and answers that agree
  /// with the rows.
  @Test func sectionsMutatedToEqualOtherOutlinedSectionsDoNotTrapAndAnswerTheirRows() async {
    // 48 outlines fill a Dictionary (capacity 48): the next one rehashes every key.
    let pairs = 24
    let a = (0..<pairs).map { MutatedSection(7_300_000 + $0) }
    let b = (0..<pairs).map { MutatedSection(7_310_000 + $0) }
    let c = MutatedSection(7_320_000)
    let host = ProbeHost()
    let dataSource = DiffableDataSource<ProbeHost, MutatedSection, Int>(host: host) { _, _, item in "\(item)" }
    var sections = DiffableDataSourceSnapshot<MutatedSection, Int>()
    sections.appendSections(a + b + [c])
    await dataSource.apply(sections)
    for i in 0..<pairs {
      await dataSource.apply(outline(1_000 + 10 * i), to: a[i])
      await dataSource.apply(outline(100_000 + 10 * i), to: b[i])
    }
    for i in 0..<pairs { a[i].box.value = b[i].box.value }  // stored under its former hash

    await dataSource.apply(outline(900_000), to: c)
    #expect(dataSource.snapshot(for: c) == outline(900_000))
    let shown = dataSource.snapshot()
    for section in a + b {
      #expect(dataSource.snapshot(for: section).visibleItems == shown.itemIdentifiers(inSection: section), "\(section)")
    }
    // The rows of c (the last section) follow its outline: expanded, then collapsed.
    let c0 = IndexPath(item: 0, section: 2 * pairs)
    #expect(host.connection?.outlineExpansion(ofItemAt: c0) == true)
    #expect(dataSource.collapseItem(900_000))
    #expect(dataSource.snapshot().itemIdentifiers(inSection: c) == [900_000])
    #expect(host.connection?.outlineExpansion(ofItemAt: c0) == false)
  }

  /// Outlined sections whose identifiers then changed so that no section equals them: applying
  /// a section snapshot to another section pruned the outlines by asking the new snapshot for
  /// each outlined section's items, and stopped in a call the app never made ("OpenDiffable:
  /// itemIdentifiers(inSection:): section identifier [MutatedSection(…)] (1 identifier) was not
  /// found in the snapshot"). Their outlines are dropped, as a full apply drops the outline of a
  /// section it no longer holds, and the next full apply deletes the sections.
  @Test func outlinedSectionsMutatedToEqualNoSectionLoseTheirOutlinesWithoutAStop() async {
    let mutated = (0..<8).map { MutatedSection(7_330_000 + $0) }
    let others = (0..<100).map { MutatedSection(7_340_000 + $0) }
    let host = ProbeHost()
    let dataSource = DiffableDataSource<ProbeHost, MutatedSection, Int>(host: host) { _, _, item in "\(item)" }
    var sections = DiffableDataSourceSnapshot<MutatedSection, Int>()
    sections.appendSections(mutated + others)
    await dataSource.apply(sections)
    for (index, section) in mutated.enumerated() { await dataSource.apply(outline(1_000 + 10 * index), to: section) }
    for (index, section) in mutated.enumerated() { section.box.value = 7_350_000 + index }

    await dataSource.apply(outline(900_000), to: others[0])
    #expect(dataSource.snapshot(for: others[0]) == outline(900_000))
    #expect(dataSource.snapshot().itemIdentifiers(inSection: others[0]) == [900_000, 900_001])

    var next = DiffableDataSourceSnapshot<MutatedSection, Int>()
    next.appendSections(others)
    next.appendItems([900_000, 900_001], toSection: others[0])
    await dataSource.apply(next)
    #expect(dataSource.snapshot().sectionIdentifiers == others)
    #expect(dataSource.snapshot(for: others[0]) == outline(900_000))
  }

  /// Two sections stored under the same pinned hash that become equal later: `a`, outlined,
  /// changes to 2; `c`, equal to `a`'s former value, is outlined (its key hashes like `a`'s, and
  /// was not equal to it then); `a` changes back. `_HashPinnedKey` compared stored keys by their
  /// identifiers' `==`, so the two keys were now equal and the next apply that grew the
  /// dictionary died inside the standard library ("Duplicate keys of type
  /// '_HashPinnedKey<MutatedSection>' were found in a Dictionary").
  @Test func sectionsStoredUnderOneHashThatBecomeEqualLaterDoNotTrap() async {
    let a = MutatedSection(7_360_000)
    let fillers = (0..<5).map { MutatedSection(7_370_000 + $0) }
    let host = ProbeHost()
    let dataSource = DiffableDataSource<ProbeHost, MutatedSection, Int>(host: host) { _, _, item in "\(item)" }
    var sections = DiffableDataSourceSnapshot<MutatedSection, Int>()
    sections.appendSections([a] + fillers)
    await dataSource.apply(sections)
    await dataSource.apply(outline(10), to: a)
    a.box.value = 7_360_001
    let c = MutatedSection(7_360_000)  // a's value when its outline was stored
    var next = DiffableDataSourceSnapshot<MutatedSection, Int>()
    next.appendSections([a, c] + fillers)
    next.appendItems([10, 11], toSection: a)
    await dataSource.apply(next)  // a's outline still describes its rows: kept
    for index in 0..<4 { await dataSource.apply(outline(1_000 + 10 * index), to: fillers[index]) }
    await dataSource.apply(outline(30), to: c)  // 6 outlines: a full Dictionary (capacity 6)
    a.box.value = 7_360_000  // now equal to c, and both stored under the same hash

    await dataSource.apply(outline(2_000), to: fillers[4])  // rehashes every key
    #expect(dataSource.snapshot(for: fillers[4]) == outline(2_000))
    let shown = dataSource.snapshot()
    for section in [a, c] + fillers {
      #expect(dataSource.snapshot(for: section).visibleItems == shown.itemIdentifiers(inSection: section), "\(section)")
    }
  }
}
