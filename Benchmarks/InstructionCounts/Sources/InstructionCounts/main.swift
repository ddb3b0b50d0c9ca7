// Runs one case's work once to warm up, then once inside `counted_call`, the only function
// callgrind collects (`--toggle-collect=counted_call`). The inputs are made before, and the
// built values released after, outside the count; a rebuild's value is released inside it, as in
// RebuildBenchmarks. Usage: InstructionCounts <case>; with no argument, lists the cases.
import Foundation
import OpenDiffable
import OrderedCollections

typealias Snapshot<Item: Hashable> = DiffableDataSourceSnapshot<Int, Item>

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// As RebuildBenchmarks' `buildSnapshot`: each section's identifiers copied (`map`), appended.
@inline(never) func buildSnapshot<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  var snapshot = Snapshot<Item>()
  snapshot.appendSections(Array(sections.indices))
  for (section, items) in sections.enumerated() { snapshot.appendItems(items.map { $0 }, toSection: section) }
  return snapshot
}

/// `buildSnapshot` through the result builder (as RebuildBenchmarks): each section's copied array
/// handed over whole.
@inline(never) func buildSnapshotWithBuilder<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  Snapshot {
    for (section, items) in sections.enumerated() {
      SnapshotSection(section) { items.map { $0 } }
    }
  }
}

/// The same with each item listed by a `for` loop inside the builder.
@inline(never) func buildSnapshotWithBuilderLoops<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  Snapshot {
    for (section, items) in sections.enumerated() {
      SnapshotSection(section) {
        for item in items { item }
      }
    }
  }
}

@inline(never) func buildArrays<Item: Hashable>(_ sections: [[Item]]) -> [[Item]] {
  var result: [[Item]] = []
  result.reserveCapacity(sections.count)
  for items in sections { result.append(items.map { $0 }) }
  return result
}

@inline(never) func buildDictionary<Item: Hashable>(_ sections: [[Item]]) -> [Item: Int] {
  var result: [Item: Int] = [:]
  result.reserveCapacity(sections.reduce(0) { $0 + $1.count })
  var position = 0
  for items in sections {
    for item in items {
      if result.updateValue(position, forKey: item) != nil { fatalError("repeated identifier") }
      position += 1
    }
  }
  return result
}

@inline(never) func buildOrderedSet<Item: Hashable>(_ sections: [[Item]]) -> OrderedSet<Item> {
  var result = OrderedSet<Item>(minimumCapacity: sections.reduce(0) { $0 + $1.count })
  for items in sections {
    for item in items where !result.append(item).inserted { fatalError("repeated identifier") }
  }
  return result
}

/// The number of items of the item cases: 1,000,000, or the environment's `ITEM_COUNT`
/// (chart.sh measures several).
let itemCount = ProcessInfo.processInfo.environment["ITEM_COUNT"].flatMap { Int($0) } ?? 1_000_000

func layout<Item>(sections: Int, _ make: (Int) -> Item) -> [[Item]] {
  let perSection = itemCount / sections
  return (0..<sections).map { s in (s * perSection..<(s + 1) * perSection).map(make) }
}

/// The snapshot a list shows: built, applied to an empty list, rebuilt and applied again.
func shownSnapshot<Item: Hashable>(_ sections: [[Item]]) -> Snapshot<Item> {
  let first = buildSnapshot(sections)
  blackHole(SnapshotChangeset(from: Snapshot<Item>(), to: first))
  let shown = buildSnapshot(sections)
  blackHole(SnapshotChangeset(from: first, to: shown))
  return shown
}

/// An identifier type of the app's own, hashed through its `Hashable` conformance (`Hasher`), as
/// RebuildBenchmarks' `RowID`.
struct RowID: Hashable {
  var raw: Int
}

/// `RowID` declared self-contained: the snapshot checks it later, as integers.
struct DeclaredRowID: Hashable, SelfContainedIdentifier {
  var raw: Int
}

/// The identifiers the lookup cases look up: every tenth, in order or in a fixed shuffle (the
/// same on every run).
func lookupProbes<Item>(_ input: [[Item]], shuffled: Bool) -> [Item] {
  let flat = input.flatMap { $0 }
  var probes = stride(from: 0, to: flat.count, by: 10).map { flat[$0] }
  if shuffled {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in probes.indices.reversed() {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      probes.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
    }
  }
  return probes
}

nonisolated(unsafe) var work: () -> Any = { 0 }
nonisolated(unsafe) var kept: [Any] = []

// The symbol callgrind is told to collect under (a plain name, not a mangled one).
@_silgen_name("counted_call") @inline(never) func countedCall() { kept.append(work()) }
@inline(never) func warmUp() { blackHole(work()) }

