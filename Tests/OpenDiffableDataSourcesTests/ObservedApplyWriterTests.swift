import Foundation
import Observation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// A model safe to write from any thread: Observation tracks its properties, a lock guards their
/// storage. Each write can run code between Observation's `willSet` (when observers hear of the
/// change) and the store, as a slow or preempted writer does.
@Observable
final class LockedListModel: @unchecked Sendable {
  @ObservationIgnored private let lock = NSLock()
  @ObservationIgnored private var _items: [Int] = []
  @ObservationIgnored private var _versions: [Int: Int] = [:]

  /// The items of the list's one section.
  var items: [Int] {
    access(keyPath: \.items)
    return lock.withLock { _items }
  }

  /// What each item's cell shows (a version per item).
  var versions: [Int: Int] {
    access(keyPath: \.versions)
    return lock.withLock { _versions }
  }

  func version(of item: Int) -> Int { versions[item, default: 0] }
  func text(_ item: Int) -> String { "\(item) v\(version(of: item))" }

  /// Stores `items`, running `between` after Observation's `willSet` and before the store.
  func setItems(_ items: [Int], between: () -> Void = {}) {
    withMutation(keyPath: \.items) {
      between()
      lock.withLock { _items = items }
    }
  }

  /// Stores `version` for `item`, running `between` after `willSet` and before the store.
  func setVersion(_ version: Int, of item: Int, between: () -> Void = {}) {
    withMutation(keyPath: \.versions) {
      between()
      lock.withLock { _versions[item] = version }
    }
  }

  func snapshot() -> Snapshot { Snapshot { SnapshotSection("a", items: items) } }
}

/// Lets the main actor run (in 1 ms steps, finishing the view's animations) until `condition`
/// holds or `seconds` passed; returns whether it holds.
@MainActor
func waitUntil(_ view: View, seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
  while ContinuousClock.now < deadline {
    view.finishAnimations()
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  view.finishAnimations()
  return condition()
}

/// Waits, letting the main actor run, until `semaphore` is signalled.
@MainActor
func waitFor(_ semaphore: DispatchSemaphore) async {
  while semaphore.wait(timeout: .now()) == .timedOut { try? await Task.sleep(for: .milliseconds(1)) }
}

@MainActor
@Suite("Observed applies: models written from other threads")
struct ObservedApplyWriterTests {
  static func makeList(_ model: LockedListModel) -> (View, DiffableDataSource<View, String, Int>) {
    let view = View()
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      SimulatedCell(item, text: model.text(item))
    }
    return (view, dataSource)
  }

  /// Writes on another thread with `write`, which runs `between` between `willSet` and the store:
  /// the observed turn that change schedules runs (and reads the model) before the store, which
  /// lands `pause` seconds after that turn. Returns once the write returned.
  static func writeLandingAfterTheTurn(
    pause: Double, observation: DiffableDataSourceObservation,
    _ write: @escaping @Sendable (_ between: () -> Void) -> Void
  ) async {
    let reported = DispatchSemaphore(value: 0)
    let store = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      write {
        reported.signal()
        store.wait()
        Thread.sleep(forTimeInterval: pause)
      }
      finished.signal()
    }
    await waitFor(reported)
    while observation.hasPendingChanges { await Task.yield() }
    store.signal()
    await waitFor(finished)
  }

  @Test("A write from another thread whose store lands after the turn it scheduled is shown", arguments: [0, 0.05])
  func slowWriteFromAnotherThread(pause: Double) async {
    let model = LockedListModel()
    let (view, dataSource) = Self.makeList(model)
    let observation = dataSource.applyObserving { model.snapshot() }
    #expect(view.itemIdentifiers == [[]])
    await Self.writeLandingAfterTheTurn(pause: pause, observation: observation) { between in
      model.setItems([1, 2, 3], between: between)
    }
    #expect(model.items == [1, 2, 3])
    #expect(await waitUntil(view) { view.itemIdentifiers == [[1, 2, 3]] }, "the list kept \(view.itemIdentifiers)")
  }

  @Test("A content write from another thread whose store lands after the turn it scheduled is shown")
  func slowContentWriteFromAnotherThread() async {
    let model = LockedListModel()
    model.setItems([1, 2, 3])
    let (view, dataSource) = Self.makeList(model)
    dataSource.contentProvider = { model.text($0) }
    let observation = dataSource.applyObserving { model.snapshot() }
    #expect(view.cells.flatMap { $0.map(\.text) } == ["1 v0", "2 v0", "3 v0"])
    await Self.writeLandingAfterTheTurn(pause: 0.05, observation: observation) { between in
      model.setVersion(1, of: 2, between: between)
    }
    let shown = await waitUntil(view) { view.cells.flatMap { $0.map(\.text) } == ["1 v0", "2 v1", "3 v0"] }
    #expect(shown, "the cells kept \(view.cells.flatMap { $0.map(\.text) })")
  }
}

