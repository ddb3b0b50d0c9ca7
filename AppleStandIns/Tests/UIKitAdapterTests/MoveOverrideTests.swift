import Foundation
import OpenDiffable
import PropertyBased
import Testing
import UIKit

/// A table data source whose rows can all be edited and moved, with the migration article's
/// `snapshotMovingRow(at:to:)`: the snapshot after the user's move, built from `snapshot()`, as
/// Apple's table-editing sample ("Implementing Modern Collection Views",
/// `TableViewEditingViewController`) builds it in its move override. The subclasses below differ
/// only in what their `tableView(_:moveRowAt:to:)` does.
class EditingDataSource: TableViewDiffableDataSource<String, Int> {
  override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

  /// The order after the drag, from snapshot() (the order before it).
  func snapshotMovingRow(at source: IndexPath, to destination: IndexPath) -> DiffableDataSourceSnapshot<String, Int>? {
    guard let moved = itemIdentifier(for: source), source != destination else { return nil }
    var updated = snapshot()
    updated.deleteItems([moved])
    let section = updated.sectionIdentifiers[destination.section]
    let rest = updated.itemIdentifiers(inSection: section)
    if destination.item < rest.count {
      updated.insertItems([moved], beforeItem: rest[destination.item])
    } else {
      updated.appendItems([moved], toSection: section)
    }
    return updated
  }
}

/// Apple's sample unchanged: the override does not call `super` and applies the moved snapshot
/// with `animatingDifferences: false`.
final class SampleEditingDataSource: EditingDataSource {
  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    guard let updated = snapshotMovingRow(at: sourceIndexPath, to: destinationIndexPath) else { return }
    apply(updated, animatingDifferences: false)
  }
}

/// The migration article's first pattern: the same snapshot, shown with
/// `applySnapshotUsingReloadData(_:)` in place of the non-animated `apply`.
final class ReloadingEditingDataSource: EditingDataSource {
  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    guard let updated = snapshotMovingRow(at: sourceIndexPath, to: destinationIndexPath) else { return }
    applySnapshotUsingReloadData(updated)
  }
}

/// The migration article's second pattern: `super` records the user's move first; the override
/// then reads the new order from `snapshot()` (here it saves it, as an app saves its model) and
/// applies nothing.
final class RecordingEditingDataSource: EditingDataSource {
  private(set) var savedOrders: [[[Int]]] = []

  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    savedOrders.append(rows(of: snapshot()))
  }
}

/// The patterns the migration article documents for an override that updates the data source.
enum DocumentedMoveOverride: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case reloadData = "applySnapshotUsingReloadData in place of apply"
  case superFirst = "super first, nothing applied"

  var testDescription: String { rawValue }
}

@MainActor
func makeEditingTable(
  _ dataSource: (UITableView, @escaping TableViewDiffableDataSource<String, Int>.CellProvider) -> EditingDataSource
) -> (UITableView, EditingDataSource) {
  let view = UITableView(frame: .zero, style: .plain)
  let editing = dataSource(view) { _, _, item in
    let cell = RowCell()
    cell.item = item
    return cell
  }
  return (view, editing)
}

@MainActor
func makeEditingTable(_ pattern: DocumentedMoveOverride) -> (UITableView, EditingDataSource) {
  switch pattern {
  case .reloadData: makeEditingTable { ReloadingEditingDataSource(tableView: $0, cellProvider: $1) }
  case .superFirst: makeEditingTable { RecordingEditingDataSource(tableView: $0, cellProvider: $1) }
  }
}

/// `rows` after the user moved the row at `source` to `destination` (a position after the move).
func rows(_ rows: [[Int]], movingRowAt source: IndexPath, to destination: IndexPath) -> [[Int]] {
  var result = rows
  let item = result[source.section].remove(at: source.item)
  result[destination.section].insert(item, at: destination.item)
  return result
}

/// Moves within the sample's first section and across its two sections, with the rows after each.
let withinSection: [(IndexPath, IndexPath, [[Int]])] = [
  ([0, 0], [0, 2], [[2, 3, 1, 4], [5, 6]]),
  ([0, 3], [0, 0], [[4, 1, 2, 3], [5, 6]]),
  ([1, 0], [1, 1], [[1, 2, 3, 4], [6, 5]]),
]
let acrossSections: [(IndexPath, IndexPath, [[Int]])] = [
  ([0, 1], [1, 0], [[1, 3, 4], [2, 5, 6]]),
  ([1, 1], [0, 4], [[1, 2, 3, 4, 6], [5]]),
  ([0, 2], [1, 2], [[1, 2, 4], [5, 6, 3]]),
  ([1, 0], [0, 0], [[5, 1, 2, 3, 4], [6]]),
]
let sampleLayout = [("visited", [1, 2, 3, 4]), ("bucket", [5, 6])]

