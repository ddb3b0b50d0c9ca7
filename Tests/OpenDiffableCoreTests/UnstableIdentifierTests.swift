@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting
import Testing

/// An identifier whose hash and equality follow a mutable property: mutating it while it is in a
/// snapshot breaks `Hashable`'s contract, as a class identifier with a mutable hashed field does.
private final class MutableKey: Hashable, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: MutableKey, rhs: MutableKey) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
  var description: String { "MutableKey(\(value))" }
}

/// An identifier whose hash differs on every call (a hash built from a counter).
private final class ShiftingKey: Hashable, @unchecked Sendable {
  let id: Int
  var calls = 0
  init(_ id: Int) { self.id = id }
  static func == (lhs: ShiftingKey, rhs: ShiftingKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    calls += 1
    hasher.combine(id)
    hasher.combine(calls)
  }
}

/// Identifiers that break `Hashable`'s contract never corrupt a snapshot: no out-of-bounds access,
/// no hang, no stale index entry, never an item deleted in place of another. Each test is a repro
/// that crashed, hung or deleted the wrong item before the item table was hardened.
@Suite(
  "Identifiers that break Hashable's contract",
  // Internal checks after every mutation assert that stored hashes are current, which these
  // tests break on purpose between calls.
  .disabled(if: internalChecksEnabled, "identifiers are mutated between calls on purpose"))
