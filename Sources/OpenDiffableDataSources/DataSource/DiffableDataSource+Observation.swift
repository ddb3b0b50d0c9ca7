import Foundation
import OpenDiffableCore

#if canImport(Observation)
  import Observation
#endif

// MARK: - Observed applies (Swift Observation)

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  extension DiffableDataSource {
    /// Applies the snapshot `makeSnapshot` returns, then again whenever an observable property it
    /// read changes: the list follows an `@Observable` model with no `apply` calls of your own.
    ///
    /// ```swift
    /// dataSource.applyObserving { [inbox] in
    ///   DiffableDataSourceSnapshot { SnapshotSection(Section.main, items: inbox.messages.map(\.id)) }
    /// }
    /// ```
    ///
    /// The first snapshot is applied at once; the changes of one main-actor turn make one apply,
    /// queued in call order with your own applies. With ``contentProvider`` set, the visible
    /// items' content is observed too. A write made on another thread is shown if it finishes
    /// within about two seconds of its change report. `makeSnapshot` and the providers must only
    /// read the model: applying or calling this method from them stops the process, and applies
    /// that keep causing the next are warned about after 16 in a row. Cancelling the returned
    /// handle, calling this again or releasing the data source ends the observation; capture the
    /// model in `makeSnapshot`, not the data source's owner.
    ///
    /// - Parameters:
    ///   - animatingDifferences: whether the host animates each batch (the diff is made either way).
    ///   - completion: called after each observed apply finished, on the main actor, in call order.
    ///   - makeSnapshot: builds the snapshot to show from your observable model.
    /// - Returns: the handle that cancels the observation; dropping it does not.
    /// - Complexity: per turn with changes, one call of `makeSnapshot` plus one apply (O(n) for the
    ///   diff, O(v) for v visible items with a content provider); after a change from another
    ///   thread, up to twelve more calls of `makeSnapshot` plus O(v) each, within two seconds.
    @discardableResult
    public func applyObserving(
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
      _ makeSnapshot: @escaping () -> Snapshot
    ) -> DiffableDataSourceObservation {
      let state = _startObserving(
        operation: "applyObserving(animatingDifferences:completion:_:)",
        mode: animatingDifferences ? .animated : .withoutAnimation, completion: completion,
        makeSnapshot: makeSnapshot
      ) { body, onChange in
        withObservationTracking(body, onChange: onChange)
      }
      let token = state.token
      return DiffableDataSourceObservation(
        isActive: { [weak self] in self?._observed?.token == token },
        hasPendingChanges: { [weak self] in
          guard let state = self?._observed, state.token == token else { return false }
          return state.signal.isScheduled
        },
        cancel: { [weak self] in self?._stopObserving(token: token) })
    }
  }

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

// MARK: - The machinery (no Observation types: the entry point above passes `track`)

/// A provider the data source runs while observing, named in the warning about endless applies.
enum _ObservedProvider: Sendable {
  case cellProvider, contentProvider

  var name: String {
    switch self {
    case .cellProvider: "cell provider"
    case .contentProvider: "content provider"
    }
  }
}

/// How many observed applies in a row, each caused only by a provider's change made during the
/// previous one, make the warning that the providers keep the list from settling.
let _providerLoopWarningThreshold = 16

/// The pauses of the confirming checks after a turn that may have read a change before its
/// store (nanoseconds; 0 is the next turn): 0, then 1 ms doubling to 1,024 ms, about two
/// seconds in all.
let _confirmationPauses: [UInt64] = [0] + (0...10).map { 1_000_000 << UInt64($0) }

/// What the registrations of one observed apply share: whether a change was seen whose apply
/// is not made yet (the task that makes it is scheduled), and what caused the changes seen
/// since the last turn. Changes can happen on any thread, so this and each registration's
/// liveness are guarded by `lock`.
final class _ObservationSignal: @unchecked Sendable {
  let lock = NSLock()
  /// Guarded by `lock`.
  var _isScheduled = false
  /// Whether a registration ever fired off the main thread. Guarded by `lock`.
  var _sawChangeOffMain = false
  /// The provider the main actor is running, if any. Guarded by `lock`.
  var _runningProvider: _ObservedProvider?
  /// Since the last turn: whether a change came from outside the providers (the app, another
  /// thread), and the provider that made one on the main thread. Guarded by `lock`.
  var _changedOutsideProviders = false
  var _changedByProvider: _ObservedProvider?

  /// `body` with `lock` held. (`NSLocking.withLock` is newer than the library's deployment
  /// targets on Apple platforms.)
  func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  var isScheduled: Bool { locked { _isScheduled } }

