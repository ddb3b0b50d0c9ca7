import Foundation
import OpenDiffable
import OpenDiffableTesting

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>
typealias Changeset = SnapshotChangeset<String, Int>

/// A snapshot from `(section, items)` pairs, in order.
func makeSnapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
  makeSnapshot(sections.map { ($0.key, $0.value) })
}

/// A snapshot from `(section, items)` pairs, in order.
func makeSnapshot(_ sections: [(String, [Int])]) -> Snapshot { Snapshot(layout: sections) }

/// Builds `IndexPath`s as `[section, item]`.
func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

/// The length of a longest strictly increasing subsequence, computed independently of the
/// engine: the classic O(n log n) "smallest tail per length" array, without reconstruction.
func independentLISLength<C: Collection>(_ values: C) -> Int where C.Element == Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// Quadratic reference for the LIS length, to check `independentLISLength` itself on small inputs.
func quadraticLISLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for index in values.indices {
    for earlier in 0..<index where values[earlier] < values[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  return best.max() ?? 0
}

/// How large a random pair may be.
struct PairSize: Sendable, CustomStringConvertible {
  var maxSections: Int
  var maxItems: Int
  var description: String { "≤\(maxSections) sections, ≤\(maxItems) items" }

  static let small = PairSize(maxSections: 6, maxItems: 40)
  static let medium = PairSize(maxSections: 15, maxItems: 300)
  static let large = PairSize(maxSections: 30, maxItems: 2_000)
}

/// A random old/new pair: the new snapshot is the old one with random section deletes, inserts
/// and moves, item deletes, inserts and moves within and across sections, and reload and
/// reconfigure marks.
func randomPair(seed: UInt64, size: PairSize) -> (old: Snapshot, new: Snapshot) {
  var random = SplitMix64(seed: seed)
  var nextSection = 0
  var nextItem = 0
  func newSection() -> String {
    defer { nextSection += 1 }
    return "S\(nextSection)"
  }
  func newItem() -> Int {
    defer { nextItem += 1 }
    return nextItem
  }

  // Old snapshot.
  let sectionCount = Int.random(in: 0...size.maxSections, using: &random)
  let itemCount = sectionCount == 0 ? 0 : Int.random(in: 0...size.maxItems, using: &random)
  var oldSections = (0..<sectionCount).map { _ in (newSection(), [Int]()) }
  for _ in 0..<itemCount {
    oldSections[Int.random(in: 0..<sectionCount, using: &random)].1.append(newItem())
  }

  // Rates for this pair, so some pairs change little and some change a lot.
  func rate() -> Double { [0, 0.02, 0.1, 0.3, 0.7].randomElement(using: &random)! }
  let sectionDeleteRate = rate()
  let sectionInsertRate = rate()
  let sectionMoveRate = rate()
  let itemDeleteRate = rate()
  let itemInsertRate = rate()
  let itemMoveRate = rate()
  let crossSectionRate = rate()
  let reloadRate = rate() / 4
  let reconfigureRate = rate() / 4

  // New snapshot: sections.
  var newSections = oldSections.filter { _ in Double.random(in: 0..<1, using: &random) >= sectionDeleteRate }
  for _ in 0..<Int(Double(newSections.count) * sectionMoveRate) where newSections.count > 1 {
    let section = newSections.remove(at: Int.random(in: 0..<newSections.count, using: &random))
    newSections.insert(section, at: Int.random(in: 0...newSections.count, using: &random))
  }
  let insertedSections = Int((Double(sectionCount) * sectionInsertRate).rounded(.up))
  for _ in 0..<(sectionInsertRate > 0 ? max(insertedSections, 1) : 0) {
    newSections.insert((newSection(), []), at: Int.random(in: 0...newSections.count, using: &random))
  }
  // Items: deletes, then moves within and across sections, then inserts.
  for index in newSections.indices {
    newSections[index].1.removeAll { _ in Double.random(in: 0..<1, using: &random) < itemDeleteRate }
  }
  if !newSections.isEmpty {
    // Items of deleted sections sometimes survive elsewhere.
    let kept = Set(newSections.map(\.0))
    for (section, items) in oldSections where !kept.contains(section) {
      for item in items where Double.random(in: 0..<1, using: &random) < 0.5 {
        let target = Int.random(in: 0..<newSections.count, using: &random)
        newSections[target].1.insert(item, at: Int.random(in: 0...newSections[target].1.count, using: &random))
      }
    }
    let total = newSections.reduce(0) { $0 + $1.1.count }
    for _ in 0..<Int(Double(total) * itemMoveRate) {
      let source = Int.random(in: 0..<newSections.count, using: &random)
      guard !newSections[source].1.isEmpty else { continue }
      let item = newSections[source].1.remove(at: Int.random(in: 0..<newSections[source].1.count, using: &random))
      let target =
        Double.random(in: 0..<1, using: &random) < crossSectionRate
        ? Int.random(in: 0..<newSections.count, using: &random) : source
      newSections[target].1.insert(item, at: Int.random(in: 0...newSections[target].1.count, using: &random))
    }
    let inserts = Int(Double(max(total, 4)) * itemInsertRate)
    for _ in 0..<inserts {
      let target = Int.random(in: 0..<newSections.count, using: &random)
      newSections[target].1.insert(newItem(), at: Int.random(in: 0...newSections[target].1.count, using: &random))
    }
  }
  let old = makeSnapshot(oldSections)
  var new = makeSnapshot(newSections)
  let allItems = new.itemIdentifiers
  let reloads = allItems.filter { _ in Double.random(in: 0..<1, using: &random) < reloadRate }
  let reconfigures = allItems.filter { _ in Double.random(in: 0..<1, using: &random) < reconfigureRate }
  let sectionReloads = new.sectionIdentifiers.filter { _ in Double.random(in: 0..<1, using: &random) < reloadRate }
  if !reloads.isEmpty { new.reloadItems(reloads) }
  if !reconfigures.isEmpty { new.reconfigureItems(reconfigures) }
  if !sectionReloads.isEmpty { new.reloadSections(sectionReloads) }
  return (old, new)
}

/// The number of moves a minimal changeset needs between `old` and `new`, computed without the
/// engine: for sections, common sections minus a longest increasing subsequence; for items, in
/// every section that survives and is not replaced, common items minus a longest increasing
/// subsequence, plus every item that changes between two such sections.
///
/// `replacedSections` are the sections whose items travel with a section operation (deleted,
/// inserted or reloaded), taken from the new snapshot's marks and the section matching.
func independentMoveCounts(old: Snapshot, new: Snapshot) -> (sections: Int, items: Int) {
  let oldSections = old.sectionIdentifiers
  let newSections = new.sectionIdentifiers
  let newSectionPosition = Dictionary(uniqueKeysWithValues: newSections.enumerated().map { ($1, $0) })
  let commonInOldOrder = oldSections.compactMap { newSectionPosition[$0] }
  let sectionMoves = commonInOldOrder.count - independentLISLength(commonInOldOrder)

  // Live sections: in both and not marked for reload (a reloaded section that moves is deleted
  // and inserted, one that stays is reloaded: either way its items travel with it).
  let live = Set(oldSections.filter { newSectionPosition[$0] != nil && !new.isReloaded(section: $0) })
  var itemMoves = 0
  for section in live {
    let oldItems = old.itemIdentifiers(inSection: section)
    let newOffset = Dictionary(
      uniqueKeysWithValues: new.itemIdentifiers(inSection: section).enumerated().map { ($1, $0) })
    let stayingInOldOrder = oldItems.compactMap { newOffset[$0] }
    itemMoves += stayingInOldOrder.count - independentLISLength(stayingInOldOrder)
    for item in oldItems where newOffset[item] == nil {
      if let target = new.sectionIdentifier(containingItem: item), live.contains(target) { itemMoves += 1 }
    }
  }
  return (sectionMoves, itemMoves)
}
