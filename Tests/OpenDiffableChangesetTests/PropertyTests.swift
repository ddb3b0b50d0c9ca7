import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// Random snapshot pairs pushed through the UIKit simulator, with minimality checked against
/// independent move counts.
@Suite struct ChangesetPropertyTests {
  /// Checks everything the engine promises for one pair; records an issue for each broken promise.
  static func check(old: Snapshot, new: Snapshot, context: String) {
    let changeset = Changeset(from: old, to: new)
    do {
      try validate(changeset, from: old, to: new)
    } catch {
      Issue.record("\(error)\n\(changeset)\n\(context)")
      return
    }

    // Minimality: an identifier in both snapshots is deleted and inserted only when a reload
    // mark or a section operation forces it.
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    // Sections whose items travel with a section operation: inserted or reloaded on the new side,
    // deleted or reloaded on the old side.
    let insertedSections = Set(
      changeset.sectionInserts.map { newSections[$0] } + changeset.sectionReloads.map { oldSections[$0] })
    let replacedOldSections = Set((changeset.sectionDeletes + changeset.sectionReloads).map { oldSections[$0] })
    var convertedItemReloads = 0
    for deleted in changeset.itemDeletes {
      let item = old.itemIdentifiers(inSection: oldSections[deleted[0]])[deleted[1]]
      guard let target = new.sectionIdentifier(containingItem: item), !insertedSections.contains(target) else {
        continue
      }
      #expect(new.isReloaded(item: item), "item \(item) deleted and inserted without a reason\n\(context)")
      convertedItemReloads += 1
    }
    for inserted in changeset.itemInserts {
      let item = new.itemIdentifiers(inSection: newSections[inserted[0]])[inserted[1]]
      guard let source = old.sectionIdentifier(containingItem: item), !replacedOldSections.contains(source) else {
        continue
      }
      #expect(new.isReloaded(item: item), "item \(item) deleted and inserted without a reason\n\(context)")
    }
    var convertedSectionReloads = 0
    for deleted in changeset.sectionDeletes where new.indexOfSection(oldSections[deleted]) != nil {
      #expect(new.isReloaded(section: oldSections[deleted]), "section \(oldSections[deleted]) replaced\n\(context)")
      convertedSectionReloads += 1
    }

    // Minimal moves, against counts computed without the engine.
    let expected = independentMoveCounts(old: old, new: new)
    #expect(
      changeset.sectionMoves.count + convertedSectionReloads == expected.sections,
      "section moves not minimal\n\(changeset)\n\(context)")
    #expect(
      changeset.itemMoves.count + convertedItemReloads == expected.items,
      "item moves not minimal\n\(changeset)\n\(context)")

    // The transaction view.
    let oldItems = old.itemIdentifiers
    let newItems = new.itemIdentifiers
    let difference = Changeset.itemDifference(from: old, to: new)
    #expect(oldItems.applying(difference) == newItems, "itemDifference does not apply\n\(context)")
    let newIndex = Dictionary(uniqueKeysWithValues: newItems.enumerated().map { ($1, $0) })
    let common = oldItems.compactMap { newIndex[$0] }
    let movedInDifference = difference.removals.filter {
      if case .remove(_, _, let associated) = $0 { return associated != nil }
      return false
    }.count
    #expect(movedInDifference == common.count - independentLISLength(common), "itemDifference not minimal\n\(context)")
  }

  @Test func tenThousandRandomPairs() async {
    // Mostly small pairs, some medium, 1% up to the maxima (30 sections, 2,000 items).
    await propertyCheck(count: 10_000, input: Gen.uint64(in: 0 ... .max), Gen.int(in: 0...999)) { seed, sizeDie in
      let size: PairSize = sizeDie < 900 ? .small : sizeDie < 990 ? .medium : .large
      let (old, new) = randomPair(seed: seed, size: size)
      Self.check(old: old, new: new, context: "seed \(seed), \(size)")
    }
  }

  @Test func pairsAtTheMaxima() {
    var random = SplitMix64(seed: 2026)
    for _ in 0..<20 {
      let seed = random.next()
      let (old, new) = randomPair(seed: seed, size: .large)
      Self.check(old: old, new: new, context: "seed \(seed), large")
    }
  }

  @Test func independentLISAgreesWithQuadraticReference() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...20).array(of: 0...30)) { values in
      #expect(independentLISLength(values) == quadraticLISLength(values))
    }
  }
}
