import Foundation
import OpenDiffableCore

// MARK: - Public apply API

extension DiffableDataSource {
  /// Makes the list show `snapshot`: works out the changes from the current state and hands
  /// them to the host as one batch update, then calls `completion` once the host finished.
  ///
  /// Applies run in call order, never inside one another; the first one reloads the host.
  /// The snapshot's reload and reconfigure marks are carried out, then dropped: ``snapshot()``
  /// never returns marks. `completion` runs once, on the main actor, never before this method
  /// returned nor before the completions of earlier applies. Pending applies keep the data
  /// source alive. Applying from inside an apply (the host's batch update, a cell provider, a
  /// selection callback) stops the process: apply from the completion instead. A call from a
  /// background queue, as Apple allowed, is queued in call order and runs on the main thread.
  /// - Parameters:
  ///   - snapshot: the sections and items to show, with the reload and reconfigure marks to carry out.
  ///   - animatingDifferences: whether the host animates the batch (the diff is made either way).
  ///   - completion: called once the host finished, on the main actor, in call order.
  /// - Complexity: O(n) expected for the diff (n items in the sections that changed) plus the
  ///   host's work; see `SnapshotChangeset`.
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    _submit(
      _ApplyJob(
        target: .full(snapshot), mode: animatingDifferences ? .animated : .withoutAnimation,
        operation: "apply(_:animatingDifferences:completion:)", completion: completion))
  }

  /// Makes the list show `snapshot` and returns once the host finished; see
  /// ``apply(_:animatingDifferences:completion:)``.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Makes the list show `snapshot` by reloading the host: no diff, no animation. Use it to
  /// reset a list or for very large changes. `completion` runs once the host reloaded.
  ///
  /// Runs in call order with the other applies; same completion rules (exactly once, in call
  /// order, never before this method returned: the reload itself is synchronous, so `completion`
  /// runs on a later turn of the main actor, after those of earlier applies) and misuse rules as
  /// ``apply(_:animatingDifferences:completion:)``.
  /// - Parameters:
  ///   - snapshot: the sections and items to show.
  ///   - completion: called once the host reloaded, on the main actor, in call order.
  /// - Complexity: O(1) here plus the host's reload.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    _submit(
      _ApplyJob(
        target: .full(snapshot), mode: .reloadData,
        operation: "applySnapshotUsingReloadData(_:completion:)", completion: completion))
  }

  /// Makes the list show `snapshot` by reloading the host, and returns once it did; see
  /// ``applySnapshotUsingReloadData(_:completion:)``.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      applySnapshotUsingReloadData(snapshot) { continuation.resume() }
    }
  }
}

// MARK: - The queue

extension DiffableDataSource {
  typealias _ApplyJob = OpenDiffableDataSources._ApplyJob<SectionIdentifierType, ItemIdentifierType>

  /// Adds an apply to the queue (coalescing if asked) and runs what can run.
  ///
  /// Gives the job a completion ticket in call order. With ``coalescesPendingApplies``, a full
  /// snapshot replaces only the full-snapshot applies queued right before it (after the last
  /// queued section-snapshot apply): section applies are never dropped, and the replaced
  /// applies' tickets move to the new job, so their completions still run, in order; if one of
  /// them was a reload-data apply, the new job reloads data too.
  func _enqueue(_ job: _ApplyJob, operation: String) {
    _checkCanApply(operation)
    _applyCallDepth += 1
    defer { _applyCallDepth -= 1 }
    var job = job
    job.tickets = [_firstPendingTicket + _pendingCompletions.count]
    _pendingCompletions.append(_PendingCompletion(completion: job.completion))
    job.completion = nil
    if coalescesPendingApplies && job.isFull {
      var start = _queue.endIndex
      while start > _queue.startIndex, _queue[start - 1].isFull { start -= 1 }
      if start < _queue.endIndex {
        let replaced = _queue[start...]
        job.tickets = replaced.flatMap(\.tickets) + job.tickets
        job.coalesced += replaced.reduce(replaced.count) { $0 + $1.coalesced }
        job.backgroundApplies += replaced.reduce(0) { $0 + $1.backgroundApplies }
        // A reload the app asked for is never coalesced away: the newer snapshot reloads too.
        if replaced.contains(where: { $0.mode == .reloadData }) { job.mode = .reloadData }
        _queue.removeSubrange(start...)
      }
    }
    _queue.append(job)
    _drain()
  }

