import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@MainActor
@Suite("Applying snapshots")
struct ApplyTests {
  @Test("The first apply to an empty list reloads; later applies are batches")
  func firstApplyReloads() async {
    let (view, dataSource) = makeList()
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }

    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    #expect(view.calls == [.reloadData])
    #expect(traces.last?.method == .reloadData)
    #expect(traces.last?.reloadReason == .initialLoad)
    expectInSync(view, dataSource)

    view.clearCalls()
    await dataSource.apply(snapshot(["a": [3, 1, 4]]))
    #expect(view.calls.count == 1)
    #expect(view.calls.first?.isBatch == true)
    #expect(traces.last?.method == .animatedBatch)
    #expect(traces.last?.itemDeletes == 1)
    #expect(traces.last?.itemInserts == 1)
    #expect(traces.last?.diffDuration != nil)
    expectInSync(view, dataSource)
  }

  @Test("Lookups answer from the current snapshot")
  func lookups() async {
    let (_, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2], "b": [3]]))
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 3)
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 5, section: 1)) == nil)
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 7)) == nil)
    #expect(dataSource.indexPath(for: 2) == IndexPath(item: 1, section: 0))
    #expect(dataSource.indexPath(for: 99) == nil)
    #expect(dataSource.sectionIdentifier(for: 1) == "b")
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
    #expect(dataSource.sectionIdentifier(for: -1) == nil)
    #expect(dataSource.index(for: "b") == 1)
    #expect(dataSource.index(for: "z") == nil)
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.numberOfItems(inSection: 0) == 2)
  }

  @Test("Reload marks are carried out and then dropped from snapshot()")
  func reloadMarksDropped() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    var next = dataSource.snapshot()
    next.reloadItems([2])
    view.clearCalls()
    await dataSource.apply(next)
    guard case .batch(let operations, _) = view.calls.first else {
      Issue.record("expected a batch, got \(view.calls)")
      return
    }
    #expect(operations.itemReloads == [IndexPath(item: 1, section: 0)])
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    expectInSync(view, dataSource)
  }

  @Test("Reconfigure marks refresh cells in place after the batch")
  func reconfigure() async {
    var texts: [Int: String] = [1: "one", 2: "two"]
    let view = View()
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      SimulatedCell(item, text: texts[item] ?? "")
    }
    await dataSource.apply(snapshot(["a": [1, 2]]))
    texts[2] = "TWO"
    var next = dataSource.snapshot()
    next.reconfigureItems([2])
    view.clearCalls()
    await dataSource.apply(next)
    #expect(view.calls == [.reconfigure([IndexPath(item: 1, section: 0)])])
    #expect(view.cells[0].map(\.text) == ["one", "TWO"])
  }

  @Test("applySnapshotUsingReloadData does not diff")
  func reloadDataDoesNotDiff() async {
    let (view, dataSource) = makeList()
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    view.clearCalls()
    await dataSource.applySnapshotUsingReloadData(snapshot(["b": [9, 8], "a": [1]]))
    #expect(view.calls == [.reloadData])
    #expect(traces.last?.reloadReason == .requested)
    #expect(traces.last?.diffDuration == nil)
    expectInSync(view, dataSource)

    // The completion form too: the reload happens inside the call, the completion after it.
    var finished = false
    dataSource.applySnapshotUsingReloadData(snapshot(["c": [5]])) { finished = true }
    #expect(!finished)
    #expect(view.calls == [.reloadData, .reloadData])
    await dataSource.apply(snapshot(["c": [5]]))  // unchanged; completes after the reload
    #expect(finished)
    #expect(view.calls == [.reloadData, .reloadData])
  }

  @Test("Applying an equal snapshot does not call the host")
  func noChange() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2]]))
    view.clearCalls()
    var completed = false
    dataSource.apply(snapshot(["a": [1, 2]])) { completed = true }
    #expect(!completed)  // never before apply returned
    await dataSource.apply(snapshot(["a": [1, 2]]))
    #expect(completed)
    #expect(view.calls.isEmpty)
  }

  @Test("animatingDifferences: false still diffs, without animation")
  func withoutAnimation() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1, 2]]))
    view.clearCalls()
    await dataSource.apply(snapshot(["a": [2, 1, 3]]), animatingDifferences: false)
    guard case .batch(_, let animated) = view.calls.first else {
      Issue.record("expected a batch, got \(view.calls)")
      return
    }
    #expect(!animated)
    expectInSync(view, dataSource)
  }

  @Test("Empty to full, full to empty, sections only")
  func extremes() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [], "b": []]))
    expectInSync(view, dataSource)
    await dataSource.apply(snapshot(["b": [1, 2], "a": [3]]))
    expectInSync(view, dataSource)
    await dataSource.apply(Snapshot())
    expectInSync(view, dataSource)
    #expect(view.sectionIdentifiers.isEmpty)
    await dataSource.apply(snapshot(["c": [4]]))
    expectInSync(view, dataSource)
  }

  @Test("A batch with items moved inside a moved section is staged in two batches, and the trace says why")
  func unsafeBatchIsStaged() async {
    let (view, dataSource) = makeList()
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2, 3], "b": [4, 5], "c": [6]]))
    view.userSelects(IndexPath(item: 0, section: 0))
    view.clearCalls()
    // Section "a" moves to the end and its items are reordered on the way; 4 changes section.
    var next = snapshot(["b": [5], "c": [6, 4], "a": [3, 1, 2]])
    next.reloadItems([2])
    next.reconfigureItems([6])
    await dataSource.apply(next)
    expectInSync(view, dataSource)
    #expect(view.selectedItemIdentifiers == [1])
    let batches = view.calls.compactMap { call -> BatchUpdateOperations? in
      if case .batch(let operations, _) = call { return operations }
      return nil
    }
    #expect(batches.count == 2)
    // No batch moves an item while moving its section.
    for operations in batches {
      #expect(operations.sectionMoves.isEmpty || operations.itemMoves.isEmpty)
    }
    #expect(view.calls.last == .reconfigure([IndexPath(item: 0, section: 1)]))
    let trace = try! #require(traces.last)
    #expect(trace.batchCount == 2)
    #expect(trace.method == .animatedBatch)
    #expect(trace.stagingReason?.contains("inside sections that also move") == true)
    #expect(trace.description.contains("staged in 2 batches"))
    // A section move alone, or item moves in sections that stay, are batches.
    view.clearCalls()
    await dataSource.apply(snapshot(["a": [3, 1, 2], "b": [4, 5], "c": [6]]))
    await dataSource.apply(snapshot(["a": [1, 2, 3], "b": [5, 4], "c": [6]]))
    #expect(view.calls.allSatisfy { $0.isBatch })
    expectInSync(view, dataSource)
  }

  @Test("The trace describes the apply")
  func traceDescription() async {
    let (_, dataSource) = makeList()
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2]]))
    await dataSource.apply(snapshot(["a": [2, 3]]))
    #expect(traces.map(\.sequenceNumber) == [1, 2])
    #expect(traces[0].description.contains("reloadData (first apply: the host has not loaded)"))
    #expect(traces[1].description.contains("apply #2 apply(_:animatingDifferences:completion:): batch"))
    #expect(traces[1].numberOfItems == 2)
  }
}
