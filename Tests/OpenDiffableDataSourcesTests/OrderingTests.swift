import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

@MainActor
@Suite("Apply order, completions, coalescing, off-main diffs")
struct OrderingTests {
  @Test("Completions run after the host finished, in call order")
  func completionsAfterHost() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [String] = []
    dataSource.apply(snapshot(["a": [1, 2]])) { events.append("first") }
    dataSource.apply(snapshot(["a": [3, 1, 2]])) { events.append("second") }
    #expect(events.isEmpty)
    #expect(dataSource.hasPendingApplies)
    #expect(view.animatingBatchCount == 2)
    // The data source already shows the newest state; the host animates.
    #expect(rows(dataSource.snapshot()) == [[3, 1, 2]])
    expectInSync(view, dataSource)
    view.finishAnimations()
    #expect(events == ["first", "second"])
    #expect(!dataSource.hasPendingApplies)
  }

  @Test("The async form returns once the host finished")
  func asyncReturnsAfterHost() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var returned = false
    let task = Task { @MainActor in
      await dataSource.apply(snapshot(["a": [2, 1]]))
      returned = true
    }
    while view.animatingBatchCount == 0 { await Task.yield() }
    #expect(!returned)
    view.finishAnimations()
    await task.value
    #expect(returned)
  }

  @Test("An apply made from a completion runs after the applies already made, in order")
  func applyFromCompletion() async {
    let (view, dataSource) = makeList()
    await dataSource.apply(snapshot(["a": [1]]))
    view.completesBatchesImmediately = false
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1, 2]])) {
      events.append(1)
      dataSource.apply(snapshot(["a": [3, 1, 2]])) { events.append(3) }
    }
    dataSource.apply(snapshot(["a": [2]])) { events.append(2) }
    view.finishAnimations()
    #expect(events == [1, 2])
    #expect(rows(dataSource.snapshot()) == [[3, 1, 2]])
    view.finishAnimations()
    #expect(events == [1, 2, 3])
    expectInSync(view, dataSource)
  }

  @Test("A completion of an apply that finished at once runs later, and may apply at once")
  func applyFromSynchronousCompletion() async {
    let (view, dataSource) = makeList()
    var events: [Int] = []
    dataSource.apply(snapshot(["a": [1]])) {
      events.append(1)
      dataSource.apply(snapshot(["a": [1, 2, 3]])) { events.append(2) }
      // Applied at once (nothing else is waiting), completed later.
      #expect(rows(dataSource.snapshot()) == [[1, 2, 3]])
      #expect(events == [1])
    }
    #expect(events.isEmpty)
    await dataSource.apply(snapshot(["a": [1, 2]]))  // made before the completion ran
    #expect(events == [1, 2])
    #expect(rows(dataSource.snapshot()) == [[1, 2, 3]])
    expectInSync(view, dataSource)
  }

  @Test("Coalescing applies only the newest of the waiting snapshots")
  func coalescing() async {
    let (view, dataSource) = makeList()
    dataSource.coalescesPendingApplies = true
    dataSource.diffsOffMainActorAboveItemCount = 0  // every diff goes off the main actor
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))

    var completed: [Int] = []
    dataSource.apply(snapshot(["a": [3, 2, 1]])) { completed.append(1) }  // its diff starts off main
    dataSource.apply(snapshot(["a": [1]])) { completed.append(2) }  // waits
    dataSource.apply(snapshot(["a": [4, 1]])) { completed.append(3) }  // replaces 2
    await dataSource.apply(snapshot(["a": [5]]))  // replaces 3, and 1 when its diff returns
    #expect(completed == [1, 2, 3])
    #expect(rows(dataSource.snapshot()) == [[5]])
    expectInSync(view, dataSource)
    // Only the first (reload) and the last apply reached the host.
    #expect(view.calls.count == 2)
    #expect(traces.last?.coalescedApplies == 3)
    #expect(traces.last?.diffedOffMainActor == true)
  }

  @Test("Without coalescing, off-main diffs are applied one by one, in order")
  func offMainInOrder() async {
    let (view, dataSource) = makeList()
    dataSource.diffsOffMainActorAboveItemCount = 0
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    var seen: [[Int]] = []
    let targets: [[Int]] = [[3, 2, 1], [1], [4, 1], [5, 4]]
    for target in targets {
      dataSource.apply(snapshot([("a", target)])) { seen.append(view.itemIdentifiers[0]) }
    }
    #expect(dataSource.hasPendingApplies)
    await dataSource.apply(snapshot(["a": [6]]))
    #expect(seen == targets)
    expectInSync(view, dataSource)
  }

  @Test("A reorder that lands while a diff runs off the main actor makes that diff start over")
  func reorderDuringOffMainDiff() async {
    let (view, dataSource) = makeList()
    dataSource.diffsOffMainActorAboveItemCount = 0
    var traces: [DiffableDataSourceApplyTrace] = []
    dataSource.traceHandler = { traces.append($0) }
    await dataSource.apply(snapshot(["a": [1, 2, 3]]))
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.apply(snapshot(["a": [3, 2, 1, 4]]), completion: nil)  // its diff starts off main
    view.userMovesItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
    #expect(rows(dataSource.snapshot()) == [[2, 3, 1]])
    await dataSource.apply(snapshot(["a": [3, 2, 1, 4, 5]]))
    #expect(rows(dataSource.snapshot()) == [[3, 2, 1, 4, 5]])
    #expect(traces.count == 3)
    expectInSync(view, dataSource)
  }

  @Test("Coalescing never drops a section-snapshot apply")
  func coalescingKeepsSectionApplies() async {
    let (view, dataSource) = makeList()
    dataSource.coalescesPendingApplies = true
    dataSource.diffsOffMainActorAboveItemCount = 0
    await dataSource.apply(snapshot(["a": [1], "b": [2]]))
    dataSource.apply(snapshot(["a": [1, 3], "b": [2]]), completion: nil)  // diff off main
    var outline = Outline()
    outline.append([7, 8])
    dataSource.apply(outline, to: "b", completion: nil)  // waits, kept
    await dataSource.apply(outline, to: "b")
    #expect(rows(dataSource.snapshot()) == [[1, 3], [7, 8]])
    expectInSync(view, dataSource)
  }
}