func cases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  func add<Item: Hashable>(_ type: String, _ make: @escaping (Int) -> Item) {
    for sections in [1, 100] {
      cases["build-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildSnapshot(input) }
      }
      cases["rebuild-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let shown = shownSnapshot(input)
        return {
          let rebuilt = buildSnapshot(input)
          return SnapshotChangeset(from: shown, to: rebuilt)
        }
      }
      // Built, then looked up once: the lookup builds a deferred index.
      cases["build-lookup-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let last = input[sections - 1][input[sections - 1].count - 1]
        return {
          let snapshot = buildSnapshot(input)
          blackHole(snapshot.indexOfItem(last))
          return snapshot
        }
      }
      // Ten new items near the end of the last section, as RebuildBenchmarks' "10 items inserted
      // near the end"; the shown snapshot has been looked up (its index built).
      cases["rebuild-insert10-\(type)-\(sections)"] = {
        let old = layout(sections: sections, make)
        let shown = shownSnapshot(old)
        blackHole(shown.indexOfItem(old[0][0]))
        var new = old
        let inserted = (2 * itemCount..<2 * itemCount + 10).map(make)
        new[sections - 1].insert(contentsOf: inserted, at: new[sections - 1].count - 5)
        return {
          let rebuilt = buildSnapshot(new)
          return SnapshotChangeset(from: shown, to: rebuilt)
        }
      }
      // Lookups in an indexed snapshot (built, applied, looked up once, outside the count):
      // `indexOfItem` of 100k identifiers, every tenth in order, and the same in a fixed shuffle.
      for order in ["inorder", "random"] {
        cases["lookup-\(order)-\(type)-\(sections)"] = {
          let input = layout(sections: sections, make)
          let shown = shownSnapshot(input)
          blackHole(shown.indexOfItem(input[0][0]))
          let probes = lookupProbes(input, shuffled: order == "random")
          return {
            var sum = 0
            for item in probes { sum &+= shown.indexOfItem(item)! }
            return sum
          }
        }
      }
      // `itemIdentifier(for:)` at 100k index paths (every tenth item, in order), as a data
      // source asks for each cell, on the shown snapshot (its sections checked by the diff).
      cases["indexpath-item-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let shown = shownSnapshot(input)
        var paths: [IndexPath] = []
        for (section, items) in input.enumerated() {
          for item in stride(from: 0, to: items.count, by: 10) { paths.append(IndexPath(item: item, section: section)) }
        }
        return {
          var found = 0
          for path in paths where shown.itemIdentifier(for: path) != nil { found &+= 1 }
          return found
        }
      }
      // The baseline of `lookup-random-…`: the same probes in a `Dictionary` from identifier to
      // position.
      cases["lookup-random-dictionary-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let table = buildDictionary(input)
        let probes = lookupProbes(input, shuffled: true)
        return {
          var sum = 0
          for item in probes { sum &+= table[item]! }
          return sum
        }
      }
      cases["builder-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildSnapshotWithBuilder(input) }
      }
      cases["builder-for-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildSnapshotWithBuilderLoops(input) }
      }
      cases["arrays-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildArrays(input) }
      }
      cases["dictionary-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildDictionary(input) }
      }
      cases["orderedset-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        return { buildOrderedSet(input) }
      }
      cases["rebuild-arrays-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let shown = buildArrays(input)
        return { buildArrays(input) == shown }
      }
      cases["rebuild-dictionary-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let shown = buildDictionary(input)
        return { buildDictionary(input) == shown }
      }
      cases["rebuild-orderedset-\(type)-\(sections)"] = {
        let input = layout(sections: sections, make)
        let shown = buildOrderedSet(input)
        return { buildOrderedSet(input) == shown }
      }
    }
  }
  add("int") { $0 }
  add("string") { "item-\($0)" }
  add("rowid") { RowID(raw: $0) }
  add("rowid-declared") { DeclaredRowID(raw: $0) }
  // Section tables: 100k sections appended in one call, one at a time, and each looked up once.
  func addSections<Section: Hashable>(_ type: String, _ make: @escaping (Int) -> Section) {
    let count = 100_000
    cases["sections-append-\(type)"] = {
      let sections = (0..<count).map(make)
      return {
        var snapshot = DiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections(sections)
        return snapshot
      }
    }
    cases["sections-append-each-\(type)"] = {
      let sections = (0..<count).map(make)
      return {
        var snapshot = DiffableDataSourceSnapshot<Section, Int>()
        for section in sections { snapshot.appendSections([section]) }
        return snapshot
      }
    }
    // Each of the 100k sections given one item by its own `appendItems` call, the snapshot read
    // once (its index built) and released inside the count: building in many sections in full,
    // the recorded calls' release included.
    cases["sections-build-release-\(type)"] = {
      let sections = (0..<count).map(make)
      return {
        var snapshot = DiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections(sections)
        for (offset, section) in sections.enumerated() { snapshot.appendItems([offset], toSection: section) }
        return snapshot.indexOfItem(0) ?? -1
      }
    }
    cases["sections-lookup-\(type)"] = {
      let sections = (0..<count).map(make)
      var snapshot = DiffableDataSourceSnapshot<Section, Int>()
      snapshot.appendSections(sections)
      return {
        var total = 0
        for section in sections { total &+= snapshot.indexOfSection(section) ?? 0 }
        return total
      }
    }
    // 1,000 moves (each looks up two sections in code that is not inlined into the caller).
    cases["sections-move-\(type)"] = {
      let sections = (0..<count).map(make)
      var snapshot = DiffableDataSourceSnapshot<Section, Int>()
      snapshot.appendSections(sections)
      return {
        var moved = snapshot
        for step in 0..<1_000 { moved.moveSection(sections[step * 97], afterSection: sections[count - 1 - step]) }
        return moved
      }
    }
    // 10,000 of the 100k sections (every tenth, a different tenth each call) deleted in one
    // call from a uniquely held snapshot; the same identifiers subtracted from an `OrderedSet`.
    func deletingTenths<Value>(
      _ build: @escaping ([Section]) -> Value, _ delete: @escaping (inout Value, [Section]) -> Void
    ) -> () -> () -> Any {
      {
        let sections = (0..<count).map(make)
        let victims = (0..<10).map { tenth in stride(from: tenth, to: count, by: 10).map { sections[$0] } }
        let box = Box(build(sections))
        let call = Box(0)
        return {
          delete(&box.value, victims[call.value % 10])
          call.value += 1
          return 0
        }
      }
    }
    cases["sections-delete-many-\(type)"] = deletingTenths({ sections in
      var snapshot = DiffableDataSourceSnapshot<Section, Int>()
      snapshot.appendSections(sections)
      return snapshot
    }) { $0.deleteSections($1) }
    cases["orderedset-sections-delete-many-\(type)"] = deletingTenths({ OrderedSet($0) }) { $0.subtract($1) }
    cases["sections-dictionary-\(type)"] = {
      let sections = (0..<count).map(make)
      return {
        var table: [Section: Int] = [:]
        for (position, section) in sections.enumerated() { table[section] = position }
        var total = 0
        for section in sections { total &+= table[section] ?? 0 }
        return total
      }
    }
  }
  addSections("int") { $0 }
  addSections("string") { "section-\($0)" }
  add("uuid", UUID.make)
  return cases
}

