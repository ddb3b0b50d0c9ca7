import OpenDiffable
@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting

// Drives a snapshot, a section snapshot and the changeset between successive snapshots through
// the API that never stops the process, with identifiers that keep Hashable's contract and
// identifiers that break it, and checks the result against a plain-array model after every step.
//
// What must hold, whatever the identifiers do: no memory error (AddressSanitizer), no hang
// (libFuzzer's timeout), the item count equals the sum of the section sizes, and every
// identifier that keeps the contract is exactly where the model says, found by every query.
// Changesets between snapshots of well-behaved identifiers must pass the UIKit-rule simulator.

/// A mutable box: an identifier whose hash and equality follow `value`, which the fuzzer mutates
/// while the box is in a snapshot.
final class Box: @unchecked Sendable {
  var value: UInt8
  init(_ value: UInt8) { self.value = value }
}

/// The identifier alphabet.
enum Item: Hashable, CustomStringConvertible {
  /// Well behaved.
  case plain(UInt8)
  /// Well behaved, but only two hash values for all of them: long probe runs and shifts.
  case colliding(UInt8)
  /// Equal to nothing, itself included, like `Double.nan`.
  case notANumber
  /// Hash and equality follow a mutable field.
  case boxed(Box)

  static func == (lhs: Item, rhs: Item) -> Bool {
    switch (lhs, rhs) {
    case (.plain(let a), .plain(let b)): a == b
    case (.colliding(let a), .colliding(let b)): a == b
    case (.boxed(let a), .boxed(let b)): a.value == b.value
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .plain(let value): hasher.combine(0); hasher.combine(value)
    case .colliding(let value): hasher.combine(1); hasher.combine(value & 1)
    case .notANumber: hasher.combine(2)
    case .boxed(let box): hasher.combine(3); hasher.combine(box.value)
    }
  }

  /// Keeps Hashable's contract: the model can predict where it is.
  var isWellBehaved: Bool {
    switch self {
    case .plain, .colliding: true
    case .notANumber, .boxed: false
    }
  }

  var description: String {
    switch self {
    case .plain(let value): "p\(value)"
    case .colliding(let value): "c\(value)"
    case .notANumber: "nan"
    case .boxed(let box): "b\(box.value)"
    }
  }
}

/// Reads the fuzzer's input a byte at a time; zeros once it runs out.
struct Input {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var isEmpty: Bool { position >= bytes.count }
  mutating func next() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }
}

/// The run's state: the snapshot, the model and the boxes the fuzzer can mutate.
struct Run {
  typealias Snapshot = DiffableDataSourceSnapshot<UInt8, Item>
  var snapshot = Snapshot()
  /// The model: sections in order, each with its items, compared with `==` by linear search.
  var model: [(section: UInt8, items: [Item])] = []
  var outline = DiffableDataSourceSectionSnapshot<Item>()
  var boxes = (0..<4).map { Box(UInt8($0)) }

  mutating func item(_ input: inout Input) -> Item {
    let byte = input.next()
    switch byte % 8 {
    case 0, 1, 2, 3: return .plain(byte >> 3)
    case 4, 5: return .colliding(byte >> 3)
    case 6: return .notANumber
    default: return .boxed(boxes[Int(byte >> 3) % boxes.count])
    }
  }

  mutating func items(_ input: inout Input) -> [Item] {
    let count = Int(input.next() % 6)
    var result: [Item] = []
    for _ in 0..<count { result.append(item(&input)) }
    return result
  }

  func modelContains(_ item: Item) -> Bool { model.contains { $0.items.contains(item) } }

