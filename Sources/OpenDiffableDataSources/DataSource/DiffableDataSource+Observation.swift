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
#endif

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