  /// Runs queued applies in order until the queue is empty or a diff runs off the main actor.
  func _drain() {
    guard !_isDraining else { return }
    _isDraining = true
    defer { _isDraining = false }
    while _offMainJob == nil, !_queue.isEmpty {
      let job = _queue.removeFirst()
      _start(job)
    }
  }

  /// Builds the job's snapshot and either runs it now or sends its diff off the main actor.
  func _start(_ job: _ApplyJob) {
    let old = _current
    let (new, outlines) = Self._result(of: job.target, from: old, outlines: _sectionSnapshots)

    if job.mode == .reloadData || !_hasLoaded {
      _run(job, old: old, new: new, outlines: outlines, changeset: nil, diffDuration: nil, offMain: false)
      return
    }
    if let threshold = diffsOffMainActorAboveItemCount, let diffOffMainActor = _offMainDiff,
      old.numberOfItems + new.numberOfItems > threshold
    {
      _offMainJob = job
      let generation = _generation
      // Holds the data source until the diff is applied, so that its completion runs even when
      // the caller let go of the data source meanwhile.
      Task { [self] in
        let started = _now()
        let changeset = await diffOffMainActor(old, new)
        let duration = _now() - started
        self._offMainDiffFinished(
          job, old: old, new: new, outlines: outlines, changeset: changeset, duration: duration,
          generation: generation)
      }
      return
    }
    let started = _now()
    let changeset = SnapshotChangeset(from: old, to: new)
    _run(
      job, old: old, new: new, outlines: outlines, changeset: changeset, diffDuration: _now() - started,
      offMain: false)
  }

  /// What the list shows after applying `target` to `old`, and the outlines still true of it.
  ///
  /// Outlines stay attached to the sections whose rows they still describe. (Each entry is
  /// removed by its own key, never by a lookup of its section, which a section whose hash
  /// changed could answer with another section's entry.) A section snapshot replaces its
  /// section's items; items it pulls out of other outlined sections invalidate those outlines,
  /// and so does a section no longer found (its hash changed). Pure: also run off the main
  /// thread, for the state an off-main apply leads to.
  nonisolated static func _result(
    of target: _ApplyJob.Target, from old: Snapshot, outlines: _Outlines
  ) -> (Snapshot, _Outlines) {
    var outlines = outlines
    switch target {
    case .full(let new):
      for (key, outline) in outlines
      where !new.containsSection(key.base) || new.itemIdentifiers(inSection: key.base) != outline.visibleItems {
        outlines[key] = nil
      }
      return (new, outlines)
    case .section(let section, let outline):
      var new = old
      new.replaceItems(inSection: section, withVisibleItemsOf: outline)
      let key = _HashPinnedKey(section)
      outlines[key] = outline
      for (other, otherOutline) in outlines
      where other != key
        && (!new.containsSection(other.base) || new.itemIdentifiers(inSection: other.base) != otherOutline.visibleItems)
      {
        outlines[other] = nil
      }
      return (new, outlines)
    }
  }

  /// Continues a job whose diff ran off the main actor.
  func _offMainDiffFinished(
    _ job: _ApplyJob, old: Snapshot, new: Snapshot, outlines: _Outlines,
    changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, duration: TimeInterval,
    generation: Int
  ) {
    _offMainJob = nil
    if coalescesPendingApplies, job.isFull, _queue.first?.isFull == true {
      // The next apply is a newer whole snapshot: this one is never shown.
      _queue[0].tickets = job.tickets + _queue[0].tickets
      _queue[0].coalesced += 1 + job.coalesced
      _queue[0].backgroundApplies += job.backgroundApplies
      if job.mode == .reloadData { _queue[0].mode = .reloadData }
    } else if generation != _generation {
      // The list changed meanwhile (an interactive reorder): start over from what it shows.
      _queue.insert(job, at: 0)
    } else {
      _isDraining = true
      _run(job, old: old, new: new, outlines: outlines, changeset: changeset, diffDuration: duration, offMain: true)
      _isDraining = false
    }
    _drain()
    // Not inside an apply: what finished may run now.
    _runFinishedCompletions()
  }

  // MARK: Running one apply