/// One item inserted, deleted or moved at the front, the middle or the end of a uniquely held
/// section of 1M or 2M `Int` items (MutationBenchmarks' "at the" cases, issue 27), and the same
/// with swift-collections' `OrderedSet`. The value is built, indexed and made this case's own
/// outside the count; the warm-up call makes the first change, the counted call the next one.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

nonisolated(unsafe) var sharedBases: [Int: Snapshot<Int>] = [:]
func sharedBase(_ count: Int) -> Snapshot<Int> {
  if let base = sharedBases[count] { return base }
  var base = Snapshot<Int>()
  base.appendSections([0])
  base.appendItems(Array(0..<count))
  _ = base.indexOfItem(0)
  sharedBases[count] = base
  return base
}

/// The work of the `bench-insert-*` cases: each call inserts a new item (-11, -12, …) before
/// `anchor` in the snapshot, which the closure holds uniquely.
func insertingNewItems(into snapshot: Snapshot<Int>, before anchor: Int) -> () -> Any {
  let box = Box(snapshot)
  let item = Box(-10)
  return {
    item.value -= 1
    box.value.insertItems([item.value], beforeItem: anchor)
    return 0
  }
}

nonisolated(unsafe) var sharedSets: [Int: OrderedSet<Int>] = [:]
func sharedSet(_ count: Int) -> OrderedSet<Int> {
  if let set = sharedSets[count] { return set }
  let set = OrderedSet(0..<count)
  sharedSets[count] = set
  return set
}

nonisolated(unsafe) var sharedRoomySets: [Int: OrderedSet<Int>] = [:]

/// One `roomySections(count)`, built once and shared (the `sbench-orderedset-*` baselines).
func sharedRoomySections(_ count: Int) -> OrderedSet<Int> {
  if let set = sharedRoomySets[count] { return set }
  let set = roomySections(count)
  sharedRoomySets[count] = set
  return set
}

nonisolated(unsafe) var sharedModels: [Int: SectionsModel] = [:]

/// One `SectionsModel` of `count` sections, built once and shared (as `sharedSet(_:)`).
func sharedModel(_ count: Int) -> SectionsModel {
  if let model = sharedModels[count] { return model }
  let model = SectionsModel(count: count)
  sharedModels[count] = model
  return model
}

func itemOperationCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  for count in [1_000_000, 2_000_000] {
    let label = "\(count / 1_000_000)M"
    for (place, offset) in [("front", 0), ("middle", count / 2), ("end", count - 1)] {
      let next = offset == count - 1 ? offset - 1 : offset + 1
      func snapshot() -> Box<Snapshot<Int>> {
        var snapshot = Snapshot<Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<count))
        blackHole(snapshot.indexOfItem(0))
        snapshot.insertItems([-6], beforeItem: next)
        return Box(snapshot)
      }
      func set() -> Box<OrderedSet<Int>> {
        var set = OrderedSet(0..<count)
        set.insert(-6, at: 1)
        return Box(set)
      }
      // As MutationBenchmarks does it: one indexed snapshot shared by every sample, copied, and
      // the copy made this sample's own by an insertion next to the place.
      cases["bench-insert-\(place)-\(label)"] = {
        let base = sharedBase(count)
        var snapshot = base
        snapshot.deleteItems([-5])
        snapshot.insertItems([-6], beforeItem: next)
        return insertingNewItems(into: snapshot, before: offset)
      }
      // The same first call after a copy, with the code it runs (`warmcode`: the same insertion in
      // a small snapshot of its own) or the data it reads (`warmdata`: the anchor looked up in the
      // copy) touched again after the copy: which of the two the first call waits for. `warmother`
      // runs other code instead: a three-item snapshot appended to, with no index and no insertion.
      for warm in ["warmcode", "warmdata", "warmother"] {
        cases["bench-insert-\(place)-\(label)-\(warm)"] = {
          var snapshot = sharedBase(count)
          snapshot.deleteItems([-5])
          snapshot.insertItems([-6], beforeItem: next)
          if warm == "warmcode" {
            var small = Snapshot<Int>()
            small.appendSections([0])
            small.appendItems(Array(0..<1_000))
            blackHole(small.indexOfItem(0))
            small.insertItems([-7], beforeItem: 999)
            small.insertItems([-8], beforeItem: 999)
            blackHole(small)
          } else if warm == "warmother" {
            var small = Snapshot<Int>()
            small.appendSections([0])
            small.appendItems([1, 2, 3])
            blackHole(small)
          } else {
            blackHole(snapshot.indexOfItem(offset))
            blackHole(snapshot.numberOfItems(inSection: 0))
          }
          return insertingNewItems(into: snapshot, before: offset)
        }
      }
      // The same first call after a copy, of a snapshot whose array has one element of room
      // (an app's array of that capacity, adopted by `appendItems`): the copy made by the
      // insertion before must leave room, or this call copies the whole section again.
      // The copy's array comes from the heap, as after an app released a large value: glibc then
      // keeps large blocks (up to 32 MiB) on the heap, sized as asked, instead of mapping them in
      // whole pages (which left room for a few hundred more `Int`s).
      cases["bench-insert-\(place)-\(label)-tight"] = {
        blackHole(Array(repeating: 1, count: 3_000_000))  // 24 MB, mapped, released
        var items = Array(0..<count)
        while items.count < items.capacity { items.append(items.count) }
        items.removeLast()
        let (anchor, before) = place == "end" ? (items.count - 1, items.count - 2) : (offset, next)
        var base = Snapshot<Int>()
        base.appendSections([0])
        base.appendItems(items)
        blackHole(base.indexOfItem(0))
        var snapshot = base
        snapshot.insertItems([-6], beforeItem: before)
        return insertingNewItems(into: snapshot, before: anchor)
      }
      cases["bench-delete-\(place)-\(label)"] = {
        var snapshot = sharedBase(count)
        snapshot.insertItems([-6], beforeItem: next)
        let box = Box(snapshot)
        return {
          box.value.deleteItems([offset])
          return 0
        }
      }
      cases["bench-move-\(place)-\(label)"] = {
        var snapshot = sharedBase(count)
        snapshot.insertItems([-6], beforeItem: next)
        let box = Box(snapshot)
        return {
          box.value.moveItem(min(offset, next), afterItem: max(offset, next))
          return 0
        }
      }
      // MutationBenchmarks' "100 calls at the end" for moves: 100 moves on one copy, alternating.
      cases["bench-move100-\(place)-\(label)"] = {
        var snapshot = sharedBase(count)
        snapshot.insertItems([-6], beforeItem: next)
        let box = Box(snapshot)
        return {
          for call in 0..<100 {
            if call % 2 == 0 {
              box.value.moveItem(min(offset, next), afterItem: max(offset, next))
            } else {
              box.value.moveItem(max(offset, next), afterItem: min(offset, next))
            }
          }
          return 0
        }
      }
      // MutationBenchmarks' `OrderedSet` baselines: one set shared by every sample, copied by an
      // insertion near the front.
      cases["bench-orderedset-insert-\(place)-\(label)"] = {
        var set = sharedSet(count)
        set.insert(-6, at: 1)
        let at = set.firstIndex(of: offset)!
        let box = Box(set)
        return {
          box.value.insert(-10, at: at)
          return 0
        }
      }
      cases["bench-orderedset-remove-\(place)-\(label)"] = {
        var set = sharedSet(count)
        set.insert(-6, at: 1)
        let at = offset == count - 1 ? set.count - 1 : set.firstIndex(of: offset)!
        let box = Box(set)
        return { box.value.remove(at: at) }
      }
      cases["bench-orderedset-move-\(place)-\(label)"] = {
        var set = sharedSet(count)
        set.insert(-6, at: 1)
        let at = min(set.firstIndex(of: offset)!, set.firstIndex(of: next)!)
        let box = Box(set)
        return {
          box.value.insert(box.value.remove(at: at), at: at + 1)
          return 0
        }
      }
      // The copy-on-write copy included: one call on a copy of the shared value, as an app
      // changes `dataSource.snapshot()` (MutationBenchmarks' "copy included" cases).
      cases["copy-delete-\(place)-\(label)"] = {
        let base = sharedBase(count)
        return {
          var snapshot = base
          snapshot.deleteItems([offset])
          return snapshot
        }
      }
      cases["copy-orderedset-remove-\(place)-\(label)"] = {
        let base = sharedSet(count)
        let at = base.firstIndex(of: offset)!
        return {
          var set = base
          set.remove(at: at)
          return set
        }
      }
      cases["item-insert-\(place)-\(label)"] = {
        let box = snapshot()
        let item = Box(-10)
        return {
          item.value -= 1
          box.value.insertItems([item.value], beforeItem: offset)
          return 0
        }
      }
      cases["item-delete-\(place)-\(label)"] = {
        let box = snapshot()
        let step = Box(0)
        return {
          box.value.deleteItems([offset == count - 1 ? offset - step.value : offset + step.value])
          step.value += 1
          return 0
        }
      }
      cases["item-move-\(place)-\(label)"] = {
        let box = snapshot()
        let step = Box(0)
        return {
          if step.value % 2 == 0 {
            box.value.moveItem(min(offset, next), afterItem: max(offset, next))
          } else {
            box.value.moveItem(max(offset, next), afterItem: min(offset, next))
          }
          step.value += 1
          return 0
        }
      }
      cases["orderedset-insert-\(place)-\(label)"] = {
        let box = set()
        let at = box.value.firstIndex(of: offset)!
        let item = Box(-10)
        return {
          item.value -= 1
          box.value.insert(item.value, at: at)
          return 0
        }
      }
      cases["orderedset-remove-\(place)-\(label)"] = {
        let box = set()
        let at = box.value.firstIndex(of: offset)!
        return { box.value.remove(at: offset == count - 1 ? box.value.count - 1 : at) }
      }
      cases["orderedset-move-\(place)-\(label)"] = {
        let box = set()
        let at = min(box.value.firstIndex(of: offset)!, box.value.firstIndex(of: next)!)
        return {
          box.value.insert(box.value.remove(at: at), at: at + 1)
          return 0
        }
      }
    }
  }
  // One item inserted into a 10k-item section whose array the snapshot adopted from the caller
  // (the caller keeps its array): the warm-up makes the first insertion (which copies the
  // shared array), the counted call the second (`-second`) or, after two more outside the
  // count, the fourth (`-fourth`). An insertion after the first pays only its own work.
  for (label, before) in [("second", 0), ("fourth", 2)] {
    cases["adopted-insert-\(label)-10k"] = {
      let items = Array(0..<10_000)
      var snapshot = Snapshot<Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(items)
      _ = snapshot.indexOfItem(0)
      let box = Box(snapshot)
      let item = Box(-10)
      let keep = Box(items)
      for _ in 0..<before {
        item.value -= 1
        box.value.insertItems([item.value], beforeItem: 9_990)
      }
      return {
        item.value -= 1
        box.value.insertItems([item.value], beforeItem: 9_990)
        return keep.value.count
      }
    }
  }
  return cases
}