/// Writers on several threads, each pausing a random time between Observation's `willSet` and
/// the store, while the main actor keeps turning (and sometimes writes too).
@MainActor
@Suite("Property: observed applies follow writers on several threads", .timeLimit(.minutes(5)))
struct ObservedApplyWriterPropertyTests {
  /// One writer's random writes: the items or an item's version, each after a random pause
  /// and with a random pause between `willSet` and the store (none for about a third).
  nonisolated static func write(_ model: LockedListModel, count: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<count {
      usleep(UInt32.random(in: 0...3_000, using: &random))
      let pause: UInt32 =
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: 0
        case 2, 3, 4: UInt32.random(in: 1...2_000, using: &random)
        default: UInt32.random(in: 2_000...25_000, using: &random)
        }
      if Bool.random(using: &random) {
        let items = Array((0..<12).shuffled(using: &random).prefix(Int.random(in: 0...12, using: &random)))
        model.setItems(items) { usleep(pause) }
      } else {
        model.setVersion(Int.random(in: 1...99, using: &random), of: Int.random(in: 0..<12, using: &random)) {
          usleep(pause)
        }
      }
    }
  }

  @Test(
    "40 random runs: once every writer returned, the list shows the model's final items and content within the confirming checks"
  )
  func randomWriters() async {
    await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let model = LockedListModel()
      model.setItems(Array(0..<Int.random(in: 0...12, using: &random)))
      let (view, dataSource) = ObservedApplyWriterTests.makeList(model)
      view.stopsOnInvalidBatch = false
      if Bool.random(using: &random) {
        let start = Int.random(in: 0...4, using: &random)
        view.visibleRowRange = start..<(start + Int.random(in: 1...8, using: &random))
      }
      let observesContent = Int.random(in: 0..<4, using: &random) != 0
      if observesContent { dataSource.contentProvider = { model.text($0) } }
      let observation = dataSource.applyObserving { model.snapshot() }

      let writers = Int.random(in: 2...4, using: &random)
      let finished = DispatchSemaphore(value: 0)
      for _ in 0..<writers {
        let count = Int.random(in: 1...6, using: &random)
        let writerSeed = random.next()
        Thread.detachNewThread {
          Self.write(model, count: count, seed: writerSeed)
          finished.signal()
        }
      }
      // The main actor turns meanwhile, and sometimes writes too.
      for _ in 0..<writers {
        while finished.wait(timeout: .now()) == .timedOut {
          if Int.random(in: 0..<40, using: &random) == 0 {
            model.setVersion(Int.random(in: 100...199, using: &random), of: Int.random(in: 0..<12, using: &random))
          }
          try? await Task.sleep(for: .microseconds(Int.random(in: 0...1_500, using: &random)))
        }
      }

      let returned = ContinuousClock.now
      let shown = await waitUntil(view, seconds: 5) {
        guard view.itemIdentifiers == [model.items] else { return false }
        guard observesContent else { return true }
        return view.visibleIndexPaths.allSatisfy { path in
          view.cellForItem(at: path).map { $0.text == model.text($0.itemIdentifier) } ?? true
        }
      }
      #expect(shown, "seed \(seed): the list shows \(view.itemIdentifiers), the model holds \(model.items)")
      #expect(ContinuousClock.now - returned < .milliseconds(2_500), "seed \(seed): shown after the checks ended")
      #expect(view.batchErrors.isEmpty, "seed \(seed): \(view.batchErrors)")
      observation.cancel()
    }
  }
}
