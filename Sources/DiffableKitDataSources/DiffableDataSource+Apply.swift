import DiffableKitCore
import Foundation

// MARK: - Public apply API

extension DiffableDataSource {
  /// Makes the list show `snapshot`: works out the changes from the current state and hands
  /// them to the host as one batch update, then calls `completion` once the host finished.
  ///
  /// Runs after the applies made before it, never inside one. The first apply to an empty list
  /// reloads the host instead. `animatingDifferences: false` still diffs (as on iOS 15+) but
  /// turns animations off. Reload and reconfigure marks of `snapshot` are carried out and then
  /// dropped: ``snapshot()`` never returns marks.
  ///
  /// Stops the process when called from inside an apply (from the host's batch update, a cell
  /// provider or a selection callback): apply from the completion instead.
  /// - Complexity: O(n) expected for the diff (n items in the sections that changed) plus the
  ///   host's work; see `SnapshotChangeset`.
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    _enqueue(
      _ApplyJob(
        target: .full(snapshot), mode: animatingDifferences ? .animated : .withoutAnimation,
        operation: "apply(_:animatingDifferences:completion:)", completion: completion),
      operation: "apply(_:animatingDifferences:completion:)")
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
  /// Runs in call order with the other applies; same misuse rules as
  /// ``apply(_:animatingDifferences:completion:)``.
  /// - Complexity: O(1) here plus the host's reload.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    _enqueue(
      _ApplyJob(
        target: .full(snapshot), mode: .reloadData,
        operation: "applySnapshotUsingReloadData(_:completion:)", completion: completion),
      operation: "applySnapshotUsingReloadData(_:completion:)")
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

/// One apply waiting to run.
struct _ApplyJob<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
  typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>

  enum Target {
    /// A whole snapshot.
    case full(Snapshot)
    /// One section's outline, applied to whatever the list shows when the job runs.
    case section(SectionIdentifierType, SectionSnapshot)
  }

  enum Mode: Equatable {
    case animated, withoutAnimation, reloadData
  }

  var target: Target
  var mode: Mode
  var operation: String
  var completions: [() -> Void]
  var coalesced = 0

  init(target: Target, mode: Mode, operation: String, completion: (() -> Void)?) {
    self.target = target
    self.mode = mode
    self.operation = operation
    self.completions = completion.map { [$0] } ?? []
  }

  var isFull: Bool {
    if case .full = target { return true }
    return false
  }
}

extension DiffableDataSource {
  typealias _ApplyJob = DiffableKitDataSources._ApplyJob<SectionIdentifierType, ItemIdentifierType>

