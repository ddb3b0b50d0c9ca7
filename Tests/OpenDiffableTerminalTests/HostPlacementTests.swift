import Foundation
import OpenDiffable
import OpenDiffableTerminal
import OpenDiffableTesting
import Testing

@testable import OpenDiffableDataSources

/// Every list host reads a batch the one way, through `BatchUpdatePlacement`: the same random
/// batches, sent by a data source to each host, leave the rows the placement predicts — which
/// row keeps its cell and which gets a new one.
@MainActor
@Suite("Every host shows the rows the batch placement predicts")
struct HostPlacementTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  /// Gives every cell made a new number, so that a kept cell is told from a new one.
  final class Serials {
    var next = 0
    func make(_ item: Int) -> String {
      next += 1
      return "\(item)#\(next)"
    }
  }

  /// A random next state of `old`: sections deleted, inserted and moved; items deleted,
  /// inserted and moved within and across sections; some surviving sections and items marked
  /// reloaded, some items reconfigured.
  static func next(after old: Snapshot, using random: inout SplitMix64) -> Snapshot {
    var layout = old.sectionIdentifiers.map { ($0, old.itemIdentifiers(inSection: $0)) }
    if !layout.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
      layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      let unused = (0..<6).map { "s\($0)" }.filter { name in !layout.contains { $0.0 == name } }
      if let name = unused.randomElement(using: &random) {
        layout.insert((name, []), at: Int.random(in: 0...layout.count, using: &random))
      }
    }
    if layout.count > 1, Int.random(in: 0..<2, using: &random) == 0 {
      let section = layout.remove(at: Int.random(in: 0..<layout.count, using: &random))
      layout.insert(section, at: Int.random(in: 0...layout.count, using: &random))
    }
    guard !layout.isEmpty else { return Snapshot() }
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let section = Int.random(in: 0..<layout.count, using: &random)
      guard !layout[section].1.isEmpty else { continue }
      let item = layout[section].1.remove(at: Int.random(in: 0..<layout[section].1.count, using: &random))
      if Int.random(in: 0..<2, using: &random) == 0 {  // moved, not deleted
        let target = Int.random(in: 0..<layout.count, using: &random)
        layout[target].1.insert(item, at: Int.random(in: 0...layout[target].1.count, using: &random))
      }
    }
    let shown = Set(layout.flatMap(\.1))
    for item in (0..<40).filter({ !shown.contains($0) }).shuffled(using: &random).prefix(
      Int.random(in: 0...6, using: &random))
    {
      let target = Int.random(in: 0..<layout.count, using: &random)
      layout[target].1.insert(item, at: Int.random(in: 0...layout[target].1.count, using: &random))
    }
    var new = Snapshot()
    for (section, items) in layout {
      new.appendSections([section])
      new.appendItems(items, toSection: section)
    }
    let keptSections = new.sectionIdentifiers.filter(old.sectionIdentifiers.contains)
    let keptItems = new.itemIdentifiers.filter(old.containsItem).shuffled(using: &random)
    new.reloadSections(keptSections.filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
    let reloaded = keptItems.prefix(Int.random(in: 0...2, using: &random))
    new.reloadItems(Array(reloaded))
    new.reconfigureItems(Array(keptItems.dropFirst(reloaded.count).prefix(Int.random(in: 0...2, using: &random))))
    return new
  }

  static func counts(_ snapshot: Snapshot) -> [Int] {
    snapshot.sectionIdentifiers.map(snapshot.numberOfItems(inSection:))
  }

  /// What the placement predicts: for each row after the batch, the cell it kept (nil when it
  /// gets a new one: loaded, or reconfigured).
  static func predicted(
    _ placement: BatchUpdatePlacement, oldCells: [[String?]],
    keeps: (BatchUpdatePlacement.RowSource) -> Bool = {
      !$0.isLoaded
    }
  ) -> [[String?]] {
    let reconfigured = Set(placement.reconfigured)
    return placement.rows.enumerated().map { section, rows in
      rows.enumerated().map { item, source in
        guard keeps(source), !reconfigured.contains(IndexPath(_item: item, section: section)),
          let old = source.oldIndexPath
        else { return nil }
        return oldCells[old._section][old._item]
      }
    }
  }

  static func cells(_ snapshot: Snapshot, _ cell: (IndexPath) -> String?) -> [[String?]] {
    snapshot.sectionIdentifiers.indices.map { section in
      (0..<snapshot.numberOfItems(inSection: snapshot.sectionIdentifiers[section])).map {
        cell(IndexPath(_item: $0, section: section))
      }
    }
  }

  /// The random steps: each an old state, a new one and the placement of the batch between them.
  static func steps(seed: UInt64) throws -> [(old: Snapshot, new: Snapshot, placement: BatchUpdatePlacement)] {
    var random = SplitMix64(seed: seed)
    var old = Snapshot()
    var steps: [(old: Snapshot, new: Snapshot, placement: BatchUpdatePlacement)] = []
    for _ in 0..<150 {
      let new = next(after: old, using: &random)
      let operations = BatchUpdateOperations(SnapshotChangeset(from: old, to: new))
      let placement = try operations.placement(oldItemCounts: counts(old), newItemCounts: counts(new))
      steps.append((old, new, placement))
      old = new.removingReloadMarks()
    }
    return steps
  }

  @Test("The terminal list view", arguments: [1, 2, 3] as [UInt64])
  func terminal(seed: UInt64) async throws {
    let view = TerminalListView(width: 30, height: 400)
    let serials = Serials()
    let dataSource = DiffableDataSource<TerminalListView, String, Int>(host: view) { _, _, item in
      TerminalCell(text: serials.make(item))
    }
    for (index, step) in try Self.steps(seed: seed).enumerated() {
      _ = view.render()  // every row gets a cell
      let oldCells = Self.cells(step.old) { view.cellForItem(at: $0)?.text }
      #expect(!oldCells.joined().contains(nil))
      await dataSource.apply(step.new)
      let shown = Self.cells(step.new.removingReloadMarks()) { view.cellForItem(at: $0)?.text }
      #expect(shown == Self.predicted(step.placement, oldCells: oldCells), "seed \(seed) step \(index)")
    }
  }

  @Test("The simulated collection and table views", arguments: [1, 2, 3] as [UInt64])
  func simulated(seed: UInt64) async throws {
    let serials = Serials()
    let collection = SimulatedCollectionView<String, Int>()
    let collectionSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: collection) {
      _, _, item in SimulatedCell(item, text: serials.make(item))
    }
    let table = SimulatedTableView<String, Int>()
    let tableSource = TableHostDiffableDataSource<SimulatedTableView<String, Int>, String, Int>(tableView: table) {
      _, _, item in SimulatedCell(item, text: serials.make(item))
    }
    for (index, step) in try Self.steps(seed: seed).enumerated() {
      let oldCollection = Self.cells(step.old) { collection.cellForItem(at: $0)?.text }
      let oldTable = Self.cells(step.old) { table.cellForRow(at: $0)?.text }
      await collectionSource.apply(step.new)
      await tableSource.apply(step.new)
      let new = step.new.removingReloadMarks()
      // A reconfigured cell is made again at once: a new one, as the placement predicts.
      #expect(
        Self.cells(new) { collection.cellForItem(at: $0)?.text }
          .map { $0.map { $0.flatMap { oldCollection.joined().contains($0) ? $0 : nil } } }
          == Self.predicted(step.placement, oldCells: oldCollection), "seed \(seed) step \(index)")
      #expect(
        Self.cells(new) { table.cellForRow(at: $0)?.text }
          .map { $0.map { $0.flatMap { oldTable.joined().contains($0) ? $0 : nil } } }
          == Self.predicted(step.placement, oldCells: oldTable), "seed \(seed) step \(index)")
    }
  }

  @Test("The AppKit table's flat rows", arguments: [false, true])
  func flatRows(headers: Bool) throws {
    for (index, step) in try Self.steps(seed: headers ? 4 : 5).enumerated() {
      let new = step.new.removingReloadMarks()
      let before = _FlatRowLayout(itemCounts: Self.counts(step.old), hasHeaderRows: headers)
      let after = _FlatRowLayout(itemCounts: Self.counts(new), hasHeaderRows: headers)
      let plan = _FlatRowPlan(step.placement, before: before, after: after)
      // NSTableView inside beginUpdates()/endUpdates(): each call applies to the rows as they
      // are; a removed row's view goes, an inserted or reloaded row gets a new one (nil here).
      var rows: [String?] = (0..<before.numberOfRows).map { "row \($0)" }
      for row in plan.removed.reversed() { rows.remove(at: row) }
      for row in plan.inserted { rows.insert(nil, at: row) }
      for row in plan.reloaded { rows[row] = nil }
      #expect(rows.count == after.numberOfRows)
      let oldCells = Self.cells(step.old) { "row \(before.row(for: $0))" }
      // A flat table moves a row by removing and inserting it: only rows the placement keeps
      // in a section it keeps keep their views.
      let predicted = Self.predicted(step.placement, oldCells: oldCells) {
        if case .kept = $0 { true } else { false }
      }
      let keptSections = step.placement.sections.map { if case .kept = $0 { true } else { false } }
      let shown = Self.cells(new) { rows[after.row(for: $0)] }
      #expect(
        shown == predicted.enumerated().map { keptSections[$0] ? $1 : $1.map { _ in nil } },
        "headers \(headers) step \(index)")
      for (section, source) in step.placement.sections.enumerated() {
        guard let header = after.headerRow(ofSection: section) else { continue }
        let expected: String? =
          if case .kept(let old) = source { "row \(before.headerRow(ofSection: old)!)" } else { nil }
        #expect(rows[header] == expected, "headers \(headers) step \(index) section \(section)")
      }
    }
  }
}
