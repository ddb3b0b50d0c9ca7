// Lookups written as an app writes them (this package depends on the library as an app does):
// the snapshot held in a class's stored property, in a static property, in a `@MainActor` view
// controller, passed to a function that is not inlined, or taken from a data source's
// `snapshot()`, each looked up in a loop. Every case makes 10,000 lookups, in a fixed shuffle,
// in a snapshot of 100,000 items (10 sections of 10,000, indexed outside the count), and has a
// `Dictionary` baseline doing the same reads: `smoke.sh` compares the two per lookup.
import Foundation
import OpenDiffable

/// The identifier types of the client cases, each with a static snapshot of its own (the
/// `static` shape).
protocol ClientItem: Hashable, Sendable {
  static func make(_ n: Int) -> Self
  static var clientSnapshot: Snapshot<Self> { get set }
}

/// An app's own identifier: a struct around a database row id, hashed through its synthesized
/// `Hashable` conformance.
struct RowID64: Hashable, Sendable {
  var id: Int64
}

extension Int: ClientItem {
  static func make(_ n: Int) -> Int { n }
  nonisolated(unsafe) static var clientSnapshot = Snapshot<Int>()
}

extension String: ClientItem {
  static func make(_ n: Int) -> String { "item-\(n)" }
  nonisolated(unsafe) static var clientSnapshot = Snapshot<String>()
}

