// The cost of `contentProvider`: an apply of a 1,000,000-item list with ~50 rows on screen, with
// and without a content provider, in the same run (the difference is the added cost); and a
// 10,000-item list where every visible item changes, checked to reconfigure exactly those.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target ContentBenchmarks
import Benchmark
import Foundation
import OpenDiffable

/// A list view that shows `visible` (row positions of its one section) and nothing else: it
/// makes cells only for those rows, through the data source, as UIKit does, and counts them.
@MainActor
final class ViewportHost: DiffableListHost {
  typealias Cell = Int
  struct ScrollPosition: OptionSet {
    let rawValue: Int
  }

  var visible: Range<Int>
  var connection: DiffableListDataSourceConnection<Int>?
  var cellsMade = 0
  var reconfigured = 0

  init(visible: Range<Int>) { self.visible = visible }

  func makeVisibleCells() {
    guard let connection, connection.numberOfSections() > 0 else { return }
    let count = connection.numberOfItems(inSection: 0)
    for row in visible where row < count {
      blackHole(connection.cellForItem(at: IndexPath(item: row, section: 0)))
      cellsMade += 1
    }
  }

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    updates?()
    completion?(true)
  }
  func insertSections(_ sections: IndexSet) {}
  func deleteSections(_ sections: IndexSet) {}
  func reloadSections(_ sections: IndexSet) {}
  func moveSection(_ section: Int, toSection newSection: Int) {}
  func insertItems(at indexPaths: [IndexPath]) {}
  func deleteItems(at indexPaths: [IndexPath]) {}
  func reloadItems(at indexPaths: [IndexPath]) {}
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  func reloadData() { makeVisibleCells() }
  func reconfigureItems(at indexPaths: [IndexPath]) {
    for path in indexPaths {
      blackHole(connection?.cellForItem(at: path))
      reconfigured += 1
    }
  }
  func cellForItem(at indexPath: IndexPath) -> Int? { visible.contains(indexPath.item) ? indexPath.item : nil }
  var indexPathsForSelectedItems: [IndexPath]? { nil }
  var indexPathsForVisibleItems: [IndexPath] { visible.map { IndexPath(item: $0, section: 0) } }
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {}
  func deselectItem(at indexPath: IndexPath, animated: Bool) {}
  func attachDataSource(_ connection: DiffableListDataSourceConnection<Int>) { self.connection = connection }
}

/// A loaded list: a data source over a `ViewportHost`, whose cells and content are the item's
/// version in `versions`.
@MainActor
final class LoadedList {
  let host: ViewportHost
  let dataSource: DiffableDataSource<ViewportHost, Int, Int>
  let snapshot: DiffableDataSourceSnapshot<Int, Int>
  var versions: [Int]

  init(count: Int, visible: Range<Int>, provider: Bool) {
    host = ViewportHost(visible: visible)
    versions = Array(repeating: 0, count: count)
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<count), toSection: 0)
    self.snapshot = snapshot
    let box = Box()
    dataSource = DiffableDataSource(host: host) { _, _, item in box.list?.versions[item] }
    box.list = self
    if provider { dataSource.contentProvider = { [unowned self] in versions[$0] } }
    dataSource.apply(snapshot)  // the first apply loads the host
  }

  final class Box {
    weak var list: LoadedList?
  }
}

/// The lists, built once (a 1M-item snapshot takes tens of milliseconds to build).
@MainActor
enum Lists {
  static var plain: LoadedList?
  static var withProvider: LoadedList?
  static var small: LoadedList?
}

/// Lets a benchmark object cross into a main-actor block (package-benchmark's `Benchmark` is not
/// `Sendable`; the block runs while the benchmark closure waits).
struct Handed<Value>: @unchecked Sendable {
  let value: Value
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 10,
    maxDuration: .seconds(3), maxIterations: 20_000)

  let million = 1_000_000
  let onScreen = 500_000..<500_050

  Benchmark(
    "apply unchanged 1M-item list, no contentProvider (baseline)",
    closure: { benchmark async in
      let handed = Handed(value: benchmark)
      await MainActor.run {
        let list = Lists.plain!
        handed.value.startMeasurement()
        for _ in handed.value.scaledIterations { list.dataSource.apply(list.snapshot) }
        handed.value.stopMeasurement()
      }
    },
    setup: {
      await MainActor.run { Lists.plain = LoadedList(count: million, visible: onScreen, provider: false) }
    },
    teardown: { await MainActor.run { Lists.plain = nil } })

  Benchmark(
    "apply unchanged 1M-item list, contentProvider, 50 visible, none changed",
    closure: { benchmark async in
      let handed = Handed(value: benchmark)
      await MainActor.run {
        let list = Lists.withProvider!
        handed.value.startMeasurement()
        for _ in handed.value.scaledIterations { list.dataSource.apply(list.snapshot) }
        handed.value.stopMeasurement()
        precondition(list.host.reconfigured == 0, "nothing changed, yet \(list.host.reconfigured) reconfigured")
      }
    },
    setup: {
      await MainActor.run {
        Lists.withProvider = LoadedList(count: million, visible: onScreen, provider: true)
      }
    },
    teardown: { await MainActor.run { Lists.withProvider = nil } })

  Benchmark(
    "apply unchanged 1M-item list, contentProvider, 50 visible, 1 changed (reconfigured)",
    closure: { benchmark async in
      let handed = Handed(value: benchmark)
      await MainActor.run {
        let list = Lists.withProvider!
        let before = list.host.reconfigured
        handed.value.startMeasurement()
        for _ in handed.value.scaledIterations {
          list.versions[500_025] += 1
          list.dataSource.apply(list.snapshot)
        }
        handed.value.stopMeasurement()
        let count = handed.value.scaledIterations.count
        precondition(list.host.reconfigured - before == count, "expected one reconfigure per apply")
      }
    },
    setup: {
      await MainActor.run {
        Lists.withProvider = LoadedList(count: million, visible: onScreen, provider: true)
      }
    },
    teardown: { await MainActor.run { Lists.withProvider = nil } })

  Benchmark(
    "apply unchanged 10k-item list, contentProvider, every visible item changed (50 reconfigured)",
    closure: { benchmark async in
      let handed = Handed(value: benchmark)
      await MainActor.run {
        let list = Lists.small!
        var reconfigured = 0
        handed.value.startMeasurement()
        for _ in handed.value.scaledIterations {
          for item in 0..<list.versions.count { list.versions[item] += 1 }
          let before = list.host.reconfigured
          list.dataSource.apply(list.snapshot)
          reconfigured = list.host.reconfigured - before
        }
        handed.value.stopMeasurement()
        precondition(reconfigured == 50, "every visible item changed, but \(reconfigured) were reconfigured")
      }
    },
    setup: {
      await MainActor.run { Lists.small = LoadedList(count: 10_000, visible: 5_000..<5_050, provider: true) }
    },
    teardown: { await MainActor.run { Lists.small = nil } })
}