  /// Sets the provider the main actor runs; returns the previous one.
  func setRunningProvider(_ provider: _ObservedProvider?) -> _ObservedProvider? {
    locked {
      defer { _runningProvider = provider }
      return _runningProvider
    }
  }

  /// Starts the turn's apply (the task started): returns what caused it and whether a change
  /// was ever reported off the main thread, and clears the turn's state.
  func takeTurn() -> (byProviderOnly: _ObservedProvider?, sawChangeOffMain: Bool) {
    locked {
      defer {
        _isScheduled = false
        _changedOutsideProviders = false
        _changedByProvider = nil
      }
      return (_changedOutsideProviders ? nil : _changedByProvider, _sawChangeOffMain)
    }
  }
}

/// One `withObservationTracking` registration: live until its `onChange` ran or it was
/// retired (replaced by a newer registration while still installed: its `onChange` then does
/// nothing).
final class _ObservationScope: @unchecked Sendable {
  let signal: _ObservationSignal
  /// Guarded by `signal.lock`.
  var _isLive = true
  var _isRetired = false

  init(_ signal: _ObservationSignal) { self.signal = signal }

  var isLive: Bool { signal.locked { _isLive } }

  func retire() {
    signal.locked {
      _isLive = false
      _isRetired = true
    }
  }

  /// Records that the registration fired, and what made the change; returns whether the apply
  /// of this change still has to be scheduled (no change was seen since the last one was made).
  func fire() -> Bool {
    let onMainThread = _isMainThread()
    return signal.locked {
      _isLive = false
      if _isRetired { return false }
      if !onMainThread {
        signal._sawChangeOffMain = true
        signal._changedOutsideProviders = true
      } else if let provider = signal._runningProvider {
        signal._changedByProvider = provider
      } else {
        signal._changedOutsideProviders = true
      }
      if signal._isScheduled { return false }
      signal._isScheduled = true
      return true
    }
  }
}

/// What an observed change calls back: the data source, without its generic parameters (a
/// closure that runs on any thread must not capture them).
@MainActor
protocol _ObservedApplyTarget: AnyObject, Sendable {
  func _observedTurn(token: Int)
}

/// What is called, on whatever thread the change happens, when a registration of observation
/// `token` fires: it holds `target` weakly, never applies (it may run inside the change, or
/// inside an apply) and schedules the one apply of the turn for the next turn of the main actor,
/// unless a change seen since the last observed apply already did.
func _observationChangeHandler(
  _ scope: _ObservationScope, token: Int, target: any _ObservedApplyTarget
) -> @Sendable () -> Void {
  { [weak target] in
    guard scope.fire() else { return }
    Task { @MainActor [weak target] in target?._observedTurn(token: token) }
  }
}

/// The state of a data source's observed apply.
@MainActor
final class _ObservedApplyState<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// Runs `body` inside `withObservationTracking`, calling `onChange` once on the first change
  /// of what it read.
  typealias Track = (_ body: () -> Void, _ onChange: @escaping @Sendable () -> Void) -> Void

  /// Unique per data source: tells this observation's callbacks from a replaced one's.
  let token: Int
  let operation: String
  let mode: _ApplyJob<SectionIdentifierType, ItemIdentifierType>.Mode
  let completion: (() -> Void)?
  let makeSnapshot: () -> Snapshot
  let track: Track
  /// Shared by this observation's registrations.
  let signal = _ObservationSignal()
  /// The registration of the last `makeSnapshot` call; while live, its snapshot is current.
  lazy var snapshotScope = _ObservationScope(signal)
  /// The last snapshot `makeSnapshot` returned, without marks.
  var lastSnapshot = Snapshot()
  /// The registration of each item's content (``DiffableDataSource/contentProvider``), by item.
  var contentScopes = _HashPinnedDictionary<ItemIdentifierType, _ObservationScope>()
  /// How many content registrations were live after the last pruning of `contentScopes`.
  var contentScopesAfterPruning = 0
  /// The confirming checks after the last turn (see `_startConfirming`), while they run.
  var confirming: Task<Void, Never>?
  /// How many observed applies in a row were caused only by providers' changes.
  var appliesCausedByProviders = 0
  /// Whether the warning about providers that keep the list from settling was sent.
  var warnedAboutProviders = false

  init(
    token: Int, operation: String, mode: _ApplyJob<SectionIdentifierType, ItemIdentifierType>.Mode,
    completion: (() -> Void)?, makeSnapshot: @escaping () -> Snapshot, track: @escaping Track
  ) {
    self.token = token
    self.operation = operation
    self.mode = mode
    self.completion = completion
    self.makeSnapshot = makeSnapshot
    self.track = track
  }
}

extension DiffableDataSource: _ObservedApplyTarget {
  typealias _ObservedApply = _ObservedApplyState<SectionIdentifierType, ItemIdentifierType>

