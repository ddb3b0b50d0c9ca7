import Foundation
import Observation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// What a cell shows of an item: its version, in an observable object of its own, so that the
/// observation of one item's content is not the observation of every item's.
@MainActor
@Observable
final class ObservedItem {
  var version = 0
}

/// The model an observed apply follows: sections with their items, a filter and each item's
/// content.
@MainActor
@Observable
final class ObservedListModel {
  var sections: [String] = []
  var itemsBySection: [String: [Int]] = [:]
  var hidden: Set<Int> = []
  /// Not read by the snapshot closure: changing it must not apply.
  var unrelated = 0
  @ObservationIgnored var contents: [Int: ObservedItem] = [:]

  /// How many times ``snapshot()`` ran.
  @ObservationIgnored var snapshotCalls = 0

  /// The snapshot the list must show: the sections in order, each with its items not hidden.
  func snapshot() -> Snapshot {
    snapshotCalls += 1
    return Snapshot {
      for section in sections {
        SnapshotSection(section, items: (itemsBySection[section] ?? []).filter { !hidden.contains($0) })
      }
    }
  }

  /// The same, without counting a call (for checks; not observed outside `withObservationTracking`).
  func expectedSnapshot() -> Snapshot {
    snapshotCalls -= 1
    return snapshot()
  }

  func content(_ item: Int) -> ObservedItem {
    if let content = contents[item] { return content }
    let content = ObservedItem()
    contents[item] = content
    return content
  }

  func text(_ item: Int) -> String { "\(item) v\(content(item).version)" }

  /// Takes `snapshot`'s layout (the sections, their items), leaving `hidden` as it is.
  func setLayout(_ snapshot: Snapshot) {
    sections = snapshot.sectionIdentifiers
    itemsBySection = Dictionary(uniqueKeysWithValues: sections.map { ($0, snapshot.itemIdentifiers(inSection: $0)) })
  }
}

/// Lets every task the main actor has waiting run, until the list settled: no observed change
/// waits for its apply and no apply waits for the host (whose animations it finishes).
@MainActor
func settle(
  _ view: SimulatedListView<String, Int>, pendingChanges: () -> Bool, pendingApplies: () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<1_000 {
    view.finishAnimations()
    if !pendingChanges() && !pendingApplies() { return }
    await Task.yield()
  }
  Issue.record("the list did not settle", sourceLocation: sourceLocation)
}

