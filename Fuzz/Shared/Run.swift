import Foundation
import OpenDiffable
@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting

// Drives a snapshot, a section snapshot and the changeset between successive snapshots through
// the API, with identifiers that keep Hashable's contract and identifiers that break it, and
// checks the result against a plain-array model: after every rebuild, every `checkInterval` steps
// and at the end of the input (see `Run.step`).
//
// What must hold, whatever the identifiers do: no memory error (AddressSanitizer), no hang
// (libFuzzer's timeout), no stop of the process, the item count equals the number of items
// listed, every identifier that keeps the contract is exactly where the model says, found by
// every query, marked for reload or reconfigure exactly when the model says, and every changeset
// keeps UIKit's section-count rule. Changesets between snapshots of well-behaved identifiers must
// pass the UIKit-rule simulator. Rows that declare `SelfContainedIdentifier` and rows that do not
// run side by side and must give the same results (`driveTwins`).

/// `precondition`, with its message kept in the optimized build the fuzzer is (where
/// `precondition` prints none).
@inline(__always) func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
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

/// The model: sections in order, each with its items, compared with `==` (or `isSame`) by
/// linear search.
typealias Model<S, I> = [(section: S, items: [I])]

/// The reload and reconfigure marks the model expects, of well-behaved identifiers only, in the
/// order they were first made. A mark goes when its identifier leaves the snapshot.
struct Marks<S: FuzzIdentifier, I: FuzzIdentifier> {
  var reloadedItems: [I] = []
  var reconfiguredItems: [I] = []
  var reloadedSections: [S] = []
  var isEmpty: Bool { reloadedItems.isEmpty && reconfiguredItems.isEmpty && reloadedSections.isEmpty }

  /// Drops the marks of identifiers `model` no longer holds.
  mutating func prune(to model: Model<S, I>) {
    guard !isEmpty else { return }
    let present = Set(model.lazy.flatMap(\.items).filter(\.isWellBehaved))
    reloadedItems.removeAll { !present.contains($0) }
    reconfiguredItems.removeAll { !present.contains($0) }
    reloadedSections.removeAll { section in !model.contains { $0.section.isWellBehaved && $0.section == section } }
  }
}

/// The run's state: the snapshot and its model, kept copies with theirs, the outline and the
/// boxes the fuzzer can mutate.
struct Run<S: FuzzIdentifier, I: FuzzIdentifier> {
  typealias Snapshot = DiffableDataSourceSnapshot<S, I>
  /// The largest snapshot bulk appends grow: enough for index derivation (changed items at most a
  /// quarter), small enough that each step stays fast under AddressSanitizer and CI's 60 s run
  /// gets past replaying the corpus (1,500 ran about 2 inputs a second).
  static var itemLimit: Int { 300 }
  /// The most steps between two full checks. A full check queries every item and runs the
  /// UIKit-rule simulator: it was about 99% of a run's time when it ran after every step, and it
  /// resolves the deferred index, so appends were never followed by other mutations unread.
  static var checkInterval: Int { 8 }

  var snapshot = Snapshot()
  var model: Model<S, I> = []
  var marks = Marks<S, I>()
  /// The snapshot at the last full check: the changeset is checked from it, as from the snapshot
  /// a data source shows.
  var shown = Snapshot()
  /// Steps since the last full check.
  var unchecked = 0
  /// Copies kept from earlier steps, with their models: read after other copies changed.
  var kept: [(snapshot: Snapshot, model: Model<S, I>, marks: Marks<S, I>)] = []
  var outline = DiffableDataSourceSectionSnapshot<I>()
  let boxes = (0..<4).map { Box(slot: $0) }
  /// Whether a box's value has changed in this run: from then on a stored box may be found by
  /// one lookup and not by the next, and `appendItems` may stop naming that (as it must).
  var boxesChanged = false
  /// Full checks so far, and the changeset the last one checked (see `driveTwins`).
  var checks = 0
  var lastChanges: (changes: SnapshotChangeset<S, I>, allWellBehaved: Bool)?
  /// The next number for fresh identifiers (above what bytes and bulk reuse name).
  var nextNumber = 1 << 20

  mutating func item(_ input: inout Input) -> I { I.make(input.next(), boxes: boxes) }
  mutating func section(_ input: inout Input) -> S { S.make(input.next(), boxes: boxes) }

