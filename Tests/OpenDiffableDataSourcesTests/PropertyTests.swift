import Foundation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// Random snapshot sequences pushed through a data source into the UIKit-rule simulator.
@MainActor
@Suite("Property: random snapshot sequences")
struct PropertyTests {
  /// A random change of `previous`: items deleted, inserted, moved within and across sections,
  /// sections deleted, inserted and moved, reload and reconfigure marks; sometimes a fresh list.
  static func nextSnapshot(after previous: Snapshot, using random: inout SplitMix64) -> Snapshot {
    let sectionPool = (0..<6).map { "s\($0)" }
    if previous.numberOfSections == 0 || Int.random(in: 0..<8, using: &random) == 0 {
      var fresh = Snapshot()
      let sections = sectionPool.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
      fresh.appendSections(Array(sections))
      var items = Array(0..<40).shuffled(using: &random).prefix(Int.random(in: 0...30, using: &random))
      for section in sections {
        let take = Int.random(in: 0...items.count, using: &random)
        fresh.appendItems(Array(items.prefix(take)), toSection: section)
        items = items.dropFirst(take)
      }
      return fresh
    }
    var layout = previous.sectionIdentifiers.map { ($0, previous.itemIdentifiers(inSection: $0)) }
    // Section changes.
    if Int.random(in: 0..<3, using: &random) == 0, !layout.isEmpty {
      layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
    }
    if Int.random(in: 0..<3, using: &random) == 0 {
      let unused = sectionPool.filter { name in !layout.contains { $0.0 == name } }
      if let name = unused.randomElement(using: &random) {
        layout.insert((name, []), at: Int.random(in: 0...layout.count, using: &random))
      }
    }
    if Int.random(in: 0..<3, using: &random) == 0, layout.count > 1 {
      let section = layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
      layout.insert(section, at: Int.random(in: 0...layout.count, using: &random))
    }
    guard !layout.isEmpty else { return Snapshot() }
    // Item changes.
    var present = Set(layout.flatMap(\.1))
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let index = Int.random(in: 0..<layout.count, using: &random)
      if !layout[index].1.isEmpty {
        let removed = layout[index].1.remove(at: Int.random(in: 0..<layout[index].1.count, using: &random))
        present.remove(removed)
      }
    }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let candidates = (0..<40).filter { !present.contains($0) }
      guard let item = candidates.randomElement(using: &random) else { break }
      let index = Int.random(in: 0..<layout.count, using: &random)
      layout[index].1.insert(item, at: Int.random(in: 0...layout[index].1.count, using: &random))
      present.insert(item)
    }
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let from = Int.random(in: 0..<layout.count, using: &random)
      guard !layout[from].1.isEmpty else { continue }
      let item = layout[from].1.remove(at: Int.random(in: 0..<layout[from].1.count, using: &random))
      let to = Int.random(in: 0..<layout.count, using: &random)
      layout[to].1.insert(item, at: Int.random(in: 0...layout[to].1.count, using: &random))
    }
    var next = snapshot(layout)
    let items = next.itemIdentifiers
    if !items.isEmpty, Bool.random(using: &random) {
      next.reloadItems(Array(Set((0..<2).map { _ in items.randomElement(using: &random)! })))
    }
    if !items.isEmpty, Bool.random(using: &random) {
      next.reconfigureItems(Array(Set((0..<2).map { _ in items.randomElement(using: &random)! })))
    }
    if let section = next.sectionIdentifiers.randomElement(using: &random), Int.random(in: 0..<5, using: &random) == 0 {
      next.reloadSections([section])
    }
    return next
  }

  @Test("Rows and selection are right after every apply of 1,000 random sequences (collection and table)")
  func randomSequences() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let view = View()
      view.stopsOnInvalidBatch = false
      let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in SimulatedCell(item) }
      // The same steps through the table adapter.
      let table = Table()
      table.stopsOnInvalidBatch = false
      let tableSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
        SimulatedCell(item)
      }
      var current = Snapshot()
      for step in 0..<Int.random(in: 2...8, using: &random) {
        // The user selects a few rows.
        let shown = current.itemIdentifiers
        var selected = Set(view.selectedItemIdentifiers)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          guard let item = shown.randomElement(using: &random), let path = current.indexPath(for: item) else { break }
          view.userSelects(path)
          table.userSelects(path)
          selected.insert(item)
        }
        let next = Self.nextSnapshot(after: current, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          await dataSource.applySnapshotUsingReloadData(next)
          await tableSource.applySnapshotUsingReloadData(next)
        case 1:
          await dataSource.apply(next, animatingDifferences: false)
          await tableSource.apply(next, animatingDifferences: false)
        default:
          await dataSource.apply(next)
          await tableSource.apply(next)
        }
        current = next.removingReloadMarks()
        #expect(rows(dataSource.snapshot()) == rows(current), "seed \(seed) step \(step)")
        #expect(view.sectionIdentifiers == current.sectionIdentifiers, "seed \(seed) step \(step)")
        #expect(view.itemIdentifiers == rows(current), "seed \(seed) step \(step)")
        #expect(view.batchErrors.isEmpty, "seed \(seed) step \(step): \(view.batchErrors)")
        let expectedSelection = selected.filter { current.containsItem($0) }
        #expect(Set(view.selectedItemIdentifiers) == expectedSelection, "seed \(seed) step \(step)")
        #expect(view.selectedItemIdentifiers.count == expectedSelection.count, "seed \(seed) step \(step)")
        // Reloaded and reconfigured items show freshly made cells for the right item.
        #expect(view.cells.map { $0.map(\.itemIdentifier) } == rows(current), "seed \(seed) step \(step)")
        #expect(table.itemIdentifiers == rows(current), "table, seed \(seed) step \(step)")
        #expect(table.batchErrors.isEmpty, "table, seed \(seed) step \(step): \(table.batchErrors)")
        #expect(Set(table.selectedItemIdentifiers) == expectedSelection, "table, seed \(seed) step \(step)")
      }
    }
  }
}
