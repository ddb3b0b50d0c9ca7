import Foundation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// Whether `snapshot` reads exactly as `model`: sections, items per section, every item's flat
/// index and index path (which build or read the item index), counts and marks. One `Bool`, so
/// that ten thousand sequences cost no more than their checks.
func snapshotAgrees(_ snapshot: DiffableDataSourceSnapshot<Int, Int>, _ model: ReferenceSnapshot) -> Bool {
  guard snapshot.sectionIdentifiers == model.sections.map(\.id),
    snapshot.numberOfItems == model.allItems.count,
    snapshot.numberOfSections == model.sections.count
  else { return false }
  var flat = 0
  for (position, section) in model.sections.enumerated() {
    guard snapshot.itemIdentifiers(inSection: section.id) == section.items,
      snapshot.indexOfSection(section.id) == position
    else { return false }
    for (offset, item) in section.items.enumerated() {
      guard snapshot.indexOfItem(item) == flat,
        snapshot.indexPath(for: item) == IndexPath(item: offset, section: position),
        snapshot.sectionIdentifier(containingItem: item) == section.id
      else { return false }
      flat += 1
    }
  }
  return snapshot.indexOfItem(-1) == nil && snapshot.reloadedItemIdentifiers == model.reloadedItems
    && snapshot.reconfiguredItemIdentifiers == model.reconfiguredItems
    && snapshot.reloadedSectionIdentifiers == model.reloadedSections
}

/// Issue 25: every snapshot mutator, interleaved with kept copies (read after other copies
/// changed) and rebuilds from scratch diffed against the snapshot shown (the equal-sections,
/// shared and derived index paths), checked against the plain array model of
/// `SnapshotPropertyTests` after every sequence, and every kept copy against the model it had.
@Suite("Every mutator with kept copies and rebuilds against an array model")
struct SnapshotModelTests {
  /// One sequence: `codes` drive the steps. Returns a description of the first disagreement.
  static func run(_ codes: [Int]) -> String? {
    var driver = SnapshotDriver()
    var kept: [(snapshot: DiffableDataSourceSnapshot<Int, Int>, model: ReferenceSnapshot)] = []
    var log: [String] = []
    for code in codes {
      let operation: String
      switch code % 24 {
      case 0, 1:  // keep a copy; the driver's next mutations must not reach it
        kept.append((driver.snapshot, driver.model))
        if kept.count > 4 { kept.removeFirst() }
        operation = "keep a copy"
      case 2:  // read a kept copy now, between mutations of others
        if let copy = kept.last, !snapshotAgrees(copy.snapshot, copy.model) {
          return "kept copy disagrees after \(log)"
        }
        operation = "read a copy"
      case 3, 4:  // rebuild from scratch, diff against the shown snapshot, show the rebuild
        var rebuilt = DiffableDataSourceSnapshot<Int, Int>()
        let sections = driver.model.sections
        if code / 24 % 2 == 0 {
          rebuilt.appendSections(sections.map(\.id))
          for section in sections { rebuilt.appendItems(section.items, toSection: section.id) }
        } else {
          for section in sections {
            rebuilt.appendSections([section.id])
            rebuilt.appendItems(section.items, toSection: section.id)
          }
        }
        if code / 48 % 2 == 0 { _ = driver.snapshot.indexOfItem(driver.model.allItems.first ?? -1) }
        let shown = driver.snapshot
        do {
          try validate(SnapshotChangeset(from: shown, to: rebuilt), from: shown, to: rebuilt)
        } catch {
          return "rebuild diff: \(error) after \(log)"
        }
        driver.snapshot = rebuilt
        driver.model.reloadedItems = []
        driver.model.reconfiguredItems = []
        driver.model.reloadedSections = []
        operation = "rebuild"
      case 5:  // deletes every section too, as Apple's does
        driver.snapshot.deleteAllItems()
        driver.model.sections = []
        driver.model.pruneMarks()
        operation = "deleteAllItems()"
      case 6:  // the non-stopping section append: one new, one present, one repeated
        let fresh = driver.newSections(1)
        let present = driver.someSections(code / 24, 1)
        let dropped = driver.snapshot.appendSectionsDroppingDuplicates(fresh + present + fresh)
        guard dropped == present + fresh else { return "appendSectionsDroppingDuplicates dropped \(dropped)" }
        driver.model.sections += fresh.map { ($0, []) }
        operation = "appendSectionsDroppingDuplicates(\(fresh + present + fresh))"
      case 7:  // replace a section's items with a flat outline of new items
        guard let section = driver.someSections(code / 24, 1).first else { continue }
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        let items = driver.newItems(code / 24 % 4)
        outline.append(items)
        driver.snapshot.replaceItems(inSection: section, withVisibleItemsOf: outline)
        let index = driver.model.sectionIndex(section)!
        driver.model.sections[index].items = items
        driver.model.pruneMarks()
        operation = "replaceItems(inSection: \(section), \(items))"
      case 8:
        driver.snapshot = driver.snapshot.removingReloadMarks()
        driver.model.reloadedItems = []
        driver.model.reconfiguredItems = []
        driver.model.reloadedSections = []
        operation = "removingReloadMarks()"
      default:  // appendSections, insertSections, deleteSections, moveSection, appendItems,
        // insertItems, deleteItems, moveItem, reloads, reconfigures, appendItemsDroppingDuplicates
        operation = driver.step(code / 24)
      }
      log.append(operation)
    }
    if !snapshotAgrees(driver.snapshot, driver.model) { return "snapshot disagrees after \(log)" }
    for (index, copy) in kept.enumerated() where !snapshotAgrees(copy.snapshot, copy.model) {
      return "kept copy \(index) disagrees after \(log)"
    }
    return nil
  }

  /// 10,000 random sequences of up to 30 steps (1,000 under internal checks, which check every
  /// invariant after every mutation).
  @Test func everyMutatorWithKeptCopiesAndRebuilds() async {
    _ = CollectedWarnings.installed  // appends of existing items warn; keep the output quiet
    let count = internalChecksEnabled ? 1_000 : 10_000
    await propertyCheck(count: count, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...30)) { codes in
      await Task.yield()  // a long CPU-bound loop: let tests that wait on the shared pool run
      let failure = Self.run(codes)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}
