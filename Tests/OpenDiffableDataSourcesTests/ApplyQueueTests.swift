import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// Records which completions ran, in which order, and which ran before their `apply` returned.
@MainActor
final class CompletionProbe {
  /// The names of the completions that ran, in run order.
  private(set) var runs: [String] = []
  /// The names of the completions that ran while their `apply` was still on the stack.
  private(set) var early: [String] = []
  private var applying: Set<String> = []

  /// Calls `apply` with a completion named `name`, noting whether it runs before `apply` returns.
  func apply(_ name: String, _ apply: (@escaping () -> Void) -> Void) {
    applying.insert(name)
    apply { [self] in
      if applying.contains(name) { early.append(name) }
      runs.append(name)
    }
    applying.remove(name)
  }
}

/// Calls `onDeinit` when it goes away: captured by a cell provider, it tells when the data
/// source that holds the provider was released.
final class ReleaseSentinel: Sendable {
  let onDeinit: @Sendable () -> Void
  init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

/// A data source whose cell provider holds a sentinel that reports the data source's release.
@MainActor
func makeReportingDataSource(
  host view: View, onRelease: @escaping @Sendable () -> Void
) -> DiffableDataSource<View, String, Int> {
  let sentinel = ReleaseSentinel(onRelease)
  return DiffableDataSource<View, String, Int>(host: view) { _, _, item in
    withExtendedLifetime(sentinel) { SimulatedCell(item) }
  }
}

/// Regression tests for the apply queue: completions run exactly once, in call order, never
/// before their `apply` returned, on every path; coalescing keeps section-snapshot applies; a
/// released data source finishes what it was asked to do.
@MainActor
// A lost completion or a leaked data source would make a test wait forever: fail it instead (the
// limit is generous because a loaded machine can starve the main actor for a minute).
@Suite("Apply queue: completion order and lifetime", .timeLimit(.minutes(5)))
struct ApplyQueueTests {
  /// The applies' traces, in order.
  final class TraceLog {
    var all: [DiffableDataSourceApplyTrace] = []
  }

  /// Turns on coalescing, sends every diff off the main actor and records the traces.
  static func coalescingOffMain(_ dataSource: DiffableDataSource<View, String, Int>) -> TraceLog {
    let log = TraceLog()
    dataSource.coalescesPendingApplies = true
    dataSource.diffsOffMainActorAboveItemCount = 0
    dataSource.traceHandler = { log.all.append($0) }
    return log
  }