  mutating func items(_ input: inout Input) -> [I] {
    let count = Int(input.next() % 6)
    var result: [I] = []
    for _ in 0..<count { result.append(item(&input)) }
    return result
  }

  func modelContains(_ item: I) -> Bool { model.contains { $0.items.contains(item) } }
  func modelContainsSection(_ section: S) -> Bool {
    section.isWellBehaved && model.contains { $0.section.isWellBehaved && $0.section == section }
  }
  /// The position of a well-behaved section.
  func modelIndex(ofSection section: S) -> Int? {
    guard section.isWellBehaved else { return nil }
    return model.firstIndex { $0.section.isWellBehaved && $0.section == section }
  }
  /// Whether two of `identifiers` are equal (`==`, as the snapshot's repeat checks see them).
  static func hasRepeats<T: Equatable>(_ identifiers: [T]) -> Bool {
    identifiers.indices.contains { i in identifiers[..<i].contains { $0 == identifiers[i] } }
  }
  var sectionsAreWellBehaved: Bool { model.allSatisfy(\.section.isWellBehaved) }

  /// Runs one step, then the full check (the model, the changeset from ``shown``, the invariants)
  /// before and after a rebuild — a data source applying it over the snapshot it shows, the diff
  /// before any lookup or after, as the input chose — or when ``checkInterval`` steps went
  /// unchecked. Between full checks, only the section count is checked, so the snapshot is mutated
  /// again unread (its deferred index unresolved) and in place. `drive` checks at the end of the
  /// input.
  mutating func step(_ input: inout Input) {
    var rebuilt = false
    var diffFirst = false
    // Bytes below 208 choose as they did before the section mutators came (so older inputs,
    // regression inputs included, still drive the steps they were written for), the rest the
    // section mutators and the appends that check first.
    let choice = input.next()
    switch choice < 208 ? Int(choice % 16) : 16 + Int(choice - 208) % 5 {
    case 0: appendSections(&input)
    case 1, 2: appendItems(&input)
    case 3:  // deleteItems, without repeats
      var seen = Set<I>()
      let doomed = items(&input).filter { !$0.isNotANumber && seen.insert($0).inserted }
      snapshot.deleteItems(doomed)
      for index in model.indices { model[index].items.removeAll { doomed.contains($0) && $0.isWellBehaved } }
      marks.prune(to: model)
    case 4:
      deleteSections(&input)
      marks.prune(to: model)
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
      var seen = Set<I>()
      let new = items(&input).filter { seen.insert($0).inserted && $0.isWellBehaved && !modelContains($0) }
      guard anchor.isWellBehaved, modelContains(anchor), !new.contains(anchor) else { break }
      if after { snapshot.insertItems(new, afterItem: anchor) } else { snapshot.insertItems(new, beforeItem: anchor) }
      let (s, o) = modelPosition(of: anchor)!
      model[s].items.insert(contentsOf: new, at: after ? o + 1 : o)
    case 7:  // mutate a box, possibly one in the snapshot: to any value, or to another box's
      let box = boxes[Int(input.next()) % boxes.count]
      let choice = input.next()
      let value = choice & 1 == 0 ? choice >> 3 : boxes[Int(choice >> 1) % boxes.count].value
      if box.value != value { boxesChanged = true }
      box.value = value
    case 8:  // reconfigure and reload marks on present items: well-behaved ones and boxes found
      // A box may since equal another marked one: the marks must hold both without a trap.
      var unique: [I] = []
      for item in items(&input)
      where (item.isWellBehaved ? modelContains(item) : item.isBoxed && snapshot.containsItem(item))
        && !unique.contains(item)
      {
        unique.append(item)
      }
      let wellBehaved = unique.filter(\.isWellBehaved)
      if input.next() % 2 == 0 {
        snapshot.reconfigureItems(unique)
        for item in wellBehaved where !marks.reconfiguredItems.contains(item) { marks.reconfiguredItems.append(item) }
      } else {
        snapshot.reloadItems(unique)
        for item in wellBehaved where !marks.reloadedItems.contains(item) { marks.reloadedItems.append(item) }
      }
    case 9:  // the outline: append new roots or children (any identifier but mutable boxes)
      // A section snapshot indexes its items with a Dictionary, and behaves as one when an
      // identifier is mutated while stored: it stops with the standard library's message (see
      // DiffableDataSourceSectionSnapshot's documentation). So boxes stay out of the outline.
      var seen = Set<I>()
      let unique = items(&input).filter { !$0.isBoxed && seen.insert($0).inserted && !outline.contains($0) }
      let parents = outline.items.filter(\.isWellBehaved)
      let parent = parents.isEmpty ? nil : parents[Int(input.next()) % parents.count]
      outline.append(unique, to: parent)
    case 10:
      showOutline(&input)
      marks.prune(to: model)
    case 11:
      // The rebuild is applied over the snapshot as it stands: check that one first (shown then),
      // so the diff meets exactly it (an exact rebuild shares its index) and nothing goes unchecked.
      if unchecked > 0 { checkFully() }
      diffFirst = rebuild(&input)
      rebuilt = true
    case 12:  // keep a copy, to read after other copies changed
      if kept.count == 4 { kept.removeFirst() }
      kept.append((snapshot, model, marks))
    case 13: useKeptCopy(&input)
    case 14: bulkAppend(&input)
    case 15: releaseUnread(&input)
    case 16: appendSectionsChecked(&input)
    case 17: insertSections(&input)
    case 18: moveSection(&input)
    case 19: reloadSections(&input)
    default: appendItemsChecked(&input)
    }
    require(snapshot.numberOfSections == model.count, "section count \(snapshot.numberOfSections)")
    unchecked += 1
    if rebuilt || unchecked >= Self.checkInterval { checkFully(diffFirst: diffFirst) }
  }

