import BatchUpdateRules
import Foundation
import OpenDiffableCore

/// The questions a list view asks its data source, as closures (the stand-in views bind them to
/// their `dataSource`).
@MainActor
public struct StandInListQuestions<Cell> {
  /// `numberOfSections(in:)`.
  public var numberOfSections: () -> Int
  /// `…numberOfItemsInSection:` / `…numberOfRowsInSection:`.
  public var numberOfItems: (Int) -> Int
  /// `…cellForItemAt:` / `…cellForRowAt:`.
  public var cell: (IndexPath) -> Cell

  /// Creates the questions.
  public init(
    numberOfSections: @escaping () -> Int, numberOfItems: @escaping (Int) -> Int, cell: @escaping (IndexPath) -> Cell
  ) {
    self.numberOfSections = numberOfSections
    self.numberOfItems = numberOfItems
    self.cell = cell
  }
}

/// What a stand-in list view shows: rows kept through the main package's `BatchUpdateSimulator`
/// (UIKit's batch-update rules), the cell of every row, and the selection attached to rows.
///
/// Not Apple API: the stand-in views (`UICollectionView`, `UITableView`, `NSCollectionView`,
/// `NSTableView`) keep one and expose it to tests as `standIn`. Rows are identified by tokens
/// the view makes up, since a view only knows counts: a row that survives a batch keeps its
/// token and its cell; an inserted or reloaded row gets a new token and a cell asked from the
/// data source, exactly where UIKit asks. An invalid batch stops the process with UIKit's
/// message (`Invalid update: …`).
@MainActor
public final class StandInList<Cell> {
  typealias Rules = BatchUpdateSimulator<Int, Int>

  var rules = Rules()
  var nextToken = 0
  var cellByToken: [Int: Cell] = [:]
  var selectedTokens: Set<Int> = []
  var recorder = BatchUpdateRecorder()
  var pendingCompletions: [((Bool) -> Void)?] = []

  /// Asks the data source; set by the view.
  public var questions: StandInListQuestions<Cell>?

  /// Whether the view animates its next batch; AppKit's `animator()` proxy sets it. UIKit
  /// views animate unless inside `UIView.performWithoutAnimation(_:)`.
  public var animatesNextBatch: Bool?

  /// Whether batch completions run before `performBatchUpdates` returns (the adversarial case
  /// for a data source). When false they wait for ``finishAnimations()``. Default: true.
  public var completesSynchronously = true

  /// Every index path the view asked its data source a cell for, in order.
  public var cellRequests: [IndexPath] = []

  /// What the view did: `reloadData`, `batch(animated)` or `batch(not animated)`, `reconfigure`.
  public var log: [String] = []

  /// Whether the view has loaded its contents (after its first `reloadData()`).
  public private(set) var hasLoaded = false

  /// The rows on screen, as positions counted across sections (a section's rows follow the
  /// previous section's); nil (the default): every row. Tests set it to scroll; the views
  /// answer `indexPathsForVisibleItems` and `indexPathsForVisibleRows` from it.
  public var visibleWindow: Range<Int>?

  /// An empty list.
  public init() {}

  /// Stops the process when called off the main thread, as UIKit's and AppKit's views must only
  /// be used from the main thread ("Use UIKit classes only from your app's main thread",
  /// UIKit's documentation; Xcode's Main Thread Checker stops there in debug builds). The view is
  /// `@MainActor`, but code in Swift 5 mode can still call it from any thread.
  nonisolated static func checkMainThread(_ api: String) {
    // The main dispatch queue counts as the main thread wherever it is drained (with an `async`
    // main on Linux, not on the thread `Thread.isMainThread` calls main).
    if !Thread.isMainThread && DispatchQueue.getSpecific(key: standInMainQueueKey) == nil {
      fatalError("Main Thread Checker: UI API called on a background thread: \(api)")
    }
  }

  // MARK: Reading

  /// The cells shown, section by section.
  public var cells: [[Cell]] {
    rules.sections.map { section in section.rows.map { cellByToken[$0.identifier]! } }
  }

