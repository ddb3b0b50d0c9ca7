import Dispatch
import Foundation
import OpenDiffable
import OpenDiffableTesting
import Swift5Client
import Testing

// Code written for Apple's data sources on iOS 13–17 applies from a background queue ("You can
// safely call this method from a background queue, but you must do so consistently in your
// app"): the diff may run there, the view is updated on the main queue and the completion runs
// on the main queue. The calls come from Swift 5 code (Swift5Client's AnyThreadCalls); the
// stand-in views stop the process when they are used off the main thread. Shared by both
// stand-in flavours (each defines `backgroundScreens()`).

/// One data source under test, with what its view shows.
@MainActor
struct BackgroundScreen {
  let name: String
  let calls: AnyThreadCalls
  /// The generic data source doing the work (its address names it in warnings).
  let core: AnyObject
  /// The item rows the view shows.
  let shown: @MainActor () -> [[Int]]
  /// The item rows a snapshot should make the view show.
  let expected: (Snapshot) -> [[Int]]
  /// Sets a closure run on the main actor after every apply reached the view.
  let trace: @MainActor (@escaping @MainActor () -> Void) -> Void
  let keep: [AnyObject]

  /// The warnings about applies made on both kinds of thread that named this data source. They
  /// may be raised on the background queue, outside any `OpenDiffableWarningCollector.collect`
  /// scope, so every test's warnings are searched for the data source's address.
  func mixedQueueWarnings() -> [String] {
    OpenDiffableWarningCollector.messages(containing: "\(Unmanaged.passUnretained(core).toOpaque())")
      .filter { $0.contains("both on the main thread and off it") }
  }
}

/// What the applies saw, written from any thread.
final class BackgroundApplyLog: @unchecked Sendable {
  private let lock = NSLock()
  private var _completions: [Int] = []
  private var _completionsOffMain = 0
  private var _readBacks: [[[Int]]] = []

  func completed(_ index: Int) {
    let onMain = isOnMainThread()
    lock.withLock {
      _completions.append(index)
      if !onMain { _completionsOffMain += 1 }
    }
  }
  func readBack(_ rows: [[Int]]) { lock.withLock { _readBacks.append(rows) } }
  var completions: [Int] { lock.withLock { _completions } }
  var completionsOffMain: Int { lock.withLock { _completionsOffMain } }
  var readBacks: [[[Int]]] { lock.withLock { _readBacks } }
}

/// Whether the caller runs on the main thread or the main queue (which, in a process with an
/// `async` main on Linux, is drained by a thread `Thread.isMainThread` does not call main).
func isOnMainThread() -> Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// `count` random snapshots, each following the previous one.
func randomSnapshots(_ count: Int, seed: UInt64) -> [Snapshot] {
  var random = SplitMix64(seed: seed)
  var snapshot = Snapshot()
  return (0..<count).map { _ in
    snapshot = randomSnapshot(after: snapshot, using: &random)
    return snapshot
  }
}

@MainActor
@Suite("Applies from a background queue")
struct BackgroundApplyTests {
  /// The queues apps applied from: a background context's serial queue (a fetched results
  /// controller's delegate saves, then applies) and the global concurrent queue.
  static let queues: [(String, DispatchQueue)] = [
    ("serial", DispatchQueue(label: "NSManagedObjectContext private queue")),
    ("global", DispatchQueue.global()),
  ]

