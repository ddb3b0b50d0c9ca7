// What an app pays when it rebuilds its snapshot on every change: building from identifiers,
// then diffing against the snapshot the list shows. Every OpenDiffable figure has a same-run
// baseline: the same identifiers built as plain `[[Item]]` arrays (the floor), `Dictionary`
// for random lookups; `String` identifiers also against `Dictionary` and `OrderedSet` builds
// (StringIdentifiers.swift).
//
// Run from the Benchmarks folder:
//   swift package benchmark --target RebuildBenchmarks
// Compare with a saved baseline of another commit:
//   swift package benchmark baseline update <name> --target RebuildBenchmarks   (on that commit)
//   swift package benchmark baseline compare <name> --target RebuildBenchmarks
import Benchmark
import Foundation
import OpenDiffable
import OpenDiffableTesting
import OrderedCollections

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

/// `buildSnapshot` written with the result builder: one `SnapshotSection` per section, its
/// items the same copied array, handed over whole.
@inline(never)
func buildSnapshotWithBuilder<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  Snapshot {
    for (section, items) in sections.enumerated() {
      SnapshotSection(section) { items.map { $0 } }
    }
  }
}

/// The same, the items of each section listed by a `for` loop inside the builder (gathered into
/// one array per section, allocated once).
@inline(never)
func buildSnapshotWithBuilderLoops<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  Snapshot {
    for (section, items) in sections.enumerated() {
      SnapshotSection(section) {
        for item in items { item }
      }
    }
  }
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

