import Foundation
import OpenDiffable

/// Checks that `changeset` is a batch update UIKit accepts and that it turns a list showing
/// `old` into one showing exactly `new`, with every requested reload and reconfigure done.
///
/// Checks, in order:
/// 1. the changeset's contract: every list sorted ascending, without repeats (moves by source);
/// 2. every rule UIKit enforces on a batch update, by replaying it through a
///    ``BatchUpdateSimulator`` that starts from `old` and uses `new` as its data source;
/// 3. afterwards, every section and row shows the identifier `new` has at its position;
/// 4. every section and item `new` marks for reload was loaded afresh, every item it marks for
///    reconfigure was reconfigured or loaded afresh, and nothing unmarked was reloaded in place
///    or reconfigured.
///
/// ```swift
/// @Test func applyingTheFilterGivesAValidUpdate() throws {
///   try validate(SnapshotChangeset(from: before, to: after), from: before, to: after)
/// }
/// ```
///
/// - Throws: `BatchUpdateError` naming the first broken rule.
/// - Complexity: O(n + k log k), n the number of items and k the number of operations.
public func validate<SectionIdentifierType, ItemIdentifierType>(
  _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>,
  from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
  to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) throws(BatchUpdateError) {
  try validate(BatchUpdateOperations(changeset), from: old, to: new, requiringChangesetContract: true)
}

/// Checks that the batch `update` is accepted by UIKit and turns a list showing `old` into one
/// showing exactly `new`, with every requested reload and reconfigure done: steps 2 to 4 of
/// the changeset overload of `validate(_:from:to:)`,
/// and step 1 (sorted lists without repeats) when `requiringChangesetContract` is true.
///
/// Use it for batches your own code builds.
///
/// - Throws: `BatchUpdateError` naming the first broken rule.
/// - Complexity: O(n + k log k), n the number of items and k the number of operations.
public func validate<SectionIdentifierType, ItemIdentifierType>(
  _ update: BatchUpdateOperations,
  from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
  to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
  requiringChangesetContract: Bool = false
) throws(BatchUpdateError) {
  if requiringChangesetContract { try _checkContract(update) }
  var list = BatchUpdateSimulator(old)
  try list.performBatchUpdates(update, dataSource: new)
  try _checkResult(list, new)
  try _checkMarks(update, list, old, new)
}

/// Works out the changeset from `old` to `new` and checks it with ``validate(_:from:to:)``.
///
/// - Returns: the changeset, for further checks.
/// - Throws: `BatchUpdateError` naming the first broken rule.
/// - Complexity: O(n + k log k).
@discardableResult
public func validateChangeset<SectionIdentifierType, ItemIdentifierType>(
  from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
  to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) throws(BatchUpdateError) -> SnapshotChangeset<SectionIdentifierType, ItemIdentifierType> {
  let changeset = SnapshotChangeset(from: old, to: new)
  try validate(changeset, from: old, to: new)
  return changeset
}

// MARK: - Implementation

func _checkContract(_ changeset: BatchUpdateOperations) throws(BatchUpdateError) {
  func ascending<T>(_ name: String, _ list: [T], _ key: (T) -> [Int]) throws(BatchUpdateError) {
    for index in list.indices.dropFirst() where !key(list[index - 1]).lexicographicallyPrecedes(key(list[index])) {
      throw .init(
        .unsortedOrRepeatedPositions,
        "\(name) is not strictly ascending: \(list[index - 1]) comes before \(list[index])")
    }
  }
  try ascending("sectionDeletes", changeset.sectionDeletes) { [$0] }
  try ascending("sectionInserts", changeset.sectionInserts) { [$0] }
  try ascending("sectionReloads", changeset.sectionReloads) { [$0] }
  try ascending("sectionMoves", changeset.sectionMoves) { [$0.from] }
  try ascending("itemDeletes", changeset.itemDeletes) { Array($0) }
  try ascending("itemInserts", changeset.itemInserts) { Array($0) }
  try ascending("itemReloads", changeset.itemReloads) { Array($0) }
  try ascending("itemMoves", changeset.itemMoves) { Array($0.from) }
  try ascending("itemReconfigures", changeset.itemReconfigures) { Array($0) }
}