  @Test(
    "Applies from one background queue: view updated on the main thread, snapshot() at once, completions in order",
    arguments: [0, 1])
  func appliesFromOneQueue(queueIndex: Int) async {
    OpenDiffableWarningCollector.install()
    let queue = Self.queues[queueIndex].1
    for screen in backgroundScreens() {
      let snapshots = randomSnapshots(30, seed: UInt64(queueIndex * 100 + 7))
      let log = BackgroundApplyLog()
      var traced: [[[Int]]] = []
      screen.trace { traced.append(screen.shown()) }
      let calls = screen.calls
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        queue.async {
          for (index, snapshot) in snapshots.enumerated() {
            calls.apply(snapshot, animatingDifferences: index % 2 == 0) {
              log.completed(index)
              if index == snapshots.count - 1 { done.resume() }
            }
            // Apple's data source answers with the snapshot just applied on the applying queue.
            log.readBack(rows(of: calls.snapshot()))
          }
        }
      }
      #expect(log.completions == Array(0..<snapshots.count), "\(screen.name)")
      #expect(log.completionsOffMain == 0, "\(screen.name)")
      #expect(log.readBacks == snapshots.map(rows(of:)), "\(screen.name)")
      #expect(traced == snapshots.map(screen.expected), "\(screen.name)")
      #expect(screen.shown() == screen.expected(snapshots.last!), "\(screen.name)")
      #expect(rows(of: calls.snapshot()) == rows(of: snapshots.last!), "\(screen.name)")
      #expect(screen.mixedQueueWarnings().isEmpty, "\(screen.name)")
    }
  }

  @Test("Reload-data applies and section snapshots from a background queue")
  func reloadDataAndSectionSnapshots() async {
    let queue = DispatchQueue(label: "background context")
    for screen in backgroundScreens() {
      let calls = screen.calls
      let first = snapshot([("a", [1, 2]), ("b", [3])])
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([10, 20])
      outline.append([11, 12], to: 10)
      outline.expand([10])
      let applied = outline
      let log = BackgroundApplyLog()
      let sections = calls.hasSectionSnapshots
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        queue.async {
          calls.applySnapshotUsingReloadData(first) { log.completed(0) }
          log.readBack(rows(of: calls.snapshot()))
          if sections {
            calls.apply(applied, to: "b") { log.completed(1) }
            log.readBack(rows(of: calls.snapshot()))
            log.readBack([calls.snapshot(for: "b").visibleItems])
          }
          calls.apply(calls.snapshot(), animatingDifferences: true) {
            log.completed(2)
            done.resume()
          }
        }
      }
      let withOutline = snapshot([("a", [1, 2]), ("b", [10, 11, 12, 20])])
      #expect(log.completions == (sections ? [0, 1, 2] : [0, 2]), "\(screen.name)")
      #expect(log.completionsOffMain == 0, "\(screen.name)")
      let expectedReads = sections ? [rows(of: first), rows(of: withOutline), [[10, 11, 12, 20]]] : [rows(of: first)]
      #expect(log.readBacks == expectedReads, "\(screen.name)")
      #expect(screen.shown() == screen.expected(sections ? withOutline : first), "\(screen.name)")
      if sections {
        #expect(calls.snapshot(for: "b").visibleItems == [10, 11, 12, 20], "\(screen.name)")
      }
    }
  }

  @Test("Awaiting apply from a task off the main actor")
  func asyncApplyFromBackgroundTask() async {
    for screen in backgroundScreens() {
      let calls = screen.calls
      let snapshots = randomSnapshots(8, seed: 42)
      for snapshot in snapshots {
        await Task.detached { await calls.applyAndWait(snapshot) }.value
        #expect(screen.shown() == screen.expected(snapshot), "\(screen.name)")
      }
    }
  }

  /// Main-thread applies mixed with background ones (Apple warns, then stops with "Deadlock
  /// detected" when the main thread applies while a background apply is outstanding): every
  /// snapshot is shown in call order, completions run on the main thread in call order, the view
  /// is never used off the main thread, and one warning names Apple's rule.
  @Test("Random interleavings of main-thread and background applies keep call order", arguments: 0..<12)
  func interleavings(seed: UInt64) async {
    OpenDiffableWarningCollector.install()
    let queue = DispatchQueue(label: "background \(seed)")
    var random = SplitMix64(seed: seed &+ 1000)
    for screen in backgroundScreens() {
      let calls = screen.calls
      let snapshots = randomSnapshots(24, seed: seed)
      let log = BackgroundApplyLog()
      var traced: [[[Int]]] = []
      screen.trace { traced.append(screen.shown()) }
      var kinds: Set<Int> = []
      for (index, snapshot) in snapshots.enumerated() {
        let animated = Bool.random(using: &random)
        let kind = Int.random(in: 0..<3, using: &random)
        kinds.insert(kind == 0 ? 0 : 1)
        switch kind {
        case 0:
          // On the main thread, possibly while background applies are outstanding.
          calls.apply(snapshot, animatingDifferences: animated) { log.completed(index) }
        case 1:
          // Off the main thread, the main thread blocked until it returned: the main actor has
          // not picked it up when the next apply comes.
          let returned = DispatchSemaphore(value: 0)
          queue.async {
            calls.apply(snapshot, animatingDifferences: animated) { log.completed(index) }
            returned.signal()
          }
          returned.wait()
        default:
          // Off the main thread, the main actor free meanwhile.
          await withCheckedContinuation { (returned: CheckedContinuation<Void, Never>) in
            queue.async {
              calls.apply(snapshot, animatingDifferences: animated) { log.completed(index) }
              returned.resume()
            }
          }
        }
      }
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        queue.async { calls.apply(snapshots.last!, animatingDifferences: false) { done.resume() } }
      }
      #expect(log.completions == Array(0..<snapshots.count), "\(screen.name)")
      #expect(log.completionsOffMain == 0, "\(screen.name)")
      #expect(traced == (snapshots + [snapshots.last!]).map(screen.expected), "\(screen.name)")
      #expect(screen.shown() == screen.expected(snapshots.last!), "\(screen.name)")
      // Mixed only when some apply ran on the main thread (the last one is off it).
      #expect(screen.mixedQueueWarnings().count == (kinds.contains(0) ? 1 : 0), "\(screen.name)")
    }
  }
}