@MainActor
@Suite("Observed applies (applyObserving)")
struct ObservedApplyTests {
  /// A simulated collection view and its data source, with cells showing the model's content.
  static func makeList(_ model: ObservedListModel) -> (View, DiffableDataSource<View, String, Int>) {
    let view = View()
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      SimulatedCell(item, text: model.text(item))
    }
    return (view, dataSource)
  }

  static func settle(
    _ view: View, _ dataSource: DiffableDataSource<View, String, Int>, _ observation: DiffableDataSourceObservation
  ) async {
    await OpenDiffableDataSourcesTests.settle(
      view, pendingChanges: { observation.hasPendingChanges }, pendingApplies: { dataSource.hasPendingApplies })
  }

  @Test("The first snapshot is applied at once; changes in one turn make one apply on the next turn")
  func coalescesOneTurn() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2], "b": [3]]))
    let (view, dataSource) = Self.makeList(model)
    var operations: [String] = []
    dataSource.traceHandler = { operations.append($0.operation) }
    let observation = dataSource.applyObserving { model.snapshot() }
    #expect(view.itemIdentifiers == [[1, 2], [3]])
    #expect(model.snapshotCalls == 1)
    #expect(observation.isActive)

    model.hidden.insert(1)
    model.sections.append("c")
    model.itemsBySection["c"] = [4]
    model.unrelated += 1
    #expect(view.itemIdentifiers == [[1, 2], [3]], "never applied inside the change")
    #expect(observation.hasPendingChanges)
    await Self.settle(view, dataSource, observation)
    #expect(view.itemIdentifiers == [[2], [3], [4]])
    #expect(operations == Array(repeating: "applyObserving(animatingDifferences:completion:_:)", count: 2))
    #expect(model.snapshotCalls == 2)

    // A property the closure did not read changes nothing.
    model.unrelated += 1
    await Self.settle(view, dataSource, observation)
    #expect(operations.count == 2)
    #expect(view.batchErrors.isEmpty)
  }

  @Test("A content change of a visible item reconfigures it, without calling the snapshot closure again")
  func contentFollows() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2, 3, 4]]))
    let (view, dataSource) = Self.makeList(model)
    dataSource.contentProvider = { model.text($0) }
    view.visibleRowRange = 0..<2
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    let observation = dataSource.applyObserving { model.snapshot() }
    #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.text == "2 v0")

    view.clearCalls()
    model.content(2).version += 1
    await Self.settle(view, dataSource, observation)
    #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.text == "2 v1")
    #expect(view.calls == [.reconfigure([IndexPath(item: 1, section: 0)])])
    #expect(model.snapshotCalls == 1)
    #expect(traces.last?.contentReconfigures == 1)

    // An item scrolled in is observed from its first cell on.
    view.visibleRowRange = 2..<4
    view.clearCalls()
    model.content(4).version += 1
    await Self.settle(view, dataSource, observation)
    #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.text == "4 v1")
    #expect(view.calls == [.reconfigure([IndexPath(item: 3, section: 0)])])
    #expect(view.batchErrors.isEmpty)
  }

  @Test("A content provider set while observing is observed from its first read")
  func newContentProvider() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    let other = ObservedListModel()
    var source = model
    let view = View()
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      SimulatedCell(item, text: source.text(item))
    }
    dataSource.contentProvider = { model.text($0) }
    let observation = dataSource.applyObserving { model.snapshot() }
    source = other
    dataSource.contentProvider = { other.text($0) }
    other.content(1).version = 5
    model.sections.append("b")  // an apply, which compares with the new provider
    await Self.settle(view, dataSource, observation)
    #expect(view.cells.flatMap { $0.map(\.text) } == ["1 v5", "2 v0"])
    other.content(2).version = 1  // read by the new provider only
    await Self.settle(view, dataSource, observation)
    #expect(view.cells.flatMap { $0.map(\.text) } == ["1 v5", "2 v1"])
  }

  @Test("Scrolling through a long list while contents change: every visible cell stays current (registrations pruned)")
  func scrollingPrunesRegistrations() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": Array(0..<400)]))
    let (view, dataSource) = Self.makeList(model)
    dataSource.contentProvider = { model.text($0) }
    view.visibleRowRange = 0..<10
    let observation = dataSource.applyObserving { model.snapshot() }
    for window in 0..<40 {
      view.visibleRowRange = (window * 10)..<(window * 10 + 10)
      // Items on screen and items that left it change.
      for item in [window * 10, window * 10 + 9, max(0, window * 10 - 5)] { model.content(item).version += 1 }
      await Self.settle(view, dataSource, observation)
      for path in view.visibleIndexPaths {
        let cell = view.cellForItem(at: path)
        #expect(cell?.text == cell.map { model.text($0.itemIdentifier) }, "window \(window) at \(path)")
      }
    }
    #expect(view.batchErrors.isEmpty)
  }

  @Test("Cancelling stops the applies; a second observation replaces the first")
  func cancelAndReplace() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    let (view, dataSource) = Self.makeList(model)
    let first = dataSource.applyObserving { model.snapshot() }
    model.hidden = [1]
    first.cancel()
    #expect(!first.isActive)
    #expect(!first.hasPendingChanges)
    await Self.settle(view, dataSource, first)
    #expect(view.itemIdentifiers == [[1, 2]], "a change scheduled before the cancel is dropped")
    model.hidden = [2]
    await Self.settle(view, dataSource, first)
    #expect(view.itemIdentifiers == [[1, 2]])

    let other = ObservedListModel()
    other.setLayout(snapshot(["x": [7]]))
    let second = dataSource.applyObserving { other.snapshot() }
    let third = dataSource.applyObserving { model.snapshot() }
    #expect(!second.isActive)
    #expect(third.isActive)
    #expect(view.itemIdentifiers == [[1]])
    other.itemsBySection["x"] = [8]
    await Self.settle(view, dataSource, third)
    #expect(view.itemIdentifiers == [[1]], "the replaced observation applies nothing")
    model.hidden = []
    await Self.settle(view, dataSource, third)
    #expect(view.itemIdentifiers == [[1, 2]])
    third.cancel()
    third.cancel()
    #expect(!third.isActive)
  }

  @Test("A manual apply while observing is shown until the next observed change")
  func manualApply() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    let (view, dataSource) = Self.makeList(model)
    let probe = CompletionProbe()
    var observedCompletions = 0
    let observation = dataSource.applyObserving(completion: { observedCompletions += 1 }) { model.snapshot() }
    probe.apply("manual") { dataSource.apply(snapshot(["z": [9]]), completion: $0) }
    await Self.settle(view, dataSource, observation)
    #expect(view.itemIdentifiers == [[9]])
    #expect(probe.runs == ["manual"])
    #expect(observedCompletions == 1)
    model.hidden = [2]
    await Self.settle(view, dataSource, observation)
    #expect(view.itemIdentifiers == [[1]])
    #expect(observedCompletions == 2)
  }

  @Test("Releasing the data source ends the observation: nothing holds it, later changes apply nothing")
  func releaseEndsObservation() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    weak var weakSource: DiffableDataSource<View, String, Int>?
    let view = View()
    var observation: DiffableDataSourceObservation?
    do {
      let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
        SimulatedCell(item, text: model.text(item))
      }
      dataSource.contentProvider = { model.text($0) }
      weakSource = dataSource
      observation = dataSource.applyObserving { model.snapshot() }
      await OpenDiffableDataSourcesTests.settle(
        view, pendingChanges: { false }, pendingApplies: { dataSource.hasPendingApplies })
      model.hidden = [1]  // a change scheduled: its task must not hold the data source either
    }
    #expect(weakSource == nil)
    #expect(observation?.isActive == false)
    let calls = model.snapshotCalls
    model.hidden = [2]
    model.content(2).version += 1
    for _ in 0..<10 { await Task.yield() }
    #expect(model.snapshotCalls == calls)
    #expect(view.itemIdentifiers == [[1, 2]])
  }

  @Test("Changes made inside an apply (a cell provider, a completion) are applied later, never inside it")
  func noReentrancy() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    let view = View()
    var insideApply = false
    var madeInsideApply = 0
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      insideApply = true
      defer { insideApply = false }
      if item == 3 { model.hidden.insert(1) }  // a change from inside the host's update
      return SimulatedCell(item, text: model.text(item))
    }
    var completions = 0
    let observation = dataSource.applyObserving(completion: {
      completions += 1
      if completions == 1 { model.itemsBySection["a"] = [1, 2, 3] }  // from a completion
    }) {
      if insideApply { madeInsideApply += 1 }
      return model.snapshot()
    }
    await Self.settle(view, dataSource, observation)
    #expect(view.itemIdentifiers == [[2, 3]])
    #expect(madeInsideApply == 0)
    #expect(completions == 3)
    #expect(view.batchErrors.isEmpty)
  }

  @Test("An observed apply still waiting for its off-main diff takes the newer snapshot instead of queueing another")
  func coalescesWaitingApply() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": Array(0..<50)]))
    let (view, dataSource) = Self.makeList(model)
    dataSource.diffsOffMainActorAboveItemCount = 10
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    let observation = dataSource.applyObserving { model.snapshot() }  // a reload: no diff
    // Three turns with changes; the first one's diff goes off the main actor, the others' applies
    // wait behind it (how many depends on when that diff comes back).
    for hidden in [[0], [0, 1], [0, 1, 2]] {
      model.hidden = Set(hidden)
      while observation.hasPendingChanges { await Task.yield() }
    }
    await Self.settle(view, dataSource, observation)
    #expect(view.itemIdentifiers == [Array(3..<50)])
    // Every turn's apply either ran or was replaced by a newer one (and counted there).
    #expect(traces.count + traces.map(\.coalescedApplies).reduce(0, +) == 4)
    #expect(view.batchErrors.isEmpty)
  }

  @Test("A table data source follows its model too")
  func table() async {
    let model = ObservedListModel()
    model.setLayout(snapshot(["a": [1, 2]]))
    let table = Table()
    let dataSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item, text: model.text(item))
    }
    dataSource.contentProvider = { model.text($0) }
    let observation = dataSource.applyObserving { model.snapshot() }
    model.itemsBySection["a"] = [2, 1, 5]
    model.content(2).version = 3
    await OpenDiffableDataSourcesTests.settle(
      table, pendingChanges: { observation.hasPendingChanges }, pendingApplies: { dataSource.hasPendingApplies })
    #expect(table.itemIdentifiers == [[2, 1, 5]])
    #expect(table.cells.flatMap { $0.map(\.text) } == ["2 v3", "1 v0", "5 v0"])
  }
}