/// One section inserted, deleted or moved at the front, the middle or the end of a uniquely held
/// snapshot of 1k, 100k or 1M sections of 10 `Int` items each (index built), and the same with
/// an `OrderedSet` of the section identifiers, each place found by identifier as the snapshot
/// finds it (`firstIndex(of:)`). The warm-up call makes the first change, the counted call the
/// next one at the same place:
/// - `insert`: a new section before the first, before the middle one, after the last;
/// - `delete`: the first, the middle, the last section (the baseline also removes its ten items
///   from a `Dictionary`);
/// - `move`: the first after the second, the middle after the next, the last before the one
///   before it (back and forth); `move-firsttolast`: the first after the last;
///   `move-lasttofirst`: the last before the first.
func sectionPositionCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  for (label, count) in [("1k", 1_000), ("100k", 100_000), ("1M", 1_000_000)] {
    func snapshot() -> Box<Snapshot<Int>> {
      var snapshot = Snapshot<Int>()
      snapshot.appendSections(Array(0..<count))
      for section in 0..<count {
        snapshot.appendItems(Array(section * 10..<section * 10 + 10), toSection: section)
      }
      blackHole(snapshot.indexOfItem(0))
      return Box(snapshot)
    }
    func set() -> Box<OrderedSet<Int>> { Box(OrderedSet(0..<count)) }
    for place in ["front", "middle", "end"] {
      cases["section-insert-\(place)-\(label)"] = {
        let box = snapshot()
        let state = Box((next: -1, anchor: place == "front" ? 0 : place == "end" ? count - 1 : count / 2))
        return {
          let new = state.value.next
          state.value.next -= 1
          switch place {
          case "front":
            box.value.insertSections([new], beforeSection: state.value.anchor)
            state.value.anchor = new
          case "end":
            box.value.insertSections([new], afterSection: state.value.anchor)
            state.value.anchor = new
          default: box.value.insertSections([new], beforeSection: state.value.anchor)
          }
          return 0
        }
      }
      cases["orderedset-section-insert-\(place)-\(label)"] = {
        let box = set()
        let state = Box((next: -1, anchor: place == "front" ? 0 : place == "end" ? count - 1 : count / 2))
        return {
          let new = state.value.next
          state.value.next -= 1
          let at = box.value.firstIndex(of: state.value.anchor)!
          switch place {
          case "front":
            box.value.insert(new, at: at)
            state.value.anchor = new
          case "end":
            box.value.insert(new, at: at + 1)
            state.value.anchor = new
          default: box.value.insert(new, at: at)
          }
          return 0
        }
      }
      // The sections deleted: 0, 1, … (front); count / 2, count / 2 + 1, … (middle);
      // count - 1, count - 2, … (end).
      func victim(_ step: Int) -> Int {
        place == "front" ? step : place == "end" ? count - 1 - step : count / 2 + step
      }
      cases["section-delete-\(place)-\(label)"] = {
        let box = snapshot()
        let step = Box(0)
        return {
          box.value.deleteSections([victim(step.value)])
          step.value += 1
          return 0
        }
      }
      // The section removed from the set, and its ten items from a `Dictionary` of every item's
      // section, as the snapshot removes them from its item index.
      cases["orderedset-section-delete-\(place)-\(label)"] = {
        let box = set()
        var table: [Int: Int] = [:]
        table.reserveCapacity(count * 10)
        for item in 0..<count * 10 { table[item] = item / 10 }
        let items = Box(table)
        let step = Box(0)
        return {
          let section = victim(step.value)
          box.value.remove(section)
          for item in section * 10..<section * 10 + 10 { items.value.removeValue(forKey: item) }
          step.value += 1
          return 0
        }
      }
      let (first, second) =
        place == "front" ? (0, 1) : place == "end" ? (count - 1, count - 2) : (count / 2, count / 2 + 1)
      cases["section-move-\(place)-\(label)"] = {
        let box = snapshot()
        let step = Box(0)
        return {
          // front and middle: `first` after `second`, then back before it; end: the last before
          // the one before it, then back after it.
          let forward = step.value % 2 == 0
          if place == "end" {
            if forward {
              box.value.moveSection(first, beforeSection: second)
            } else {
              box.value.moveSection(first, afterSection: second)
            }
          } else if forward {
            box.value.moveSection(first, afterSection: second)
          } else {
            box.value.moveSection(first, beforeSection: second)
          }
          step.value += 1
          return 0
        }
      }
      cases["orderedset-section-move-\(place)-\(label)"] = {
        let box = set()
        let step = Box(0)
        return {
          let forward = step.value % 2 == 0
          let moved = box.value.remove(at: box.value.firstIndex(of: first)!)
          let anchor = box.value.firstIndex(of: second)!
          let after = place == "end" ? !forward : forward
          box.value.insert(moved, at: after ? anchor + 1 : anchor)
          step.value += 1
          return 0
        }
      }
    }
    // The first section moved after the last (0, then 1, …), and the last before the first.
    for (name, toEnd) in [("firsttolast", true), ("lasttofirst", false)] {
      cases["section-move-\(name)-\(label)"] = {
        let box = snapshot()
        let state = Box((moved: toEnd ? 0 : count - 1, anchor: toEnd ? count - 1 : 0))
        return {
          let (moved, anchor) = state.value
          if toEnd {
            box.value.moveSection(moved, afterSection: anchor)
            state.value = (moved + 1, moved)
          } else {
            box.value.moveSection(moved, beforeSection: anchor)
            state.value = (moved - 1, moved)
          }
          return 0
        }
      }
      cases["orderedset-section-move-\(name)-\(label)"] = {
        let box = set()
        let state = Box((moved: toEnd ? 0 : count - 1, anchor: toEnd ? count - 1 : 0))
        return {
          let (moved, anchor) = state.value
          let removed = box.value.remove(at: box.value.firstIndex(of: moved)!)
          let at = box.value.firstIndex(of: anchor)!
          if toEnd {
            box.value.insert(removed, at: at + 1)
            state.value = (moved + 1, moved)
          } else {
            box.value.insert(removed, at: at)
            state.value = (moved - 1, moved)
          }
          return 0
        }
      }
    }
  }
  return cases
}