struct UnstableIdentifierTests {
  /// The sum of the section sizes: what the item count must be.
  private func itemsInSections<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) -> Int {
    snapshot.sectionIdentifiers.reduce(0) { $0 + snapshot.numberOfItems(inSection: $1) }
  }

  @Test func notANumberWithADuplicateInOneDroppingAppend() throws {
    // Rolled back the claim of `.nan` by looking it up again, found nothing and removed a
    // bucket that held no entry (out-of-bounds write under ASan, or an endless probe).
    var snapshot = DiffableDataSourceSnapshot<Int, Double>()
    snapshot.appendSections([0])
    snapshot.appendItems([0])
    let dropped = try snapshot.appendItemsDroppingDuplicates([.nan, 0])
    #expect(dropped == [0])
    #expect(snapshot.numberOfItems == 2)
    #expect(snapshot.itemIdentifiers.first == 0)
    #expect(snapshot.itemIdentifiers.last?.isNaN == true)
    #expect(snapshot.indexOfItem(.nan) == nil)  // as in a Dictionary: never found
    snapshot._checkInvariants()
  }

  @Test func notANumberRepeatedAndRolledBackManyTimes() throws {
    var snapshot = DiffableDataSourceSnapshot<Int, Double>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<40).map(Double.init))
    for round in 0..<50 {
      let batch: [Double] = [.nan, .nan, Double(round % 40), .nan]
      _ = try snapshot.appendItemsDroppingDuplicates(batch)
    }
    #expect(snapshot.numberOfItems == 40 + 150)
    #expect(snapshot.numberOfItems == itemsInSections(snapshot))
    snapshot._checkInvariants()
  }

  @Test func deletingASectionHoldingNotANumberLeavesNoStaleEntry() {
    var snapshot = DiffableDataSourceSnapshot<String, Double>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, .nan, 2], toSection: "a")
    snapshot.appendItems([3], toSection: "b")
    snapshot.deleteSections(["a"])
    #expect(snapshot.numberOfItems == 1)
    #expect(snapshot.itemIdentifiers == [3])
    snapshot.appendSections(["c"])
    snapshot.appendItems([4, 5], toSection: "c")
    snapshot.deleteItems([1, 2])  // gone with section "a": must touch nothing
    #expect(snapshot.itemIdentifiers == [3, 4, 5])
    snapshot._checkInvariants()
  }

  @Test func mutatedKeyInADeletedSectionNeverDeletesAnotherItem() {
    // deleteSections ignored a failed removal and left a stale entry for the mutated key; after
    // the key changed back, deleteItems followed the stale entry and deleted an item of another
    // section that had reused the storage slot.
    let a = MutableKey(1)
    let b = MutableKey(2)
    let c = MutableKey(3)
    let d = MutableKey(4)
    var snapshot = DiffableDataSourceSnapshot<String, MutableKey>()
    snapshot.appendSections(["x", "y"])
    snapshot.appendItems([a, b], toSection: "x")
    snapshot.appendItems([c], toSection: "y")
    a.value = 100
    snapshot.deleteSections(["x"])
    #expect(snapshot.numberOfItems == 1)
    snapshot.appendSections(["z"])
    snapshot.appendItems([d], toSection: "z")
    a.value = 1
    snapshot.deleteItems([a])
    #expect(snapshot.itemIdentifiers.map(\.value) == [3, 4])
    #expect(snapshot.indexOfItem(d) == 1)
    snapshot._checkInvariants()
  }

  @Test func reindexingAroundAMutatedKeyRepairsTheIndex() {
    // Inserting before a mutated key re-indexes it; that stopped with "internal error: item
    // missing from the item table", blaming OpenDiffable.
    let keys = (0..<5).map(MutableKey.init)
    var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
    snapshot.appendSections([0])
    snapshot.appendItems(keys)
    keys[2].value = 20
    snapshot.insertItems([MutableKey(9)], beforeItem: keys[0])
    #expect(snapshot.itemIdentifiers.map(\.value) == [9, 0, 1, 20, 3, 4])
    #expect(snapshot.indexOfItem(keys[2]) == 3)  // found by its new hash after the repair
    snapshot._checkInvariants()
    keys[3].value = 30
    snapshot.deleteItems([keys[1]])
    #expect(snapshot.itemIdentifiers.map(\.value) == [9, 0, 20, 30, 4])
    #expect(snapshot.indexOfItem(keys[3]) == 3)
    snapshot._checkInvariants()
  }

  @Test func aMutatedKeyFoundByItsNewHashStoresThatHash() {
    // A key whose hash changed while stored is found where it was when its new hash keeps the
    // old tag and reaches its bucket (about one value in several hundred): the shift or
    // rotation around it then moved its entry without a repair, and its stored hash stayed the
    // old one (the invariant check stopped on "stores another hash than its key's").
    // (Values no other test looks for in the shared warning collector, where the repairs'
    // warnings go: those tests search for "100001", "200003", "MutableKey(7030)" and the like.)
    for value in 900_000_000..<900_002_000 {
      let keys = (0..<6).map(MutableKey.init)
      var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
      snapshot.appendSections([0])
      snapshot.appendItems(keys)
      keys[3].value = value
      snapshot.deleteItems([keys[1]])  // 2, value, 4 and 5 shift down one
      #expect(snapshot.indexOfItem(keys[3]) == 2)
      snapshot._checkInvariants()
      keys[4].value = value &+ 50_000_000
      snapshot.moveItem(keys[0], afterItem: keys[5])  // rotates every item past the moved one
      #expect(snapshot.indexOfItem(keys[4]) == 2)
      snapshot._checkInvariants()
    }
  }

  @Test func movingAnItemPastAMutatedKeyRepairsTheIndex() {
    // A move within a section rotates the items between: one of them whose hash changed is not
    // found where it was, and the index is rebuilt with a warning naming it.
    let keys = (0..<8).map(MutableKey.init)
    var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
    snapshot.appendSections([0])
    snapshot.appendItems(keys)
    keys[3].value = 7_030
    let (_, first) = OpenDiffableWarningCollector.collect {
      snapshot.moveItem(keys[1], afterItem: keys[4])  // 2, 3 and 4 move down one
      #expect(snapshot.itemIdentifiers.map(\.value) == [0, 2, 7_030, 4, 1, 5, 6, 7])
      #expect(snapshot.indexOfItem(keys[3]) == 2)  // found by its new hash after the repair
      #expect(snapshot.indexOfItem(keys[1]) == 4)
    }
    #expect(first.count == 1 && first[0].contains("MutableKey(7030)"), "\(first)")
    snapshot._checkInvariants()
    keys[5].value = 7_050
    let (_, second) = OpenDiffableWarningCollector.collect {
      snapshot.moveItem(keys[6], beforeItem: keys[2])  // 2, 7030, 4, 1 and 7050 move up one
      #expect(snapshot.itemIdentifiers.map(\.value) == [0, 6, 2, 7_030, 4, 1, 7_050, 7])
      #expect(snapshot.indexOfItem(keys[5]) == 6)
    }
    #expect(second.count == 1 && second[0].contains("MutableKey(7050)"), "\(second)")
    snapshot._checkInvariants()
  }

  @Test func mutatedKeyDeletedByIdentityOfItsOldValueDeletesNothingElse() {
    let keys = (0..<4).map(MutableKey.init)
    var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(keys[0..<2]), toSection: 0)
    snapshot.appendItems(Array(keys[2..<4]), toSection: 1)
    keys[0].value = 3  // now equal to keys[3], but stored under its old hash
    snapshot.deleteItems([MutableKey(3)])
    // The stale entry of keys[0] never matches: only keys[3] (hash and equality agree) goes.
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.itemIdentifiers(inSection: 0).count == 2)
    #expect(snapshot.numberOfItems == itemsInSections(snapshot))
  }

  @Test func hashThatChangesOnEveryCallStaysMemorySafe() throws {
    let keys = (0..<30).map(ShiftingKey.init)
    var snapshot = DiffableDataSourceSnapshot<Int, ShiftingKey>()
    snapshot.appendSections([0, 1])
    for chunk in stride(from: 0, to: 30, by: 5) {
      _ = try snapshot.appendItemsDroppingDuplicates(Array(keys[chunk..<chunk + 5]), toSection: chunk % 2)
      _ = try snapshot.appendItemsDroppingDuplicates([keys[chunk], keys[chunk]], toSection: 1)
      #expect(snapshot.numberOfItems == itemsInSections(snapshot))
    }
    snapshot.deleteItems(Array(keys[0..<10]))
    #expect(snapshot.numberOfItems == itemsInSections(snapshot))
    snapshot.deleteSections([0])
    #expect(snapshot.numberOfItems == itemsInSections(snapshot))
    snapshot.deleteSections([1])
    #expect(snapshot.numberOfItems == 0)
  }

  @Test func replacingASectionFromAnOutlineHoldingAMutatedKey() {
    let keys = (0..<4).map(MutableKey.init)
    var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
    snapshot.appendSections([0])
    snapshot.appendItems(keys)
    keys[1].value = 10
    var outline = DiffableDataSourceSectionSnapshot<MutableKey>()
    outline.append([MutableKey(7), MutableKey(8)])
    snapshot.replaceItems(inSection: 0, withVisibleItemsOf: outline)
    #expect(snapshot.itemIdentifiers.map(\.value) == [7, 8])
    #expect(snapshot.numberOfItems == 2)
    snapshot._checkInvariants()
  }
}