  /// Adds an apply to the queue (coalescing if asked) and runs what can run.
  func _enqueue(_ job: _ApplyJob, operation: String) {
    if _hostCallDepth > 0 {
      _dataSourceMisuse(
        operation,
        "called while the data source was applying a snapshot (from inside the host's batch update, "
          + "a cell provider or a selection change it caused); applies never nest",
        fix: "Apply from the completion handler of the running apply, or after it returned")
    }
    var job = job
    if coalescesPendingApplies && job.isFull && !_queue.isEmpty {
      let replaced = _queue
      _queue.removeAll()
      job.completions = replaced.flatMap(\.completions) + job.completions
      job.coalesced += replaced.reduce(replaced.count) { $0 + $1.coalesced }
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
    var outlines = _sectionSnapshots
    let new: Snapshot
    switch job.target {
    case .full(let snapshot):
      new = snapshot
      // Outlines stay attached to the sections whose rows they still describe.
      for (section, outline) in outlines
      where !new.containsSection(section) || new.itemIdentifiers(inSection: section) != outline.visibleItems {
        outlines[section] = nil
      }
    case .section(let section, let outline):
      var snapshot = old
      snapshot.replaceItems(inSection: section, withVisibleItemsOf: outline)
      new = snapshot
      outlines[section] = outline
      // Items pulled out of other outlined sections invalidate those outlines.
      for (other, otherOutline) in outlines
      where other != section && new.itemIdentifiers(inSection: other) != otherOutline.visibleItems {
        outlines[other] = nil
      }
    }

    if job.mode == .reloadData || old.numberOfSections == 0 {
      _run(job, old: old, new: new, outlines: outlines, changeset: nil, diffDuration: nil, offMain: false)
      return
    }
    if let threshold = diffsOffMainActorAboveItemCount, old.numberOfItems + new.numberOfItems > threshold {
      _offMainJob = job
      let generation = _generation
      Task { [weak self] in
        let started = _now()
        let changeset = await _diffOffMainActor(old, new)
        let duration = _now() - started
        self?._offMainDiffFinished(
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

  /// Continues a job whose diff ran off the main actor.
  func _offMainDiffFinished(
    _ job: _ApplyJob, old: Snapshot, new: Snapshot, outlines: [SectionIdentifierType: SectionSnapshot],
    changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, duration: TimeInterval,
    generation: Int
  ) {
    _offMainJob = nil
    if coalescesPendingApplies, let newer = _queue.firstIndex(where: \.isFull) {
      // A newer whole snapshot is waiting: this one is never shown.
      _queue[newer].completions = job.completions + _queue[newer].completions
      _queue[newer].coalesced += 1 + job.coalesced
      _drain()
      return
    }
    if generation != _generation {
      // The list changed meanwhile (an interactive reorder): start over from what it shows.
      _queue.insert(job, at: 0)
    } else {
      _isDraining = true
      _run(job, old: old, new: new, outlines: outlines, changeset: changeset, diffDuration: duration, offMain: true)
      _isDraining = false
    }
    _drain()
  }

  // MARK: Running one apply

  /// Hands one apply to the host, restores selection and focus, records the trace and, once the
  /// host finished, runs the completions.
  func _run(
    _ job: _ApplyJob, old: Snapshot, new: Snapshot, outlines: [SectionIdentifierType: SectionSnapshot],
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
    } else if old.numberOfSections == 0 {
      reloadReason = .initialLoad
    } else if let changeset {
      if let why = _unsafeBatchReason(changeset) {
        if let staged = _stagedChangesets(from: old, to: new) {
          stages = staged
          trace.stagingReason = why
        } else {
          reloadReason = .unsafeBatch(why)
        }
      } else {
        stages = [(stored, changeset)]
      }
    }

    var hostFinished = false
    _hostCallDepth += 1
    if let reloadReason {
      trace.method = .reloadData
      trace.reloadReason = reloadReason
      _setCurrent(stored, outlines: outlines)
      host.reloadData()
      hostFinished = true
    } else if stages.contains(where: { !$0.1.isEmpty }) {
      trace.method = job.mode == .animated ? .animatedBatch : .batchWithoutAnimation
      trace.batchCount = stages.count
      for (index, stage) in stages.enumerated() {
        trace.record(stage.1)
        _performBatch(
          stage.1, storing: stage.0, outlines: outlines, animated: job.mode == .animated,
          completions: index == stages.count - 1 ? job.completions : [])
      }
    } else {
      // Nothing to show: the host is not called.
      _setCurrent(stored, outlines: outlines)
      hostFinished = true
    }
    if let selected { _restoreSelection(selected) }
    if let focused { host.focusItem(at: _current.indexPath(for: focused)) }
    _hostCallDepth -= 1

    if tracing {
      trace.hostUpdateDuration = _now() - hostStarted
      traceHandler?(trace)
    }
    if hostFinished { _finished(job.completions) } else { _finished([]) }
  }

  /// Hands one changeset to the host as one batch (then its reconfigures), swapping the stored
  /// snapshot inside the batch; `completions` run once the host finished it.
  func _performBatch(
    _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, storing stored: Snapshot,
    outlines: [SectionIdentifierType: SectionSnapshot], animated: Bool, completions: [() -> Void]
  ) {
    guard changeset._hasBatchOperations else {
      // Only reconfigures (or nothing): no batch; they follow at once.
      _setCurrent(stored, outlines: outlines)
      if !changeset.itemReconfigures.isEmpty {
        let reconfigure = { self._reconfigure(changeset.itemReconfigures) }
        if animated { reconfigure() } else { host.performWithoutAnimation(reconfigure) }
      }
      _finished(completions)
      return
    }
    var swapped = false
    _unfinishedHostUpdates += 1
    let batch = {
      self.host.performBatchUpdates(
        { [self] in
          self._setCurrent(stored, outlines: outlines)
          swapped = true
          self._send(changeset)
        },
        completion: { [self] _ in
          self._unfinishedHostUpdates -= 1
          self._finished(completions)
        })
    }
    if animated { batch() } else { host.performWithoutAnimation(batch) }
    if !swapped {
      _dataSourceMisuse(
        "performBatchUpdates(_:completion:)", "the host returned without calling the updates closure",
        fix: "A DiffableListHost must call `updates` synchronously, exactly once")
    }
    if !changeset.itemReconfigures.isEmpty {
      let reconfigure = { self._reconfigure(changeset.itemReconfigures) }
      if animated { reconfigure() } else { host.performWithoutAnimation(reconfigure) }
    }
  }

  /// Splits a change that UIKit would mishandle in one batch (items moved inside sections that
  /// also move) into two batches it handles: first every item change with the surviving
  /// sections kept in their old order (new sections at the end, reloads here), then only the
  /// section moves (no section's items change, so no item moves; reconfigures here). Returns
  /// nil when a stage would still be unsafe; the caller then reloads.
  ///
  /// - Complexity: O(n) to build the middle snapshot plus two diffs.
  func _stagedChangesets(
    from old: Snapshot, to new: Snapshot
  ) -> [(Snapshot, SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>)]? {
    let sections =
      old.sectionIdentifiers.filter { new.containsSection($0) }
      + new.sectionIdentifiers.filter { !old.containsSection($0) }
    var middle = Snapshot()
    middle.appendSections(sections)
    for section in sections { middle.appendItems(new.itemIdentifiers(inSection: section), toSection: section) }
    let middleStored = middle
    if !new.reloadedItemIdentifiers.isEmpty { middle.reloadItems(new.reloadedItemIdentifiers) }
    if !new.reloadedSectionIdentifiers.isEmpty { middle.reloadSections(new.reloadedSectionIdentifiers) }
    var final = new.removingReloadMarks()
    let stored = final
    if !new.reconfiguredItemIdentifiers.isEmpty { final.reconfigureItems(new.reconfiguredItemIdentifiers) }
    let first = SnapshotChangeset(from: old, to: middle)
    let second = SnapshotChangeset(from: middleStored, to: final)
    guard _unsafeBatchReason(first) == nil, _unsafeBatchReason(second) == nil else { return nil }
    return [(middleStored, first), (stored, second)]
  }

  /// Runs completions of applies the host finished — at once, or, while we are inside a call to
  /// the host (a host may finish an earlier batch when a new one starts), once that call
  /// returned, so that a completion never runs underneath an apply. Keeps their order.
  func _finished(_ completions: [() -> Void]) {
    _finishedCompletions += completions
    guard _hostCallDepth == 0, !_isRunningCompletions else { return }
    _isRunningCompletions = true
    defer { _isRunningCompletions = false }
    while !_finishedCompletions.isEmpty {
      let completion = _finishedCompletions.removeFirst()
      completion()
    }
  }

  /// Stores the new state and the outlines that still describe it.
  func _setCurrent(_ snapshot: Snapshot, outlines: [SectionIdentifierType: SectionSnapshot]) {
    _current = snapshot
    _sectionSnapshots = outlines
    _generation &+= 1
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

  /// Why a valid batch should not be handed to UIKit, or nil when it is safe.
  ///
  /// UIKit has corrupted its state on items moved within, into or out of a section that itself
  /// moves in the same batch (IGListKit #690, FluidGroup/DataSources #12); such a batch reloads.
  func _unsafeBatchReason(_ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>) -> String? {
    guard !changeset.sectionMoves.isEmpty, !changeset.itemMoves.isEmpty else { return nil }
    let movedFrom = Set(changeset.sectionMoves.map(\.from))
    let movedTo = Set(changeset.sectionMoves.map(\.to))
    let risky = changeset.itemMoves.filter { movedFrom.contains($0.from.section) || movedTo.contains($0.to.section) }
    guard let first = risky.first else { return nil }
    return
      "\(risky.count) item move(s) inside sections that also move (first: \(first.from) -> \(first.to)); "
      + "UIKit is known to mishandle such batches"
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
