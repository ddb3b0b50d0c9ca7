// Section operations, reload marks and no-change diffs, each against a same-run baseline doing
// the equivalent work with a standard collection:
// - `insertSections`, `moveSection`, `deleteSections` (one call, and 1,000 calls, at random
//   places; one call at either end) at 1k, 100k and 1M sections, against swift-collections'
//   `OrderedSet` inserting and removing the same identifiers at the same places (positions
//   found by `firstIndex(of:)`, as the snapshot finds them by identifier); each call at
//   either end also against the same state and changes in standard collections (an `OrderedSet`
//   of sections, an array of each section's items, a `Dictionary` of every item's section:
//   `SectionsModel`), copied as the snapshot is — the same work;
// - `appendSections`, against `OrderedSet` appending the same identifiers;
// - `reloadItems` / `reconfigureItems` of k items of a 1M-item snapshot, against inserting the
//   same identifiers into a `Set`;
// - the diff of a snapshot against one rebuilt from copied (equal, separately stored) arrays,
//   against `==` on those arrays (what comparing them element by element costs).
//
// Each sample starts from a copy of a prebuilt value; the copy-on-write copy is made outside the
// measurement (by one unmeasured call of the same kind), except in the `copy included` cases: the
// first change to a shared value, what an app pays for one change to the snapshot it was given.
//
// Run from the Benchmarks folder:
//   swift package --allow-writing-to-package-directory benchmark --target SectionBenchmarks
import Benchmark
import OpenDiffable
import OpenDiffableTesting
import OrderedCollections

/// `count` sections (0..<count), one item each (the section's identifier + 10,000,000), index built.
func sectionsSnapshot(_ count: Int) -> DiffableDataSourceSnapshot<Int, Int> {
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections(Array(0..<count))
  for section in 0..<count { snapshot.appendItems([10_000_000 + section], toSection: section) }
  snapshot.reconfigureItems([])  // marks nothing; builds the index into the value
  return snapshot
}

let sections1k = sectionsSnapshot(1_000)
let sections100k = sectionsSnapshot(100_000)
let sections1M = sectionsSnapshot(1_000_000)
let ordered1k = roomySections(1_000)
let ordered100k = roomySections(100_000)
let ordered1M = roomySections(1_000_000)

let model1k = SectionsModel(count: 1_000)
let model100k = SectionsModel(count: 100_000)
let model1M = SectionsModel(count: 1_000_000)

/// A million items in one section, index built.
let million: DiffableDataSourceSnapshot<Int, Int> = {
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections([0])
  snapshot.appendItems(Array(0..<1_000_000))
  snapshot.reconfigureItems([])  // builds the index
  return snapshot
}()

/// `count` pairs of distinct identifiers below `limit`, from a fixed seed.
func randomPairs(_ count: Int, below limit: Int, seed: UInt64) -> [(Int, Int)] {
  var random = SplitMix64(seed: seed)
  return (0..<count).map { _ in
    let a = Int.random(in: 0..<limit, using: &random)
    var b = Int.random(in: 0..<limit, using: &random)
    while b == a { b = Int.random(in: 0..<limit, using: &random) }
    return (a, b)
  }
}

