import Foundation
import OpenDiffable
@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting
import PropertyBased
import Testing

/// Whether `snapshot` reads exactly as `model`: sections, items per section, every item's flat
/// index and index path and the item at that path (which build or read the item index, or read
/// the sections by position), counts and marks. One `Bool`, so that ten thousand sequences cost
/// no more than their checks.
func snapshotAgrees(_ snapshot: DiffableDataSourceSnapshot<Int, Int>, _ model: ReferenceSnapshot) -> Bool {
  guard snapshot.sectionIdentifiers == model.sections.map(\.id),
    snapshot.numberOfItems == model.allItems.count,
    snapshot.numberOfSections == model.sections.count,
    snapshot.itemIdentifiers == model.allItems
  else { return false }
  var flat = 0
  for (position, section) in model.sections.enumerated() {
    guard snapshot.itemIdentifiers(inSection: section.id) == section.items,
      snapshot.numberOfItems(inSection: section.id) == section.items.count,
      snapshot.indexOfSection(section.id) == position,
      snapshot.itemIdentifier(for: IndexPath(item: section.items.count, section: position)) == nil
    else { return false }
    for (offset, item) in section.items.enumerated() {
      guard snapshot.indexOfItem(item) == flat,
        snapshot.indexPath(for: item) == IndexPath(item: offset, section: position),
        snapshot.itemIdentifier(for: IndexPath(item: offset, section: position)) == item,
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
    OpenDiffableWarningCollector.install()  // appends of existing items warn; keep the output quiet
    let count = internalChecksEnabled ? 1_000 : 10_000
    await propertyCheck(count: count, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...30)) { codes in
      await Task.yield()  // a long CPU-bound loop: let tests that wait on the shared pool run
      let failure = Self.run(codes)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}

/// Section inserts, deletes and moves at both ends and near them (where the snapshot renumbers
/// the sections before the change rather than after it), with items in every section, each step
/// checked against the array model with every lookup: flat index, index path, section of an item,
/// position of a section.
@Suite("Section operations at both ends against an array model")
struct SectionEndsModelTests {
  /// One sequence: `codes` drive the steps. Returns a description of the first disagreement.
  static func run(_ codes: [Int]) -> String? {
    var driver = SnapshotDriver()
    var log: [String] = []
    for code in codes {
      let sections = driver.model.sections.map(\.id)
      let pick = code / 16
      // A position near the front or near the end (or anywhere, one time in four).
      var near: Int?
      if !sections.isEmpty {
        switch pick % 4 {
        case 0: near = Swift.min(pick / 4 % 3, sections.count - 1)
        case 1: near = Swift.max(sections.count - 1 - pick / 4 % 3, 0)
        default: near = pick / 4 % sections.count
        }
      }
      let operation: String
      switch code % 16 {
      case 0, 1, 2:  // sections with items, appended or inserted before or after `near`
        let ids = driver.newSections(1 + pick % 3)
        if let near, code % 16 != 0 {
          if pick % 2 == 0 {
            driver.snapshot.insertSections(ids, beforeSection: sections[near])
            driver.model.sections.insert(contentsOf: ids.map { ($0, []) }, at: near)
          } else {
            driver.snapshot.insertSections(ids, afterSection: sections[near])
            driver.model.sections.insert(contentsOf: ids.map { ($0, []) }, at: near + 1)
          }
        } else {
          driver.snapshot.appendSections(ids)
          driver.model.sections += ids.map { ($0, []) }
        }
        for id in ids where pick % 5 != 0 {
          let items = driver.newItems(1 + pick % 4)
          driver.snapshot.appendItems(items, toSection: id)
          driver.model.sections[driver.model.sectionIndex(id)!].items += items
        }
        operation = "add sections \(ids) at \(near.map(String.init) ?? "end")"
      case 3, 4, 5:  // the section at `near`, with the first or the last, or alone
        guard let near else { continue }
        var ids = [sections[near]]
        if pick % 3 == 1 { ids.append(sections[0]) }
        if pick % 3 == 2 { ids.append(sections[sections.count - 1]) }
        ids = Array(Set(ids))
        driver.snapshot.deleteSections(ids)
        driver.model.sections.removeAll { ids.contains($0.id) }
        driver.model.pruneMarks()
        operation = "deleteSections(\(ids))"
      case 6, 7, 8, 9, 10, 11:  // first to last, last to first, or `near` next to an end
        guard sections.count >= 2, let near else { continue }
        let (moved, anchor, after): (Int, Int, Bool) =
          switch code % 16 {
          case 6: (sections[0], sections[sections.count - 1], true)
          case 7: (sections[sections.count - 1], sections[0], false)
          case 8: (sections[near], sections[near == 0 ? 1 : 0], pick % 2 == 0)
          case 9:
            (
              sections[near], sections[near == sections.count - 1 ? sections.count - 2 : sections.count - 1],
              pick % 2 == 0
            )
          default:
            (sections[near], sections[(near + 1 + pick / 7 % (sections.count - 1)) % sections.count], pick % 2 == 0)
          }
        let section = driver.model.sections.remove(at: driver.model.sectionIndex(moved)!)
        let target = driver.model.sectionIndex(anchor)!
        driver.model.sections.insert(section, at: after ? target + 1 : target)
        if after {
          driver.snapshot.moveSection(moved, afterSection: anchor)
        } else {
          driver.snapshot.moveSection(moved, beforeSection: anchor)
        }
        operation = "moveSection(\(moved), \(after ? "after" : "before"): \(anchor))"
      case 12, 13:  // items appended to the section at `near`
        guard let near else { continue }
        let items = driver.newItems(1 + pick % 3)
        driver.snapshot.appendItems(items, toSection: sections[near])
        driver.model.sections[near].items += items
        operation = "appendItems(\(items), toSection: \(sections[near]))"
      case 14:  // an item of the section at `near` deleted
        guard let near, let item = driver.model.sections[near].items.first else { continue }
        driver.snapshot.deleteItems([item])
        driver.model.removeItems([item])
        operation = "deleteItems([\(item)])"
      default:  // a copy of the snapshot changed at the front, and the original still read
        guard let near else { continue }
        var copy = driver.snapshot
        copy.insertSections(driver.newSections(1), beforeSection: sections[near])
        copy.deleteSections([sections[0]])
        operation = "a changed copy"
      }
      log.append(operation)
      if !snapshotAgrees(driver.snapshot, driver.model) { return "snapshot disagrees after \(log)" }
    }
    return nil
  }

  /// 2,000 random sequences of up to 60 steps (300 under internal checks).
  @Test func sectionOperationsAtBothEnds() async {
    let count = internalChecksEnabled ? 300 : 2_000
    await propertyCheck(count: count, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...60)) { codes in
      await Task.yield()
      let failure = Self.run(codes)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}

/// Runs of sections inserted, deleted and moved anywhere, tens at a time: the slot of each section
/// position is a ring, so these move its entries by more than half of it, across its end, grow it
/// while it wraps, and move sections with exactly as many sections as the ring holds. Each step is
/// checked against the array model with every lookup (the item at each index path included) and
/// the invariants.
@Suite("Long runs of sections against an array model")
struct SectionRunsModelTests {
  /// A position among `count` sections: near the front, near the end, or anywhere.
  static func place(_ seed: Int, among count: Int) -> Int {
    switch seed % 3 {
    case 0: Swift.min(seed / 3 % 3, count - 1)
    case 1: Swift.max(count - 1 - seed / 3 % 3, 0)
    default: seed / 3 % count
    }
  }

  /// One sequence from `start` sections: `codes` drive the steps. Returns a description of the
  /// first disagreement.
  static func run(_ start: Int, _ codes: [Int]) -> String? {
    var driver = SnapshotDriver()
    // Half the time a full ring (a power of two of sections) or one section either side of it.
    let sizes = [15, 16, 17, 31, 32, 33, 63, 64, 65, 128]
    let initial = start % 2 == 0 ? sizes[start / 2 % sizes.count] : start / 2 % 100
    let ids = driver.newSections(initial)
    driver.snapshot.appendSections(ids)
    driver.model.sections = ids.map { ($0, []) }
    var log = ["\(initial) sections"]
    for code in codes {
      let sections = driver.model.sections.map(\.id)
      let pick = code / 8
      switch code % 8 {
      case 0, 1, 2:  // 1 to 40 new sections before or after one, some with items
        let ids = driver.newSections(1 + pick % 40)
        if sections.isEmpty {
          driver.snapshot.appendSections(ids)
          driver.model.sections = ids.map { ($0, []) }
        } else {
          let near = place(pick / 40, among: sections.count)
          let after = pick / 120 % 2 == 1
          if after {
            driver.snapshot.insertSections(ids, afterSection: sections[near])
          } else {
            driver.snapshot.insertSections(ids, beforeSection: sections[near])
          }
          driver.model.sections.insert(contentsOf: ids.map { ($0, []) }, at: after ? near + 1 : near)
        }
        for (index, id) in ids.enumerated() where (index + pick) % 3 != 0 {
          let items = driver.newItems(1 + (index + pick) % 3)
          driver.snapshot.appendItems(items, toSection: id)
          driver.model.sections[driver.model.sectionIndex(id)!].items += items
        }
        log.append("insert \(ids.count) sections")
      case 3, 4:  // a run of 1 to 40 sections deleted, or every other section of it
        guard !sections.isEmpty else { continue }
        let first = place(pick, among: sections.count)
        let run = sections[first..<Swift.min(sections.count, first + 1 + pick / 30 % 40)]
        let deleted = pick / 1_200 % 3 == 0 ? run.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) : Array(run)
        driver.snapshot.deleteSections(deleted)
        driver.model.sections.removeAll { deleted.contains($0.id) }
        log.append("delete \(deleted.count) sections from \(first)")
      default:  // a section moved before or after another, near either end or anywhere
        guard sections.count >= 2 else { continue }
        let from = place(pick, among: sections.count)
        var to = place(pick / 30, among: sections.count)
        if to == from { to = (from + 1 + pick / 900 % (sections.count - 1)) % sections.count }
        let after = pick / 27_000 % 2 == 1
        if after {
          driver.snapshot.moveSection(sections[from], afterSection: sections[to])
        } else {
          driver.snapshot.moveSection(sections[from], beforeSection: sections[to])
        }
        let section = driver.model.sections.remove(at: from)
        let target = driver.model.sectionIndex(sections[to])!
        driver.model.sections.insert(section, at: after ? target + 1 : target)
        log.append("move \(from) \(after ? "after" : "before") \(to)")
      }
      if !snapshotAgrees(driver.snapshot, driver.model) { return "snapshot disagrees after \(log)" }
      // (Under internal checks every mutation has checked them already.)
      if !internalChecksEnabled { driver.snapshot._checkInvariants() }  // stops with the broken one
    }
    return nil
  }

  /// 200 random sequences of up to 25 steps (60 under internal checks).
  @Test func longSectionRunsAnywhere() async {
    let count = internalChecksEnabled ? 60 : 200
    let steps = Gen.int(in: 0...Int(Int32.max)).array(of: 1...25)
    await propertyCheck(count: count, input: Gen.int(in: 0...Int(Int32.max)), steps) { start, codes in
      await Task.yield()
      let failure = Self.run(start, codes)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}