  /// The full check, from the snapshot at the last one.
  mutating func checkFully(diffFirst: Bool = false) {
    lastChanges = check(from: shown, diffFirst: diffFirst)
    shown = snapshot
    unchecked = 0
    checks += 1
  }

  // MARK: Sections

  /// appendSectionsDroppingDuplicates: well-behaved sections exactly as the model says; for the
  /// others the snapshot decides, but what it appends must be what was named, in order.
  mutating func appendSections(_ input: inout Input) {
    let sections = (0..<Int(input.next() % 3)).map { _ in section(&input) }
    let dropped = snapshot.appendSectionsDroppingDuplicates(sections)
    let tail = Array(snapshot.sectionIdentifiers.dropFirst(model.count))
    var matched = 0
    for section in sections {
      if section.isWellBehaved {
        if modelContainsSection(section) || tail[..<matched].contains(where: { $0.isWellBehaved && $0 == section }) {
          continue
        }
        require(matched < tail.count && tail[matched] == section, "section \(section) not appended")
        matched += 1
      } else if matched < tail.count && tail[matched].isSame(as: section) {
        matched += 1
      }
    }
    require(matched == tail.count, "appended sections \(tail) are not the ones named, \(sections)")
    require(dropped.count + tail.count == sections.count, "dropped \(dropped) of \(sections)")
    model.append(contentsOf: tail.map { ($0, []) })
  }

  /// deleteSections: well-behaved sections go exactly as the model says; one that breaks the
  /// contract may go only when a section that breaks it was named.
  mutating func deleteSections(_ input: inout Input) {
    var seen: [S] = []
    for _ in 0..<Int(input.next() % 3) {
      let section = section(&input)
      // Two boxes holding the same value are repeats (the call would stop naming them).
      if !seen.contains(where: { $0.isSame(as: section) || $0 == section }) { seen.append(section) }
    }
    snapshot.deleteSections(seen)
    let after = snapshot.sectionIdentifiers
    let mayLoseMisbehaving = seen.contains { !$0.isWellBehaved }
    var remaining: Model<S, I> = []
    var position = 0
    for entry in model {
      let named = entry.section.isWellBehaved && seen.contains { $0.isWellBehaved && $0 == entry.section }
      if position < after.count && after[position].isSame(as: entry.section) && !named {
        remaining.append(entry)
        position += 1
      } else {
        require(named || (!entry.section.isWellBehaved && mayLoseMisbehaving), "section \(entry.section) lost")
      }
    }
    require(position == after.count, "sections after deleteSections: \(after)")
    model = remaining
  }

  /// Whether `sections` can be added to the snapshot without a stop: none equal to another or
  /// to a section the model holds (by `==` on the current values, so a box whose hash changed
  /// while stored counts as present: never a lookup that could find it), none equal to nothing.
  func canAdd(_ sections: [S]) -> Bool {
    !Self.hasRepeats(sections) && !sections.contains(where: \.isNotANumber)
      && !sections.contains { section in model.contains { $0.section == section } }
  }

