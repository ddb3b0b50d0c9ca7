// Snapshot mutations one call at a time, where a cost per call that grows with the snapshot would
// show: appending sections one by one, inserting and deleting near the front of a 1M-item
// section, deleting one section of 100,000. Each case has a same-run baseline doing the
// unavoidable part with plain arrays (the floor), so figures can be quoted as ratios.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target MutationBenchmarks
import Benchmark
import OpenDiffable

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(3), maxIterations: 25)

  // 80,000 appendSections calls of one section each: linear if growth is geometric.
  for count in [20_000, 80_000] {
    Benchmark("appendSections one at a time, \(count / 1000)k calls") { benchmark in
      for _ in benchmark.scaledIterations {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for section in 0..<count { snapshot.appendSections([section]) }
        blackHole(snapshot)
      }
    }
    Benchmark("baseline [Int] append one at a time + Set insert, \(count / 1000)k") { benchmark in
      for _ in benchmark.scaledIterations {
        var order: [Int] = []
        var members = Set<Int>()
        for section in 0..<count {
          order.append(section)
          members.insert(section)
        }
        blackHole((order, members))
      }
    }
  }

  // One section of a million items, held uniquely (no copy-on-write in the measurement): each
  // iteration inserts one new item after the 10th, or deletes the item now 10th from the front.
  var million = DiffableDataSourceSnapshot<Int, Int>()
  million.appendSections([0])
  million.appendItems(Array(0..<1_000_000))
  Benchmark("insertItems 1 near the front of a 1M-item section") { benchmark in
    var snapshot = million
    snapshot.insertItems([-1], afterItem: 9)  // the copy, outside the measurement
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations { snapshot.insertItems([-2 - iteration], afterItem: 9) }
    benchmark.stopMeasurement()
    blackHole(snapshot)
  }
  Benchmark("deleteItems 1 near the front of a 1M-item section") { benchmark in
    var snapshot = million
    snapshot.deleteItems([0])
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations { snapshot.deleteItems([10 + iteration]) }
    benchmark.stopMeasurement()
    blackHole(snapshot)
  }
  Benchmark("baseline [Int] insert near the front, 1M") { benchmark in
    var array = Array(0..<1_000_000)
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations { array.insert(-1 - iteration, at: 10) }
    benchmark.stopMeasurement()
    blackHole(array)
  }
  Benchmark("baseline Dictionary update of every value, 1M") { benchmark in
    // What re-indexing the items behind the insertion point costs at the least: one hash
    // lookup and store per item.
    var positions = Dictionary(uniqueKeysWithValues: (0..<1_000_000).map { ($0, $0) })
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
      for key in 0..<1_000_000 { positions[key] = key &+ iteration }
    }
    benchmark.stopMeasurement()
    blackHole(positions)
  }

  // 100,000 sections of 10 items each: delete one section from the middle per iteration.
  var manySections = DiffableDataSourceSnapshot<Int, Int>()
  manySections.appendSections(Array(0..<100_000))
  for section in 0..<100_000 {
    manySections.appendItems(Array(section * 10..<section * 10 + 10), toSection: section)
  }
  Benchmark("deleteSections 1 of 100k sections (1M items)") { benchmark in
    var snapshot = manySections
    snapshot.deleteSections([0])
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations { snapshot.deleteSections([50_000 + iteration]) }
    benchmark.stopMeasurement()
    blackHole(snapshot)
  }
  Benchmark("baseline [Int] remove in the middle, 100k") { benchmark in
    var array = Array(0..<100_000)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { array.remove(at: 50_000) }
    benchmark.stopMeasurement()
    blackHole(array)
  }
}