/// ChangesetBenchmarks' "delete 20%, insert 20%, shuffle first 4%" (DifferenceKit's scenario)
/// between two prebuilt 1M-item snapshots, in 1 and 100 sections: one `SnapshotChangeset`.
func changesetCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  for sections in [1, 100] {
    cases["changeset-dk-int-\(sections)"] = {
      let perSection = 1_000_000 / sections
      var fresh = 1_000_000
      var old: [[Int]] = []
      var new: [[Int]] = []
      for section in 0..<sections {
        let items = Array(section * perSection..<(section + 1) * perSection)
        old.append(items)
        let n = items.count
        let kept = Array(items[0..<n * 2 / 5]) + Array(items[n * 3 / 5..<n])
        var result = Array(kept[0..<n * 3 / 5]) + Array(fresh..<fresh + n / 5) + Array(kept[n * 3 / 5..<kept.count])
        fresh += n / 5
        // A fixed rotation instead of a random shuffle: the same moves on every run.
        result[0..<n / 25].reverse()
        new.append(result)
      }
      let oldSnapshot = buildSnapshot(old)
      let newSnapshot = buildSnapshot(new)
      return { SnapshotChangeset(from: oldSnapshot, to: newSnapshot) }
    }
  }
  // No change, the two snapshots built from arrays copied element by element (stored apart: no
  // shortcut through shared storage), 1M `Int` in one section; and its floor, `==` on the two
  // arrays.
  cases["changeset-nochange-copied-int-1"] = {
    let items = Array(0..<1_000_000)
    let old = buildSnapshot([items.map { $0 }])
    let new = buildSnapshot([items.map { $0 }])
    return { SnapshotChangeset(from: old, to: new) }
  }
  cases["equal-copied-arrays-int-1"] = {
    let items = Array(0..<1_000_000)
    let old = items.map { $0 }
    let new = items.map { $0 }
    return { old == new }
  }
  return cases
}

/// The side-by-side scenarios (`Int` identifiers), each as two cases: `diff-…`, one
/// `SnapshotChangeset` between two prebuilt snapshots, both indexed (looked up once, outside the
/// count); and `builddiff-…`, the new snapshot built from arrays (`buildSnapshot`) and diffed
/// against the shown one (built, applied and looked up, outside the count), as an app pays per
/// apply.
/// - `a-int-10k`, `a-int-100k`, `a-int-1M`: DifferenceKit's published layout scaled, in one
///   section: 20% deleted, 20% inserted, the first 4% shuffled (a fixed reversal, as
///   `changeset-dk-int-1`).
/// - `e-int`: 100 sections of 1,000; 5% of the items moved to other sections, 2 sections moved,
///   5% deleted, 5% inserted (positions from a fixed seed).
/// - `f-int`: 5,000 items in one section, 200 moved (positions from a fixed seed).
func scenarioCases() -> [String: () -> () -> Any] {
  /// A fixed pseudo-random sequence (SplitMix64), the same on every run.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }
  func scenarioA(_ n: Int) -> (old: [[Int]], new: [[Int]]) {
    let items = Array(0..<n)
    let kept = Array(items[0..<n * 2 / 5]) + Array(items[n * 3 / 5..<n])
    var result = Array(kept[0..<n * 3 / 5]) + Array(n..<n + n / 5) + Array(kept[n * 3 / 5..<kept.count])
    result[0..<n / 25].reverse()
    return ([items], [result])
  }
  func scenarioE() -> (old: [[Int]], new: [[Int]]) {
    let (sections, perSection) = (100, 1_000)
    let total = sections * perSection
    let old = (0..<sections).map { s in Array(s * perSection..<(s + 1) * perSection) }
    var random = Seeded(state: 0xE)
    var new = old
    // 5% deleted, then 5% moved to another section (at a random position), then 5% inserted.
    for _ in 0..<total / 20 {
      var section = random.next(sections)
      while new[section].isEmpty { section = random.next(sections) }
      new[section].remove(at: random.next(new[section].count))
    }
    for _ in 0..<total / 20 {
      var from = random.next(sections)
      while new[from].isEmpty { from = random.next(sections) }
      let item = new[from].remove(at: random.next(new[from].count))
      var to = random.next(sections - 1)
      if to >= from { to += 1 }
      new[to].insert(item, at: random.next(new[to].count + 1))
    }
    for fresh in total..<total + total / 20 {
      let section = random.next(sections)
      new[section].insert(fresh, at: random.next(new[section].count + 1))
    }
    // Two sections moved: the 11th to the 81st place, the 51st to the 6th.
    new.insert(new.remove(at: 10), at: 80)
    new.insert(new.remove(at: 50), at: 5)
    return (old, new)
  }
  func scenarioF() -> (old: [[Int]], new: [[Int]]) {
    let old = Array(0..<5_000)
    var new = old
    var random = Seeded(state: 0xF)
    for _ in 0..<200 {
      let item = new.remove(at: random.next(new.count))
      new.insert(item, at: random.next(new.count + 1))
    }
    return ([old], [new])
  }
  /// The section identifiers of a scenario's new side: E moves two sections.
  @inline(never) func snapshot(_ sections: [[Int]], ids: [Int]) -> Snapshot<Int> {
    var snapshot = Snapshot<Int>()
    snapshot.appendSections(ids)
    for (section, items) in zip(ids, sections) { snapshot.appendItems(items.map { $0 }, toSection: section) }
    return snapshot
  }
  var cases: [String: () -> () -> Any] = [:]
  let scenarios: [(String, () -> (old: [[Int]], new: [[Int]]), [Int]?)] = [
    ("a-int-10k", { scenarioA(10_000) }, nil), ("a-int-100k", { scenarioA(100_000) }, nil),
    ("a-int-1M", { scenarioA(1_000_000) }, nil), ("e-int", scenarioE, sectionOrderE()), ("f-int", scenarioF, nil),
  ]
  for (name, make, newOrder) in scenarios {
    cases["diff-\(name)"] = {
      let (old, new) = make()
      let oldSnapshot = buildSnapshot(old)
      let newSnapshot = snapshot(new, ids: newOrder ?? Array(new.indices))
      blackHole(oldSnapshot.indexOfItem(old[0][0]))
      blackHole(newSnapshot.indexOfItem(new[0][0]))
      return { SnapshotChangeset(from: oldSnapshot, to: newSnapshot) }
    }
    cases["builddiff-\(name)"] = {
      let (old, new) = make()
      let shown = shownSnapshot(old)
      blackHole(shown.indexOfItem(old[0][0]))
      let ids = newOrder ?? Array(new.indices)
      return {
        let rebuilt = snapshot(new, ids: ids)
        return SnapshotChangeset(from: shown, to: rebuilt)
      }
    }
  }
  return cases
}

