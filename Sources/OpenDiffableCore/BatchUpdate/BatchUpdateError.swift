/// Why a batch update was rejected: by ``BatchUpdateOperations/placement(oldItemCounts:newItemCounts:)``
/// (UIKit's rules), or by OpenDiffableTesting's `BatchUpdateSimulator` and `validate(_:from:to:)`
/// (which also check the result and OpenDiffable's changeset contract).
///
/// ``rule`` names the rule that was broken, for tests to match on; ``message`` describes the
/// offending operation. For the rules UIKit enforces, the message follows the wording of UIKit's
/// `NSInternalInconsistencyException` (for example `Invalid update: invalid number of items in
/// section 0. …`), so the error reads like the crash it prevents.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A rule of UIKit's batch updates, or of OpenDiffable's changeset contract.
  public enum Rule: String, Hashable, Sendable, CaseIterable {
    /// An index path without exactly two indexes, or a negative index.
    case malformedPosition
    /// A section position out of range: before the update for deletes, reloads and move
    /// sources; after it for inserts and move destinations.
    case sectionOutOfRange
    /// An item index path out of range (its section or its item), in the coordinates of its
    /// operation. Reconfigures are checked against the state after the update.
    case itemOutOfRange
    /// `attempt to delete and reload the same section`.
    case sectionDeleteAndReload
    /// `attempt to delete and reload the same index path`.
    case itemDeleteAndReload
    /// `attempt to perform a delete and a move from the same section` (a reload counts as a
    /// delete).
    case sectionDeleteAndMove
    /// `attempt to perform a delete and a move from the same index path` (a reload counts as a
    /// delete).
    case itemDeleteAndMove
    /// `attempt to perform an insert and a move to the same section`.
    case sectionInsertAndMove
    /// `attempt to perform an insert and a move to the same index path`.
    case itemInsertAndMove
    /// One section moved to two places, or two sections moved to one place.
    case conflictingSectionMoves
    /// One item moved to two places, or two items moved to one place.
    case conflictingItemMoves
    /// `cannot move an item from a deleted section` (deleted or reloaded).
    case moveFromDeletedSection
    /// `cannot move an item into a newly inserted section` (inserted or reloaded).
    case moveIntoInsertedSection
    /// An item deleted or reloaded inside a section that the same update deletes or reloads.
    /// Stricter than UIKit, which does not document the case: the section operation already
    /// carries its items, and OpenDiffable's changesets never do this.
    case itemOperationInDeletedSection
    /// An item inserted into a section that the same update inserts or reloads. Stricter than
    /// UIKit, for the same reason.
    case itemOperationInInsertedSection
    /// `Invalid update: invalid number of sections. …`
    case invalidNumberOfSections
    /// `Invalid update: invalid number of items in section …`
    case invalidNumberOfItems
    /// A changeset list is not sorted ascending or repeats a position (OpenDiffable's contract;
    /// UIKit itself accepts any order).
    case unsortedOrRepeatedPositions
    /// The update was accepted, but what the list shows afterwards is not the new snapshot: a
    /// cell or section shows the wrong identifier, or a count differs.
    case resultDiffersFromSnapshot
    /// An item or section marked for reload in the new snapshot was not reloaded.
    case reloadMissing
    /// An item marked for reconfigure in the new snapshot was neither reconfigured nor reloaded.
    case reconfigureMissing
    /// A reload or reconfigure of an item or section the new snapshot did not mark.
    case unrequestedReloadOrReconfigure
  }

  /// The rule that was broken.
  public let rule: Rule
  /// What happened, naming the offending positions.
  public let message: String

  /// Creates an error for `rule` with a description of what broke it.
  ///
  /// - Parameters:
  ///   - rule: the rule the batch broke.
  ///   - message: what happened, naming the offending positions (UIKit's wording where UIKit has
  ///     one).
  public init(_ rule: Rule, _ message: String) {
    self.rule = rule
    self.message = message
  }

  /// `rule: message`.
  public var description: String { "\(rule.rawValue): \(message)" }
}