  /// Stops the process when an apply cannot start now: inside an apply (a host call) or inside
  /// an observed apply's snapshot closure.
  func _checkCanApply(_ operation: String) {
    if _hostCallDepth > 0 {
      _dataSourceMisuse(
        operation,
        "called while the data source was applying a snapshot (from inside the host's batch update, "
          + "a cell provider or a selection change it caused); applies never nest",
        fix: "Apply from the completion handler of the running apply, or after it returned")
    }
    if _isMakingObservedSnapshot {
      _dataSourceMisuse(
        operation,
        "called from inside the snapshot closure of applyObserving; that closure must only build and return a "
          + "snapshot",
        fix: "Return the snapshot to show from the closure and let the observation apply it")
    }
  }

  /// Starts an observed apply, replacing the current one: builds and applies the first snapshot.
  func _startObserving(
    operation: String, mode: _ApplyJob.Mode, completion: (() -> Void)?, makeSnapshot: @escaping () -> Snapshot,
    track: @escaping _ObservedApply.Track
  ) -> _ObservedApply {
    _checkCanApply(operation)
    _observed?.confirming?.cancel()
    _observationCount += 1
    let state = _ObservedApply(
      token: _observationCount, operation: operation, mode: mode, completion: completion,
      makeSnapshot: makeSnapshot, track: track)
    _observed = state
    _applyObserved(state, snapshot: _makeObservedSnapshot(state))
    return state
  }

  /// Ends the observation `token` if it is the current one.
  func _stopObserving(token: Int) {
    guard let state = _observed, state.token == token else { return }
    state.confirming?.cancel()
    _observed = nil
  }

  /// Calls `makeSnapshot` inside a new registration, which replaces the previous one.
  func _makeObservedSnapshot(_ state: _ObservedApply) -> Snapshot {
    state.snapshotScope.retire()
    let scope = _ObservationScope(state.signal)
    var snapshot = Snapshot()
    _isMakingObservedSnapshot = true
    state.track({ snapshot = state.makeSnapshot() }, _observationChangeHandler(scope, token: state.token))
    _isMakingObservedSnapshot = false
    state.snapshotScope = scope
    state.lastSnapshot = snapshot.hasReloadOrReconfigureMarks ? snapshot.removingReloadMarks() : snapshot
    return snapshot
  }

  /// Queues the apply of `snapshot` for the observation, or, when its previous apply still
  /// waits at the end of the queue, gives that apply the newer snapshot.
  func _applyObserved(_ state: _ObservedApply, snapshot: Snapshot) {
    if let last = _queue.indices.last, _queue[last].observation == state.token {
      _queue[last].target = .full(snapshot)
      _queue[last].coalesced += 1
      return
    }
    var job = _ApplyJob(
      target: .full(snapshot), mode: state.mode, operation: state.operation, completion: state.completion)
    job.observation = state.token
    _enqueue(job, operation: state.operation)
    _pruneContentScopes(state)
  }

  /// What is called, on whatever thread the change happens, when a registration fires; see
  /// ``_observationChangeHandler(_:token:target:)``.
  func _observationChangeHandler(_ scope: _ObservationScope, token: Int) -> @Sendable () -> Void {
    OpenDiffableDataSources._observationChangeHandler(scope, token: token, target: self)
  }

  /// The turn after changes: one apply for all of them.
  func _observedTurn(token: Int) {
    guard let state = _observed, state.token == token else { return }
    let cause = state.signal.takeTurn()
    _countAppliesCausedByProviders(state, cause.byProviderOnly)
    // Only content changed: the last snapshot again (its apply compares the visible content).
    let snapshot = state.snapshotScope.isLive ? state.lastSnapshot : _makeObservedSnapshot(state)
    // `makeSnapshot` may have cancelled or replaced the observation.
    guard _observed === state else { return }
    _applyObserved(state, snapshot: snapshot)
    if cause.sawChangeOffMain { _startConfirming(state) }
  }

  /// Counts the observed applies in a row caused only by a provider's change (made inside the
  /// previous apply, or when the host made a cell); warns once when they reach
  /// `_providerLoopWarningThreshold`: such providers keep the list from ever settling.
  func _countAppliesCausedByProviders(_ state: _ObservedApply, _ provider: _ObservedProvider?) {
    guard let provider else {
      state.appliesCausedByProviders = 0
      return
    }
    state.appliesCausedByProviders += 1
    guard state.appliesCausedByProviders >= _providerLoopWarningThreshold, !state.warnedAboutProviders else { return }
    state.warnedAboutProviders = true
    OpenDiffableDiagnostics.warningHandler(
      "OpenDiffable: \(state.operation): \(_providerLoopWarningThreshold) applies in a row were each caused by the "
        + "\(provider.name) changing what the content provider or the snapshot closure reads (identifiers "
        + "\(SectionIdentifierType.self), \(ItemIdentifierType.self)): each apply makes the next one, so the list "
        + "never settles. Providers must only read the model: change it elsewhere (warned once)")
  }