  /// Hands one apply to the host, restores selection and focus, records the trace and, once the
  /// host finished, runs the completions.
  func _run(
    _ job: _ApplyJob, old: Snapshot, new: Snapshot, outlines: _Outlines,
    changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>?, diffDuration: TimeInterval?,
    offMain: Bool
  ) {
    _applyCount += 1
    let tracing = traceHandler != nil
    let hostStarted = tracing ? _now() : 0
    var trace = DiffableDataSourceApplyTrace(
      sequenceNumber: _applyCount, operation: job.operation, method: .none, reloadReason: nil,
      numberOfSections: new.numberOfSections, numberOfItems: new.numberOfItems)
    trace.diffDuration = diffDuration
    trace.diffedOffMainActor = offMain
    trace.coalescedApplies = job.coalesced

    let selected = preservesSelection ? _selectedIdentifiers(in: old) : nil
    let focused = preservesFocus ? host.indexPathForFocusedItem.flatMap { old.itemIdentifier(for: $0) } : nil
    let stored = new.removingReloadMarks()
    var reloadReason: DiffableDataSourceApplyTrace.ReloadReason?
    var stages: [(Snapshot, SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>)] = []
    if job.mode == .reloadData {
      reloadReason = .requested
    } else if !_hasLoaded {
      reloadReason = .initialLoad
    } else if let changeset {
      if let why = changeset.unsafeBatchReason {
        if let staged = SnapshotChangeset.stagedAvoidingSectionMoves(from: old, to: new) {
          stages = staged.map { ($0.target.removingReloadMarks(), $0.changeset) }
          trace.stagingReason = why
        } else {
          reloadReason = .unsafeBatch(why)
        }
      } else {
        stages = [(stored, changeset)]
      }
    }

    var hostFinished = false
    _hasLoaded = true
    _hostCallDepth += 1
    // Content changes of visible items (contentProvider), found after the last batch.
    let findContentChanges = { [self] in
      _contentReconfigures(old: old, new: new, cellsMayBeNew: stages.contains { $0.1._hasBatchOperations })
    }
    if let reloadReason {
      trace.method = .reloadData
      trace.reloadReason = reloadReason
      _setCurrent(stored, outlines: outlines)
      // Every cell is made again, with fresh content.
      _recordedContent.removeAll()
      host.reloadData()
      hostFinished = true
    } else if stages.contains(where: { !$0.1.isEmpty }) {
      trace.method = job.mode == .animated ? .animatedBatch : .batchWithoutAnimation
      trace.batchCount = stages.count
      // A staged change inserts and reloads in its first batch; the last batch must not
      // reconfigure the items that got a new cell then.
      let keepsCell: _KeepsCell? = stages.count > 1 ? (stages[stages.count - 1].0, old, new) : nil
      for (index, stage) in stages.enumerated() {
        trace.record(stage.1)
        let isLast = index == stages.count - 1
        let reconfigured = _performBatch(
          stage.1, storing: stage.0, outlines: outlines, animated: job.mode == .animated,
          tickets: isLast ? job.tickets : [], findContentChanges: isLast ? findContentChanges : nil,
          reconfiguring: isLast ? keepsCell : nil)
        trace.itemReconfigures -= stage.1.itemReconfigures.count - reconfigured.marked
        trace.contentReconfigures += reconfigured.changed
      }
    } else {
      // No batch: the host is called only for content changes.
      _setCurrent(stored, outlines: outlines)
      let changed = findContentChanges()
      if !changed.isEmpty {
        trace.method = job.mode == .animated ? .animatedBatch : .batchWithoutAnimation
        trace.contentReconfigures = changed.count
        let reconfigure = { self._reconfigure(changed) }
        if job.mode == .animated { reconfigure() } else { host.performWithoutAnimation(reconfigure) }
      }
      hostFinished = true
    }
    if let selected { _restoreSelection(selected) }
    if let focused { host.focusItem(at: _current.indexPath(for: focused)) }
    _hostCallDepth -= 1
    _backgroundApplies.finished(job.backgroundApplies)

    if tracing {
      trace.hostUpdateDuration = _now() - hostStarted
      traceHandler?(trace)
    }
    if hostFinished { _markFinished(job.tickets) }
  }

  /// The snapshot a staged change's last batch stores, and the apply's old and new snapshots:
  /// that batch reconfigures only the items that did not get a new cell in an earlier batch.
  typealias _KeepsCell = (last: Snapshot, old: Snapshot, new: Snapshot)