  /// checkAppendingSections, then appendSections (the call that stops on misuse) when the
  /// sections can be added. The check's answer is predicted for well-behaved sections.
  mutating func appendSectionsChecked(_ input: inout Input) {
    let sections = (0..<Int(input.next() % 3)).map { _ in section(&input) }
    let fails = Self.hasRepeats(sections) || sections.contains(where: modelContainsSection)
    do {
      try snapshot.checkAppendingSections(sections)
      require(!fails || !sections.allSatisfy(\.isWellBehaved), "checkAppendingSections accepted \(sections)")
    } catch {
      require(fails || !sections.allSatisfy(\.isWellBehaved), "checkAppendingSections: \(error)")
      let kind: DiffableDataSourceSnapshotError.Kind =
        Self.hasRepeats(sections) ? .duplicateIdentifiers : .sectionAlreadyExists
      require(!sections.allSatisfy(\.isWellBehaved) || error.kind == kind, "checkAppendingSections: \(error)")
    }
    guard canAdd(sections) else { return }
    snapshot.appendSections(sections)
    model.append(contentsOf: sections.map { ($0, []) })
  }

  /// insertSections before or after a well-behaved section, of sections that can be added
  /// (boxes too).
  mutating func insertSections(_ input: inout Input) {
    let anchor = section(&input)
    let after = input.next() % 2 == 0
    let new = (0..<Int(input.next() % 3)).map { _ in section(&input) }
    guard let position = modelIndex(ofSection: anchor), canAdd(new) else { return }
    if after {
      snapshot.insertSections(new, afterSection: anchor)
    } else {
      snapshot.insertSections(new, beforeSection: anchor)
    }
    model.insert(contentsOf: new.map { ($0, []) }, at: after ? position + 1 : position)
  }

  /// moveSection before or after another, both well-behaved and present, with its items.
  mutating func moveSection(_ input: inout Input) {
    let (moved, anchor) = (section(&input), section(&input))
    let after = input.next() % 2 == 0
    guard let from = modelIndex(ofSection: moved), modelIndex(ofSection: anchor) != nil, moved != anchor else { return }
    if after {
      snapshot.moveSection(moved, afterSection: anchor)
    } else {
      snapshot.moveSection(moved, beforeSection: anchor)
    }
    let entry = model.remove(at: from)
    let to = modelIndex(ofSection: anchor)!
    model.insert(entry, at: after ? to + 1 : to)
  }

  /// reloadSections of present well-behaved sections, without repeats.
  mutating func reloadSections(_ input: inout Input) {
    let sections = (0..<Int(input.next() % 4)).map { _ in section(&input) }
    guard sections.allSatisfy({ modelIndex(ofSection: $0) != nil }), !Self.hasRepeats(sections) else { return }
    snapshot.reloadSections(sections)
    for section in sections where !marks.reloadedSections.contains(section) { marks.reloadedSections.append(section) }
  }

  // MARK: Items

  /// appendItemsDroppingDuplicates, to the last section or to a well-behaved one by name.
  mutating func appendItems(_ input: inout Input) {
    let new = items(&input)
    var target: S? = input.next() % 2 == 0 ? nil : section(&input)
    if let named = target, !named.isWellBehaved { target = nil }
    let index =
      target.map { t in model.firstIndex { $0.section.isWellBehaved && $0.section == t } }
      ?? (model.isEmpty ? nil : model.count - 1)
    do {
      _ = try snapshot.appendItemsDroppingDuplicates(new, toSection: target)
      guard let index else { fatalError("append to a missing section did not throw") }
      for item in new where !modelContains(item) { model[index].items.append(item) }
    } catch {
      require(index == nil, "append threw \(error) with a section to append to")
    }
  }

