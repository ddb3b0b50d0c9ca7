import OpenDiffable

// Shared by both stand-in test targets (each links this file): building and reading snapshots,
// and the random apply sequences of their property tests. Their seeded generator, `SplitMix64`,
// is the main package's (OpenDiffableTesting's file, linked into each test target as
// SplitMix64.swift: the stand-in package does not build OpenDiffableTesting).

/// A snapshot with these sections and items.
func snapshot(_ layout: [(String, [Int])]) -> Snapshot {
  var snapshot = Snapshot()
  for (section, items) in layout {
    snapshot.appendSections([section])
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

/// The items the snapshot's sections hold, in order.
func rows(of snapshot: Snapshot) -> [[Int]] {
  snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
}

/// A random next snapshot: sections added, removed and moved, items added, removed and moved,
/// some reloaded or reconfigured.
func randomSnapshot(after previous: Snapshot, using random: inout SplitMix64) -> Snapshot {
  let pool = (0..<5).map { "s\($0)" }
  var layout = previous.sectionIdentifiers.map { ($0, previous.itemIdentifiers(inSection: $0)) }
  if Int.random(in: 0..<6, using: &random) == 0 { layout = [] }
  if Int.random(in: 0..<3, using: &random) == 0, !layout.isEmpty {
    layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
  }
  if Int.random(in: 0..<2, using: &random) == 0 {
    let unused = pool.filter { name in !layout.contains { $0.0 == name } }
    if let name = unused.randomElement(using: &random) {
      layout.insert((name, []), at: Int.random(in: 0...layout.count, using: &random))
    }
  }
  if Int.random(in: 0..<3, using: &random) == 0, layout.count > 1 {
    let section = layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
    layout.insert(section, at: Int.random(in: 0...layout.count, using: &random))
  }
  guard !layout.isEmpty else { return Snapshot() }
  var present = Set(layout.flatMap(\.1))
  for _ in 0..<Int.random(in: 0...3, using: &random) {
    let index = Int.random(in: 0..<layout.count, using: &random)
    if !layout[index].1.isEmpty {
      present.remove(layout[index].1.remove(at: Int.random(in: 0..<layout[index].1.count, using: &random)))
    }
  }
  for _ in 0..<Int.random(in: 0...4, using: &random) {
    guard let item = (0..<30).filter({ !present.contains($0) }).randomElement(using: &random) else { break }
    let index = Int.random(in: 0..<layout.count, using: &random)
    layout[index].1.insert(item, at: Int.random(in: 0...layout[index].1.count, using: &random))
    present.insert(item)
  }
  for _ in 0..<Int.random(in: 0...2, using: &random) {
    let from = Int.random(in: 0..<layout.count, using: &random)
    guard !layout[from].1.isEmpty else { continue }
    let item = layout[from].1.remove(at: Int.random(in: 0..<layout[from].1.count, using: &random))
    let to = Int.random(in: 0..<layout.count, using: &random)
    layout[to].1.insert(item, at: Int.random(in: 0...layout[to].1.count, using: &random))
  }
  var next = snapshot(layout)
  let items = next.itemIdentifiers
  if let item = items.randomElement(using: &random), Bool.random(using: &random) { next.reloadItems([item]) }
  if let item = items.randomElement(using: &random), Bool.random(using: &random) { next.reconfigureItems([item]) }
  return next
}