/// Repros found in review, after the first hardening: a key mutated to equal another key took
/// that key's entry while re-indexing, and re-indexing past a `Double.nan` rebuilt the whole
/// index with a warning every time.
@Suite(
  "Identifiers that break Hashable's contract: entries found by position",
  .disabled(if: internalChecksEnabled, "identifiers are mutated between calls on purpose"))
struct UnstableIdentifierPositionTests {
  @Test func keyMutatedToEqualAnotherNeverTakesItsEntry() {
    let b = MutableKey(2)
    let x = MutableKey(3)
    let y = MutableKey(4)
    let a = MutableKey(1)
    var snapshot = DiffableDataSourceSnapshot<Int, MutableKey>()
    snapshot.appendSections([0])
    snapshot.appendItems([b, x, y, a])
    a.value = 2  // now equal to b, and hashing like it
    snapshot.insertItems([MutableKey(9)], beforeItem: b)
    #expect(snapshot.indexOfItem(x) == 2)
    #expect(snapshot.indexOfItem(y) == 3)
    // (No _checkInvariants here: a and b are equal now, so a lookup of b may find a.)
    a.value = 1
    snapshot.deleteItems([a])  // a's hash changed again: not found, nothing else deleted
    #expect(snapshot.itemIdentifiers.map(\.value).contains(4))
    #expect(snapshot.numberOfItems == 5)
    snapshot.deleteItems([b])
    #expect(snapshot.numberOfItems == 4)
    #expect(snapshot.indexOfItem(b) == nil)
  }

  @Test func reindexingPastNotANumberNeitherRebuildsNorWarns() async {
    await #expect(processExitsWith: .success) {
      OpenDiffableDiagnostics.warningHandler = { message in fatalError("unexpected warning: \(message)") }
      var snapshot = DiffableDataSourceSnapshot<Int, Double>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems([1, 2, .nan, 3, .nan], toSection: 0)
      snapshot.appendItems([4], toSection: 1)
      snapshot.insertItems([0], beforeItem: 1)
      snapshot.deleteItems([2])
      snapshot.moveItem(3, beforeItem: 1)
      snapshot.moveItem(4, afterItem: 0)
      snapshot._checkInvariants()
      precondition(snapshot.numberOfItems == 6)
      snapshot.deleteSections([0])
      precondition(snapshot.numberOfItems == 0)
    }
  }
}

/// The diff between snapshots that hold identifiers mutated to equal one another stays in
/// bounds (found by the fuzz target: it wrote before the start of its claim buffer).
@Suite("Changesets over identifiers that break Hashable's contract")
struct UnstableIdentifierChangesetTests {
  @Test func newMiddleItemEqualToAnOldPrefixItemIsAnInsert() {
    let keys = (0..<6).map(MutableKey.init)
    var old = DiffableDataSourceSnapshot<Int, MutableKey>()
    old.appendSections([0])
    old.appendItems([keys[0], keys[1], keys[2]])
    var new = DiffableDataSourceSnapshot<Int, MutableKey>()
    new.appendSections([0])
    new.appendItems([keys[0], keys[4], keys[5]])
    keys[4].value = 0  // now equal to keys[0], which the old snapshot holds in the common prefix
    let changeset = SnapshotChangeset(from: old, to: new)
    // Old middle [1, 2] and new middle [k4, 5]: both old middle items go, both new ones come.
    #expect(changeset.itemDeletes.count == 2)
    #expect(changeset.itemInserts.count == 2)
    #expect(changeset.itemMoves.isEmpty)
  }
}
