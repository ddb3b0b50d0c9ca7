import Foundation
@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting
import PropertyBased
import Testing

/// The plainest possible model of a snapshot: an array of sections, each with an array of items,
/// plus ordered reload/reconfigure marks. Every operation is written the obvious O(n) way.
struct ReferenceSnapshot {
  var sections: [(id: Int, items: [Int])] = []
  var reloadedItems: [Int] = []
  var reconfiguredItems: [Int] = []
  var reloadedSections: [Int] = []

  var allItems: [Int] { sections.flatMap(\.items) }
  func sectionIndex(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }
  func location(_ item: Int) -> (section: Int, item: Int)? {
    for (s, section) in sections.enumerated() {
      if let i = section.items.firstIndex(of: item) { return (s, i) }
    }
    return nil
  }

  mutating func removeItems(_ items: [Int]) {
    for s in sections.indices { sections[s].items.removeAll { items.contains($0) } }
  }

  mutating func pruneMarks() {
    let present = Set(allItems)
    reloadedItems.removeAll { !present.contains($0) }
    reconfiguredItems.removeAll { !present.contains($0) }
    reloadedSections.removeAll { id in !sections.contains { $0.id == id } }
  }

  mutating func mark(_ list: WritableKeyPath<Self, [Int]>, _ ids: [Int]) {
    for id in ids where !self[keyPath: list].contains(id) { self[keyPath: list].append(id) }
  }
}

/// Drives a real snapshot and the reference model with the same random operations.
struct SnapshotDriver {
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  var model = ReferenceSnapshot()
  var nextSection = 0
  var nextItem = 0

  mutating func newSections(_ count: Int) -> [Int] {
    defer { nextSection += count }
    return Array(nextSection..<nextSection + count)
  }

  mutating func newItems(_ count: Int) -> [Int] {
    defer { nextItem += count }
    return Array(nextItem..<nextItem + count)
  }

  /// Picks `count` distinct existing items (fewer if there are not enough), from a seed.
  func someItems(_ seed: Int, _ count: Int) -> [Int] {
    let all = model.allItems
    guard !all.isEmpty else { return [] }
    var picked: [Int] = []
    for k in 0..<count {
      let item = all[(seed &* 31 &+ k &* 7919) % all.count]
      if !picked.contains(item) { picked.append(item) }
    }
    return picked
  }

  func someSections(_ seed: Int, _ count: Int) -> [Int] {
    guard !model.sections.isEmpty else { return [] }
    var picked: [Int] = []
    for k in 0..<count {
      let id = model.sections[(seed &+ k &* 13) % model.sections.count].id
      if !picked.contains(id) { picked.append(id) }
    }
    return picked
  }

  /// Applies the operation encoded by `code` to both; returns its name for failure messages.
  mutating func step(_ code: Int) -> String {
    let op = code % 16
    let a = (code / 16) % 1000
    let b = (code / 16_000) % 1000
    let count = 1 + a % 4
    switch op {
    case 0, 1:  // append sections
      let ids = newSections(count)
      snapshot.appendSections(ids)
      model.sections += ids.map { ($0, []) }
      return "appendSections(\(ids))"
    case 2:  // insert sections before/after
      guard let anchor = someSections(a, 1).first else { return "skip" }
      let ids = newSections(count)
      let index = model.sectionIndex(anchor)! + (b % 2)
      if b % 2 == 0 {
        snapshot.insertSections(ids, beforeSection: anchor)
      } else {
        snapshot.insertSections(ids, afterSection: anchor)
      }
      model.sections.insert(contentsOf: ids.map { ($0, []) }, at: index)
      return "insertSections(\(ids), \(b % 2 == 0 ? "before" : "after"): \(anchor))"
    case 3:  // delete sections, plus one unknown
      let ids = someSections(a, 1 + b % 2) + [-1 - a]
      snapshot.deleteSections(ids)
      model.sections.removeAll { ids.contains($0.id) }
      model.pruneMarks()
      return "deleteSections(\(ids))"
    case 4:  // move section
      let pair = someSections(a, 2)
      guard pair.count == 2 else { return "skip" }
      let (moved, anchor) = (pair[0], pair[1])
      let section = model.sections.remove(at: model.sectionIndex(moved)!)
      let index = model.sectionIndex(anchor)! + (b % 2)
      model.sections.insert(section, at: index)
      if b % 2 == 0 {
        snapshot.moveSection(moved, beforeSection: anchor)
      } else {
        snapshot.moveSection(moved, afterSection: anchor)
      }
      return "moveSection(\(moved), \(b % 2 == 0 ? "before" : "after"): \(anchor))"
    case 5, 6, 7:  // append items (new, some existing) to a section or to the last one
      guard !model.sections.isEmpty else { return "skip" }
      let existing = b % 3 == 0 ? someItems(b, 1 + a % 2) : []
      let ids = newItems(count * (1 + b % 5)) + existing
      let target: Int? = b % 4 == 0 ? nil : someSections(a, 1).first
      snapshot.appendItems(ids, toSection: target)
      model.removeItems(existing)
      let index = target.map { model.sectionIndex($0)! } ?? model.sections.count - 1
      model.sections[index].items += ids
      return "appendItems(\(ids), toSection: \(String(describing: target)))"
    case 8:  // insert items before/after an anchor (some may already exist)
      guard let anchor = someItems(a, 1).first else { return "skip" }
      let existing = someItems(b, b % 3 == 0 ? 1 : 0).filter { $0 != anchor }
      let ids = newItems(count) + existing
      model.removeItems(existing)
      let location = model.location(anchor)!
      model.sections[location.section].items.insert(contentsOf: ids, at: location.item + (b % 2))
      if b % 2 == 0 {
        snapshot.insertItems(ids, beforeItem: anchor)
      } else {
        snapshot.insertItems(ids, afterItem: anchor)
      }
      return "insertItems(\(ids), \(b % 2 == 0 ? "before" : "after"): \(anchor))"
    case 9, 10:  // delete items, plus unknown ones
      let ids = someItems(a, count * (1 + b % 4)) + [-5 - b]
      snapshot.deleteItems(ids)
      model.removeItems(ids)
      model.pruneMarks()
      return "deleteItems(\(ids))"
    case 11, 12:  // move item
      let pair = someItems(a, 2)
      guard pair.count == 2 else { return "skip" }
      let (moved, anchor) = (pair[0], pair[1])
      model.removeItems([moved])
      let location = model.location(anchor)!
      model.sections[location.section].items.insert(moved, at: location.item + (b % 2))
      if b % 2 == 0 {
        snapshot.moveItem(moved, beforeItem: anchor)
      } else {
        snapshot.moveItem(moved, afterItem: anchor)
      }
      return "moveItem(\(moved), \(b % 2 == 0 ? "before" : "after"): \(anchor))"
    case 13:  // reload / reconfigure items, reload sections
      let items = someItems(a, count)
      switch b % 3 {
      case 0:
        snapshot.reloadItems(items)
        model.mark(\.reloadedItems, items)
        return "reloadItems(\(items))"
      case 1:
        snapshot.reconfigureItems(items)
        model.mark(\.reconfiguredItems, items)
        return "reconfigureItems(\(items))"
      default:
        let sections = someSections(a, count)
        snapshot.reloadSections(sections)
        model.mark(\.reloadedSections, sections)
        return "reloadSections(\(sections))"
      }
    case 14:  // the non-stopping append
      guard !model.sections.isEmpty else { return "skip" }
      let fresh = newItems(count)
      let ids = fresh + someItems(b, 2) + fresh.prefix(1)
      let dropped = try! snapshot.appendItemsDroppingDuplicates(ids)
      let expectedDropped = Array(ids.dropFirst(fresh.count))
      model.sections[model.sections.count - 1].items += fresh
      #expect(dropped == expectedDropped)
      return "appendItemsDroppingDuplicates(\(ids))"
    default:  // rarely: start over
      guard a % 5 == 0 else { return "skip" }
      snapshot.deleteAllItems()
      model = ReferenceSnapshot()
      return "deleteAllItems()"
    }
  }