  /// checkAppendingItems, then appendItems (the call that stops on misuse; deferred on a snapshot
  /// without an index) when it cannot stop: a section to append to, no two items equal, boxes only
  /// while no box has changed. Items already present move to the end of the section, as Apple's
  /// snapshot does. The check's answer is predicted for well-behaved items.
  mutating func appendItemsChecked(_ input: inout Input) {
    let new = items(&input)
    var target: S? = input.next() % 2 == 0 ? nil : section(&input)
    if let named = target, !named.isWellBehaved { target = nil }
    let index = target.map(modelIndex(ofSection:)) ?? (model.isEmpty ? nil : model.count - 1)
    let repeats = Self.hasRepeats(new)
    let predicted: DiffableDataSourceSnapshotError.Kind? =
      if index == nil {
        target == nil ? .noSections : .sectionNotFound
      } else if repeats {
        .duplicateIdentifiers
      } else if new.contains(where: modelContains) {
        .itemAlreadyExists
      } else {
        nil
      }
    let predictable = new.allSatisfy(\.isWellBehaved)
    do {
      try snapshot.checkAppendingItems(new, toSection: target)
      require(predicted == nil || !predictable, "checkAppendingItems accepted \(new), expected \(predicted!)")
    } catch {
      require(
        !predictable || error.kind == predicted,
        "checkAppendingItems: \(error), expected \(String(describing: predicted))")
    }
    guard let index, !repeats, !(boxesChanged && new.contains(where: \.isBoxed)) else { return }
    snapshot.appendItems(new, toSection: target)
    for item in new {
      if item.isWellBehaved {
        for s in model.indices { model[s].items.removeAll { $0 == item } }
        model[index].items.append(item)
      } else if !modelContains(item) {
        model[index].items.append(item)
      }
    }
  }

  /// appendItems (the deferred path when the snapshot has no index) of a run of fresh
  /// identifiers, so that snapshots grow large enough for index derivation.
  mutating func bulkAppend(_ input: inout Input) {
    let count = Int(input.next() % 64) + 1
    let reuse = input.next()
    guard let last = model.indices.last, snapshot.numberOfItems + count <= Self.itemLimit else { return }
    let first: Int
    if reuse & 1 == 0 {
      first = nextNumber
      nextNumber += count
    } else {
      first = Int(reuse >> 1) * 8  // may overlap the byte alphabet and earlier runs (below 1 << 20)
    }
    let new = (first..<first + count).map(I.numbered).filter { !modelContains($0) }
    var seen = Set<I>()
    guard !new.isEmpty, new.allSatisfy({ $0.isWellBehaved && seen.insert($0).inserted }) else { return }
    snapshot.appendItems(new)
    model[last].items.append(contentsOf: new)
  }

  /// The outline: expand, collapse or delete, then show it in the last section.
  mutating func showOutline(_ input: inout Input) {
    let candidates = outline.items.filter(\.isWellBehaved)
    guard !candidates.isEmpty else { return }
    let chosen = candidates[Int(input.next()) % candidates.count]
    switch input.next() % 3 {
    case 0: outline.expand([chosen])
    case 1: outline.collapse([chosen])
    default: outline.delete([chosen])
    }
    guard let section = model.last?.section, section.isWellBehaved else { return }
    snapshot.replaceItems(inSection: section, withVisibleItemsOf: outline)
    let visible = outline.visibleItems
    for index in model.indices { model[index].items.removeAll { visible.contains($0) } }
    model[model.count - 1].items = visible
  }

  // MARK: Rebuilds, copies, releases

  /// A fresh snapshot of `model`'s well-behaved items, as an app builds one: sections, then one
  /// or two `appendItems` calls per section. Sections that break the contract go through
  /// `appendSectionsDroppingDuplicates` (one that is dropped takes its items with it). Returns the
  /// snapshot and the model of what it holds.
  func build(_ model: Model<S, I>, split: UInt8) -> (Snapshot, Model<S, I>) {
    var fresh = Snapshot()
    var built: Model<S, I> = []
    for (number, (section, items)) in model.enumerated() {
      if section.isWellBehaved && !built.contains(where: { $0.section.isWellBehaved && $0.section == section }) {
        fresh.appendSections([section])
      } else if section.isWellBehaved || !fresh.appendSectionsDroppingDuplicates([section]).isEmpty {
        continue
      }
      let kept = items.filter(\.isWellBehaved)
      let cut = split & (1 << (number % 8)) == 0 ? kept.count : kept.count / 2
      if cut > 0 { fresh.appendItems(Array(kept[..<cut])) }
      if cut < kept.count { fresh.appendItems(Array(kept[cut...])) }
      built.append((section, kept))
    }
    return (fresh, built)
  }