  /// Runs `body`, a call of `provider`, telling the observation's registrations that a change
  /// they see now is that provider's. O(1) plus `body`.
  func _running<T>(_ provider: _ObservedProvider, _ body: () -> T) -> T {
    guard let signal = _observed?.signal else { return body() }
    let previous = signal.setRunningProvider(provider)
    defer { _ = signal.setRunningProvider(previous) }
    return body()
  }

  /// Starts the confirming checks after a turn, replacing those of the previous turn: a change
  /// reported from another thread is reported before it is stored, so the turn may have read
  /// the old value (and registered anew, with nothing left to report the store). The model is
  /// read again after each of `_confirmationPauses`, until a check finds a change (which
  /// applies it and starts over) or the pauses run out.
  func _startConfirming(_ state: _ObservedApply) {
    state.confirming?.cancel()
    let token = state.token
    state.confirming = Task { @MainActor [weak self] in
      for pause in _confirmationPauses {
        if pause == 0 { await Task.yield() } else { try? await Task.sleep(nanoseconds: pause) }
        guard !Task.isCancelled, let self, self._confirmObserved(token: token) else { return }
      }
    }
  }

  /// One confirming check: calls `makeSnapshot` (untracked: the turn's registration stays) and
  /// compares the visible items' content with what their cells show; applies what differs.
  /// Returns whether to keep checking.
  func _confirmObserved(token: Int) -> Bool {
    guard let state = _observed, state.token == token else { return false }
    // A change is waiting for its turn, which reads the model anew and confirms again.
    if state.signal.isScheduled { return false }
    _isMakingObservedSnapshot = true
    let fresh = state.makeSnapshot()
    _isMakingObservedSnapshot = false
    guard _observed === state, !state.signal.isScheduled else { return false }
    if fresh != state.lastSnapshot {
      // Read it again tracked: what it reads may have changed with the value.
      let snapshot = _makeObservedSnapshot(state)
      guard _observed === state else { return false }
      _applyObserved(state, snapshot: snapshot)
    } else if _visibleContentChanged(state) {
      _applyObserved(state, snapshot: state.lastSnapshot)
    } else {
      return true
    }
    _startConfirming(state)
    return false
  }

  /// Whether a visible item's content differs from what its cell shows; retires the
  /// registrations of those that do, so that the apply that shows them tracks them anew.
  /// False while applies wait (they compare the content themselves). O(v) for v visible items.
  func _visibleContentChanged(_ state: _ObservedApply) -> Bool {
    guard let contentProvider, _queue.isEmpty, _offMainJob == nil else { return false }
    _hostCallDepth += 1
    defer { _hostCallDepth -= 1 }
    var changed = false
    for path in host.indexPathsForVisibleItems {
      guard let item = _current.itemIdentifier(for: path) else { continue }
      let key = _HashPinnedKey(item)
      guard let recorded = _recordedContent[key] else { continue }
      if _contentEqual(recorded, _running(.contentProvider) { contentProvider(item) }) { continue }
      changed = true
      state.contentScopes[key]?.retire()
    }
    return changed
  }

  /// `contentProvider(item)`, tracked when an observed apply runs and the item's previous
  /// registration fired (or it has none). O(1) average plus the provider.
  func _observedContent(of item: ItemIdentifierType, _ contentProvider: ContentProvider) -> any Equatable {
    guard let state = _observed else { return contentProvider(item) }
    let key = _HashPinnedKey(item)
    if let scope = state.contentScopes[key], scope.isLive {
      return _running(.contentProvider) { contentProvider(item) }
    }
    let scope = _ObservationScope(state.signal)
    var content: (any Equatable)?
    _running(.contentProvider) {
      state.track({ content = contentProvider(item) }, _observationChangeHandler(scope, token: state.token))
    }
    state.contentScopes[key] = scope
    return content!
  }

  /// Drops the entries of fired registrations once they make up half of `contentScopes`:
  /// O(1) amortized per entry.
  func _pruneContentScopes(_ state: _ObservedApply) {
    guard state.contentScopes.count > max(64, 2 * state.contentScopesAfterPruning) else { return }
    var kept = _HashPinnedDictionary<ItemIdentifierType, _ObservationScope>()
    for (key, scope) in state.contentScopes where scope.isLive { kept[_HashPinnedKey(key.base)] = scope }
    state.contentScopes = kept
    state.contentScopesAfterPruning = kept.count
  }
}
