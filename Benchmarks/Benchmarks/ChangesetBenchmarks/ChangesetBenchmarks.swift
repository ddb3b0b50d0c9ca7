import Benchmark
import Foundation
import OpenDiffable
import OpenDiffableTesting
import OrderedCollections

// The diff engine (issue 3) against swift-collections' `OrderedSet.difference(from:)` on the
// flattened items, measured in the same run, and against the standard library's
// `difference(from:).inferringMoves()` at 10k. Inputs are built in `setup` (not timed); each
// timed iteration computes one `SnapshotChangeset` (or one baseline difference) from prebuilt
// snapshots (or prebuilt ordered sets), so both sides start from hashed structures.
//
// Run from the Benchmarks folder: swift package benchmark --target ChangesetBenchmarks

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocBytesCount, .mallocCountTotal],
    warmupIterations: 1,
    maxDuration: .seconds(2),
    maxIterations: 15
  )

  for count in [10_000, 100_000, 1_000_000] {
    for sections in [1, 100] {
      registerScenario(.differenceKit, Int.self, count: count, sections: sections)
      registerScenario(.differenceKit, UUID.self, count: count, sections: sections)
    }
  }
  for count in [100_000, 1_000_000] {
    registerScenario(.noChangeShared, Int.self, count: count, sections: 1)
    registerScenario(.noChangeCopied, Int.self, count: count, sections: 1)
  }
  for scenario in [Scenario.append, .reverse, .replace] {
    registerScenario(scenario, Int.self, count: 100_000, sections: 1)
  }
}

/// The edits benchmarked.
enum Scenario: String, Sendable {
  /// DifferenceKit's published scenario, scaled: delete the items at 40%..<60%, insert 20% new
  /// items at 60%..<80% of the result, shuffle the first 4%. Applied inside every section.
  case differenceKit = "delete 20%, insert 20%, shuffle first 4%"
  /// The same snapshot value (item arrays share storage).
  case noChangeShared = "no change (shared arrays)"
  /// An equal snapshot built separately (item arrays compared element by element).
  case noChangeCopied = "no change (separate arrays)"
  /// 10% new items appended.
  case append = "append 10%"
  /// Every section's items reversed.
  case reverse = "reverse"
  /// Every item replaced by a new one.
  case replace = "full replacement"
}

/// Identifiers the benchmark can mint.
protocol BenchmarkIdentifier: Hashable, Sendable {
  static var typeName: String { get }
  static func make(_ serial: Int) -> Self
}

extension Int: BenchmarkIdentifier {
  static var typeName: String { "Int" }
  static func make(_ serial: Int) -> Int { serial }
}

extension UUID: BenchmarkIdentifier {
  static var typeName: String { "UUID" }
  static func make(_ serial: Int) -> UUID {
    // Deterministic, well-spread UUIDs (the serial in both halves, mixed).
    var mixed = UInt64(truncatingIfNeeded: serial) &* 0x9E37_79B9_7F4A_7C15
    mixed ^= mixed >> 29
    let high = mixed
    let low = UInt64(truncatingIfNeeded: serial)
    return UUID(
      uuid: (
        UInt8(truncatingIfNeeded: high >> 56), UInt8(truncatingIfNeeded: high >> 48),
        UInt8(truncatingIfNeeded: high >> 40), UInt8(truncatingIfNeeded: high >> 32),
        UInt8(truncatingIfNeeded: high >> 24), UInt8(truncatingIfNeeded: high >> 16),
        UInt8(truncatingIfNeeded: high >> 8), UInt8(truncatingIfNeeded: high),
        UInt8(truncatingIfNeeded: low >> 56), UInt8(truncatingIfNeeded: low >> 48),
        UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 32),
        UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 16),
        UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low)
      ))
  }
}

/// Old and new item arrays per section for `scenario`.
func makeSections<ID: BenchmarkIdentifier>(
  _ scenario: Scenario, _: ID.Type, count: Int, sections: Int
) -> (old: [[ID]], new: [[ID]]) {
  var serial = 0
  func fresh(_ n: Int) -> [ID] {
    defer { serial += n }
    return (serial..<serial + n).map(ID.make)
  }
  var random = SplitMix64(seed: 42)
  let perSection = count / sections
  var old: [[ID]] = []
  var new: [[ID]] = []
  for _ in 0..<sections {
    let items = fresh(perSection)
    old.append(items)
    let n = items.count
    switch scenario {
    case .differenceKit:
      let kept = Array(items[0..<n * 2 / 5]) + Array(items[n * 3 / 5..<n])
      var result = Array(kept[0..<n * 3 / 5]) + fresh(n / 5) + Array(kept[n * 3 / 5..<kept.count])
      result[0..<n / 25].shuffle(using: &random)
      new.append(result)
    case .noChangeShared: new.append(items)
    case .noChangeCopied: new.append(items.map { $0 })  // equal, in new storage
    case .append: new.append(items + fresh(n / 10))
    case .reverse: new.append(items.reversed())
    case .replace: new.append(fresh(n))
    }
  }
  return (old, new)
}

func makeSnapshot<ID: BenchmarkIdentifier>(_ sections: [[ID]]) -> DiffableDataSourceSnapshot<Int, ID> {
  var snapshot = DiffableDataSourceSnapshot<Int, ID>()
  snapshot.appendSections(Array(sections.indices))
  for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
  return snapshot
}

func label(_ count: Int) -> String {
  count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
}

func registerScenario<ID: BenchmarkIdentifier>(_ scenario: Scenario, _ type: ID.Type, count: Int, sections: Int) {
  let name = "\(ID.typeName) \(label(count)) ×\(sections) section\(sections == 1 ? "" : "s"): \(scenario.rawValue)"
  let scale = Benchmark.Configuration(
    metrics: Benchmark.defaultConfiguration.metrics, warmupIterations: 1,
    maxDuration: .seconds(1), maxIterations: count >= 1_000_000 ? 3 : 10)

  Benchmark("SnapshotChangeset \(name)", configuration: scale) { benchmark, input in
    for _ in benchmark.scaledIterations {
      blackHole(SnapshotChangeset(from: input.old, to: input.new))
    }
  } setup: { () -> (old: DiffableDataSourceSnapshot<Int, ID>, new: DiffableDataSourceSnapshot<Int, ID>) in
    let (old, new) = makeSections(scenario, ID.self, count: count, sections: sections)
    let oldSnapshot = makeSnapshot(old)
    return (oldSnapshot, scenario == .noChangeShared ? oldSnapshot : makeSnapshot(new))
  }

  Benchmark("OrderedSet.difference \(name)", configuration: scale) { benchmark, input in
    for _ in benchmark.scaledIterations {
      blackHole(input.new.difference(from: input.old))
    }
  } setup: { () -> (old: OrderedSet<ID>, new: OrderedSet<ID>) in
    let (old, new) = makeSections(scenario, ID.self, count: count, sections: sections)
    return (OrderedSet(old.joined()), OrderedSet(new.joined()))
  }

  if count == 10_000 && scenario == .differenceKit {
    Benchmark("Array.difference.inferringMoves \(name)", configuration: scale) { benchmark, input in
      for _ in benchmark.scaledIterations {
        blackHole(input.new.difference(from: input.old).inferringMoves())
      }
    } setup: { () -> (old: [ID], new: [ID]) in
      let (old, new) = makeSections(scenario, ID.self, count: count, sections: sections)
      return (Array(old.joined()), Array(new.joined()))
    }
  }
}