  /// Replaces the snapshot with a fresh one built from the model, exactly or with a few edits
  /// (so that the diff takes the equal-sections shortcut or derives the index), or with an item
  /// appended again by a later call (which moves it). Returns whether the diff runs before any
  /// lookup, as when a data source applies the snapshot.
  mutating func rebuild(_ input: inout Input) -> Bool {
    let variant = input.next()
    var target = model
    switch variant & 3 {
    case 1:  // a few edits: removals, fresh insertions, swaps
      for _ in 0..<Int(input.next() % 4) {
        let (where_, what) = (Int(input.next()), input.next())
        guard !target.isEmpty else { break }
        let s = where_ % target.count
        let count = target[s].items.count
        switch what % 3 {
        case 0 where count > 0: target[s].items.remove(at: Int(what) % count)
        case 1:
          let new = freshItems(1, avoiding: target)
          target[s].items.insert(contentsOf: new, at: count == 0 ? 0 : Int(what) % (count + 1))
        default:
          if count > 1 { target[s].items.swapAt(Int(what) % count, (Int(what) + 1) % count) }
        }
      }
    case 3 where !target.isEmpty:  // the last section gone, or a new empty one
      if input.next() % 2 == 0 { target.removeLast() } else { target.append((S.numbered(Int(input.next())), [])) }
    default: break
    }
    var (fresh, built) = build(target, split: input.next())
    if variant & 3 == 2, let from = built.firstIndex(where: { !$0.items.isEmpty }) {
      // A later call appends an item again: it moves to the last section, with a warning
      // (Apple's semantics).
      let moved = built[from].items[Int(input.next()) % built[from].items.count]
      fresh.appendItems([moved])
      built[from].items.removeAll { $0 == moved }
      built[built.count - 1].items.append(moved)
    }
    snapshot = fresh
    model = built
    marks = Marks()
    return variant & 4 != 0
  }

  /// Reads a kept copy after other copies changed, or makes it the current snapshot.
  mutating func useKeptCopy(_ input: inout Input) {
    guard !kept.isEmpty else { return }
    let index = Int(input.next()) % kept.count
    switch input.next() % 3 {
    case 0:
      Self.check(kept[index].snapshot, against: kept[index].model, marks: kept[index].marks)
    case 1:
      swap(&snapshot, &kept[index].snapshot)
      swap(&model, &kept[index].model)
      swap(&marks, &kept[index].marks)
    default:  // appends to the copy (sharing a deferred index with the current snapshot, maybe)
      var copy = kept[index]
      guard let last = copy.model.indices.last else { return }
      let new = freshItems(Int(input.next() % 8) + 1, avoiding: copy.model)
      copy.snapshot.appendItems(new)
      copy.model[last].items.append(contentsOf: new)
      Self.check(copy.snapshot, against: copy.model, marks: copy.marks)
      kept[index] = copy
    }
  }

  /// Snapshots released without being read: fresh ones (possibly with an item appended again),
  /// and copies of the current one with appends; the check at release must not stop.
  mutating func releaseUnread(_ input: inout Input) {
    let variant = input.next()
    do {
      var (fresh, built) = build(model, split: input.next())
      if variant & 1 != 0, let from = built.firstIndex(where: { !$0.items.isEmpty }) {
        fresh.appendItems([built[from].items[0]])  // moves it to the last section
      }
      if variant & 2 != 0 {
        var copy = fresh  // shares the recorded calls; its own append copies them
        if !built.isEmpty { copy.appendItems(freshItems(1, avoiding: built)) }
      }
    }
    if variant & 4 != 0, !model.isEmpty {
      var copy = snapshot
      copy.appendItems(freshItems(1, avoiding: model))
    }
  }

  /// Up to `count` well-behaved identifiers that `model` does not hold, numbered from
  /// ``nextNumber``.
  mutating func freshItems(_ count: Int, avoiding model: Model<S, I>) -> [I] {
    var result: [I] = []
    for _ in 0..<count {
      let item = I.numbered(nextNumber)
      nextNumber += 1
      if item.isWellBehaved && !result.contains(item) && !model.contains(where: { $0.items.contains(item) }) {
        result.append(item)
      }
    }
    return result
  }

  func modelPosition(of item: I) -> (section: Int, offset: Int)? {
    for (s, section) in model.enumerated() {
      if let o = section.items.firstIndex(of: item) { return (s, o) }
    }
    return nil
  }

  // MARK: Checks

