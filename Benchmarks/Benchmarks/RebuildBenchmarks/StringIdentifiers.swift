// String identifiers: a `String` may hold a reference, so a snapshot of strings is indexed as
// its items are appended (one `Hasher` pass per identifier), where integer and `UUID`
// identifiers defer their index. Same-run baselines doing the same work on the same strings:
// `[[String]]` arrays (the floor: copying only), `Dictionary<String, Int>` (each identifier
// hashed and stored with its position, a repeat stops) and swift-collections' `OrderedSet<String>`
// (ordered elements plus a hash table, a repeat stops): the snapshot keeps both an ordered copy
// and an index, so it does the arrays' work and the hashed structure's.
//
// Run from the Benchmarks folder:
//   swift package benchmark --target RebuildBenchmarks --filter ".*String.*"
import Benchmark
import OpenDiffable
import OrderedCollections

/// 1M strings "item-0" … "item-999999" (at most 11 UTF-8 bytes: small strings, stored inline,
/// no heap allocation), split evenly over `sections` sections. Made in `setup`, never measured.
func stringLayout(sections: Int) -> [[String]] {
  layout(count: 1_000_000, sections: sections) { "item-\($0)" }
}

/// The identifiers in a `Dictionary` from identifier to list position, sized up front; a repeat
/// stops, as in a snapshot.
@inline(never)
func buildDictionary<Item: Hashable>(_ sections: [[Item]]) -> [Item: Int] {
  var result: [Item: Int] = [:]
  result.reserveCapacity(sections.reduce(0) { $0 + $1.count })
  var position = 0
  for items in sections {
    for item in items {
      if result.updateValue(position, forKey: item) != nil { fatalError("repeated identifier \(item)") }
      position += 1
    }
  }
  return result
}

/// The identifiers in one `OrderedSet`, in list order, sized up front; a repeat stops, as in a
/// snapshot.
@inline(never)
func buildOrderedSet<Item: Hashable>(_ sections: [[Item]]) -> OrderedSet<Item> {
  var result = OrderedSet<Item>(minimumCapacity: sections.reduce(0) { $0 + $1.count })
  for items in sections {
    for item in items where !result.append(item).inserted { fatalError("repeated identifier \(item)") }
  }
  return result
}

/// The rebuild-and-compare loop of a baseline: builds a value from `sections` and checks it equals
/// `shown` (an equal value built separately, as the shown snapshot is), once per iteration.
func rebuildAndCompare<Item, Value: Equatable>(
  _ benchmark: Benchmark, _ sections: [[Item]], against shown: Value, _ build: ([[Item]]) -> Value
) {
  for _ in benchmark.scaledIterations {
    let rebuilt = build(sections)
    if rebuilt != shown { fatalError("an unchanged rebuild compared unequal") }
  }
}

func stringIdentifierBenchmarks() {
  // Building, as for Int above: the built values are kept until the measurement stopped.
  for sections in [1, 100] {
    let name = "build String 1M ×\(sections)"
    Benchmark("\(name): OpenDiffable") { benchmark, strings in
      measureBuilding(benchmark, strings, buildSnapshot)
    } setup: {
      stringLayout(sections: sections)
    }
    Benchmark("\(name): [[String]] baseline") { benchmark, strings in
      measureBuilding(benchmark, strings, buildArrays)
    } setup: {
      stringLayout(sections: sections)
    }
    Benchmark("\(name): Dictionary<String, Int> baseline") { benchmark, strings in
      measureBuilding(benchmark, strings, buildDictionary)
    } setup: {
      stringLayout(sections: sections)
    }
    Benchmark("\(name): OrderedSet<String> baseline") { benchmark, strings in
      measureBuilding(benchmark, strings, buildOrderedSet)
    } setup: {
      stringLayout(sections: sections)
    }
  }

  // Rebuild + diff, unchanged: the snapshot is rebuilt from the same strings and diffed against
  // the one the list shows (built separately, applied). The baselines rebuild their value and
  // compare it with `==` to one built separately: arrays compare element by element, `OrderedSet`
  // compares its elements in order, `Dictionary` looks every key up in the other (a second hash).
  for sections in [1, 100] {
    let name = "rebuild + diff, unchanged String 1M ×\(sections)"
    Benchmark("\(name): OpenDiffable") { benchmark, input in
      rebuildAndDiff(benchmark, input.strings, against: input.shown)
    } setup: { () -> (strings: [[String]], shown: Snapshot<String>) in
      let strings = stringLayout(sections: sections)
      return (strings, shownSnapshot(strings))
    }
    Benchmark("\(name): [[String]] baseline") { benchmark, input in
      rebuildAndCompare(benchmark, input.strings, against: input.shown, buildArrays)
    } setup: { () -> (strings: [[String]], shown: [[String]]) in
      let strings = stringLayout(sections: sections)
      return (strings, buildArrays(strings))
    }
    Benchmark("\(name): Dictionary<String, Int> baseline") { benchmark, input in
      rebuildAndCompare(benchmark, input.strings, against: input.shown, buildDictionary)
    } setup: { () -> (strings: [[String]], shown: [String: Int]) in
      let strings = stringLayout(sections: sections)
      return (strings, buildDictionary(strings))
    }
    Benchmark("\(name): OrderedSet<String> baseline") { benchmark, input in
      rebuildAndCompare(benchmark, input.strings, against: input.shown, buildOrderedSet)
    } setup: { () -> (strings: [[String]], shown: OrderedSet<String>) in
      let strings = stringLayout(sections: sections)
      return (strings, buildOrderedSet(strings))
    }
  }
}
