import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@testable import OpenDiffableCore

/// A reference whose value a struct identifier hashes: mutating it changes the hash and equality
/// of every identifier that wraps it, as a struct whose `Hashable` reads a class field does.
private final class Cell: @unchecked Sendable {
  var value: Int
  init(_ value: Int) { self.value = value }
}

/// A struct identifier whose `Hashable` conformance reads a class field.
private struct Wrapped: Hashable, CustomStringConvertible, @unchecked Sendable {
  let cell: Cell
  init(_ value: Int) { cell = Cell(value) }
  static func == (lhs: Wrapped, rhs: Wrapped) -> Bool { lhs.cell.value == rhs.cell.value }
  func hash(into hasher: inout Hasher) { hasher.combine(cell.value) }
  var description: String { "Wrapped(\(cell.value))" }
}

/// A reference-free struct whose `Hashable` conformance reads memory it does not own (the value
/// a pointer points to): it can change while stored, though it holds no reference. Leaks its
/// integer, as tests may.
private struct PointerBacked: Hashable, CustomStringConvertible, @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Int>
  init(_ value: Int) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: value)
  }
  static func == (lhs: PointerBacked, rhs: PointerBacked) -> Bool { lhs.pointer.pointee == rhs.pointer.pointee }
  func hash(into hasher: inout Hasher) { hasher.combine(pointer.pointee) }
  var description: String { "PointerBacked(\(pointer.pointee))" }
}

/// A section identifier whose hash differs on every call (a hash built from a counter).
private final class ShiftingSection: Hashable, @unchecked Sendable {
  var calls = 0
  static func == (lhs: ShiftingSection, rhs: ShiftingSection) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) {
    calls += 1
    hasher.combine(calls)
  }
}

/// Regression tests for issue 25: every identifier that breaks `Hashable`'s contract gets either
/// a correct result with a warning or a stop naming OpenDiffable, the operation and the
/// identifier — never an invalid batch, a wrong position or a wrong deletion.
@Suite(
  "Contract-breaking identifiers: one rule for sections and items",
  .disabled(if: internalChecksEnabled, "identifiers are mutated between calls on purpose"))