  /// Compares the snapshot with the model and checks the changeset from `previous`: computed
  /// before the lookups when `diffFirst` (the diff then meets an unread rebuilt snapshot), after
  /// them otherwise. (``check(_:against:marks:)`` checks the internal invariants.) Returns the
  /// changeset, and whether both snapshots hold only well-behaved identifiers.
  func check(from previous: Snapshot, diffFirst: Bool) -> (changes: SnapshotChangeset<S, I>, allWellBehaved: Bool) {
    var changeset: SnapshotChangeset<S, I>?
    if diffFirst { changeset = SnapshotChangeset(from: previous, to: snapshot) }
    Self.check(snapshot, against: model, marks: marks)
    let changes = changeset ?? SnapshotChangeset(from: previous, to: snapshot)
    // UIKit's section-count rule, whatever the identifiers.
    require(
      previous.numberOfSections - changes.sectionDeletes.count + changes.sectionInserts.count
        == snapshot.numberOfSections, "changeset breaks the section count: \(changes)")
    let allWellBehaved =
      (previous.itemIdentifiers + snapshot.itemIdentifiers).allSatisfy(\.isWellBehaved)
      && (previous.sectionIdentifiers + snapshot.sectionIdentifiers).allSatisfy(\.isWellBehaved)
    if allWellBehaved {
      do {
        try validate(changes, from: previous, to: snapshot)
      } catch {
        fatalError("invalid changeset: \(error)")
      }
    }
    return (changes, allWellBehaved)
  }

  /// Compares a snapshot with its model through every query, its marks with the model's, and
  /// checks its internal invariants before the lookups (a deferred index may be unresolved then)
  /// and after them (resolved).
  static func check(_ snapshot: Snapshot, against model: Model<S, I>, marks: Marks<S, I>) {
    let sections = snapshot.sectionIdentifiers
    require(
      sections.count == model.count && zip(sections, model).allSatisfy { $0.isSame(as: $1.section) },
      "sections \(sections) differ from the model's \(model.map(\.section))")
    require(snapshot.numberOfSections == model.count, "section count")
    let flat = snapshot.itemIdentifiers
    // With no box left, every invariant holds again.
    let invariantsHold = !flat.contains(where: \.isBoxed) && sections.allSatisfy(\.isWellBehaved)
    if invariantsHold { snapshot._checkInvariants() }
    require(snapshot.numberOfItems == flat.count, "item count \(snapshot.numberOfItems) != \(flat.count)")
    let expected = model.flatMap { $0.items.filter(\.isWellBehaved) }
    require(flat.filter(\.isWellBehaved) == expected, "items \(flat) differ from the model's")
    // The marks: those of well-behaved identifiers exactly as the model's (marks of boxes may
    // be there too), and every query agreeing with the lists.
    let reloadedSections = snapshot.reloadedSectionIdentifiers
    let reloadedItems = snapshot.reloadedItemIdentifiers
    let reconfiguredItems = snapshot.reconfiguredItemIdentifiers
    require(
      reloadedSections.filter(\.isWellBehaved) == marks.reloadedSections, "reloaded sections \(reloadedSections)")
    require(reloadedItems.filter(\.isWellBehaved) == marks.reloadedItems, "reloaded items \(reloadedItems)")
    require(
      reconfiguredItems.filter(\.isWellBehaved) == marks.reconfiguredItems, "reconfigured items \(reconfiguredItems)")
    require(
      snapshot.hasReloadOrReconfigureMarks
        == !(reloadedSections.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty),
      "hasReloadOrReconfigureMarks")
    let (reloaded, reconfigured) = (Set(marks.reloadedItems), Set(marks.reconfiguredItems))
    var sectionOfItem: [I: Int] = [:]
    for (position, entry) in model.enumerated() {
      for item in entry.items where item.isWellBehaved { sectionOfItem[item] = position }
      guard entry.section.isWellBehaved else { continue }
      require(snapshot.indexOfSection(entry.section) == position, "index of section \(entry.section)")
      if let other = entry.section.otherSpelling {
        require(snapshot.indexOfSection(other) == position, "index of section \(entry.section) spelled \(other)")
        require(
          snapshot.numberOfItems(inSection: other) == entry.items.count,
          "count of section \(entry.section) spelled \(other)")
      }
      require(
        snapshot.isReloaded(section: entry.section) == marks.reloadedSections.contains(entry.section),
        "isReloaded(section: \(entry.section))")
      let actual = snapshot.itemIdentifiers(inSection: entry.section)
      require(snapshot.numberOfItems(inSection: entry.section) == actual.count, "count of \(entry.section)")
      require(
        actual.filter(\.isWellBehaved) == entry.items.filter(\.isWellBehaved),
        "section \(entry.section): \(actual) vs \(entry.items)")
    }
    var sectionStarts: [Int: Int] = [:]
    for (index, item) in flat.enumerated() {
      if item.isWellBehaved {
        require(snapshot.indexOfItem(item) == index, "index of \(item)")
        require(snapshot.containsItem(item), "\(item) not found")
        guard let path = snapshot.indexPath(for: item), let position = sectionOfItem[item] else {
          fatalError("no index path for \(item)")
        }
        require(path.section == position, "\(item) in section \(path.section), not \(position)")
        let start = index - path.item
        require(sectionStarts.updateValue(start, forKey: position) ?? start == start, "section start of \(item)")
        require(
          snapshot.sectionIdentifier(containingItem: item)?.isSame(as: model[position].section) == true,
          "section of \(item)")
        require(snapshot.isReloaded(item: item) == reloaded.contains(item), "isReloaded(item: \(item))")
        require(
          snapshot.isReconfigured(item: item) == reconfigured.contains(item), "isReconfigured(item: \(item))")
        if let other = item.otherSpelling {
          require(
            snapshot.indexOfItem(other) == index && snapshot.indexPath(for: other) == path,
            "index of \(item) spelled \(other)")
          require(snapshot.isReloaded(item: other) == reloaded.contains(item), "isReloaded(item: \(other))")
        }
      } else if item.isNotANumber {
        require(snapshot.indexOfItem(item) == nil, "nan found")
      } else if let found = snapshot.indexOfItem(item) {
        // A mutated box may be found or not, but never at a position that does not hold it.
        require(found < flat.count, "\(item) found past the end")
        require(flat[found] == item, "\(item) found at another item's position")
      }
    }
    if invariantsHold { snapshot._checkInvariants() }
  }
}

