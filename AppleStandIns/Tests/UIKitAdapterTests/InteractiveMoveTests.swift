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
      if !subclassed { dataSource.core.reorderingHandlers.canReorderItem = { _ in true } }
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

/// The pattern of Apple's table-editing sample ("Implementing Modern Collection Views",
/// `TableViewEditingViewController`), renamed as the migration article says: the subclass
/// overrides the move callback, does not call `super`, rebuilds the snapshot from the one the
/// data source still holds (the state before the move) and applies it without animation.
final class SampleEditingDataSource: TableViewDiffableDataSource<String, Int> {
  override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    guard let moved = itemIdentifier(for: sourceIndexPath), sourceIndexPath != destinationIndexPath else { return }
    var updated = snapshot()
    if let target = itemIdentifier(for: destinationIndexPath) {
      guard let from = updated.indexOfItem(moved), let to = updated.indexOfItem(target) else { return }
      let after =
        to > from
        && updated.sectionIdentifier(containingItem: moved) == updated.sectionIdentifier(containingItem: target)
      updated.deleteItems([moved])
      if after {
        updated.insertItems([moved], afterItem: target)
      } else {
        updated.insertItems([moved], beforeItem: target)
      }
    } else {
      let section = updated.sectionIdentifiers[destinationIndexPath.section]
      updated.deleteItems([moved])
      updated.appendItems([moved], toSection: section)
    }
    apply(updated, animatingDifferences: false)
  }
}

@MainActor
@Suite("A subclass that applies a snapshot from its move override (Apple's table-editing sample)")
struct MoveOverrideTests {
  func make() -> (UITableView, SampleEditingDataSource) {
    let view = UITableView(frame: .zero, style: .plain)
    let dataSource = SampleEditingDataSource(tableView: view) { _, _, item in
      let cell = RowCell()
      cell.item = item
      return cell
    }
    dataSource.apply(snapshot([("visited", [1, 2, 3, 4]), ("bucket", [5, 6])]))
    return (view, dataSource)
  }

  // Issue 26, finding 8 (open): the override does not call `super`, so the data source is never
  // told of the user's move; its apply diffs from the state before the move and sends the move
  // again to a table that already shows it. Nothing in UIKit's public API tells a data source
  // that the table moved a row before `tableView(_:moveRowAt:to:)` (`hasUncommittedUpdates` is
  // documented for drops), and the override replaces the only method that would.
  @Test(
    "Within a section: the table ends showing the override's snapshot",
    arguments: [
      ([0, 0], [0, 2], [[2, 3, 1, 4], [5, 6]]),
      ([0, 3], [0, 0], [[4, 1, 2, 3], [5, 6]]),
    ] as [(IndexPath, IndexPath, [[Int]])])
  func sampleMovesWithinSection(source: IndexPath, destination: IndexPath, expected: [[Int]]) {
    let (view, dataSource) = make()
    #expect(view.standInUserMovesRow(from: source, to: destination))
    #expect(rows(of: dataSource.snapshot()) == expected, "the user's move, as the sample records it")
    withKnownIssue("issue 26 finding 8: the apply in the override diffs from the state before the move") {
      #expect(shown(view) == expected, "the table shows the snapshot")
    }
  }

  @Test(
    "Across sections: the table ends showing the override's snapshot",
    .disabled("issue 26 finding 8: the batch is invalid (the stand-in table stops the process)"),
    arguments: [
      ([0, 1], [1, 0], [[1, 3, 4], [2, 5, 6]]),
      ([1, 1], [0, 4], [[1, 2, 3, 4, 6], [5]]),
      ([0, 2], [1, 2], [[1, 2, 4], [5, 6, 3]]),
    ] as [(IndexPath, IndexPath, [[Int]])])
  func sampleMovesAcrossSections(source: IndexPath, destination: IndexPath, expected: [[Int]]) {
    let (view, dataSource) = make()
    #expect(view.standInUserMovesRow(from: source, to: destination))
    #expect(rows(of: dataSource.snapshot()) == expected)
    #expect(shown(view) == expected)
  }
}
