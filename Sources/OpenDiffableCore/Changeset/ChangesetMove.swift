/// One move in a batch update: the element at `from` (a position before the update) ends up at
/// `to` (a position after the update).
///
/// `Position` is `Int` for section moves and `IndexPath` (`[section, item]`) for item moves,
/// the coordinates `performBatchUpdates` expects for `moveSection(_:toSection:)` and
/// `moveItem(at:to:)`.
public struct ChangesetMove<Position: Hashable>: Hashable {
  /// The position before the update, in the old snapshot's coordinates.
  public let from: Position
  /// The position after the update, in the new snapshot's coordinates.
  public let to: Position

  /// Creates a move from `from` (old coordinates) to `to` (new coordinates).
  ///
  /// - Complexity: O(1).
  @inlinable public init(from: Position, to: Position) {
    self.from = from
    self.to = to
  }
}

extension ChangesetMove: Sendable where Position: Sendable {}

extension ChangesetMove: CustomStringConvertible {
  /// `from -> to`, for logs and test failures.
  public var description: String { "\(from) -> \(to)" }
}