  /// The number of sections shown.
  public var numberOfSections: Int { rules.sections.count }

  /// The positions of the rows in ``visibleWindow``, in order. O(sections + visible rows).
  public var visibleIndexPaths: [IndexPath] {
    var result: [IndexPath] = []
    var start = 0
    for (section, content) in rules.sections.enumerated() {
      let end = start + content.rows.count
      let lower = max(start, visibleWindow?.lowerBound ?? start)
      let upper = min(end, visibleWindow?.upperBound ?? end)
      if lower < upper { result += (lower..<upper).map { IndexPath(_item: $0 - start, section: section) } }
      start = end
    }
    return result
  }

  /// The number of rows shown in `section`.
  public func numberOfItems(inSection section: Int) -> Int { rules.sections[section].rows.count }

  /// The cell shown at `indexPath`, or nil.
  public func cell(at indexPath: IndexPath) -> Cell? {
    guard let token = token(at: indexPath) else { return nil }
    return cellByToken[token]
  }

  func token(at indexPath: IndexPath) -> Int? {
    guard rules.sections.indices.contains(indexPath._section),
      rules.sections[indexPath._section].rows.indices.contains(indexPath._item)
    else { return nil }
    return rules.sections[indexPath._section].rows[indexPath._item].identifier
  }

  func indexPath(ofToken token: Int) -> IndexPath? {
    for (section, content) in rules.sections.enumerated() {
      if let item = content.rows.firstIndex(where: { $0.identifier == token }) {
        return IndexPath(_item: item, section: section)
      }
    }
    return nil
  }

  // MARK: Selection

  /// The selected index paths, in order.
  public var selectedIndexPaths: [IndexPath] {
    selectedTokens.compactMap(indexPath(ofToken:)).sorted()
  }

  /// Selects the row at `indexPath`; nil clears the selection.
  public func select(_ indexPath: IndexPath?) {
    guard let indexPath else {
      selectedTokens = []
      return
    }
    guard let token = token(at: indexPath) else {
      preconditionFailure("attempt to select an item at an invalid index path (\(indexPath))")
    }
    selectedTokens.insert(token)
  }

  /// Deselects the row at `indexPath`.
  public func deselect(_ indexPath: IndexPath) {
    if let token = token(at: indexPath) { selectedTokens.remove(token) }
  }

  /// Deselects every row.
  public func deselectAll() { selectedTokens = [] }

  // MARK: Updating

  func fresh() -> Int {
    nextToken += 1
    return nextToken
  }

  /// A snapshot with the data source's counts and new tokens everywhere: what a loaded row
  /// shows is "a cell asked anew".
  func dataSourceState(_ counts: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    for count in counts {
      let section = fresh()
      snapshot.appendSections([section])
      snapshot.appendItems((0..<count).map { _ in fresh() }, toSection: section)
    }
    return snapshot
  }

  func askedCounts() -> [Int] {
    guard let questions else { return [] }
    return (0..<questions.numberOfSections()).map { questions.numberOfItems($0) }
  }

  /// Asks the data source for everything again, as `reloadData()` does; clears the selection.
  public func reloadData() {
    Self.checkMainThread("reloadData")
    precondition(!recorder.isRecording, "reloadData() inside a batch update")
    log.append("reloadData")
    hasLoaded = true
    rules = Rules(dataSourceState(askedCounts()))
    cellByToken = [:]
    selectedTokens = []
    loadCells()
  }

  /// Asks the cells of the rows the last update loaded.
  func loadCells() {
    for (section, content) in rules.sections.enumerated() {
      for (item, row) in content.rows.enumerated() where cellByToken[row.identifier] == nil {
        let indexPath = IndexPath(_item: item, section: section)
        cellRequests.append(indexPath)
        guard let questions else { preconditionFailure("the list view has no data source") }
        cellByToken[row.identifier] = questions.cell(indexPath)
      }
    }
    let shown = Set(rules.sections.flatMap { $0.rows.map(\.identifier) })
    cellByToken = cellByToken.filter { shown.contains($0.key) }
    selectedTokens.formIntersection(shown)
  }

