#if canImport(Observation)
  /// The handle of an observed apply (``DiffableDataSource/applyObserving(animatingDifferences:completion:_:)``):
  /// cancels it, and tells whether it is still running.
  ///
  /// The handle holds nothing: it refers to its data source weakly, and dropping it does not end
  /// the observation (the data source keeps observing until it is released or the observation
  /// is cancelled or replaced).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public final class DiffableDataSourceObservation {
    let _isActive: () -> Bool
    let _hasPendingChanges: () -> Bool
    let _cancel: () -> Void

    init(isActive: @escaping () -> Bool, hasPendingChanges: @escaping () -> Bool, cancel: @escaping () -> Void) {
      _isActive = isActive
      _hasPendingChanges = hasPendingChanges
      _cancel = cancel
    }

    /// Whether the observation still runs: false once it was cancelled, replaced by a newer
    /// `applyObserving`, or its data source was released.
    ///
    /// - Complexity: O(1).
    public var isActive: Bool { _isActive() }

    /// Whether an observed change is waiting for its apply (made on the next turn of the main
    /// actor). With OpenDiffableTesting's `hasPendingApplies`, tells a test when the list
    /// settled: neither is true. (A write on another thread whose store has not landed yet is
    /// not counted: the reads after each apply find it.)
    ///
    /// - Complexity: O(1).
    public var hasPendingChanges: Bool { _hasPendingChanges() }

    /// Ends the observation: no apply is made for changes from now on (one already scheduled
    /// is dropped; applies already queued still run, with their completions). Calling it again,
    /// or after the observation was replaced or its data source released, does nothing.
    ///
    /// - Complexity: O(1). What the observation registered with the observed objects is
    ///   released as those objects change or go away (Swift Observation has no other way to
    ///   unregister); it holds neither the data source nor `makeSnapshot`.
    public func cancel() { _cancel() }
  }
#endif