@MainActor
@Suite("A subclass that updates the data source in its move override (Apple's table-editing sample)")
struct MoveOverrideTests {
  @Test(
    "The documented override leaves the table showing the snapshot, within and across sections",
    arguments: DocumentedMoveOverride.allCases, withinSection + acrossSections)
  func documentedPattern(pattern: DocumentedMoveOverride, move: (IndexPath, IndexPath, [[Int]])) {
    let (source, destination, expected) = move
    let (view, dataSource) = makeEditingTable(pattern)
    dataSource.apply(snapshot(sampleLayout))
    #expect(view.standInUserMovesRow(from: source, to: destination))
    #expect(rows(of: dataSource.snapshot()) == expected, "the data source holds the user's move")
    #expect(shown(view) == expected, "the table shows the snapshot")
    if let recording = dataSource as? RecordingEditingDataSource {
      #expect(recording.savedOrders == [expected], "snapshot() holds the move right after super")
    }
    // The data source and the table agree, so the next apply's batch is valid and exact.
    var next = dataSource.snapshot()
    next.deleteItems([2])
    next.appendItems([7], toSection: "bucket")
    dataSource.apply(next)
    #expect(shown(view) == rows(of: next))
  }

  @Test("200 random drag sequences with each documented override: the table always shows the snapshot")
  func documentedPatternRandomMoves() async {
    await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      for pattern in DocumentedMoveOverride.allCases {
        let (view, dataSource) = makeEditingTable(pattern)
        var next = 1
        var layout: [(String, [Int])] = []
        for section in ["a", "b", "c"] {
          let count = Int.random(in: 0...5, using: &random)
          layout.append((section, Array(next..<(next + count))))
          next += count
        }
        dataSource.apply(snapshot(layout))
        for _ in 0..<6 {
          guard let (source, destination) = randomUserMove(counts: shown(view).map(\.count), using: &random)
          else { break }
          let expected = rows(shown(view), movingRowAt: source, to: destination)
          #expect(view.standInUserMovesRow(from: source, to: destination))
          #expect(rows(of: dataSource.snapshot()) == expected, "\(pattern): moved \(source) to \(destination)")
          #expect(shown(view) == expected, "\(pattern): moved \(source) to \(destination)")
        }
        let following = randomSnapshot(after: dataSource.snapshot(), using: &random)
        dataSource.apply(following)
        #expect(shown(view) == rows(of: following), "\(pattern): the apply after the moves")
      }
    }
  }

  // The unchanged sample (a known issue in the migration article). The override does not call
  // `super`, so the data source still holds the state before the user's move, and its apply
  // diffs from that state: the batch carries the move the table already shows.
  @Test(
    "The unchanged sample, within a section: the table makes the move a second time",
    arguments: [
      ([0, 0], [0, 2], [[2, 3, 1, 4], [5, 6]], [[3, 1, 2, 4], [5, 6]]),
      ([0, 3], [0, 0], [[4, 1, 2, 3], [5, 6]], [[3, 4, 1, 2], [5, 6]]),
    ] as [(IndexPath, IndexPath, [[Int]], [[Int]])])
  func unchangedSampleWithinSection(
    source: IndexPath, destination: IndexPath, expected: [[Int]], movedTwice: [[Int]]
  ) {
    let (view, dataSource) = makeEditingTable { SampleEditingDataSource(tableView: $0, cellProvider: $1) }
    dataSource.apply(snapshot(sampleLayout))
    #expect(view.standInUserMovesRow(from: source, to: destination))
    #expect(rows(of: dataSource.snapshot()) == expected, "the data source holds the user's move")
    #expect(
      shown(view) == rows(expected, movingRowAt: source, to: destination), "the move made a second time")
    #expect(shown(view) == movedTwice)
    #expect(shown(view) != rows(of: dataSource.snapshot()))
  }

  @Test("The unchanged sample, across sections: the batch is invalid and the table raises")
  func unchangedSampleAcrossSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (view, dataSource) = makeEditingTable { SampleEditingDataSource(tableView: $0, cellProvider: $1) }
        dataSource.apply(snapshot(sampleLayout))
        view.standInUserMovesRow(from: [0, 1], to: [1, 0])
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Invalid update: invalid number of items in section 0"))
  }
}
