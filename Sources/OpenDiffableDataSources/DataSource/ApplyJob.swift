import OpenDiffableCore

/// The completion of one apply, waiting until that apply and every earlier one finished.
struct _PendingCompletion {
  var completion: (() -> Void)?
  var isFinished = false
}

/// One apply waiting to run.
struct _ApplyJob<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
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
  /// The completion handed to `apply`; moved into the data source's completion list when queued.
  var completion: (() -> Void)?
  /// The completion tickets this job finishes: its own and those of the applies it replaced.
  var tickets: [Int] = []
  var coalesced = 0
  /// How many applies made off the main thread this job carries (its own, those it replaced).
  var backgroundApplies = 0
  /// The token of the observed apply that made this job (`applyObserving`), if any.
  var observation: Int?

  init(target: Target, mode: Mode, operation: String, completion: (() -> Void)?) {
    self.target = target
    self.mode = mode
    self.operation = operation
    self.completion = completion
  }

  var isFull: Bool {
    if case .full = target { return true }
    return false
  }
}