  @Test("An unchanged apply made while the host animates completes after the apply before it")
  func unchangedApplyWaitsForAnimatingApply() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append(1) }
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append(2) }  // no change: the host is not called
    #expect(view.animatingBatchCount == 1)
    #expect(events.isEmpty)
    for _ in 0..<10 { await Task.yield() }  // deferred completions get their turn
    #expect(events.isEmpty)
    #expect(dataSource.hasPendingApplies)
    view.finishAnimations()
    #expect(events == [1, 2])
    #expect(!dataSource.hasPendingApplies)
    expectInSync(view, dataSource)
  }

  @Test("Hundreds of applies waiting behind animating batches complete once each, in call order")
  func manyWaitingApplies() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append(0) }  // animating
    for index in 1..<200 { dataSource.apply(snapshot(["a": [1, 2]])) { events.append(index) } }
    dataSource.apply(snapshot(["a": [2, 1]])) { events.append(200) }  // animating
    for index in 201..<300 { dataSource.apply(snapshot(["a": [2, 1]])) { events.append(index) } }
    #expect(view.animatingBatchCount == 2)
    // The first batch's end runs 0..<200 and stops at the second batch, still waiting for the
    // host; the list of waiting completions is compacted meanwhile.
    view.finishAnimations()
    #expect(events == Array(0..<300))
    #expect(!dataSource.hasPendingApplies)
    // Later applies still find their tickets after the compaction.
    view.completesBatchesImmediately = true
    await dataSource.apply(snapshot(["a": [2, 1, 3]]))
    #expect(events == Array(0..<300))
    expectInSync(view, dataSource)
  }

  @Test("A reload-data apply made while the host animates completes after the apply before it")
  func reloadDataWaitsForAnimatingApply() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append(1) }
    dataSource.applySnapshotUsingReloadData(snapshot(["b": [3]])) { events.append(2) }
    #expect(view.calls.last == .reloadData)
    #expect(events.isEmpty)
    for _ in 0..<10 { await Task.yield() }
    #expect(events.isEmpty)
    view.finishAnimations()
    #expect(events == [1, 2])
    expectInSync(view, dataSource)
  }

  @Test("A reconfigure-only apply made while the host animates completes after the apply before it")
  func reconfigureOnlyWaitsForAnimatingApply() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append(1) }
    var next = snapshot(["a": [1, 2]])
    next.reconfigureItems([2])
    dataSource.apply(next) { events.append(2) }
    #expect(view.calls.last == .reconfigure([IndexPath(item: 1, section: 0)]))
    #expect(events.isEmpty)
    for _ in 0..<10 { await Task.yield() }
    #expect(events.isEmpty)
    view.finishAnimations()
    #expect(events == [1, 2])
    expectInSync(view, dataSource)
  }

  @Test("No completion runs before its apply returned, on any path; each runs once, in call order")
  func noCompletionInsideApply() async {
    let (view, dataSource) = makeList()
    let probe = CompletionProbe()
    probe.apply("initial load") {
      dataSource.apply(snapshot(["a": [1, 2, 3], "b": [4, 5], "c": [6]]), completion: $0)
    }
    probe.apply("no change") { dataSource.apply(snapshot(["a": [1, 2, 3], "b": [4, 5], "c": [6]]), completion: $0) }
    var reconfigure = dataSource.snapshot()
    reconfigure.reconfigureItems([2])
    probe.apply("reconfigure only") { dataSource.apply(reconfigure, completion: $0) }
    probe.apply("batch") { dataSource.apply(snapshot(["a": [1, 2, 3, 7], "b": [4, 5], "c": [6]]), completion: $0) }
    probe.apply("without animation") {
      dataSource.apply(
        snapshot(["a": [7, 1, 2, 3], "b": [4, 5], "c": [6]]), animatingDifferences: false, completion: $0)
    }
    // Items moved inside a section that moves: two batches.
    probe.apply("staged") { dataSource.apply(snapshot(["b": [5], "c": [6, 4], "a": [3, 1, 2, 7]]), completion: $0) }
    probe.apply("reload data") {
      dataSource.applySnapshotUsingReloadData(snapshot(["a": [1], "b": [2]]), completion: $0)
    }
    var outline = Outline()
    outline.append([7])
    outline.append([8], to: 7)
    outline.expand([7])
    probe.apply("section") { dataSource.apply(outline, to: "b", completion: $0) }
    probe.apply("collapse") { dataSource.collapseItem(7, completion: $0) }
    #expect(probe.runs.isEmpty)
    await dataSource.apply(dataSource.snapshot())  // completes after all of the above
    #expect(probe.early.isEmpty)
    #expect(
      probe.runs == [
        "initial load", "no change", "reconfigure only", "batch", "without animation", "staged", "reload data",
        "section", "collapse",
      ])
    #expect(rows(dataSource.snapshot()) == [[1], [7]])
    expectInSync(view, dataSource)
  }

  @Test("Coalescing keeps a waiting section-snapshot apply and merges only the full applies after it")
  func coalescingKeepsWaitingSectionApply() async {
    let (view, dataSource) = makeList()
    let traces = Self.coalescingOffMain(dataSource)
    await dataSource.apply(snapshot(["a": [1], "b": [2]]))
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 3], "b": [2]])) { events.append(1) }  // its diff starts off main
    var outline = Outline()
    outline.append([7])
    outline.append([8], to: 7)
    outline.expand([7])
    dataSource.apply(outline, to: "b") { events.append(2) }  // waits
    dataSource.apply(snapshot(["a": [1], "b": [7, 8]])) { events.append(3) }  // waits
    await dataSource.apply(snapshot(["a": [1, 4], "b": [7, 8]]))  // replaces 3 only
    #expect(events == [1, 2, 3])
    #expect(
      traces.all.map(\.operation) == [
        "apply(_:animatingDifferences:completion:)", "apply(_:animatingDifferences:completion:)",
        "apply(_:to:animatingDifferences:completion:)", "apply(_:animatingDifferences:completion:)",
      ])
    #expect(traces.all.last?.coalescedApplies == 1)
    // The section apply ran, and the last full apply shows its rows, so its outline stays.
    let stored = dataSource.snapshot(for: "b")
    #expect(stored.isExpanded(7))
    #expect(stored.level(of: 8) == 1)
    #expect(rows(dataSource.snapshot()) == [[1, 4], [7, 8]])
    expectInSync(view, dataSource)
  }

  @Test("Coalescing never drops a requested reload: the newer full apply reloads data instead")
  func coalescingKeepsARequestedReload() async {
    let (_, dataSource) = makeList()
    let traces = Self.coalescingOffMain(dataSource)
    await dataSource.apply(snapshot(["a": [1], "b": [2]]))
    dataSource.apply(snapshot(["a": [1, 3], "b": [2]])) {}  // its diff starts off main
    var events: [Int] = []
    dataSource.applySnapshotUsingReloadData(snapshot(["a": [1, 3], "b": [2]]), completion: { events.append(1) })
    await dataSource.apply(snapshot(["a": [1, 3], "b": [2]]))  // replaces the reload
    #expect(events == [1])
    #expect(traces.all.last?.coalescedApplies == 2)  // the first apply and the reload
    #expect(traces.all.last?.method == .reloadData)
  }

  @Test("A data source released while a diff runs off the main actor applies it, completes it, then goes away")
  func releasedDuringOffMainDiff() async {
    let view = View()
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    var dataSource: DiffableDataSource<View, String, Int>? = makeReportingDataSource(host: view) {
      continuation.yield("released")
    }
    await dataSource?.apply(snapshot(["a": [1, 2]]))
    dataSource?.diffsOffMainActorAboveItemCount = 0
    dataSource?.apply(snapshot(["a": [2, 1, 3]])) { continuation.yield("completed") }
    dataSource = nil
    var iterator = events.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == "completed")
    guard first == "completed" else { return }  // the data source went first: nothing more comes
    #expect(view.itemIdentifiers == [[2, 1, 3]])
    #expect(view.batchErrors.isEmpty)
    // Nothing keeps it once its applies finished.
    #expect(await iterator.next() == "released")
  }

  @Test("A data source released right after an apply that finished at once still runs its completion")
  func releasedAfterImmediateApply() async {
    let view = View()
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    var dataSource: DiffableDataSource<View, String, Int>? = makeReportingDataSource(host: view) {
      continuation.yield("released")
    }
    dataSource?.apply(snapshot(["a": [1, 2]])) { continuation.yield("completed") }  // a reload
    dataSource = nil
    var iterator = events.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == "completed")
    guard first == "completed" else { return }
    #expect(view.itemIdentifiers == [[1, 2]])
    #expect(await iterator.next() == "released")
  }

  @Test("A data source released while the host animates its batch completes it when the animation ends")
  func releasedWhileHostAnimates() async {
    let view = View()
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    var dataSource: DiffableDataSource<View, String, Int>? = makeReportingDataSource(host: view) {
      continuation.yield("released")
    }
    await dataSource?.apply(snapshot(["a": [1, 2]]))
    view.completesBatchesImmediately = false
    dataSource?.apply(snapshot(["a": [2, 1, 3]])) { continuation.yield("completed") }
    dataSource = nil
    #expect(view.animatingBatchCount == 1)
    view.finishAnimations()
    var iterator = events.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == "completed")
    guard first == "completed" else { return }
    #expect(view.itemIdentifiers == [[2, 1, 3]])
    #expect(await iterator.next() == "released")
  }
}