/// Random bursts of model changes through simulated views that follow the model.
@MainActor
@Suite("Property: observed applies follow random bursts of model changes", .timeLimit(.minutes(5)))
struct ObservedApplyPropertyTests {
  /// One random burst of changes (all in one turn); returns whether it changed anything the
  /// observation can see (structure or content).
  static func burst(_ model: ObservedListModel, using random: inout SplitMix64) -> Bool {
    var changed = false
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3:
        let next = PropertyTests.nextSnapshot(after: model.expectedSnapshot(), using: &random)
        model.setLayout(next.removingReloadMarks())
        changed = true
      case 3, 4:
        let item = Int.random(in: 0..<40, using: &random)
        if model.hidden.contains(item) { model.hidden.remove(item) } else { model.hidden.insert(item) }
        changed = true
      case 5..<9:
        model.content(Int.random(in: 0..<40, using: &random)).version += 1
        changed = true
      default:
        model.unrelated += 1
      }
    }
    return changed
  }

  @Test(
    "1,000 random sequences: after each settle the view shows the closure's snapshot and current content; applies ≤ turns with changes; batches valid; completions in order"
  )
  func randomBursts() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let model = ObservedListModel()
      model.setLayout(PropertyTests.nextSnapshot(after: Snapshot(), using: &random).removingReloadMarks())
      let view = View()
      view.stopsOnInvalidBatch = false
      view.completesBatchesImmediately = Bool.random(using: &random)
      if Bool.random(using: &random) {
        let start = Int.random(in: 0...10, using: &random)
        view.visibleRowRange = start..<(start + Int.random(in: 1...8, using: &random))
      }
      var insideHost = false
      let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
        insideHost = true
        defer { insideHost = false }
        return SimulatedCell(item, text: model.text(item))
      }
      let observesContent = Int.random(in: 0..<4, using: &random) != 0
      if observesContent { dataSource.contentProvider = { model.text($0) } }
      let mode = Int.random(in: 0..<3, using: &random)
      if mode == 2 { dataSource.diffsOffMainActorAboveItemCount = Int.random(in: 0...30, using: &random) }
      var observedApplies = 0
      var started: [String] = []  // the kind of each apply, in the order they ran
      dataSource.traceHandler = { trace in
        let observed = trace.operation.hasPrefix("applyObserving")
        if observed { observedApplies += 1 }
        started.append(observed ? "observed" : "manual")
      }
      // Completions, in the order they ran, and the applies, in the order they were made.
      var completed: [String] = []
      var manualIssued = 0
      var reentered = 0
      let observation = dataSource.applyObserving(
        animatingDifferences: mode != 1, completion: { completed.append("observed") }
      ) {
        if insideHost { reentered += 1 }
        return model.snapshot()
      }
      var turnsWithChanges = 0
      var manual = Snapshot()  // the last manual apply
      for step in 0..<Int.random(in: 2...12, using: &random) {
        let context = "seed \(seed) step \(step)"
        // A few turns, each with a burst of changes, before the list settles.
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          if Self.burst(model, using: &random) { turnsWithChanges += 1 }
          if Int.random(in: 0..<10, using: &random) == 0 {
            let snapshot = PropertyTests.nextSnapshot(after: Snapshot(), using: &random).removingReloadMarks()
            let name = "manual \(manualIssued)"
            manualIssued += 1
            dataSource.apply(snapshot, completion: { completed.append(name) })
            manual = snapshot
          }
          if Int.random(in: 0..<4, using: &random) == 0 {
            let start = Int.random(in: 0...10, using: &random)
            view.visibleRowRange = start..<(start + Int.random(in: 1...8, using: &random))
          }
          for _ in 0..<Int.random(in: 0...2, using: &random) { await Task.yield() }
          if Bool.random(using: &random) { view.finishAnimations() }
        }
        await ObservedApplyTests.settle(view, dataSource, observation)
        // The view shows what the closure returns now, or the last manual apply when no observed
        // apply ran after it.
        let expected = started.last == "manual" ? manual : model.expectedSnapshot()
        #expect(view.sectionIdentifiers == expected.sectionIdentifiers, "\(context)")
        #expect(view.itemIdentifiers == rows(expected), "\(context)")
        #expect(view.batchErrors.isEmpty, "\(context): \(view.batchErrors)")
        if observesContent {
          for path in view.visibleIndexPaths {
            guard let cell = view.cellForItem(at: path) else { continue }
            #expect(cell.text == model.text(cell.itemIdentifier), "\(context) at \(path)")
          }
        }
        #expect(observedApplies <= 1 + turnsWithChanges, "\(context): \(observedApplies) applies")
        #expect(reentered == 0, "\(context)")
        // Every apply completed once, manual ones in the order they were made.
        #expect(completed.count == observedApplies + manualIssued, "\(context)")
        #expect(completed.map { $0.hasPrefix("manual") ? "manual" : $0 } == started, "\(context)")
        let manualOrder = completed.filter { $0 != "observed" }
        #expect(manualOrder == (0..<manualIssued).map { "manual \($0)" }, "\(context)")
      }
      observation.cancel()
      let applies = observedApplies
      _ = Self.burst(model, using: &random)
      model.hidden.insert(99)
      await ObservedApplyTests.settle(view, dataSource, observation)
      #expect(observedApplies == applies, "seed \(seed): applied after cancel")
    }
  }
}