extension UUID: ClientItem {
  static func make(_ n: Int) -> UUID {
    let word = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
    let bytes = withUnsafeBytes(of: (word, ~word)) { Array($0) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
  nonisolated(unsafe) static var clientSnapshot = Snapshot<UUID>()
}

extension RowID64: ClientItem {
  static func make(_ n: Int) -> RowID64 { RowID64(id: Int64(n)) }
  nonisolated(unsafe) static var clientSnapshot = Snapshot<RowID64>()
}

/// What a case reads: `indexOfItem`, `sectionIdentifier(containingItem:)`, or an item of
/// `itemIdentifiers(inSection:)`. A type each, so that each shape's loop is specialized for one
/// read (a loop holding all three would copy the snapshot for all if one needed it).
protocol ClientRead: Sendable {
  static var name: String { get }
  static func read<Item: ClientItem>(_ snapshot: Snapshot<Item>, _ probes: ClientProbes<Item>, _ at: Int) -> Int
  static func read<Item: ClientItem>(_ tables: ClientDictionaries<Item>, _ probes: ClientProbes<Item>, _ at: Int) -> Int
}

enum IndexRead: ClientRead {
  static var name: String { "lookup" }
  @inline(__always) static func read<Item: ClientItem>(
    _ snapshot: Snapshot<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { snapshot.indexOfItem(probes.items[at])! }
  @inline(__always) static func read<Item: ClientItem>(
    _ tables: ClientDictionaries<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { tables.index[probes.items[at]]! }
}

enum SectionRead: ClientRead {
  static var name: String { "section" }
  @inline(__always) static func read<Item: ClientItem>(
    _ snapshot: Snapshot<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { snapshot.sectionIdentifier(containingItem: probes.items[at])! }
  @inline(__always) static func read<Item: ClientItem>(
    _ tables: ClientDictionaries<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { tables.section[probes.items[at]]! }
}

enum ItemsRead: ClientRead {
  static var name: String { "items" }
  @inline(__always) static func read<Item: ClientItem>(
    _ snapshot: Snapshot<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { snapshot.itemIdentifiers(inSection: probes.sections[at])[probes.offsets[at]] == probes.items[at] ? 1 : 0 }
  @inline(__always) static func read<Item: ClientItem>(
    _ tables: ClientDictionaries<Item>, _ probes: ClientProbes<Item>, _ at: Int
  ) -> Int { tables.items[probes.sections[at]]![probes.offsets[at]] == probes.items[at] ? 1 : 0 }
}

/// The probes of a client case: every tenth identifier, with its section and offset, in a fixed
/// shuffle.
struct ClientProbes<Item: ClientItem>: Sendable {
  var items: [Item] = []
  var sections: [Int] = []
  var offsets: [Int] = []
}

let clientSections = 10
let clientPerSection = 10_000

func clientInput<Item: ClientItem>(_: Item.Type) -> (Snapshot<Item>, ClientProbes<Item>) {
  var snapshot = Snapshot<Item>()
  snapshot.appendSections(Array(0..<clientSections))
  var all: [(Item, Int, Int)] = []
  for section in 0..<clientSections {
    let items = (section * clientPerSection..<(section + 1) * clientPerSection).map(Item.make)
    snapshot.appendItems(items, toSection: section)
    for (offset, item) in items.enumerated() where offset % 10 == 0 { all.append((item, section, offset)) }
  }
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for index in all.indices.reversed() {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    all.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
  }
  blackHole(snapshot.indexOfItem(all[0].0))
  var probes = ClientProbes<Item>()
  for (item, section, offset) in all {
    probes.items.append(item)
    probes.sections.append(section)
    probes.offsets.append(offset)
  }
  return (snapshot, probes)
}

/// The snapshot in a `var` of a class (a view controller or a data source object of the app's).
final class ClientListController<Item: ClientItem> {
  var snapshot: Snapshot<Item>
  init(_ snapshot: Snapshot<Item>) { self.snapshot = snapshot }

  @inline(never) func lookUp<Read: ClientRead>(_ read: Read.Type, _ probes: ClientProbes<Item>) -> Int {
    var sum = 0
    for at in probes.items.indices { sum &+= Read.read(snapshot, probes, at) }
    return sum
  }

  /// The snapshot as a data source's `snapshot()` gives it: a copy of the class's value.
  @inline(never) func currentSnapshot() -> Snapshot<Item> { snapshot }
}

/// The same in a `@MainActor` class, its method called from the main actor.
@MainActor final class ClientViewController<Item: ClientItem> {
  var snapshot: Snapshot<Item>
  init(_ snapshot: Snapshot<Item>) { self.snapshot = snapshot }

  @inline(never) func lookUp<Read: ClientRead>(_ read: Read.Type, _ probes: ClientProbes<Item>) -> Int {
    var sum = 0
    for at in probes.items.indices { sum &+= Read.read(snapshot, probes, at) }
    return sum
  }
}

/// The snapshot passed to a function that is not inlined.
@inline(never) func clientLookUp<Item: ClientItem, Read: ClientRead>(
  _ read: Read.Type, in snapshot: Snapshot<Item>, _ probes: ClientProbes<Item>
) -> Int {
  var sum = 0
  for at in probes.items.indices { sum &+= Read.read(snapshot, probes, at) }
  return sum
}

/// The snapshot in a static `var`, read there on every lookup.
@inline(never) func clientLookUpStatic<Item: ClientItem, Read: ClientRead>(
  _ read: Read.Type, _ probes: ClientProbes<Item>
) -> Int {
  var sum = 0
  for at in probes.items.indices { sum &+= Read.read(Item.clientSnapshot, probes, at) }
  return sum
}

/// The `Dictionary` baselines: item → flat index, item → section, section → items.
struct ClientDictionaries<Item: ClientItem> {
  var index: [Item: Int] = [:]
  var section: [Item: Int] = [:]
  var items: [Int: [Item]] = [:]

  init(_ snapshot: Snapshot<Item>) {
    for (position, item) in snapshot.itemIdentifiers.enumerated() {
      index[item] = position
      section[item] = snapshot.sectionIdentifier(containingItem: item)
    }
    for section in snapshot.sectionIdentifiers { items[section] = snapshot.itemIdentifiers(inSection: section) }
  }
}

/// The `Dictionary` baselines held as the `classvar` shape holds the snapshot: in a `var` of a
/// class, read there on every lookup.
final class ClientDictionaryController<Item: ClientItem> {
  var tables: ClientDictionaries<Item>
  init(_ tables: ClientDictionaries<Item>) { self.tables = tables }

  @inline(never) func lookUp<Read: ClientRead>(_ read: Read.Type, _ probes: ClientProbes<Item>) -> Int {
    var sum = 0
    for at in probes.items.indices { sum &+= Read.read(tables, probes, at) }
    return sum
  }
}

@inline(never) func clientDictionaryLookUp<Item: ClientItem, Read: ClientRead>(
  _ read: Read.Type, in tables: ClientDictionaries<Item>, _ probes: ClientProbes<Item>
) -> Int {
  var sum = 0
  for at in probes.items.indices { sum &+= Read.read(tables, probes, at) }
  return sum
}

/// `client-<read>-<shape>-<type>`, and the baselines `client-<read>-dictionary-<type>` (passed as
/// an argument) and `client-<read>-dictionaryclassvar-<type>` (in a class's `var`).
func clientLookupCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  func add<Item: ClientItem, Read: ClientRead>(_ type: String, _: Item.Type, _ read: Read.Type) {
    do {
      let prefix = "client-\(Read.name)"
      cases["\(prefix)-classvar-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        let controller = ClientListController(snapshot)
        return { controller.lookUp(read, probes) }
      }
      cases["\(prefix)-mainactor-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        let controller = MainActor.assumeIsolated { ClientViewController(snapshot) }
        return { MainActor.assumeIsolated { controller.lookUp(read, probes) } }
      }
      cases["\(prefix)-param-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        return { clientLookUp(read, in: snapshot, probes) }
      }
      cases["\(prefix)-static-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        Item.clientSnapshot = snapshot
        return { clientLookUpStatic(read, probes) }
      }
      cases["\(prefix)-datasource-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        let dataSource = ClientListController(snapshot)
        return {
          let current = dataSource.currentSnapshot()
          var sum = 0
          for at in probes.items.indices { sum &+= Read.read(current, probes, at) }
          return sum
        }
      }
      cases["\(prefix)-dictionary-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        let tables = ClientDictionaries(snapshot)
        return { clientDictionaryLookUp(read, in: tables, probes) }
      }
      cases["\(prefix)-dictionaryclassvar-\(type)"] = {
        let (snapshot, probes) = clientInput(Item.self)
        let controller = ClientDictionaryController(ClientDictionaries(snapshot))
        return { controller.lookUp(read, probes) }
      }
    }
  }
  func addAll<Read: ClientRead>(_ read: Read.Type) {
    add("int", Int.self, read)
    add("uuid", UUID.self, read)
    add("string", String.self, read)
    add("rowid", RowID64.self, read)
  }
  addAll(IndexRead.self)
  addAll(SectionRead.self)
  addAll(ItemsRead.self)
  return cases
}

/// A view controller whose snapshot is keyed by sections of the app's type, built section by
/// section.
final class ClientSectionsController<Section: ClientItem> {
  var snapshot = DiffableDataSourceSnapshot<Section, Int>()

  /// Appends `count` sections (identifiers made from 0..<count), one call each, to the snapshot
  /// in the class's property.
  @inline(never) func appendSections(_ count: Int) -> Int {
    for n in 0..<count { snapshot.appendSections([Section.make(n)]) }
    return snapshot.numberOfSections
  }
}

/// `client-appendsections-<count>-<type>`: 1,000 and 4,000 sections of the type appended one
/// call at a time to an empty snapshot in a class's property. `smoke.sh` holds the 4,000 to at
/// most 5 times the 1,000: each call must change the snapshot's tables in place, not copy one (a
/// copy per call makes the total quadratic, 16 times).
func clientAppendCases() -> [String: () -> () -> Any] {
  var cases: [String: () -> () -> Any] = [:]
  func add<Section: ClientItem>(_ type: String, _: Section.Type) {
    for count in [1_000, 4_000] {
      // A new controller per call (the harness calls once to warm up, then counts a call).
      cases["client-appendsections-\(count / 1_000)k-\(type)"] = {
        { ClientSectionsController<Section>().appendSections(count) }
      }
    }
  }
  add("int", Int.self)
  add("string", String.self)
  return cases
}