  /// Compares every query of the snapshot with the model.
  func expectAgreement(after operation: String) {
    snapshot._checkInvariants()
    let sections = model.sections
    #expect(snapshot.sectionIdentifiers == sections.map(\.id), "after \(operation)")
    #expect(snapshot.itemIdentifiers == model.allItems, "after \(operation)")
    #expect(snapshot.numberOfItems == model.allItems.count, "after \(operation)")
    #expect(snapshot.numberOfSections == sections.count, "after \(operation)")
    // Collect per-item answers and compare whole arrays: one expectation per query kind.
    let items = model.allItems
    var expectedSections: [Int] = []
    var expectedPaths: [IndexPath] = []
    for (s, section) in sections.enumerated() {
      for i in section.items.indices {
        expectedSections.append(section.id)
        expectedPaths.append(IndexPath(item: i, section: s))
      }
    }
    #expect(items.map { snapshot.indexOfItem($0) } == Array(items.indices), "after \(operation)")
    #expect(items.map { snapshot.sectionIdentifier(containingItem: $0) } == expectedSections, "after \(operation)")
    #expect(items.map { snapshot.indexPath(for: $0) } == expectedPaths, "after \(operation)")
    // And back: the item at each path, which reads the section's slot by position.
    #expect(expectedPaths.map { snapshot.itemIdentifier(for: $0) } == items, "after \(operation)")
    #expect(snapshot.itemIdentifier(for: IndexPath(item: 0, section: sections.count)) == nil)
    #expect(sections.map { snapshot.indexOfSection($0.id) } == Array(sections.indices), "after \(operation)")
    #expect(sections.map { snapshot.numberOfItems(inSection: $0.id) } == sections.map(\.items.count))
    #expect(sections.map { snapshot.itemIdentifiers(inSection: $0.id) } == sections.map(\.items))
    #expect(snapshot.indexOfItem(-1) == nil)
    #expect(snapshot.indexOfSection(-1) == nil)
    #expect(snapshot.reloadedItemIdentifiers == model.reloadedItems, "after \(operation)")
    #expect(snapshot.reconfiguredItemIdentifiers == model.reconfiguredItems, "after \(operation)")
    #expect(snapshot.reloadedSectionIdentifiers == model.reloadedSections, "after \(operation)")
  }
}

@Suite("Snapshot against a reference model")
struct SnapshotPropertyTests {
  /// 1,200 random sequences of up to 60 operations each; every query is compared after every
  /// step, and the final snapshot must equal one rebuilt from the model.
  @Test func randomOperationSequencesMatchTheReferenceModel() async {
    OpenDiffableWarningCollector.install()  // appends of existing items warn; keep the output quiet
    await propertyCheck(count: 1200, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...60)) { codes in
      var driver = SnapshotDriver()
      for code in codes {
        let operation = driver.step(code)
        driver.expectAgreement(after: operation)
      }
      var rebuilt = DiffableDataSourceSnapshot<Int, Int>()
      rebuilt.appendSections(driver.model.sections.map(\.id))
      for section in driver.model.sections { rebuilt.appendItems(section.items, toSection: section.id) }
      #expect(rebuilt == driver.snapshot)
    }
  }
}
