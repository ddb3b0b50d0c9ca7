// What an app pays when it rebuilds its snapshot on every change: building from identifiers,
// then diffing against the snapshot the list shows. Every DiffableKit figure has a same-run
// baseline: the same identifiers built as plain `[[Item]]` arrays (the floor), `Dictionary`
// for random lookups.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target RebuildBenchmarks
// Compare with a saved baseline of another commit:
//   swift package benchmark baseline update <name> --target RebuildBenchmarks   (on that commit)
//   swift package benchmark baseline compare <name> --target RebuildBenchmarks
import Benchmark
import DiffableKit
import Foundation

typealias Snapshot<Item: Hashable> = DiffableDataSourceSnapshot<Int, Item>

/// Builds a snapshot from per-section identifiers, copying each section's identifiers first
/// (`map`), as an app does when it reads them from its model.
@inline(never)
func buildSnapshot<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  var snapshot = Snapshot<Item>()
  snapshot.appendSections(Array(sections.indices))
  for (section, items) in sections.enumerated() {
    snapshot.appendItems(items.map { $0 }, toSection: section)
  }
  return snapshot
}

/// The floor: the same identifiers, copied the same way, into plain arrays.
@inline(never)
func buildArrays<Item: Hashable>(_ sections: [[Item]]) -> [[Item]] {
  var result: [[Item]] = []
  result.reserveCapacity(sections.count)
  for items in sections { result.append(items.map { $0 }) }
  return result
}

/// `count` identifiers from `make`, split evenly over `sections` sections.
func layout<Item>(count: Int, sections: Int, _ make: (Int) -> Item) -> [[Item]] {
  let perSection = count / sections
  return (0..<sections).map { s in (s * perSection..<(s + 1) * perSection).map(make) }
}

/// DifferenceKit's scenario applied to every section: delete 20%, insert 20%, shuffle 4%.
func differenceKitScenario(_ sections: [[Int]], firstFresh: Int) -> [[Int]] {
  var fresh = firstFresh
  var random = SplitMix64(seed: 42)
  return sections.map { items in
    let n = items.count
    let kept = Array(items[0..<n * 2 / 5]) + Array(items[n * 3 / 5..<n])
    let inserted = Array(fresh..<fresh + n / 5)
    fresh += n / 5
    var result = Array(kept[0..<n * 3 / 5]) + inserted + Array(kept[n * 3 / 5..<kept.count])
    result[0..<n / 25].shuffle(using: &random)
    return result
  }
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 15)

  // 1. Building: DiffableKit against [[Item]] arrays of the same identifiers.
  for sections in [1, 100] {
    let ints = layout(count: 1_000_000, sections: sections) { $0 }
    Benchmark("build Int 1M ×\(sections): DiffableKit") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(buildSnapshot(ints)) }
    }
    Benchmark("build Int 1M ×\(sections): [[Int]] baseline") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(buildArrays(ints)) }
    }
  }
  let uuids = layout(count: 1_000_000, sections: 100) { _ in UUID() }
  Benchmark("build UUID 1M ×100: DiffableKit") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(buildSnapshot(uuids)) }
  }
  Benchmark("build UUID 1M ×100: [[UUID]] baseline") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(buildArrays(uuids)) }
  }

  // 2. Rebuild + diff against the snapshot the list shows (itself rebuilt and diffed once, as in
  // an app's steady state).
  for sections in [1, 100] {
    let ints = layout(count: 1_000_000, sections: sections) { $0 }
    var shown = buildSnapshot(ints)
    blackHole(SnapshotChangeset(from: Snapshot<Int>(), to: shown))
    shown = buildSnapshot(ints)
    blackHole(SnapshotChangeset(from: buildSnapshot(ints), to: shown))
    let current = shown
    Benchmark("rebuild + diff, unchanged Int 1M ×\(sections): DiffableKit") { benchmark in
      for _ in benchmark.scaledIterations {
        let rebuilt = buildSnapshot(ints)
        blackHole(SnapshotChangeset(from: current, to: rebuilt))
      }
    }
  }

  for count in [100_000, 1_000_000] {
    for sections in [1, 100] {
      let old = layout(count: count, sections: sections) { $0 }
      let new = differenceKitScenario(old, firstFresh: count)
      var shown = buildSnapshot(old)
      blackHole(SnapshotChangeset(from: Snapshot<Int>(), to: shown))
      blackHole(shown.indexOfItem(0))
      shown = buildSnapshot(old)
      blackHole(SnapshotChangeset(from: buildSnapshot(old), to: shown))
      let current = shown
      let scale = Benchmark.Configuration(
        metrics: Benchmark.defaultConfiguration.metrics, timeUnits: .microseconds, warmupIterations: 1,
        maxDuration: .seconds(3), maxIterations: count >= 1_000_000 ? 8 : 25)
      Benchmark("rebuild + diff, DifferenceKit scenario Int \(label(count)) ×\(sections): DiffableKit", configuration: scale) {
        benchmark in
        for _ in benchmark.scaledIterations {
          let rebuilt = buildSnapshot(new)
          blackHole(SnapshotChangeset(from: current, to: rebuilt))
        }
      }
      Benchmark("build DifferenceKit new Int \(label(count)) ×\(sections): [[Int]] baseline", configuration: scale) {
        benchmark in
        for _ in benchmark.scaledIterations { blackHole(buildArrays(new)) }
      }
    }
  }

  // 3. Random lookups: a million indexOfItem calls in random order against Dictionary.
  let million = layout(count: 1_000_000, sections: 100) { $0 }
  let snapshot = buildSnapshot(million)
  var generator = SplitMix64(seed: 7)
  let shuffled = Array(million.joined()).shuffled(using: &generator)
  Benchmark("indexOfItem every item in random order, Int 1M ×100: DiffableKit") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in shuffled { sum &+= snapshot.indexOfItem(item)! }
      blackHole(sum)
    }
  }
  let dictionary = Dictionary(uniqueKeysWithValues: million.joined().enumerated().map { ($1, $0) })
  Benchmark("indexOfItem every item in random order, Int 1M ×100: Dictionary baseline") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in shuffled { sum &+= dictionary[item]! }
      blackHole(sum)
    }
  }

  // 4. Memory of one snapshot, each iteration building a fresh one (peakMemoryResident is the
  // process's; compare with the arrays benchmark of the same identifiers and the empty floor).
  let memory = Benchmark.Configuration(
    metrics: [.peakMemoryResident, .mallocCountTotal, .wallClock], timeUnits: .microseconds,
    warmupIterations: 0, maxDuration: .seconds(2), maxIterations: 3)
  let memoryInts = layout(count: 1_000_000, sections: 100) { $0 }
  Benchmark("memory: floor (inputs only)", configuration: memory) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(memoryInts.count) }
  }
  Benchmark("memory: [[Int]] 1M ×100", configuration: memory) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(buildArrays(memoryInts)) }
  }
  Benchmark("memory: snapshot Int 1M ×100, no index", configuration: memory) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(buildSnapshot(memoryInts)) }
  }
  Benchmark("memory: snapshot Int 1M ×100, index built", configuration: memory) { benchmark in
    for _ in benchmark.scaledIterations {
      let snapshot = buildSnapshot(memoryInts)
      blackHole(snapshot.indexOfItem(999_999))
      blackHole(snapshot)
    }
  }
}
