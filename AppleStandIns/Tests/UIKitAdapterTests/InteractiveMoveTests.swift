import Foundation
import OpenDiffable
import PropertyBased
import Testing
import UIKit

/// A table data source that lets every row move without reordering handlers, as a subclass
/// overriding `canMoveRowAt` does (it keeps the default move, which records the move).
final class MovableRowsDataSource: TableViewDiffableDataSource<String, Int> {
  override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}

/// A random outline of `items`: each item a root or a child of an earlier item; some expanded.
func randomOutline(of items: [Int], using random: inout SplitMix64) -> DiffableDataSourceSectionSnapshot<Int> {
  var outline = DiffableDataSourceSectionSnapshot<Int>()
  var placed: [Int] = []
  for item in items {
    if let parent = placed.randomElement(using: &random), Bool.random(using: &random) {
      outline.append([item], to: parent)
    } else {
      outline.append([item])
    }
    placed.append(item)
  }
  outline.expand(placed.filter { _ in Int.random(in: 0..<3, using: &random) > 0 })
  return outline
}

/// A random move the user can make in a list of `counts` rows per section: a source row and a
/// destination in the state after the move.
func randomUserMove(counts: [Int], using random: inout SplitMix64) -> (IndexPath, IndexPath)? {
  let filled = counts.indices.filter { counts[$0] > 0 }
  guard let sourceSection = filled.randomElement(using: &random) else { return nil }
  let source = IndexPath(item: Int.random(in: 0..<counts[sourceSection], using: &random), section: sourceSection)
  let destinationSection = Int.random(in: 0..<counts.count, using: &random)
  let room = destinationSection == sourceSection ? counts[sourceSection] - 1 : counts[destinationSection]
  return (source, IndexPath(item: Int.random(in: 0...room, using: &random), section: destinationSection))
}

@MainActor
@Suite("Interactive moves keep the snapshot, the section snapshots and the view in agreement")
struct InteractiveMoveTests {
  /// Sections `a`, `b`, `c` with random items; each section kept plain or applied as a random
  /// outline.
  func populate(
    _ apply: (Snapshot) -> Void, _ applyOutline: (DiffableDataSourceSectionSnapshot<Int>, String) -> Void,
    using random: inout SplitMix64
  ) -> Set<Int> {
    var next = 1
    var layout: [(String, [Int])] = []
    for section in ["a", "b", "c"] {
      let count = Int.random(in: 0...5, using: &random)
      layout.append((section, Array(next..<(next + count))))
      next += count
    }
    apply(snapshot(layout))
    for (section, items) in layout where Bool.random(using: &random) {
      applyOutline(randomOutline(of: items, using: &random), section)
    }
    return Set(layout.flatMap(\.1))
  }

  /// Every item the data source knows: the section snapshots' items (collapsed ones too).
  func allItems(_ sections: [String], _ outline: (String) -> DiffableDataSourceSectionSnapshot<Int>) -> Set<Int> {
    Set(sections.flatMap { outline($0).items })
  }

  @Test("300 random user drags in a collection view: plain and outlined sections, with and without handlers")
  func collectionViewMoves() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let (view, dataSource) = makeCollection()
      let items = populate(
        { dataSource.apply($0) }, { dataSource.apply($0, to: $1) }, using: &random)
      dataSource.reorderingHandlers.canReorderItem = { _ in true }
      var transactions: [DiffableDataSourceTransaction<String, Int>] = []
      if Bool.random(using: &random) {
        dataSource.reorderingHandlers.willReorder = { _ in }
        dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
      }
      for _ in 0..<6 {
        guard let (source, destination) = randomUserMove(counts: shown(view).map(\.count), using: &random)
        else { break }
        #expect(view.standInUserMovesItem(from: source, to: destination))
        let current = dataSource.snapshot()
        #expect(shown(view) == rows(of: current), "moved \(source) to \(destination)")
        for section in current.sectionIdentifiers {
          #expect(dataSource.snapshot(for: section).visibleItems == current.itemIdentifiers(inSection: section))
        }
        #expect(allItems(current.sectionIdentifiers) { dataSource.snapshot(for: $0) } == items, "no item lost")
        if let last = transactions.last {
          #expect(rows(of: last.finalSnapshot) == rows(of: current))
        }
      }
    }
  }

  @Test("300 random user drags in a table (plain sections, as Apple's): handlers or a subclass")
  func tableMoves() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let view = UITableView(frame: .zero, style: .plain)
      let subclassed = Bool.random(using: &random)
      let makeCell: TableViewDiffableDataSource<String, Int>.CellProvider = { _, _, item in
        let cell = RowCell()
        cell.item = item
        return cell
      }
      let dataSource =
        subclassed
        ? MovableRowsDataSource(tableView: view, cellProvider: makeCell)
        : TableViewDiffableDataSource<String, Int>(tableView: view, cellProvider: makeCell)
      let items = populate({ dataSource.apply($0) }, { _, _ in }, using: &random)
      if !subclassed { dataSource.reorderingHandlers.canReorderItem = { _ in true } }
      for _ in 0..<6 {
        guard let (source, destination) = randomUserMove(counts: shown(view).map(\.count), using: &random)
        else { break }
        #expect(view.standInUserMovesRow(from: source, to: destination))
        let current = dataSource.snapshot()
        #expect(shown(view) == rows(of: current), "moved \(source) to \(destination)")
        #expect(Set(current.itemIdentifiers) == items, "no item lost")
      }
    }
  }
}