/// Scenario E's new section order: the 11th section moved to the 81st place, the 51st to the 6th.
func sectionOrderE() -> [Int] {
  var order = Array(0..<100)
  order.insert(order.remove(at: 10), at: 80)
  order.insert(order.remove(at: 50), at: 5)
  return order
}

/// SectionBenchmarks' "1 call at the front / at the end" cases, as that suite runs them: one
/// prebuilt snapshot of `count` sections of one item each (index built into the value), shared by
/// every sample, copied, and the copy made this sample's own by a call of the same kind before the
/// measured call; `OrderedSet` baselines likewise (`sbench-orderedset-*`, with room for two more
/// sections, as the suite's) and the same work in standard collections (`sbench-model-*`,
/// ``SectionsModel``). For the `time` and
/// `interleave` modes (the measured call is the first after the copy; `COUNT_COLD=1` to count it,
/// without it the second).
func sectionBenchmarkCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  nonisolated(unsafe) var bases: [Int: Snapshot<Int>] = [:]
  func base(_ count: Int) -> Snapshot<Int> {
    if let base = bases[count] { return base }
    var snapshot = Snapshot<Int>()
    snapshot.appendSections(Array(0..<count))
    for section in 0..<count { snapshot.appendItems([10_000_000 + section], toSection: section) }
    snapshot.reconfigureItems([])
    bases[count] = snapshot
    return snapshot
  }
  for (label, count) in [("1k", 1_000), ("100k", 100_000), ("1M", 1_000_000)] {
    let last = count - 1
    for atFront in [true, false] {
      let place = atFront ? "front" : "end"
      // Each call inserts a new section (-2, -4, …): repeatable, for the `series` mode.
      // `sbench-copy-insert-*`: the first change to a shared value, its copy included (what an
      // app pays for one change to the snapshot it was given), against the same in
      // ``SectionsModel``. Only its first call after the setup copies: count it with
      // `COUNT_PRIMED=1 COUNT_COLD=1`, or time it (`time`, `interleave`).
      for copied in [false, true] {
        cases["sbench-\(copied ? "copy-" : "")insert-\(place)-\(label)"] = {
          var snapshot = base(count)
          if !copied { snapshot.insertSections([-1], beforeSection: 1) }
          let box = Box(snapshot)
          let next = Box(0)
          return {
            next.value -= 2
            if atFront {
              box.value.insertSections([next.value], beforeSection: 0)
            } else {
              box.value.insertSections([next.value], afterSection: last)
            }
            return 0
          }
        }
      }
      cases["sbench-orderedset-insert-\(place)-\(label)"] = {
        var ordered = sharedRoomySections(count)
        ordered.insert(-1, at: 1)
        let box = Box(ordered)
        return {
          let at = box.value.firstIndex(of: atFront ? 0 : last)!
          box.value.insert(-2, at: atFront ? at : at + 1)
          return 0
        }
      }
      cases["sbench-delete-\(place)-\(label)"] = {
        var snapshot = base(count)
        snapshot.deleteSections([1])
        let box = Box(snapshot)
        return {
          box.value.deleteSections([atFront ? 0 : last])
          return 0
        }
      }
      // The same first call after a copy, with the code it runs touched again after the copy
      // (`warmcode`: the same deletion in a small snapshot of its own) or the data it reads
      // (`warmdata`: the section's items and position looked up in the copy).
      // (Not at 1k: the warm-up snapshot is that size.)
      for warm in ["warmcode", "warmdata"] where count > 1_000 {
        cases["sbench-delete-\(place)-\(label)-\(warm)"] = {
          var snapshot = base(count)
          snapshot.deleteSections([1])
          if warm == "warmcode" {
            var small = base(1_000)
            small.deleteSections([1])
            small.deleteSections([atFront ? 0 : 999])
            blackHole(small)
          } else {
            let section = atFront ? 0 : last
            blackHole(snapshot.indexOfItem(10_000_000 + section))
            blackHole(snapshot.indexOfSection(section))
            blackHole(snapshot.numberOfItems(inSection: section))
          }
          let box = Box(snapshot)
          return {
            box.value.deleteSections([atFront ? 0 : last])
            return 0
          }
        }
      }
      cases["sbench-orderedset-delete-\(place)-\(label)"] = {
        var ordered = sharedRoomySections(count)
        ordered.remove(1)
        let box = Box(ordered)
        return { box.value.remove(atFront ? 0 : last) as Any }
      }
      // The same state and changes with standard collections (``SectionsModel``), copied as
      // the snapshot is: the baseline of the same work for each call.
      // `-written16m`: 16 MiB written after the copy (outside the measurement), about what a
      // snapshot's copy writes beyond the model's: the call then meets caches as cold as the
      // snapshot's call does (wall clock only: `time`, `series`).
      // `sbench-model-copy-insert-*`: no change in the setup, so the first call copies (as
      // `sbench-copy-insert-*`).
      for operation in ["insert", "delete", "move"] {
        for variant in ["", "written16m", "copy"] where variant != "copy" || operation == "insert" {
          let written = variant == "written16m"
          let name =
            variant == "copy"
            ? "sbench-model-copy-insert-\(place)-\(label)"
            : "sbench-model-\(operation)-\(place)-\(label)" + (written ? "-written16m" : "")
          cases[name] = {
            var model = sharedModel(count)
            switch operation {
            case _ where variant == "copy": break
            case "insert": model.insert(-1, at: 1)
            case "delete": model.remove(1)
            default: model.move(1, to: 3)  // after section 2
            }
            if written {
              let bytes = 16 << 20
              let scratch = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
              scratch.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
              scratch.deallocate()
            }
            let box = Box(model)
            let next = Box(0)  // as in `sbench-insert-*`
            return {
              switch (operation, atFront) {
              case ("insert", true):
                next.value -= 2
                box.value.insert(next.value, at: box.value.sections.firstIndex(of: 0)!)
              case ("insert", false):
                next.value -= 2
                box.value.insert(next.value, at: box.value.sections.firstIndex(of: last)! + 1)
              case ("delete", _): box.value.remove(atFront ? 0 : last)
              case (_, true): box.value.move(last, to: box.value.sections.firstIndex(of: 0)!)
              default: box.value.move(0, to: box.value.sections.firstIndex(of: last)! + 1)
              }
              return 0
            }
          }
        }
      }
      // front: the last moved before the first; end: the first moved after the last.
      cases["sbench-move-\(place)-\(label)"] = {
        var snapshot = base(count)
        snapshot.moveSection(1, afterSection: 2)
        let box = Box(snapshot)
        return {
          if atFront {
            box.value.moveSection(last, beforeSection: 0)
          } else {
            box.value.moveSection(0, afterSection: last)
          }
          return 0
        }
      }
      cases["sbench-orderedset-move-\(place)-\(label)"] = {
        var ordered = sharedRoomySections(count)
        ordered.swapAt(1, 2)
        let box = Box(ordered)
        return {
          let moved = box.value.remove(at: box.value.firstIndex(of: atFront ? last : 0)!)
          let at = box.value.firstIndex(of: atFront ? 0 : last)!
          box.value.insert(moved, at: atFront ? at : at + 1)
          return 0
        }
      }
    }
  }
  return cases
}