  /// Hands one changeset to the host as one batch (then its reconfigures, merged with the
  /// content changes `findContentChanges` finds after the batch), swapping the stored snapshot
  /// inside the batch; the applies of `tickets` are finished once the host finished it.
  /// `reconfiguring`, when given, keeps only the marked reconfigures whose items kept their
  /// cell. Returns how many items were reconfigured for the app's marks and for content changes
  /// alone.
  @discardableResult
  func _performBatch(
    _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, storing stored: Snapshot,
    outlines: _Outlines, animated: Bool, tickets: [Int],
    findContentChanges: (() -> [IndexPath])? = nil, reconfiguring: _KeepsCell? = nil
  ) -> (marked: Int, changed: Int) {
    let marked =
      reconfiguring.map { last, old, new in
        changeset.itemReconfigures.filter { path in
          last.itemIdentifier(for: path).map { !_getsNewCell($0, old: old, new: new) } ?? false
        }
      } ?? changeset.itemReconfigures
    guard changeset._hasBatchOperations else {
      // Only reconfigures (or nothing): no batch; they follow at once.
      _setCurrent(stored, outlines: outlines)
      let changed = findContentChanges?() ?? []
      let reconfigures = _merged(marked, changed)
      if !reconfigures.isEmpty {
        let reconfigure = { self._reconfigure(reconfigures) }
        if animated { reconfigure() } else { host.performWithoutAnimation(reconfigure) }
      }
      _markFinished(tickets)
      return (marked.count, changed.count)
    }
    var swapped = false
    let batch = {
      self.host.performBatchUpdates(
        { [self] in
          self._setCurrent(stored, outlines: outlines)
          swapped = true
          self._send(changeset)
        },
        completion: { [self] _ in
          self._markFinished(tickets)
        })
    }
    if animated { batch() } else { host.performWithoutAnimation(batch) }
    if !swapped {
      _dataSourceMisuse(
        "performBatchUpdates(_:completion:)", "the host returned without calling the updates closure",
        fix: "A DiffableListHost must call `updates` synchronously, exactly once")
    }
    let changed = findContentChanges?() ?? []
    let reconfigures = _merged(marked, changed)
    if !reconfigures.isEmpty {
      let reconfigure = { self._reconfigure(reconfigures) }
      if animated { reconfigure() } else { host.performWithoutAnimation(reconfigure) }
    }
    return (marked.count, changed.count)
  }

  /// Two ascending lists of distinct index paths merged into one. O(a + b).
  func _merged(_ marked: [IndexPath], _ changed: [IndexPath]) -> [IndexPath] {
    if changed.isEmpty { return marked }
    if marked.isEmpty { return changed }
    var result: [IndexPath] = []
    result.reserveCapacity(marked.count + changed.count)
    var i = 0
    var j = 0
    while i < marked.count, j < changed.count {
      if marked[i] < changed[j] {
        result.append(marked[i])
        i += 1
      } else if changed[j] < marked[i] {
        result.append(changed[j])
        j += 1
      } else {
        result.append(marked[i])
        i += 1
        j += 1
      }
    }
    result += marked[i...]
    result += changed[j...]
    return result
  }

  /// Records that the applies holding `tickets` finished, then runs the completions that may run.
  ///
  /// Stops the process when one of them had already finished: only a host that calls a batch's
  /// completion twice can do that.
  func _markFinished(_ tickets: [Int]) {
    for ticket in tickets {
      let index = ticket - _firstPendingTicket
      guard index >= _pendingHead, !_pendingCompletions[index].isFinished else {
        _dataSourceMisuse(
          "performBatchUpdates(_:completion:)", "the host called the completion of a batch more than once",
          fix: "A DiffableListHost must call `completion` exactly once per batch")
      }
      _pendingCompletions[index].isFinished = true
    }
    _runFinishedCompletions()
  }