/// An identifier type of the app's own: hashed through its `Hashable` conformance (`Hasher`).
struct RowID: Hashable, Sendable {
  var raw: Int
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

/// Builds `count` snapshots from `sections` and keeps them until the measurement stopped, so
/// that what is measured is the building, not the release.
func measureBuilding<Item: Hashable>(
  _ benchmark: Benchmark, _ sections: [[Item]], _ build: ([[Item]]) -> some Any
) {
  var built: [Any] = []
  built.reserveCapacity(benchmark.scaledIterations.count)
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations { built.append(build(sections)) }
  benchmark.stopMeasurement()
  blackHole(built)
}

/// What an apply costs when the app rebuilds: builds a snapshot from `sections` and diffs it
/// against `shown`, once per iteration.
func rebuildAndDiff<Item: Hashable>(_ benchmark: Benchmark, _ sections: [[Item]], against shown: Snapshot<Item>) {
  for _ in benchmark.scaledIterations {
    let rebuilt = buildSnapshot(sections)
    blackHole(SnapshotChangeset(from: shown, to: rebuilt))
  }
}

/// The snapshot a list shows after it was built and applied (diffed against an empty list, then
/// against its own rebuild): a rebuilt snapshot in an app's steady state.
func shownSnapshot<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  let first = buildSnapshot(sections)
  blackHole(SnapshotChangeset(from: Snapshot<Item>(), to: first))
  let shown = buildSnapshot(sections)
  blackHole(SnapshotChangeset(from: first, to: shown))
  return shown
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 15)
  // Every input is made in a `setup` closure: each benchmark runs in its own process, which then
  // holds only its own inputs (so that peak resident memory means something).

  // 1. Building: OpenDiffable against [[Item]] arrays of the same identifiers. The built values
  // are released after the measurement (an applied snapshot costs nothing more to release).
  for sections in [1, 100] {
    Benchmark("build Int 1M ×\(sections): OpenDiffable") {
      benchmark, ints in
      measureBuilding(benchmark, ints, buildSnapshot)
    } setup: {
      layout(count: 1_000_000, sections: sections) { $0 }
    }
    Benchmark("build Int 1M ×\(sections): [[Int]] baseline") {
      benchmark, ints in
      measureBuilding(benchmark, ints, buildArrays)
    } setup: {
      layout(count: 1_000_000, sections: sections) { $0 }
    }
  }
  Benchmark("build UUID 1M ×100: OpenDiffable") { benchmark, uuids in
    measureBuilding(benchmark, uuids, buildSnapshot)
  } setup: {
    layout(count: 1_000_000, sections: 100) { _ in UUID() }
  }
  Benchmark("build UUID 1M ×100: [[UUID]] baseline") {
    benchmark, uuids in
    measureBuilding(benchmark, uuids, buildArrays)
  } setup: {
    layout(count: 1_000_000, sections: 100) { _ in UUID() }
  }
  // Declarative snapshots: the same build through the result builder, to compare with
  // "build Int 1M ×100: OpenDiffable" (the imperative calls) in the same run.
  Benchmark("build Int 1M ×100: result builder, arrays") { benchmark, ints in
    measureBuilding(benchmark, ints, buildSnapshotWithBuilder)
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }
  Benchmark("build Int 1M ×100: result builder, for loops") { benchmark, ints in
    measureBuilding(benchmark, ints, buildSnapshotWithBuilderLoops)
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }
  // What a snapshot that is built and then looked up costs (the index is built by the lookup).
  Benchmark("build Int 1M ×100 + one indexOfItem: OpenDiffable") { benchmark, ints in
    for _ in benchmark.scaledIterations {
      let snapshot = buildSnapshot(ints)
      blackHole(snapshot.indexOfItem(999_999))
    }
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }

  // 2. Rebuild + diff against the snapshot the list shows.
  for sections in [1, 100] {
    Benchmark("rebuild + diff, unchanged Int 1M ×\(sections): OpenDiffable") { benchmark, input in
      rebuildAndDiff(benchmark, input.ints, against: input.shown)
    } setup: { () -> (ints: [[Int]], shown: Snapshot<Int>) in
      let ints = layout(count: 1_000_000, sections: sections) { $0 }
      return (ints, shownSnapshot(ints))
    }
  }

  // A nearly unchanged rebuild: ten new items near the end of one section (a chat's new
  // messages, a feed's newest rows), the index derived from the shown snapshot's.
  for sections in [1, 100] {
    Benchmark("rebuild + diff, 10 items inserted near the end, Int 1M ×\(sections): OpenDiffable") { benchmark, input in
      rebuildAndDiff(benchmark, input.new, against: input.shown)
    } setup: { () -> (new: [[Int]], shown: Snapshot<Int>) in
      let old = layout(count: 1_000_000, sections: sections) { $0 }
      let shown = shownSnapshot(old)
      blackHole(shown.indexOfItem(0))  // the shown snapshot has been looked up (its index built)
      var new = old
      new[new.count - 1].insert(contentsOf: 2_000_000..<2_000_010, at: new[new.count - 1].count - 5)
      return (new, shown)
    }
  }

  for count in [100_000, 1_000_000] {
    for sections in [1, 100] {
      let scale = Benchmark.Configuration(
        metrics: Benchmark.defaultConfiguration.metrics, timeUnits: .microseconds, warmupIterations: 1,
        maxDuration: .seconds(3), maxIterations: count >= 1_000_000 ? 8 : 25)
      Benchmark(
        "rebuild + diff, DifferenceKit scenario Int \(label(count)) ×\(sections): OpenDiffable", configuration: scale
      ) { benchmark, input in
        for _ in benchmark.scaledIterations {
          let rebuilt = buildSnapshot(input.new)
          blackHole(SnapshotChangeset(from: input.shown, to: rebuilt))
        }
      } setup: { () -> (new: [[Int]], shown: Snapshot<Int>) in
        let old = layout(count: count, sections: sections) { $0 }
        let shown = shownSnapshot(old)
        blackHole(shown.indexOfItem(0))  // the shown snapshot has been looked up (its index built)
        return (differenceKitScenario(old, firstFresh: count), shown)
      }
      Benchmark(
        "build DifferenceKit new Int \(label(count)) ×\(sections): [[Int]] baseline", configuration: scale
      ) { benchmark, new in
        for _ in benchmark.scaledIterations { blackHole(buildArrays(new)) }
      } setup: {
        differenceKitScenario(layout(count: count, sections: sections) { $0 }, firstFresh: count)
      }
    }
  }

  // 3. Random lookups: a million indexOfItem calls in random order against Dictionary, for Int
  // and UUID identifiers (which the item table hashes from their bits) and for a struct ID of
  // the app's own (hashed through its `Hashable` conformance, that is `Hasher`).
  func randomLookups<Item: Hashable>(_ name: String, _ make: @escaping @Sendable (Int) -> Item) {
    Benchmark("indexOfItem every item in random order, \(name) 1M ×100: OpenDiffable") { benchmark, input in
      for _ in benchmark.scaledIterations {
        var sum = 0
        for item in input.shuffled { sum &+= input.snapshot.indexOfItem(item)! }
        blackHole(sum)
      }
    } setup: { () -> (snapshot: Snapshot<Item>, shuffled: [Item]) in
      let million = layout(count: 1_000_000, sections: 100, make)
      var generator = SplitMix64(seed: 7)
      let snapshot = buildSnapshot(million)
      blackHole(snapshot.indexOfItem(million[0][0]))
      return (snapshot, Array(million.joined()).shuffled(using: &generator))
    }
    Benchmark("indexOfItem every item in random order, \(name) 1M ×100: Dictionary baseline") { benchmark, input in
      for _ in benchmark.scaledIterations {
        var sum = 0
        for item in input.shuffled { sum &+= input.dictionary[item]! }
        blackHole(sum)
      }
    } setup: { () -> (dictionary: [Item: Int], shuffled: [Item]) in
      let million = layout(count: 1_000_000, sections: 100, make)
      var generator = SplitMix64(seed: 7)
      let dictionary = Dictionary(uniqueKeysWithValues: million.joined().enumerated().map { ($1, $0) })
      return (dictionary, Array(million.joined()).shuffled(using: &generator))
    }
  }
  randomLookups("Int") { $0 }
  randomLookups("RowID struct") { RowID(raw: $0) }
  randomLookups("UUID") { _ in UUID() }

  // 4. Memory held by one value: the growth of the process's resident memory while building it
  // (the value still alive), reported in kB. One sample per run: each benchmark runs in a fresh
  // process, and a second sample in the same process would reuse the pages the first one freed
  // (and report about nothing); repeat the run for more samples.
  let memory = Benchmark.Configuration(
    metrics: [.custom("resident kB added", polarity: .prefersSmaller, useScalingFactor: false), .mallocCountTotal],
    warmupIterations: 0, maxDuration: .seconds(2), maxIterations: 1)
  func heapBytes() -> Int {
    // Resident bytes of the process (/proc/self/statm, second field, in pages).
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
  func measureHeld(_ benchmark: Benchmark, _ make: () -> Any) {
    for _ in benchmark.scaledIterations {
      let before = heapBytes()
      let value = make()
      let after = heapBytes()
      benchmark.measurement(.custom("resident kB added"), (after - before) / 1024)
      // The table shows thousands as "K"; the exact figure, for BENCHMARKS.md.
      FileHandle.standardError.write(Data("\(benchmark.name): \((after - before) / 1024) kB resident added\n".utf8))
      blackHole(value)
    }
  }
  Benchmark("memory: [[Int]] 1M ×100", configuration: memory) { benchmark, ints in
    measureHeld(benchmark) { buildArrays(ints) }
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }
  Benchmark("memory: snapshot Int 1M ×100, no index", configuration: memory) { benchmark, ints in
    measureHeld(benchmark) { buildSnapshot(ints) }
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }
  Benchmark("memory: snapshot Int 1M ×100, index built", configuration: memory) { benchmark, ints in
    measureHeld(benchmark) {
      let snapshot = buildSnapshot(ints)
      blackHole(snapshot.indexOfItem(999_999))
      return snapshot
    }
  } setup: {
    layout(count: 1_000_000, sections: 100) { $0 }
  }

  // Peak of a whole apply, as in the peer comparison (BENCHMARKS.md, scenario A): the shown
  // value, the new one and their difference alive at once, DifferenceKit's scenario on 1M `Int`
  // identifiers in one section (the shown snapshot looked up, so its index is built), against
  // two `OrderedSet`s and `difference(from:)`.
  Benchmark("memory: scenario A Int 1M ×1, two snapshots and their changeset", configuration: memory) {
    benchmark, input in
    measureHeld(benchmark) {
      let shown = buildSnapshot(input.old)
      blackHole(shown.indexOfItem(0))
      let new = buildSnapshot(input.new)
      return (shown, new, SnapshotChangeset(from: shown, to: new))
    }
  } setup: { () -> (old: [[Int]], new: [[Int]]) in
    let old = layout(count: 1_000_000, sections: 1) { $0 }
    return (old, differenceKitScenario(old, firstFresh: 1_000_000))
  }
  Benchmark("memory: scenario A Int 1M, two OrderedSets and their difference", configuration: memory) {
    benchmark, input in
    measureHeld(benchmark) {
      let shown = OrderedSet(input.old[0].map { $0 })
      let new = OrderedSet(input.new[0].map { $0 })
      return (shown, new, new.difference(from: shown))
    }
  } setup: { () -> (old: [[Int]], new: [[Int]]) in
    let old = layout(count: 1_000_000, sections: 1) { $0 }
    return (old, differenceKitScenario(old, firstFresh: 1_000_000))
  }

  // 5. String identifiers (StringIdentifiers.swift): indexed as they are appended, against
  // [[String]], Dictionary<String, Int> and OrderedSet<String> doing the same work.
  stringIdentifierBenchmarks()
}