let all = cases().merging(itemOperationCases()) { first, _ in first }.merging(changesetCases()) { first, _ in
  first
}.merging(sectionPositionCases()) { first, _ in first }.merging(clientLookupCases()) { first, _ in first }
  .merging(scenarioCases()) { first, _ in first }
  .merging(sectionBenchmarkCases()) { first, _ in first }.merging(clientAppendCases()) { first, _ in first }
/// The page faults of the process so far (the `time` and `interleave` modes).
func faults() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_minflt + usage.ru_majflt
}

/// The monotonic clock in nanoseconds (the `time` and `interleave` modes).
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// `InstructionCounts time <case> <samples>`: wall clock of the counted call's work (without the
// warm-up call, as package-benchmark times one call per sample), each sample on a fresh setup;
// prints the median and the minimum in microseconds. For quick comparisons on this machine, not
// for BENCHMARKS.md figures.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "time", let setup = all[CommandLine.arguments[2]],
  let samples = Int(CommandLine.arguments[3])
{
  var times: [Double] = []
  var faulted = 0
  for _ in 0..<samples {
    let work = setup()
    // With TIME_WARM set, one untimed call first (caches and page tables warm).
    if getenv("TIME_WARM") != nil { blackHole(work()) }
    let before = faults()
    let start = now()
    blackHole(work())
    times.append(Double(now() - start) / 1000)
    faulted += faults() - before
  }
  times.sort()
  print(
    CommandLine.arguments[2], "median", times[times.count / 2], "min", times[0], "µs; page faults per call",
    Double(faulted) / Double(samples))
  exit(0)
}
// `InstructionCounts series <case> <samples>`: the first five calls after each setup, timed one
// by one; prints the median of each (in ns). For cases whose call can be repeated (lookups): it
// shows what the first call after the setup pays that the next ones do not.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "series", let setup = all[CommandLine.arguments[2]],
  let samples = Int(CommandLine.arguments[3])
{
  var times = Array(repeating: [UInt64](), count: 5)
  for _ in 0..<samples {
    let work = setup()
    for call in times.indices {
      let start = now()
      blackHole(work())
      times[call].append(now() - start)
    }
  }
  print(
    CommandLine.arguments[2], "medians of calls 1-5 after the setup:", times.map { $0.sorted()[$0.count / 2] }, "ns")
  exit(0)
}
// `InstructionCounts interleave <samples> <case>...`: the same wall clock as `time`, the cases
// taking turns sample by sample in one process (each sample on a fresh setup), so that every
// case meets the same machine; prints each case's median and its median ratio to the first case.
if CommandLine.arguments.count >= 4, CommandLine.arguments[1] == "interleave",
  let samples = Int(CommandLine.arguments[2])
{
  let names = Array(CommandLine.arguments[3...])
  guard names.allSatisfy({ all[$0] != nil }) else { fatalError("unknown case among \(names)") }
  var times = Array(repeating: [Double](), count: names.count)
  var faulted = Array(repeating: 0, count: names.count)
  // With INTERLEAVE_FLUSH set, 64 MiB are read after each setup, so that every case's call
  // meets caches in the same state whatever its setup left there.
  let flush = getenv("INTERLEAVE_FLUSH") != nil ? [UInt64](repeating: 1, count: 8 << 20) : []
  for sample in 0..<samples {
    for turn in 0..<names.count {
      let index = (turn + sample) % names.count  // a rotating start
      work = all[names[index]]!()
      if !flush.isEmpty { blackHole(flush.reduce(0, &+)) }
      let before = faults()
      let start = now()
      countedCall()
      times[index].append(Double(now() - start) / 1000)
      faulted[index] += faults() - before
      kept.removeAll(keepingCapacity: true)
      work = { 0 }
    }
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  for (index, name) in names.enumerated() {
    let ratios = zip(times[index], times[0]).map { $0 / $1 }
    print(
      name, "median", median(times[index]), "µs; ratio to", names[0], median(ratios), "page faults per call",
      Double(faulted[index]) / Double(samples))
  }
  exit(0)
}
// The result array has room before the counted call, so that appending to it allocates nothing.
kept.reserveCapacity(4)
guard CommandLine.arguments.count == 2, let setup = all[CommandLine.arguments[1]] else {
  fatalError("usage: InstructionCounts <case>; cases: \(all.keys.sorted().joined(separator: " "))")
}
// COUNT_PRIMED set: one setup and call first, released (the runtime's one-time work done, as for
// every sample after the first in the `interleave` mode).
if getenv("COUNT_PRIMED") != nil {
  work = setup()
  warmUp()
  work = { 0 }
}
work = setup()
// COUNT_COLD set: no warm-up call (the counted call is the first after the setup).
if getenv("COUNT_COLD") == nil { warmUp() }
countedCall()
print(CommandLine.arguments[1], "done")