  mutating func step(_ input: inout Input) {
    let previous = snapshot
    switch input.next() % 12 {
    case 0:  // appendSectionsDroppingDuplicates
      let sections = (0..<Int(input.next() % 3)).map { _ in input.next() % 8 }
      let dropped = snapshot.appendSectionsDroppingDuplicates(sections)
      var expectedDropped: [UInt8] = []
      for section in sections {
        if model.contains(where: { $0.section == section }) {
          expectedDropped.append(section)
        } else {
          model.append((section, []))
        }
      }
      precondition(dropped == expectedDropped, "dropped sections \(dropped) != \(expectedDropped)")
    case 1, 2:  // appendItemsDroppingDuplicates
      let new = items(&input)
      let target: UInt8? = input.next() % 2 == 0 ? nil : input.next() % 8
      let index = target.map { t in model.firstIndex { $0.section == t } } ?? (model.isEmpty ? nil : model.count - 1)
      do {
        _ = try snapshot.appendItemsDroppingDuplicates(new, toSection: target)
        guard let index else { preconditionFailure("append to a missing section did not throw") }
        for item in new where !modelContains(item) { model[index].items.append(item) }
      } catch {
        precondition(index == nil, "append threw \(error) with a section to append to")
      }
    case 3:  // deleteItems, without repeats
      var seen = Set<Item>()
      let doomed = items(&input).filter { seen.insert($0).inserted }
      snapshot.deleteItems(doomed)
      for index in model.indices { model[index].items.removeAll { doomed.contains($0) && $0.isWellBehaved } }
    case 4:  // deleteSections
      var seen = Set<UInt8>()
      let doomed = (0..<Int(input.next() % 3)).map { _ in input.next() % 8 }.filter { seen.insert($0).inserted }
      snapshot.deleteSections(doomed)
      model.removeAll { doomed.contains($0.section) }
    case 5:  // moveItem between well-behaved items that are present
      let (a, b) = (item(&input), item(&input))
      let after = input.next() % 2 == 0
      guard a.isWellBehaved, b.isWellBehaved, a != b, modelContains(a), modelContains(b) else { break }
      if after { snapshot.moveItem(a, afterItem: b) } else { snapshot.moveItem(a, beforeItem: b) }
      for index in model.indices { model[index].items.removeAll { $0 == a } }
      let (s, o) = modelPosition(of: b)!
      model[s].items.insert(a, at: after ? o + 1 : o)
    case 6:  // insertItems next to a well-behaved anchor; new items only (present ones would move)
      let anchor = item(&input)
      let after = input.next() % 2 == 0
      var seen = Set<Item>()
      let new = items(&input).filter { seen.insert($0).inserted && $0.isWellBehaved && !modelContains($0) }
      guard anchor.isWellBehaved, modelContains(anchor), !new.contains(anchor) else { break }
      if after { snapshot.insertItems(new, afterItem: anchor) } else { snapshot.insertItems(new, beforeItem: anchor) }
      let (s, o) = modelPosition(of: anchor)!
      model[s].items.insert(contentsOf: new, at: after ? o + 1 : o)
    case 7:  // mutate a box, possibly one in the snapshot: to any value, or to another box's
      let box = boxes[Int(input.next()) % boxes.count]
      let choice = input.next()
      box.value = choice & 1 == 0 ? choice >> 3 : boxes[Int(choice >> 1) % boxes.count].value
    case 8:  // reconfigure and reload marks on present well-behaved items
      let marked = items(&input).filter { $0.isWellBehaved && modelContains($0) }
      var seen = Set<Item>()
      let unique = marked.filter { seen.insert($0).inserted }
      if input.next() % 2 == 0 { snapshot.reconfigureItems(unique) } else { snapshot.reloadItems(unique) }
    case 9:  // the outline: append new roots or children (any identifier but mutable boxes)
      // A section snapshot indexes its items with a Dictionary, and behaves as one when an
      // identifier is mutated while stored: it stops with the standard library's message (see
      // DiffableDataSourceSectionSnapshot's documentation). So boxes stay out of the outline.
      var seen = Set<Item>()
      let unique = items(&input).filter {
        if case .boxed = $0 { return false }
        return seen.insert($0).inserted && !outline.contains($0)
      }
      let parents = outline.items.filter(\.isWellBehaved)
      let parent = parents.isEmpty ? nil : parents[Int(input.next()) % parents.count]
      outline.append(unique, to: parent)
    case 10:  // the outline: expand, collapse or delete, then show it in a section
      let candidates = outline.items.filter(\.isWellBehaved)
      guard !candidates.isEmpty else { break }
      let chosen = candidates[Int(input.next()) % candidates.count]
      switch input.next() % 3 {
      case 0: outline.expand([chosen])
      case 1: outline.collapse([chosen])
      default: outline.delete([chosen])
      }
      guard let section = model.last?.section else { break }
      snapshot.replaceItems(inSection: section, withVisibleItemsOf: outline)
      let visible = outline.visibleItems
      for index in model.indices { model[index].items.removeAll { visible.contains($0) } }
      model[model.count - 1].items = visible
    default:  // rebuild from the model's well-behaved items (a fresh snapshot, as an app does)
      var fresh = Snapshot()
      fresh.appendSections(model.map(\.section))
      for (section, items) in model { fresh.appendItems(items.filter(\.isWellBehaved), toSection: section) }
      snapshot = fresh
      for index in model.indices { model[index].items.removeAll { !$0.isWellBehaved } }
    }
    check(from: previous)
  }