func _checkResult<S, I>(_ list: BatchUpdateSimulator<S, I>, _ new: DiffableDataSourceSnapshot<S, I>)
  throws(BatchUpdateError)
{
  let expectedSections = new.sectionIdentifiers
  guard _sameIdentifiers(list.sectionIdentifiers, expectedSections) else {
    let shown = list.sectionIdentifiers
    let position = _firstMismatch(shown, expectedSections)
    throw .init(
      .resultDiffersFromSnapshot,
      "after the update, section \(position) shows \(position < shown.count ? "\(shown[position])" : "nothing") "
        + "but the new snapshot has \(position < expectedSections.count ? "\(expectedSections[position])" : "nothing")")
  }
  for (position, section) in expectedSections.enumerated() {
    let shown = list.itemIdentifiers(inSection: position)
    let expected = new.itemIdentifiers(inSection: section)
    guard _sameIdentifiers(shown, expected) else {
      let item = _firstMismatch(shown, expected)
      throw .init(
        .resultDiffersFromSnapshot,
        "after the update, item \(item) of section \(position) shows "
          + "\(item < shown.count ? "\(shown[item])" : "nothing") but the new snapshot has "
          + "\(item < expected.count ? "\(expected[item])" : "nothing")")
    }
  }
}

func _checkMarks<S, I>(
  _ changeset: BatchUpdateOperations, _ list: BatchUpdateSimulator<S, I>,
  _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
) throws(BatchUpdateError) {
  for section in new.reloadedSectionIdentifiers {
    let position = new.indexOfSection(section)!
    if !list.sections[position].isLoaded {
      throw .init(.reloadMissing, "section \(section) is marked for reload but was not reloaded")
    }
  }
  for item in new.reloadedItemIdentifiers {
    let path = new.indexPath(for: item)!
    if !list.sections[path[0]].rows[path[1]].isLoaded {
      throw .init(.reloadMissing, "item \(item) is marked for reload but its cell was not reloaded")
    }
  }
  for item in new.reconfiguredItemIdentifiers {
    let path = new.indexPath(for: item)!
    let row = list.sections[path[0]].rows[path[1]]
    if !row.isLoaded && !row.isReconfigured {
      throw .init(
        .reconfigureMissing, "item \(item) is marked for reconfigure but was neither reconfigured nor reloaded")
    }
  }
  let oldSections = old.sectionIdentifiers
  for position in changeset.sectionReloads where !new.isReloaded(section: oldSections[position]) {
    throw .init(
      .unrequestedReloadOrReconfigure,
      "section \(position) (\(oldSections[position])) is reloaded but the new snapshot does not mark it")
  }
  for path in changeset.itemReloads {
    let item = old.itemIdentifiers(inSection: oldSections[path[0]])[path[1]]
    if !new.isReloaded(item: item) {
      throw .init(
        .unrequestedReloadOrReconfigure, "item \(path) (\(item)) is reloaded but the new snapshot does not mark it")
    }
  }
  for path in changeset.itemReconfigures {
    let item = list.sections[path[0]].rows[path[1]].identifier
    if !new.isReconfigured(item: item) {
      throw .init(
        .unrequestedReloadOrReconfigure, "item \(path) (\(item)) is reconfigured but the new snapshot does not mark it")
    }
  }
}

/// Whether a row shows the identifier the snapshot has: equal, or both not equal to themselves
/// (`Double.nan`: a snapshot holds such an identifier, and `==` alone would reject every list
/// that shows one).
func _sameIdentifier<T: Equatable>(_ a: T, _ b: T) -> Bool {
  a == b || (a != a && b != b)
}

/// Whether two lists hold the same identifiers in the same order, by ``_sameIdentifier(_:_:)``.
func _sameIdentifiers<T: Equatable>(_ a: [T], _ b: [T]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { _sameIdentifier($0, $1) }
}

/// The first position where `a` and `b` differ (the shorter count when one is a prefix of the other).
func _firstMismatch<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
  let shorter = min(a.count, b.count)
  return (0..<shorter).first { !_sameIdentifier(a[$0], b[$0]) } ?? shorter
}