struct ContractBreakingIdentifierTests {
  /// Finding 1: a shown section whose identifier was mutated to equal another section's. Both old
  /// sections found the same new one (one section inserted, none deleted: an invalid batch).
  @Test func sectionMutatedToEqualAnotherGivesAValidBatchAndAWarning() throws {
    let ((changeset, placement), warnings) = try OpenDiffableWarningCollector.collect {
      let (old, _, b) = twoSectionsWithTheFirstMadeEqualToTheSecond(7_250_001, 7_250_002)
      var new = DiffableDataSourceSnapshot<Wrapped, Int>()
      let c = Wrapped(7_250_003)
      new.appendSections([b, c])
      new.appendItems([3], toSection: b)
      new.appendItems([1, 2], toSection: c)
      let changeset = SnapshotChangeset(from: old, to: new)
      // (The simulator cannot start from `old`: asked for section `a`'s items, `old` now answers
      // with `b`'s, which `a` equals. The counts UIKit holds are those of the previous apply.)
      return (changeset, try BatchUpdateOperations(changeset).placement(oldItemCounts: [2, 1], newItemCounts: [1, 2]))
    }
    #expect(changeset.sectionDeletes == [1] && changeset.sectionInserts == [1], "\(changeset)")
    #expect(placement.sections.count == 2)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(
      warnings.first.map {
        $0.contains("SnapshotChangeset(from:to:)") && $0.contains("section identifier")
          && $0.contains("Wrapped(7250002)")
      } == true, "\(warnings)")
  }

  /// Finding 3: a rebuilt snapshot whose stored sections equal the shown ones but that holds one
  /// identifier twice (a later append of an identifier mutated to equal an earlier one). The
  /// equal-sections shortcut marked it checked: a wrong count and the wrong item deleted.
  @Test func equalSectionsShortcutNeverKeepsARepeat() throws {
    let keys = (0..<3).map { Wrapped(7_260_000 + $0) }
    var shown = DiffableDataSourceSnapshot<Int, Wrapped>()
    shown.appendSections([0])
    shown.appendItems(keys)
    _ = shown.indexOfItem(keys[0])
    keys[2].cell.value = 7_260_001  // now equal to keys[1]
    var rebuilt = DiffableDataSourceSnapshot<Int, Wrapped>()
    rebuilt.appendSections([0])
    rebuilt.appendItems([keys[0], keys[1]])
    rebuilt.appendItems([keys[2]])  // appends an identifier the snapshot holds: it moves
    let changeset = SnapshotChangeset(from: shown, to: rebuilt)
    try validate(changeset, from: shown, to: rebuilt)
    #expect(rebuilt.numberOfItems == 2)
    #expect(rebuilt.itemIdentifiers.map(\.cell.value) == [7_260_000, 7_260_001])
    #expect(rebuilt.indexOfItem(keys[1]) == 1)
    rebuilt.deleteItems([keys[1]])
    #expect(rebuilt.itemIdentifiers.map(\.cell.value) == [7_260_000])
    #expect(rebuilt.indexOfItem(keys[2]) == nil)
  }

  /// Finding 4: identifiers unique when `appendItems` ran, mutated afterwards. The deferred check
  /// stopped at the first lookup blaming the call ("the supplied identifiers are not unique").
  @Test func mutationAfterAValidAppendIsNotBlamedOnTheCall() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let keys = (0..<3).map { Wrapped(7_270_000 + $0) }
      var snapshot = DiffableDataSourceSnapshot<Int, Wrapped>()
      snapshot.appendSections([0])
      snapshot.appendItems(keys)
      keys[2].cell.value = 7_270_000
      precondition(snapshot.indexOfItem(keys[1]) == 1)
      precondition(snapshot.numberOfItems == 3)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(!stderr.contains("not unique"), "\(stderr)")
    }
  }

  /// Finding 4: the same, released without having been read: the check at release stopped, on
  /// whatever thread released the snapshot.
  @Test func mutationAfterAValidAppendDoesNotStopAtRelease() async {
    await #expect(processExitsWith: .success) {
      let keys = (0..<3).map { Wrapped(7_280_000 + $0) }
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
          do {
            var snapshot = DiffableDataSourceSnapshot<Int, Wrapped>()
            snapshot.appendSections([0])
            snapshot.appendItems(keys)
            keys[2].cell.value = 7_280_000
          }  // released here, unread, on a thread the test did not otherwise use
          done.resume()
        }
      }
    }
  }

  /// Finding 4: a repeat within one call of a snapshot released unread on another thread than
  /// the one that appended is reported naming the call, as a warning: that thread may be one the
  /// app did not choose. (Released on the appending thread, it stops: SnapshotMisuseTests.)
  @Test func aRepeatFoundAtReleaseOnAnotherThreadIsAWarningNamingTheCall() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      final class Holder: @unchecked Sendable { var snapshot: DiffableDataSourceSnapshot<String, Int>? }
      let holder = Holder()
      holder.snapshot = DiffableDataSourceSnapshot()
      holder.snapshot!.appendSections(["a"])
      holder.snapshot!.appendItems([7, 8, 7])
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
          holder.snapshot = nil  // the last reference, released here
          done.resume()
        }
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable warning: appendItems(_:toSection:)"), "\(stderr)")
      #expect(stderr.contains("[7] (1 identifier)"), "\(stderr)")
    }
  }

  /// Finding 7: a section identifier not equal to itself was accepted, and the first apply
  /// stopped with "not found … append the section first".
  @Test func notANumberSectionStopsAtTheCallSayingWhatIsWrong() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Double, Int>()
      snapshot.appendSections([1, .nan])
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable: appendSections(_:)"), "\(stderr)")
      #expect(stderr.contains("nan"), "\(stderr)")
      #expect(stderr.contains("not equal to itself"), "\(stderr)")
    }
  }

  @Test func notANumberSectionInsertedStopsAtTheCall() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Double, Int>()
      snapshot.appendSections([1])
      snapshot.insertSections([.nan], beforeSection: 1)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable: insertSections(_:beforeSection:)"), "\(stderr)")
      #expect(stderr.contains("not equal to itself"), "\(stderr)")
    }
  }

  /// Sections mutated to equal other sections of the same snapshot, then more sections appended:
  /// the section table grew and stopped the process inside the standard library ("Duplicate
  /// keys of type 'Wrapped' were found in a Dictionary").
  @Test func sectionsMutatedToEqualOthersThenMoreAppendedDoNotStopInsideDictionary() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      OpenDiffableDiagnostics.warningHandler = { _ in }
      let sections = (0..<48).map(Wrapped.init)
      var snapshot = DiffableDataSourceSnapshot<Wrapped, Int>()
      snapshot.appendSections(sections)
      for index in 0..<24 { sections[24 + index].cell.value = index }
      snapshot.appendSections((1000..<1200).map(Wrapped.init))
      precondition(snapshot.numberOfSections == 248)
      precondition(snapshot.indexOfSection(Wrapped(1100)) == 148)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(!stderr.contains("Duplicate keys"), "\(stderr)")
    }
  }

  /// A section whose hash changes on every call, given to `replaceItems(inSection:…)`: the
  /// section was appended, not found again, and the process stopped on a force unwrap.
  @Test func replaceItemsInAShiftingSectionStopsNamingTheCall() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<ShiftingSection, Int>()
      // Many sections, so that the lookup with a new hash does not land on the section by chance.
      snapshot.appendSections((0..<4000).map { _ in ShiftingSection() })
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      snapshot.replaceItems(inSection: ShiftingSection(), withVisibleItemsOf: outline)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable: replaceItems(inSection:withVisibleItemsOf:)"), "\(stderr)")
    }
  }

  /// Finding 5: the validator compared identifiers with `==`, so a correct changeset over items
  /// that contain NaN was rejected.
  @Test func validatorAcceptsACorrectChangesetOverNotANumber() throws {
    var old = DiffableDataSourceSnapshot<Int, Double>()
    old.appendSections([0])
    old.appendItems([1, .nan, 2])
    var new = DiffableDataSourceSnapshot<Int, Double>()
    new.appendSections([0])
    new.appendItems([.nan, 1, 2, 3])
    try validateChangeset(from: old, to: new)
    try validateChangeset(from: old, to: old)
  }

  /// A section identifier changed to equal another, that other then deleted: the snapshot still
  /// lists the changed section, whose lookup fails. The stop names the change, not a missing
  /// section the app should have appended.
  @Test func aSectionChangedWhileStoredStopsNamingTheChange() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var (snapshot, a, b) = twoSectionsWithTheFirstMadeEqualToTheSecond(7_290_001, 7_290_002)
      snapshot.deleteSections([b])
      _ = snapshot.numberOfItems(inSection: a)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable: numberOfItems(inSection:)"), "\(stderr)")
      #expect(stderr.contains("its hash or equality changed after the section was appended"), "\(stderr)")
      #expect(!stderr.contains("append the section first"), "\(stderr)")
    }
  }

  /// A reference-free struct whose equality reads through a pointer is not trusted as integers
  /// are: a rebuilt snapshot equal byte for byte to the shown one, appended after one identifier
  /// changed to equal another, is checked at the call (a repeat, named), never settled by
  /// comparing bytes with the repeat kept (lookups and deletions then found the wrong item).
  @Test func pointerBackedRebuiltSnapshotIsCheckedAtTheCall() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let keys = (0..<10).map { PointerBacked(7_300_000 + $0) }
      var shown = DiffableDataSourceSnapshot<Int, PointerBacked>()
      shown.appendSections([0])
      shown.appendItems(keys)
      _ = shown.indexOfItem(keys[0])
      keys[7].pointer.pointee = 7_300_002  // now equal to keys[2]
      var rebuilt = DiffableDataSourceSnapshot<Int, PointerBacked>()
      rebuilt.appendSections([0])
      rebuilt.appendItems(keys)
      _ = SnapshotChangeset(from: shown, to: rebuilt)
      let index = rebuilt.indexOfItem(keys[7])
      rebuilt.deleteItems([keys[7]])
      FileHandle.standardError.write(Data("no stop; index \(String(describing: index))\n".utf8))
      exit(0)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("OpenDiffable: appendItems(_:toSection:)"), "\(stderr)")
      #expect(stderr.contains("not unique") && stderr.contains("PointerBacked(7300002)"), "\(stderr)")
    }
  }

  /// Identifiers of such a type unique when `appendItems` ran, changed afterwards: no stop blaming
  /// the call, at the first lookup or at release.
  @Test func pointerBackedMutationAfterAValidAppendIsNotBlamedOnTheCall() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let keys = (0..<3).map { PointerBacked(7_310_000 + $0) }
      do {
        var snapshot = DiffableDataSourceSnapshot<Int, PointerBacked>()
        snapshot.appendSections([0])
        snapshot.appendItems(keys)
        keys[2].pointer.pointee = 7_310_000
        precondition(snapshot.indexOfItem(keys[1]) == 1)
        precondition(snapshot.numberOfItems == 3)
      }
      do {
        var unread = DiffableDataSourceSnapshot<Int, PointerBacked>()
        unread.appendSections([0])
        unread.appendItems((0..<3).map { PointerBacked(7_320_000 + $0) })
        unread.itemIdentifiers[2].pointer.pointee = 7_320_000
      }  // released unread
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(!stderr.contains("not unique"), "\(stderr)")
    }
  }

  /// What the snapshot trusts: the allow-listed types and reference-free types that declare
  /// ``SelfContainedIdentifier``; never a type holding a reference, whatever it declares.
  @Test func theIdentifierRuleAdmitsExactlyItsTypes() {
    struct Declared: Hashable, SelfContainedIdentifier { var raw: Int }
    struct Undeclared: Hashable { var raw: Int }
    struct HoldsAString: Hashable, SelfContainedIdentifier { var name: String }
    #expect(DiffableDataSourceSnapshot<Int, Int>._defersIndex)
    #expect(DiffableDataSourceSnapshot<Int, UUID>._defersIndex)
    #expect(DiffableDataSourceSnapshot<Int, Int8>._defersIndex)
    #expect(DiffableDataSourceSnapshot<Int, Double>._defersIndex)
    #expect(DiffableDataSourceSnapshot<Int, Declared>._defersIndex)
    #expect(!DiffableDataSourceSnapshot<Int, Undeclared>._defersIndex)
    #expect(!DiffableDataSourceSnapshot<Int, PointerBacked>._defersIndex)
    #expect(!DiffableDataSourceSnapshot<Int, HoldsAString>._defersIndex)
    #expect(DiffableDataSourceSnapshot<Int, String>._defersIndex)
    #expect(!DiffableDataSourceSnapshot<Int, Wrapped>._defersIndex)
  }

  /// The non-stopping paths keep their promise for a section changed while stored: they throw
  /// `.sectionNotFound`, where `appendItems` stops naming the change.
  @Test func nonStoppingAppendsThrowForASectionChangedWhileStored() async {
    await #expect(processExitsWith: .success) {
      let a = Wrapped(7_330_001)
      let b = Wrapped(7_330_002)
      var snapshot = DiffableDataSourceSnapshot<Wrapped, Int>()
      snapshot.appendSections([a, b])
      b.cell.value = 7_330_005
      func kind(of call: () throws(DiffableDataSourceSnapshotError) -> Void) -> DiffableDataSourceSnapshotError.Kind? {
        do {
          try call()
          return nil
        } catch { return error.kind }
      }
      let kinds = [
        kind { () throws(DiffableDataSourceSnapshotError) in try snapshot.checkAppendingItems([7], toSection: b) },
        kind { () throws(DiffableDataSourceSnapshotError) in
          _ = try snapshot.appendItemsDroppingDuplicates([7], toSection: b)
        },
      ]
      precondition(kinds == [.sectionNotFound, .sectionNotFound], "\(kinds)")
      precondition(snapshot.numberOfItems == 0)
    }
  }
}

/// Sections `a` (items 1, 2) and `b` (item 3), then `a` changed to equal `b`: stored in the
/// snapshot under its former hash.
private func twoSectionsWithTheFirstMadeEqualToTheSecond(
  _ first: Int, _ second: Int
) -> (DiffableDataSourceSnapshot<Wrapped, Int>, a: Wrapped, b: Wrapped) {
  let a = Wrapped(first)
  let b = Wrapped(second)
  var snapshot = DiffableDataSourceSnapshot<Wrapped, Int>()
  snapshot.appendSections([a, b])
  snapshot.appendItems([1, 2], toSection: a)
  snapshot.appendItems([3], toSection: b)
  a.cell.value = second
  return (snapshot, a, b)
}
