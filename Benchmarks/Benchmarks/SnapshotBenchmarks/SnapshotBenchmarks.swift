// Snapshot benchmarks (issue 2): building, querying, deleting and moving, with same-run
// baselines so figures can be quoted as ratios on a noisy shared machine.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target SnapshotBenchmarks
import Benchmark
import Foundation
import OpenDiffable
import OrderedCollections

/// `count` items split evenly over `sections` sections.
struct Layout<Item: Hashable & Sendable>: Sendable {
  let sections: [Int]
  let items: [[Item]]
  var flat: [Item] { items.flatMap { $0 } }

  init(count: Int, sections: Int, make: (Int) -> Item) {
    self.sections = Array(0..<sections)
    let perSection = count / sections
    items = (0..<sections).map { s in (s * perSection..<(s + 1) * perSection).map(make) }
  }

  func build() -> DiffableDataSourceSnapshot<Int, Item> {
    var snapshot = DiffableDataSourceSnapshot<Int, Item>()
    snapshot.appendSections(sections)
    for (section, items) in zip(sections, items) { snapshot.appendItems(items, toSection: section) }
    return snapshot
  }
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(3), maxIterations: 25)

  let uuids = (0..<1_000_000).map { _ in UUID() }

  for count in [10_000, 100_000, 1_000_000] {
    for sections in [1, 100] {
      let ints = Layout(count: count, sections: sections) { $0 }
      let flatInts = ints.flat
      Benchmark("build Int \(label(count)) in \(sections) section(s)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ints.build()) }
      }
      if sections == 1 {
        Benchmark("baseline OrderedSet(Int) \(label(count))") { benchmark in
          for _ in benchmark.scaledIterations { blackHole(OrderedSet(flatInts)) }
        }
      }
      let ids = Layout(count: count, sections: sections) { uuids[$0] }
      Benchmark("build UUID \(label(count)) in \(sections) section(s)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ids.build()) }
      }
    }
    let flatUUIDs = Array(uuids.prefix(count))
    Benchmark("baseline OrderedSet(UUID) \(label(count))") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(OrderedSet(flatUUIDs)) }
    }
  }

  // Queries: every item's flat index, 1M items in 100 sections, against Dictionary lookups.
  let million = Layout(count: 1_000_000, sections: 100) { $0 }
  let millionSnapshot = million.build()
  let millionFlat = million.flat
  Benchmark("indexOfItem every item, Int 1M in 100 sections") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in millionFlat { sum &+= millionSnapshot.indexOfItem(item)! }
      blackHole(sum)
    }
  }
  let dictionary = Dictionary(uniqueKeysWithValues: millionFlat.enumerated().map { ($1, $0) })
  Benchmark("baseline Dictionary lookup every item, Int 1M") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in millionFlat { sum &+= dictionary[item]! }
      blackHole(sum)
    }
  }
  // The same queries in a random order: no locality for the table to exploit.
  var generator = SystemRandomNumberGenerator()
  let shuffled = millionFlat.shuffled(using: &generator)
  Benchmark("indexOfItem every item in random order, Int 1M in 100 sections") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in shuffled { sum &+= millionSnapshot.indexOfItem(item)! }
      blackHole(sum)
    }
  }
  Benchmark("baseline Dictionary lookup every item in random order, Int 1M") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in shuffled { sum &+= dictionary[item]! }
      blackHole(sum)
    }
  }
  Benchmark("sectionIdentifier(containingItem:) every item, Int 1M in 100 sections") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for item in millionFlat { sum &+= millionSnapshot.sectionIdentifier(containingItem: item)! }
      blackHole(sum)
    }
  }
  Benchmark("itemIdentifiers, Int 1M in 100 sections") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(millionSnapshot.itemIdentifiers) }
  }

  // Mutations on a fresh copy (built outside the measurement) of 1M items in 100 sections.
  for (name, stride) in [("10%", 10), ("50%", 2)] {
    let victims = Swift.stride(from: 0, to: 1_000_000, by: stride).map { $0 }
    Benchmark("deleteItems \(name) of Int 1M in 100 sections") { benchmark in
      for _ in benchmark.scaledIterations {
        var snapshot = million.build()
        benchmark.startMeasurement()
        snapshot.deleteItems(victims)
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
    }
  }
  Benchmark("moveItem 1,000 times, Int 1M in 100 sections") { benchmark in
    for _ in benchmark.scaledIterations {
      var snapshot = million.build()
      benchmark.startMeasurement()
      for k in 0..<1000 {
        let item = k * 997 % 1_000_000
        let anchor = (k * 7919 + 13) % 1_000_000
        if item != anchor { snapshot.moveItem(item, afterItem: anchor) }
      }
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
  }
}
