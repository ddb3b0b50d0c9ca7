import OpenDiffable

extension DiffableDataSource {
  /// Whether an apply is running or waiting: one whose completion has not run yet. A test
  /// waits for the list to settle after a call that applies later (`expandItem(_:)`, an
  /// observed change, an apply made from a callback) with
  /// `while dataSource.hasPendingApplies { await Task.yield() }`; with an observed apply, wait
  /// on `observation.hasPendingChanges` too. An app never needs it: completions and the `async`
  /// applies say when the list changed.
  ///
  /// - Complexity: O(1).
  public var hasPendingApplies: Bool { _hasPendingApplies }
}

extension TableHostDiffableDataSource {
  /// Whether an apply is running or waiting: one whose completion has not run yet. See
  /// `DiffableDataSource`'s `hasPendingApplies`.
  ///
  /// - Complexity: O(1).
  public var hasPendingApplies: Bool { _hasPendingApplies }
}
