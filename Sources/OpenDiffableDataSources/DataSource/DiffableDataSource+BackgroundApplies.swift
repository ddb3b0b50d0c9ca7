import Foundation
import OpenDiffableCore

// Applies made off the main thread, as Apple's data sources accepted them before the iOS 18 SDK:
// code written in Swift 5 (or with `@preconcurrency`) may call `apply` from a background queue.
// The job is queued here and handed to the main actor, which runs it in call order with every
// other apply; the host is only ever called on the main thread. See ARCHITECTURE.md.

extension DiffableDataSource {
  /// Queues `job`: on the main thread after the background applies made before it, off the main
  /// thread through ``_backgroundApplies`` (the main actor runs it on its next turn).
  func _submit(_ job: _ApplyJob) {
    guard _isMainThread() else {
      _submitOffMainThread(job)
      return
    }
    _checkCanApply(job.operation)
    let (earlier, mixed) = _backgroundApplies.take(madeOnMainThread: true)
    if mixed { _warnMixedQueues(job.operation) }
    for earlier in earlier { _enqueue(earlier, operation: earlier.operation) }
    _enqueue(job, operation: job.operation)
  }

  /// Queues an apply made off the main thread and makes sure the main actor picks it up.
  nonisolated func _submitOffMainThread(_ job: _ApplyJob) {
    let (schedule, mixed) = _backgroundApplies.submit(job) { old, outlines in
      Self._result(of: job.target, from: old, outlines: outlines)
    }
    if mixed { _warnMixedQueues(job.operation) }
    guard schedule else { return }
    DispatchQueue.main.async { [self] in
      MainActor.assumeIsolated { self._runBackgroundApplies() }
    }
  }

  /// Hands the background applies made so far to the apply queue, in call order.
  func _runBackgroundApplies() {
    let (jobs, _) = _backgroundApplies.take(madeOnMainThread: false)
    for job in jobs { _enqueue(job, operation: job.operation) }
  }

  /// The snapshot read off the main thread: what the newest apply made off the main thread leads
  /// to while it is not shown yet, otherwise what the list shows.
  nonisolated func _snapshotOffMainThread() -> Snapshot {
    _backgroundApplies.latest().snapshot
  }

  /// The outline of `section` read off the main thread; see ``_snapshotOffMainThread()``.
  nonisolated func _sectionSnapshotOffMainThread(for section: SectionIdentifierType) -> SectionSnapshot {
    let (snapshot, outlines) = _backgroundApplies.latest()
    if !outlines.isEmpty, let outline = outlines[_HashPinnedKey(section)] { return outline }
    return snapshot.sectionSnapshot(forSection: section)
  }

  /// Warns, once per data source, that applies were made both on and off the main thread.
  nonisolated func _warnMixedQueues(_ operation: String) {
    OpenDiffableDiagnostics.warningHandler(
      "OpenDiffable: \(operation): snapshots were applied both on the main thread and off it (\(type(of: self)) at "
        + "\(Unmanaged.passUnretained(self).toOpaque())). "
        + "Apple's diffable data sources require applying \"either always on the main queue or always off the main queue\" (they log a "
        + "warning and can stop with \"Deadlock detected\"); OpenDiffable runs the applies in call order. Apply "
        + "on one kind of queue, preferably the main queue.")
  }
}

/// The applies made off the main thread that the main actor has not picked up yet, and the state
/// they lead to, shared between the applying threads and the main actor (one lock).
///
/// The main actor publishes what the list shows (``publish(_:outlines:)``) and counts the
/// background applies it finished (``finished(_:)``); the applying thread reads the newest state
/// (``latest()``), so that `snapshot()` right after an `apply` on that thread returns the applied
/// snapshot, as Apple's does.
final class _BackgroundApplies<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: @unchecked Sendable {
  typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  typealias Outlines = _HashPinnedDictionary<
    SectionIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  >
  typealias Job = _ApplyJob<SectionIdentifierType, ItemIdentifierType>

  private let lock = NSLock()
  /// What the list shows, with its outlines (published by the main actor).
  private var shown = (snapshot: Snapshot(), outlines: Outlines())
  /// What the newest background apply leads to, while background applies are outstanding.
  private var newest: (snapshot: Snapshot, outlines: Outlines)?
  /// Background applies not yet handed to the apply queue, in call order.
  private var inbox: [Job] = []
  /// Background applies made and not yet finished by the main actor.
  private var outstanding = 0
  private var madeOnMainThread = false
  private var madeOffMainThread = false
  private var warned = false

  /// Queues `job`, made off the main thread; `result` gives the state it leads to from the
  /// newest one. Returns whether the main actor must be asked to pick the inbox up, and whether
  /// to warn that applies were made on both kinds of thread (once).
  func submit(_ job: Job, result: (Snapshot, Outlines) -> (Snapshot, Outlines)) -> (schedule: Bool, warn: Bool) {
    var job = job
    job.backgroundApplies = 1
    lock.lock()
    defer { lock.unlock() }
    let base = newest ?? shown
    let (snapshot, outlines) = result(base.snapshot, base.outlines)
    newest = (snapshot.removingReloadMarks(), outlines)
    inbox.append(job)
    outstanding += 1
    madeOffMainThread = true
    return (inbox.count == 1, noteWarning())
  }

  /// Takes the queued background applies (for the main actor). `madeOnMainThread`: the caller
  /// is an apply made on the main thread, which may call for the warning.
  func take(madeOnMainThread onMain: Bool) -> (jobs: [Job], warn: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if onMain { madeOnMainThread = true }
    let jobs = inbox
    inbox = []
    return (jobs, onMain && noteWarning())
  }

  /// Whether to warn now: both kinds of thread applied and no warning was sent. Lock held.
  private func noteWarning() -> Bool {
    guard madeOnMainThread, madeOffMainThread, !warned else { return false }
    warned = true
    return true
  }

  /// Records what the list shows now (main actor).
  func publish(_ snapshot: Snapshot, outlines: Outlines) {
    lock.lock()
    defer { lock.unlock() }
    shown = (snapshot, outlines)
    if outstanding == 0 { newest = nil }
  }

  /// Records that the main actor finished `count` background applies (shown, or replaced by a
  /// newer one).
  func finished(_ count: Int) {
    guard count > 0 else { return }
    lock.lock()
    defer { lock.unlock() }
    outstanding -= count
    if outstanding == 0 { newest = nil }
  }

  /// `TypeName(2 sections, 5 items)` for what the list shows: what the platform data sources'
  /// non-isolated `description()` says, from any thread. O(1).
  func describe(_ type: Any.Type) -> String {
    lock.lock()
    let snapshot = shown.snapshot
    lock.unlock()
    let (sections, items) = (snapshot.numberOfSections, snapshot.numberOfItems)
    return "\(type)(\(sections) section\(sections == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s"))"
  }

  /// The newest state: what the outstanding background applies lead to, or what the list shows.
  func latest() -> (snapshot: Snapshot, outlines: Outlines) {
    lock.lock()
    defer { lock.unlock() }
    return newest ?? shown
  }
}