/// Runs every step the input holds, then the full check of what the last full check left.
func drive<S, I>(_ run: Run<S, I>, _ input: inout Input) {
  var run = run
  while !input.isEmpty { run.step(&input) }
  if run.unchecked > 0 { run.checkFully() }
}

/// Runs the same steps on a snapshot of rows that declare `SelfContainedIdentifier` (which take
/// the shortcuts) and one of rows that do not (checked at each call), each against its model, and
/// requires the same results of both at every full check: the same items, bit for bit (which
/// spelling of a zero a snapshot keeps), the same sections, and — when no NaN is involved — the
/// same changeset.
func driveTwins<S>(_ declared: Run<S, DeclaredRow>, _ undeclared: Run<S, PointerRow>, _ input: inout Input) {
  var (declared, undeclared) = (declared, undeclared)
  func compare() {
    let (a, b) = (declared.snapshot, undeclared.snapshot)
    require(
      a.sectionIdentifiers == b.sectionIdentifiers, "sections \(a.sectionIdentifiers) vs \(b.sectionIdentifiers)")
    require(
      a.itemIdentifiers.elementsEqual(b.itemIdentifiers) { $0.bits == $1.bits },
      "items \(a.itemIdentifiers) vs \(b.itemIdentifiers)")
    guard let (x, xClean) = declared.lastChanges, let (y, yClean) = undeclared.lastChanges, xClean && yClean else {
      return
    }
    require(
      x.sectionDeletes == y.sectionDeletes && x.sectionInserts == y.sectionInserts
        && x.sectionReloads == y.sectionReloads && x.sectionMoves == y.sectionMoves
        && x.itemDeletes == y.itemDeletes && x.itemInserts == y.itemInserts && x.itemReloads == y.itemReloads
        && x.itemReconfigures == y.itemReconfigures && x.itemMoves == y.itemMoves,
      "changesets differ: \(x) vs \(y)")
  }
  while !input.isEmpty {
    var same = input
    declared.step(&input)
    undeclared.step(&same)
    require(input.position == same.position && declared.checks == undeclared.checks, "the twin runs diverged")
    if declared.unchecked == 0 { compare() }
  }
  if declared.unchecked > 0 {
    declared.checkFully()
    undeclared.checkFully()
    compare()
  }
}