  /// Runs `updates` as one batch, checked with UIKit's rules against the data source's counts
  /// after it; then calls `completion` (at once, or from ``finishAnimations()``).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    Self.checkMainThread("performBatchUpdates:completion:")
    if recorder.isRecording {
      // UIKit allows nesting: the inner batch joins the outer one.
      updates?()
      completion.map { pendingCompletions.append($0) }
      return
    }
    // A view that never loaded first loads what the data source shows before the updates.
    if !hasLoaded { reloadData() }
    recorder.begin()
    updates?()
    let operations = recorder.end()!  // not nested: the outermost batch
    let animated = animatesNextBatch ?? StandInAnimation.isEnabled
    animatesNextBatch = nil
    log.append(animated ? "batch(animated)" : "batch(not animated)")
    apply(operations, counts: askedCounts())
    finish(completion)
  }

  /// Applies `operations` with UIKit's rules, the data source (or the view itself, for an
  /// interactive move or a sequential AppKit change) having `counts` after it.
  public func apply(_ operations: BatchUpdateOperations, counts: [Int]) {
    var next = rules
    do {
      try next.performBatchUpdates(operations, dataSource: dataSourceState(counts))
    } catch {
      preconditionFailure("\(error.message)\n\(operations)")
    }
    rules = next
    loadCells()
    for path in operations.itemReconfigures { reconfigure(path) }
  }

  /// Records a change: inside a batch it joins it; outside, it is a batch of its own (as UIKit
  /// does).
  package func record(_ call: BatchUpdateCall) {
    Self.checkMainThread("a batch operation (insert, delete, move, reload)")
    if recorder.isRecording {
      _ = recorder.record(call)
    } else {
      performBatchUpdates({ self.record(call) }, completion: nil)
    }
  }

  /// Asks the data source the cell at `indexPath` again, in place (`reconfigureItems`).
  public func reconfigure(_ indexPath: IndexPath) {
    Self.checkMainThread("reconfigureItemsAtIndexPaths:")
    guard let token = token(at: indexPath) else {
      preconditionFailure("Attempted to reconfigure an item at an invalid index path (\(indexPath))")
    }
    log.append("reconfigure")
    cellRequests.append(indexPath)
    guard let questions else { preconditionFailure("the list view has no data source") }
    cellByToken[token] = questions.cell(indexPath)
  }

  func finish(_ completion: ((Bool) -> Void)?) {
    if completesSynchronously {
      completion?(true)
    } else {
      pendingCompletions.append(completion)
    }
  }

  /// Ends the running animations: calls the waiting batch completions, in order.
  public func finishAnimations() {
    while !pendingCompletions.isEmpty {
      let completion = pendingCompletions.removeFirst()
      completion?(true)
    }
  }

  /// The counts the view shows, with one row moved from `source` to `destination`.
  public func countsAfterMoving(from source: IndexPath, to destination: IndexPath) -> [Int] {
    var counts = rules.sections.map(\.rows.count)
    counts[source._section] -= 1
    counts[destination._section] += 1
    return counts
  }

  /// Checks that the data source agrees with what the view shows (after an interactive move).
  public func checkAgreesWithDataSource(after operation: String) {
    let shown = rules.sections.map(\.rows.count)
    let asked = askedCounts()
    precondition(
      shown == asked,
      "\(operation): the data source reports \(asked) items per section but the view shows \(shown)")
  }
}

/// Whether animations are on, for every stand-in view (`UIView.performWithoutAnimation(_:)`).
@MainActor
public enum StandInAnimation {
  /// How many `performWithoutAnimation` calls are running.
  public private(set) static var disabledDepth = 0

  /// Whether animations are on.
  public static var isEnabled: Bool { disabledDepth == 0 }

  /// Runs `actions` with animations off.
  public static func withoutAnimation(_ actions: () -> Void) {
    disabledDepth += 1
    defer { disabledDepth -= 1 }
    actions()
  }
}

/// Marks the main dispatch queue (see ``StandInList/checkMainThread(_:)``).
private let standInMainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
