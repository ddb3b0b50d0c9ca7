import Foundation
import OpenDiffableCore

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