  /// Runs, in call order, the completions of finished applies up to the first apply that has
  /// not finished, so that a completion never overtakes that of an earlier apply.
  /// O(1) amortized per completion.
  ///
  /// Never runs them inside `apply` (a completion must not run before its `apply` returned) nor
  /// inside a call to the host (it could apply underneath a batch): then it runs them on the
  /// next turn of the main actor. While it runs them, a completion that applies just adds to
  /// the list; the loop runs it once that completion returned.
  func _runFinishedCompletions() {
    guard !_isRunningCompletions else { return }
    guard _applyCallDepth == 0, _hostCallDepth == 0 else {
      _scheduleFinishedCompletions()
      return
    }
    _isRunningCompletions = true
    defer { _isRunningCompletions = false }
    while _pendingHead < _pendingCompletions.count, _pendingCompletions[_pendingHead].isFinished {
      let completion = _pendingCompletions[_pendingHead].completion
      _pendingCompletions[_pendingHead].completion = nil
      _pendingHead += 1
      completion?()
    }
    // Drop the entries that ran once they are at least half of the list: O(1) amortized each.
    if _pendingHead == _pendingCompletions.count {
      _firstPendingTicket += _pendingHead
      _pendingCompletions.removeAll(keepingCapacity: true)
      _pendingHead = 0
    } else if _pendingHead >= 64, _pendingHead * 2 >= _pendingCompletions.count {
      _firstPendingTicket += _pendingHead
      _pendingCompletions.removeFirst(_pendingHead)
      _pendingHead = 0
    }
  }

  /// Runs the finished completions on the next turn of the main actor (once, however often
  /// asked before then). The task holds the data source until then.
  func _scheduleFinishedCompletions() {
    guard !_isFinishedCompletionsScheduled else { return }
    _isFinishedCompletionsScheduled = true
    Task { [self] in
      self._isFinishedCompletionsScheduled = false
      self._runFinishedCompletions()
    }
  }

  /// Stores the new state and the outlines that still describe it.
  func _setCurrent(_ snapshot: Snapshot, outlines: _Outlines) {
    _current = snapshot
    _sectionSnapshots = outlines
    _generation &+= 1
    _backgroundApplies.publish(snapshot, outlines: outlines)
  }

  /// Calls the host's batch operations for `changeset`. Inside `performBatchUpdates` only.
  func _send(_ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>) {
    if !changeset.sectionDeletes.isEmpty { host.deleteSections(IndexSet(changeset.sectionDeletes)) }
    if !changeset.sectionInserts.isEmpty { host.insertSections(IndexSet(changeset.sectionInserts)) }
    if !changeset.sectionReloads.isEmpty { host.reloadSections(IndexSet(changeset.sectionReloads)) }
    for move in changeset.sectionMoves { host.moveSection(move.from, toSection: move.to) }
    if !changeset.itemDeletes.isEmpty { host.deleteItems(at: changeset.itemDeletes) }
    if !changeset.itemInserts.isEmpty { host.insertItems(at: changeset.itemInserts) }
    if !changeset.itemReloads.isEmpty { host.reloadItems(at: changeset.itemReloads) }
    for move in changeset.itemMoves { host.moveItem(at: move.from, to: move.to) }
  }

  /// Refreshes cells in place after a batch; before iOS 15 (no `reconfigureItems`), reloads
  /// them in a second batch.
  func _reconfigure(_ indexPaths: [IndexPath]) {
    if #available(iOS 15.0, tvOS 15.0, *) {
      host.reconfigureItems(at: indexPaths)
    } else {
      host.performBatchUpdates({ self.host.reloadItems(at: indexPaths) }, completion: nil)
    }
  }

}

/// Computes a changeset on the global concurrent executor (a nonisolated async function).
func _diffOffMainActor<S: Hashable & Sendable, I: Hashable & Sendable>(
  _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
) async -> SnapshotChangeset<S, I> {
  SnapshotChangeset(from: old, to: new)
}

extension SnapshotChangeset {
  /// Whether anything but reconfigures is in the changeset (something to put in a batch).
  var _hasBatchOperations: Bool {
    !(sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionReloads.isEmpty && sectionMoves.isEmpty
      && itemDeletes.isEmpty && itemInserts.isEmpty && itemReloads.isEmpty && itemMoves.isEmpty)
  }
}

extension DiffableDataSourceApplyTrace {
  mutating func record<S, I>(_ changeset: SnapshotChangeset<S, I>) {
    sectionDeletes += changeset.sectionDeletes.count
    sectionInserts += changeset.sectionInserts.count
    sectionReloads += changeset.sectionReloads.count
    sectionMoves += changeset.sectionMoves.count
    itemDeletes += changeset.itemDeletes.count
    itemInserts += changeset.itemInserts.count
    itemReloads += changeset.itemReloads.count
    itemMoves += changeset.itemMoves.count
    itemReconfigures += changeset.itemReconfigures.count
  }
}