  func modelPosition(of item: Item) -> (section: Int, offset: Int)? {
    for (s, section) in model.enumerated() {
      if let o = section.items.firstIndex(of: item) { return (s, o) }
    }
    return nil
  }

  /// Compares the snapshot with the model and checks the changeset from `previous`.
  func check(from previous: Snapshot) {
    precondition(snapshot.sectionIdentifiers == model.map(\.section), "sections differ")
    var total = 0
    var flat = 0
    for (section, items) in model {
      let actual = snapshot.itemIdentifiers(inSection: section)
      total += actual.count
      let wellBehaved = actual.filter(\.isWellBehaved)
      precondition(wellBehaved == items.filter(\.isWellBehaved), "section \(section): \(actual) vs \(items)")
      for (offset, item) in actual.enumerated() {
        if item.isWellBehaved {
          precondition(snapshot.indexOfItem(item) == flat + offset, "index of \(item)")
          precondition(snapshot.sectionIdentifier(containingItem: item) == section, "section of \(item)")
        } else if case .notANumber = item {
          precondition(snapshot.indexOfItem(item) == nil, "nan found")
        } else if let index = snapshot.indexOfItem(item) {
          // A mutated box may be found or not, but never at a position that does not hold it.
          precondition(index < snapshot.numberOfItems, "\(item) found past the end")
          precondition(snapshot.itemIdentifiers[index] == item, "\(item) found at another item's position")
        }
      }
      flat += actual.count
    }
    precondition(snapshot.numberOfItems == total, "item count \(snapshot.numberOfItems) != \(total)")
    if !snapshot.itemIdentifiers.contains(where: { if case .boxed = $0 { true } else { false } }) {
      snapshot._checkInvariants()  // with no box left, every invariant holds again
    }
    let changeset = SnapshotChangeset(from: previous, to: snapshot)
    let allWellBehaved = (previous.itemIdentifiers + snapshot.itemIdentifiers).allSatisfy(\.isWellBehaved)
    if allWellBehaved {
      snapshot._checkInvariants()
      do {
        try validate(changeset, from: previous, to: snapshot)
      } catch {
        preconditionFailure("invalid changeset: \(error)")
      }
    }
  }
}

/// Runs one input: at most 200 steps.
///
/// The item table's hash seed is a hash of the whole input (FNV-1a), so the input decides where
/// keys land in the table: with `SWIFT_DETERMINISTIC_HASHING` set (as `.ci/run` does), a finding
/// replays from its input alone, and each mutation of an input also tries another layout.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  _fuzzingHashSeed = bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  var input = Input(bytes: bytes)
  var run = Run()
  var steps = 0
  while !input.isEmpty && steps < 200 {
    run.step(&input)
    steps += 1
  }
  return 0
}
