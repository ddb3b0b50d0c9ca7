// Snapshot mutations one call at a time, where a cost per call that grows with the snapshot would
// show: appending sections one by one, inserting and deleting near the front of a 1M-item
// section, deleting one section of 100,000. Each case has a same-run baseline doing the
// unavoidable part with plain arrays (the floor), so figures can be quoted as ratios.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target MutationBenchmarks
import Benchmark
import OpenDiffable
import OrderedCollections

/// Times one `change` of a copy of `value`, the copy-on-write copy it makes included (what an
/// app pays for one change to `dataSource.snapshot()`); 200 samples.
func timedWithCopy<Value: Sendable>(
  _ name: String, of value: Value, _ change: @escaping @Sendable (inout Value) -> Void
) {
  Benchmark(name, configuration: .init(maxIterations: 200)) { benchmark in
    var copy = value
    benchmark.startMeasurement()
    change(&copy)
    benchmark.stopMeasurement()
    blackHole(copy)
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
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

  // One item inserted, deleted or moved at the front, the middle or the end of a uniquely held
  // section of 1M and 2M items (issue 27), beside swift-collections' `OrderedSet.insert(_:at:)` /
  // `remove(at:)` and a plain array on the same counts. Each run copies the snapshot (outside the
  // measurement) and times one call. Linear growth shows as 2M ≈ 2 × 1M.
  for count in [1_000_000, 2_000_000] {
    let label = "\(count / 1_000_000)M"
    var base = DiffableDataSourceSnapshot<Int, Int>()
    base.appendSections([0])
    base.appendItems(Array(0..<count))
    _ = base.indexOfItem(0)  // builds the index (shared by the copies until they change)
    let baseSet = OrderedSet(0..<count)
    let baseArray = Array(0..<count)
    // Identifiers at offset 0, count / 2 and count - 1 (the anchors), and the one after each.
    let places: [(name: String, at: Int)] = [("front", 0), ("middle", count / 2), ("end", count - 1)]
    // One call per sample, on a copy made outside the measurement: 200 samples (or 3 seconds),
    // enough for a stable median of a microsecond-long call.
    let singleCall = Benchmark.Configuration(maxIterations: 200)
    for (place, offset) in places {
      let next = offset == count - 1 ? offset - 1 : offset + 1
      Benchmark("insertItems 1 at the \(place) of a \(label)-item section", configuration: singleCall) { benchmark in
        var snapshot = base
        snapshot.deleteItems([-5])  // builds the copy, outside the measurement (nothing to delete)
        snapshot.insertItems([-6], beforeItem: next)  // makes the copy this value's own
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { snapshot.insertItems([-10 - iteration], beforeItem: offset) }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("deleteItems 1 at the \(place) of a \(label)-item section", configuration: singleCall) { benchmark in
        var snapshot = base
        snapshot.insertItems([-6], beforeItem: next)
        benchmark.startMeasurement()
        // A different item each time, walking away from the end.
        for iteration in benchmark.scaledIterations {
          snapshot.deleteItems([offset == count - 1 ? offset - iteration : offset + iteration])
        }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("moveItem 1 at the \(place) of a \(label)-item section", configuration: singleCall) { benchmark in
        var snapshot = base
        snapshot.insertItems([-6], beforeItem: next)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
          if iteration % 2 == 0 {
            snapshot.moveItem(min(offset, next), afterItem: max(offset, next))
          } else {
            snapshot.moveItem(max(offset, next), afterItem: min(offset, next))
          }
        }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("baseline OrderedSet insert(_:at:) at the \(place), \(label)", configuration: singleCall) { benchmark in
        var set = baseSet
        set.insert(-6, at: 1)  // the copy, outside the measurement
        let at = set.firstIndex(of: offset)!
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { set.insert(-10 - iteration, at: at) }
        benchmark.stopMeasurement()
        blackHole(set)
      }
      Benchmark("baseline OrderedSet remove(at:) at the \(place), \(label)", configuration: singleCall) { benchmark in
        var set = baseSet
        set.insert(-6, at: 1)
        let at = set.firstIndex(of: offset)!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(set.remove(at: offset == count - 1 ? set.count - 1 : at)) }
        benchmark.stopMeasurement()
        blackHole(set)
      }
      Benchmark("baseline OrderedSet move (remove + insert) at the \(place), \(label)", configuration: singleCall) {
        benchmark in
        var set = baseSet
        set.insert(-6, at: 1)
        let at = min(set.firstIndex(of: offset)!, set.firstIndex(of: next)!)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { set.insert(set.remove(at: at), at: at + 1) }
        benchmark.stopMeasurement()
        blackHole(set)
      }
      if place == "end" {
        // What an app pays for one change at the end of a shown snapshot: the copy-on-write copy
        // (`var snapshot = dataSource.snapshot()`, then one call) included in the measurement,
        // against `OrderedSet` copied and changed the same way.
        let endIndex = baseSet.firstIndex(of: offset)!
        let nextIndex = baseSet.firstIndex(of: next)!
        timedWithCopy("insertItems 1 at the end of a \(label)-item section, copy included", of: base) {
          $0.insertItems([-10], beforeItem: offset)
        }
        timedWithCopy("deleteItems 1 at the end of a \(label)-item section, copy included", of: base) {
          $0.deleteItems([offset])
        }
        timedWithCopy("moveItem 1 at the end of a \(label)-item section, copy included", of: base) {
          $0.moveItem(next, afterItem: offset)
        }
        timedWithCopy("baseline OrderedSet insert(_:at:) at the end, \(label), copy included", of: baseSet) {
          $0.insert(-10, at: endIndex)
        }
        timedWithCopy("baseline OrderedSet remove(at:) at the end, \(label), copy included", of: baseSet) {
          blackHole($0.remove(at: endIndex))
        }
        timedWithCopy("baseline OrderedSet move (remove + insert) at the end, \(label), copy included", of: baseSet) {
          $0.insert($0.remove(at: nextIndex), at: endIndex)
        }
        // The same at the end, 100 calls per sample on one copy: the steady cost per call
        // (divide by 100). A single call right after a copy made outside the measurement (above)
        // is the first to touch what it uses after the copy (BENCHMARKS.md, "Against
        // `OrderedSet`, operation by operation").
        Benchmark("insertItems 100 calls at the end of a \(label)-item section") { benchmark in
          var snapshot = base
          snapshot.deleteItems([-5])
          snapshot.insertItems([-6], beforeItem: next)
          benchmark.startMeasurement()
          for call in 0..<100 { snapshot.insertItems([-10 - call], beforeItem: offset) }
          benchmark.stopMeasurement()
          blackHole(snapshot)
        }
        Benchmark("deleteItems 100 calls at the end of a \(label)-item section") { benchmark in
          var snapshot = base
          snapshot.insertItems([-6], beforeItem: next)
          benchmark.startMeasurement()
          for call in 0..<100 { snapshot.deleteItems([offset - call]) }
          benchmark.stopMeasurement()
          blackHole(snapshot)
        }
        Benchmark("moveItem 100 calls at the end of a \(label)-item section") { benchmark in
          var snapshot = base
          snapshot.insertItems([-6], beforeItem: next)
          benchmark.startMeasurement()
          for call in 0..<100 {
            if call % 2 == 0 {
              snapshot.moveItem(min(offset, next), afterItem: max(offset, next))
            } else {
              snapshot.moveItem(max(offset, next), afterItem: min(offset, next))
            }
          }
          benchmark.stopMeasurement()
          blackHole(snapshot)
        }
        Benchmark("baseline OrderedSet insert(_:at:) 100 calls at the end, \(label)") { benchmark in
          var set = baseSet
          set.insert(-6, at: 1)
          let at = set.firstIndex(of: offset)!
          benchmark.startMeasurement()
          for call in 0..<100 { set.insert(-10 - call, at: at) }
          benchmark.stopMeasurement()
          blackHole(set)
        }
        Benchmark("baseline OrderedSet remove(at:) 100 calls at the end, \(label)") { benchmark in
          var set = baseSet
          set.insert(-6, at: 1)
          benchmark.startMeasurement()
          for _ in 0..<100 { blackHole(set.remove(at: set.count - 1)) }
          benchmark.stopMeasurement()
          blackHole(set)
        }
        Benchmark("baseline OrderedSet move (remove + insert) 100 calls at the end, \(label)") { benchmark in
          var set = baseSet
          set.insert(-6, at: 1)
          let at = min(set.firstIndex(of: offset)!, set.firstIndex(of: next)!)
          benchmark.startMeasurement()
          for _ in 0..<100 { set.insert(set.remove(at: at), at: at + 1) }
          benchmark.stopMeasurement()
          blackHole(set)
        }
      }
      Benchmark("baseline [Int] insert + remove at the \(place), \(label)") { benchmark in
        var array = baseArray
        array.insert(-6, at: 1)
        let at = offset == count - 1 ? count - 1 : offset
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
          array.insert(-10 - iteration, at: at)
          blackHole(array.remove(at: at))
        }
        benchmark.stopMeasurement()
        blackHole(array)
      }
    }
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