/// `count` distinct identifiers below `limit`, from a fixed seed.
func randomDistinct(_ count: Int, below limit: Int, seed: UInt64) -> [Int] {
  var random = SplitMix64(seed: seed)
  var seen = Set<Int>()
  var result: [Int] = []
  while result.count < count {
    let value = Int.random(in: 0..<limit, using: &random)
    if seen.insert(value).inserted { result.append(value) }
  }
  return result
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(2), maxIterations: 9)

  let sizes: [(name: String, snapshot: () -> DiffableDataSourceSnapshot<Int, Int>, ordered: () -> OrderedSet<Int>)] = [
    ("1k", { sections1k }, { ordered1k }),
    ("100k", { sections100k }, { ordered100k }),
    ("1M", { sections1M }, { ordered1M }),
  ]
  for (name, makeSnapshot, makeOrdered) in sizes {
    let limit = name == "1k" ? 1_000 : name == "100k" ? 100_000 : 1_000_000
    for calls in [1, 1_000] {
      let label = calls == 1 ? "1 call" : "1,000 calls"
      let pairs = randomPairs(calls + 1, below: limit, seed: 7)
      // Deletes: 1,000 calls of 1,000 sections would delete them all: 500 there.
      let deletes = min(calls, limit / 2)
      let deleteLabel = deletes == 1 ? "1 call" : deletes == 1_000 ? "1,000 calls" : "\(deletes) calls"
      let victims = randomDistinct(deletes + 1, below: limit, seed: 11)

      // Insert a new section before a random existing one.
      Benchmark("insertSections \(label), \(name) sections") { benchmark in
        var snapshot = makeSnapshot()
        snapshot.insertSections([-1], beforeSection: pairs[calls].0)
        benchmark.startMeasurement()
        for call in 0..<calls { snapshot.insertSections([-2 - call], beforeSection: pairs[call].0) }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("baseline OrderedSet insert \(label), \(name)") { benchmark in
        var ordered = makeOrdered()
        ordered.insert(-1, at: ordered.firstIndex(of: pairs[calls].0)!)
        benchmark.startMeasurement()
        for call in 0..<calls { ordered.insert(-2 - call, at: ordered.firstIndex(of: pairs[call].0)!) }
        benchmark.stopMeasurement()
        blackHole(ordered)
      }

      // Move a random section before another.
      Benchmark("moveSection \(label), \(name) sections") { benchmark in
        var snapshot = makeSnapshot()
        snapshot.moveSection(pairs[calls].0, beforeSection: pairs[calls].1)
        benchmark.startMeasurement()
        for call in 0..<calls { snapshot.moveSection(pairs[call].0, beforeSection: pairs[call].1) }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("baseline OrderedSet remove + insert \(label), \(name)") { benchmark in
        var ordered = makeOrdered()
        let (first, firstAnchor) = pairs[calls]
        ordered.remove(at: ordered.firstIndex(of: first)!)
        ordered.insert(first, at: ordered.firstIndex(of: firstAnchor)!)
        benchmark.startMeasurement()
        for call in 0..<calls {
          let (moved, anchor) = pairs[call]
          ordered.remove(at: ordered.firstIndex(of: moved)!)
          ordered.insert(moved, at: ordered.firstIndex(of: anchor)!)
        }
        benchmark.stopMeasurement()
        blackHole(ordered)
      }

      // Delete random sections, one per call.
      Benchmark("deleteSections \(deleteLabel), \(name) sections") { benchmark in
        var snapshot = makeSnapshot()
        snapshot.deleteSections([victims[deletes]])
        benchmark.startMeasurement()
        for call in 0..<deletes { snapshot.deleteSections([victims[call]]) }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("baseline OrderedSet remove \(deleteLabel), \(name)") { benchmark in
        var ordered = makeOrdered()
        ordered.remove(victims[deletes])
        benchmark.startMeasurement()
        for call in 0..<deletes { ordered.remove(victims[call]) }
        benchmark.stopMeasurement()
        blackHole(ordered)
      }
    }
  }

  // One call at either end: a section inserted before the first and after the last, the first
  // and the last deleted, the first moved after the last and the last before the first; the
  // baselines do the same to an `OrderedSet` (places found by `firstIndex(of:)`).
  let models: [String: () -> SectionsModel] = ["1k": { model1k }, "100k": { model100k }, "1M": { model1M }]
  for (name, makeSnapshot, makeOrdered) in sizes {
    let last = name == "1k" ? 999 : name == "100k" ? 99_999 : 999_999
    let makeModel = models[name]!
    for atFront in [true, false] {
      let place = atFront ? "at the front" : "at the end"
      // One cold call's time varies with what the setup left in the caches: more samples.
      // A call at the end, or at the front of 1k sections, takes a microsecond or less: timed in
      // nanoseconds.
      let units: BenchmarkTimeUnits = atFront && name != "1k" ? .microseconds : .nanoseconds
      let configuration = Benchmark.Configuration(timeUnits: units, maxIterations: 41)
      let move = atFront ? "last to first" : "first to last"
      // `copy included` (at the end): the first change to a shared value, its copy-on-write copy
      // inside the measurement: what an app pays for one change to the snapshot it was given.
      // Otherwise the copy is made before the measurement, by one call of the same kind.
      for copied in [false, true] where !copied || !atFront {
        let call = copied ? "1 call \(place), copy included" : "1 call \(place)"
        let configuration =
          copied
          ? Benchmark.Configuration(timeUnits: name == "1k" ? .nanoseconds : .microseconds, maxIterations: 41)
          : configuration
        Benchmark("insertSections \(call), \(name) sections", configuration: configuration) { benchmark in
          var snapshot = makeSnapshot()
          if !copied { snapshot.insertSections([-1], beforeSection: 1) }
          benchmark.startMeasurement()
          if atFront {
            snapshot.insertSections([-2], beforeSection: 0)
          } else {
            snapshot.insertSections([-2], afterSection: last)
          }
          benchmark.stopMeasurement()
          blackHole(snapshot)
        }
        Benchmark("deleteSections \(call), \(name) sections", configuration: configuration) { benchmark in
          var snapshot = makeSnapshot()
          if !copied { snapshot.deleteSections([1]) }
          benchmark.startMeasurement()
          snapshot.deleteSections([atFront ? 0 : last])
          benchmark.stopMeasurement()
          blackHole(snapshot)
        }
        // The same state and changes in standard collections (``SectionsModel``), copied as the
        // snapshot is: the same work as each call at either end.
        for operation in ["insert", "remove", "remove + insert"] where !copied || operation != "remove + insert" {
          let modelCall = operation == "remove + insert" ? "1 call \(move)" : call
          Benchmark(
            "baseline OrderedSet + arrays + Dictionary \(operation) \(modelCall), \(name)",
            configuration: configuration
          ) { benchmark in
            var model = makeModel()
            switch operation {
            case _ where copied: break
            case "insert": model.insert(-1, at: 1)
            case "remove": model.remove(1)
            default: model.move(1, to: 3)  // after section 2
            }
            benchmark.startMeasurement()
            switch (operation, atFront) {
            case ("insert", true): model.insert(-2, at: model.sections.firstIndex(of: 0)!)
            case ("insert", false): model.insert(-2, at: model.sections.firstIndex(of: last)! + 1)
            case ("remove", _): model.remove(atFront ? 0 : last)
            case (_, true): model.move(last, to: model.sections.firstIndex(of: 0)!)
            default: model.move(0, to: model.sections.firstIndex(of: last)! + 1)
            }
            benchmark.stopMeasurement()
            blackHole(model)
          }
        }
      }
      Benchmark("baseline OrderedSet insert 1 call \(place), \(name)", configuration: configuration) {
        benchmark in
        var ordered = makeOrdered()
        ordered.insert(-1, at: 1)
        benchmark.startMeasurement()
        let at = ordered.firstIndex(of: atFront ? 0 : last)!
        ordered.insert(-2, at: atFront ? at : at + 1)
        benchmark.stopMeasurement()
        blackHole(ordered)
      }
      Benchmark("baseline OrderedSet remove 1 call \(place), \(name)", configuration: configuration) {
        benchmark in
        var ordered = makeOrdered()
        ordered.remove(1)
        benchmark.startMeasurement()
        ordered.remove(atFront ? 0 : last)
        benchmark.stopMeasurement()
        blackHole(ordered)
      }
      Benchmark("moveSection 1 call \(move), \(name) sections", configuration: configuration) { benchmark in
        var snapshot = makeSnapshot()
        snapshot.moveSection(1, afterSection: 2)
        benchmark.startMeasurement()
        if atFront {
          snapshot.moveSection(last, beforeSection: 0)
        } else {
          snapshot.moveSection(0, afterSection: last)
        }
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("baseline OrderedSet remove + insert 1 call \(move), \(name)", configuration: configuration) {
        benchmark in
        var ordered = makeOrdered()
        ordered.swapAt(1, 2)
        benchmark.startMeasurement()
        let moved = ordered.remove(at: ordered.firstIndex(of: atFront ? last : 0)!)
        let at = ordered.firstIndex(of: atFront ? 0 : last)!
        ordered.insert(moved, at: atFront ? at : at + 1)
        benchmark.stopMeasurement()
        blackHole(ordered)
      }
    }
  }

  // appendSections: 100 sections in one call (the duplicate check), and 1,000 one-section calls.
  let hundred = Array(0..<100)
  Benchmark("appendSections 100 sections, 1 call", configuration: .init(scalingFactor: .kilo)) { benchmark in
    for _ in benchmark.scaledIterations {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections(hundred)
      blackHole(snapshot)
    }
  }
  Benchmark("baseline OrderedSet append 100, 1 call", configuration: .init(scalingFactor: .kilo)) { benchmark in
    for _ in benchmark.scaledIterations {
      var ordered = OrderedSet<Int>()
      ordered.append(contentsOf: hundred)
      blackHole(ordered)
    }
  }
  Benchmark("appendSections 1 section, 1,000 calls") { benchmark in
    for _ in benchmark.scaledIterations {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      for section in 0..<1_000 { snapshot.appendSections([section]) }
      blackHole(snapshot)
    }
  }
  Benchmark("baseline OrderedSet append 1, 1,000 calls") { benchmark in
    for _ in benchmark.scaledIterations {
      var ordered = OrderedSet<Int>()
      for section in 0..<1_000 { ordered.append(section) }
      blackHole(ordered)
    }
  }

  // Reload and reconfigure marks: k random items of a 1M-item snapshot in one call.
  for k in [1_000, 100_000] {
    let items = randomDistinct(k, below: 1_000_000, seed: 13)
    let kName = k == 1_000 ? "1k" : "100k"
    Benchmark("reloadItems \(kName) of 1M") { benchmark in
      var snapshot = million
      benchmark.startMeasurement()
      snapshot.reloadItems(items)
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
    Benchmark("reconfigureItems \(kName) of 1M") { benchmark in
      var snapshot = million
      benchmark.startMeasurement()
      snapshot.reconfigureItems(items)
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
    Benchmark("baseline Set insert \(kName)") { benchmark in
      benchmark.startMeasurement()
      var set = Set<Int>()
      for item in items { set.insert(item) }
      benchmark.stopMeasurement()
      blackHole(set)
    }
  }

  // No change, arrays copied: the shown snapshot against one rebuilt from equal arrays stored
  // apart (both indexed, so the diff trims by comparison), 1M items in one section.
  let copied: DiffableDataSourceSnapshot<Int, Int> = {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<1_000_000).map { $0 })
    snapshot.reconfigureItems([])  // builds the index
    return snapshot
  }()
  Benchmark("diff no change, copied arrays, 1M items") { benchmark in
    blackHole(SnapshotChangeset(from: million, to: copied))
  }
  let itemsA = Array(0..<1_000_000)
  let itemsB = (0..<1_000_000).map { $0 }
  Benchmark("baseline [Int] == on copied arrays, 1M") { benchmark in
    blackHole(itemsA == itemsB)
  }
}
