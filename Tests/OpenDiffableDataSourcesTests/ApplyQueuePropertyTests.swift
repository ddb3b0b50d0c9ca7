import Foundation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// Random mixes of applies pushed through the apply queue while the host's animations finish at
/// random points.
@MainActor
@Suite("Property: random apply queues", .timeLimit(.minutes(5)))
struct ApplyQueuePropertyTests {
  /// A random outline of up to 8 items from the shared pool: roots, children of some roots, some
  /// roots expanded.
  static func randomOutline(using random: inout SplitMix64) -> Outline {
    var items = Array(0..<40).shuffled(using: &random).prefix(Int.random(in: 0...8, using: &random))
    var outline = Outline()
    let roots = Array(items.prefix(Int.random(in: 0...items.count, using: &random)))
    items = items.dropFirst(roots.count)
    outline.append(roots)
    guard !roots.isEmpty else { return outline }
    for item in items { outline.append([item], to: roots.randomElement(using: &random)!) }
    outline.expand(roots.filter { _ in Bool.random(using: &random) })
    return outline
  }

  /// What applying `outline` to `section` makes of `model`, worked out independently of the data
  /// source: the section (appended when missing) holds exactly the outline's visible items, which
  /// leave the other sections.
  static func applying(_ outline: Outline, to section: String, in model: Snapshot) -> Snapshot {
    let visible = outline.visibleItems
    let moved = Set(visible)
    var layout = model.sectionIdentifiers.map { name in
      (name, name == section ? visible : model.itemIdentifiers(inSection: name).filter { !moved.contains($0) })
    }
    if !layout.contains(where: { $0.0 == section }) { layout.append((section, visible)) }
    return snapshot(layout)
  }

  static func randomThreshold(using random: inout SplitMix64) -> Int? {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: nil
    case 1: 0
    default: Int.random(in: 5...60, using: &random)
    }
  }

  @Test(
    "1,000 random apply queues: each completion runs once, in call order, never inside apply; the host ends on the last snapshot"
  )
  func randomQueues() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let view = View()
      view.stopsOnInvalidBatch = false
      view.completesBatchesImmediately = Bool.random(using: &random)
      let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in SimulatedCell(item) }
      dataSource.coalescesPendingApplies = Bool.random(using: &random)
      dataSource.diffsOffMainActorAboveItemCount = Self.randomThreshold(using: &random)
      var traces: [DiffableDataSourceApplyTrace] = []
      dataSource.traceHandler = { traces.append($0) }
      let probe = CompletionProbe()
      var issued = 0
      var sectionApplies = 0
      var model = Snapshot()  // what the list must show once every apply made so far ran
      for step in 0..<Int.random(in: 4...16, using: &random) {
        let name = String(issued)
        switch Int.random(in: 0..<12, using: &random) {
        case 0..<4:
          let next = PropertyTests.nextSnapshot(after: model, using: &random)
          let animated = Bool.random(using: &random)
          probe.apply(name) { dataSource.apply(next, animatingDifferences: animated, completion: $0) }
          model = next.removingReloadMarks()
          issued += 1
        case 4:
          let next = PropertyTests.nextSnapshot(after: model, using: &random)
          probe.apply(name) { dataSource.applySnapshotUsingReloadData(next, completion: $0) }
          model = next.removingReloadMarks()
          issued += 1
        case 5, 6:
          let outline = Self.randomOutline(using: &random)
          let section = "s\(Int.random(in: 0..<6, using: &random))"
          probe.apply(name) { dataSource.apply(outline, to: section, completion: $0) }
          model = Self.applying(outline, to: section, in: model)
          issued += 1
          sectionApplies += 1
        case 7, 8:
          view.finishAnimations()  // the host's pending animations end
        case 9:
          await Task.yield()  // off-main diffs and deferred completions may land
        case 10:
          // Later batches may end before earlier ones still animating.
          view.completesBatchesImmediately.toggle()
        default:
          dataSource.coalescesPendingApplies.toggle()
          dataSource.diffsOffMainActorAboveItemCount = Self.randomThreshold(using: &random)
        }
        // Whatever ran so far ran once each, in call order.
        #expect(probe.runs == (0..<probe.runs.count).map(String.init), "seed \(seed) step \(step)")
      }
      // Let every animation end, then wait for one more apply: it completes after all the others.
      view.completesBatchesImmediately = true
      view.finishAnimations()
      await dataSource.apply(model)
      await Task.yield()
      #expect(probe.early.isEmpty, "seed \(seed): ran before apply returned: \(probe.early)")
      #expect(probe.runs == (0..<issued).map(String.init), "seed \(seed)")
      #expect(!dataSource.hasPendingApplies, "seed \(seed)")
      #expect(view.animatingBatchCount == 0, "seed \(seed)")
      #expect(rows(dataSource.snapshot()) == rows(model), "seed \(seed)")
      #expect(view.sectionIdentifiers == model.sectionIdentifiers, "seed \(seed)")
      #expect(view.itemIdentifiers == rows(model), "seed \(seed)")
      #expect(view.cells.map { $0.map(\.itemIdentifier) } == rows(model), "seed \(seed)")
      #expect(view.batchErrors.isEmpty, "seed \(seed): \(view.batchErrors)")
      // Every apply (and the last one) reached the host once or was replaced by a newer full
      // snapshot once; no section-snapshot apply was replaced.
      #expect(traces.reduce(0) { $0 + 1 + $1.coalescedApplies } == issued + 1, "seed \(seed)")
      let sectionOperation = "apply(_:to:animatingDifferences:completion:)"
      #expect(traces.filter { $0.operation == sectionOperation }.count == sectionApplies, "seed \(seed)")
    }
  }
}
