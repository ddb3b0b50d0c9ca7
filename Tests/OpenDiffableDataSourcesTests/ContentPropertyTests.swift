import Foundation
import OpenDiffable
import OpenDiffableTesting
import PropertyBased
import Testing

/// Random store edits, snapshot changes, applies and scrolling through simulated views whose
/// data sources find content changes themselves (`contentProvider`).
@MainActor
@Suite("Property: content changes found on screen")
struct ContentPropertyTests {
  /// A store of item contents: what a cell shows of an item is its version.
  @MainActor
  final class Store {
    var versions: [Int: Int] = [:]
    subscript(item: Int) -> Int { versions[item, default: 0] }
  }

  /// One list under test: a host (collection or table) driven by a data source with a content
  /// provider, read back through the simulated view.
  @MainActor
  struct Subject {
    var name: String
    var view: SimulatedListView<String, Int>
    var visible: () -> [IndexPath]
    var cell: (IndexPath) -> SimulatedCell<Int>?
    var apply: (Snapshot, Int) async -> Void
    var lastTrace: () -> DiffableDataSourceApplyTrace?
  }

  static func makeSubjects(store: Store) -> [Subject] {
    let view = View()
    view.stopsOnInvalidBatch = false
    let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in
      SimulatedCell(item, text: "\(store[item])")
    }
    dataSource.contentProvider = { store[$0] }
    var viewTrace: DiffableDataSourceApplyTrace?
    dataSource.traceHandler = { viewTrace = $0 }

    let table = Table()
    table.stopsOnInvalidBatch = false
    let tableSource = TableHostDiffableDataSource<Table, String, Int>(tableView: table) { _, _, item in
      SimulatedCell(item, text: "\(store[item])")
    }
    tableSource.contentProvider = { store[$0] }
    var tableTrace: DiffableDataSourceApplyTrace?
    tableSource.traceHandler = { tableTrace = $0 }

    return [
      Subject(
        name: "collection", view: view, visible: { view.indexPathsForVisibleItems },
        cell: { view.cellForItem(at: $0) },
        apply: { snapshot, mode in
          switch mode {
          case 0: await dataSource.applySnapshotUsingReloadData(snapshot)
          case 1: await dataSource.apply(snapshot, animatingDifferences: false)
          default: await dataSource.apply(snapshot)
          }
        }, lastTrace: { viewTrace }),
      Subject(
        name: "table", view: table, visible: { table.indexPathsForVisibleRows ?? [] },
        cell: { table.cellForRow(at: $0) },
        apply: { snapshot, mode in
          switch mode {
          case 0: await tableSource.applySnapshotUsingReloadData(snapshot)
          case 1: await tableSource.apply(snapshot, animatingDifferences: false)
          default: await tableSource.apply(snapshot)
          }
        }, lastTrace: { tableTrace }),
    ]
  }

  /// The index paths reconfigured by the calls recorded since the last `clearCalls()`.
  static func reconfigured(_ view: SimulatedListView<String, Int>) -> [IndexPath] {
    view.calls.flatMap { call -> [IndexPath] in
      if case .reconfigure(let paths) = call { return paths }
      return []
    }
  }

  @Test(
    "After every apply of 1,000 random sequences, visible cells show current content, only changed ones were reconfigured, batches are valid"
  )
  func randomSequences() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let store = Store()
      let subjects = Self.makeSubjects(store: store)
      var current = Snapshot()
      for step in 0..<Int.random(in: 2...10, using: &random) {
        // Scroll: a window of a few rows somewhere in the list (or past its end).
        if step == 0 || Int.random(in: 0..<3, using: &random) == 0 {
          let start = Int.random(in: 0...25, using: &random)
          let window = start..<(start + Int.random(in: 1...10, using: &random))
          for subject in subjects { subject.view.visibleRowRange = window }
        }
        // What every visible cell shows before the apply, by item.
        let shownBefore = subjects.map { subject in
          Dictionary(
            subject.visible().compactMap { path in subject.cell(path).map { ($0.itemIdentifier, $0.text) } },
            uniquingKeysWith: { first, _ in first })
        }
        // The store changes: some items' content, on screen or not.
        for _ in 0..<Int.random(in: 0...6, using: &random) {
          store.versions[Int.random(in: 0..<40, using: &random), default: 0] += 1
        }
        // Half of the applies keep the same identifiers: only content changed.
        let next =
          Bool.random(using: &random) ? current : PropertyTests.nextSnapshot(after: current, using: &random)
        let mode = Int.random(in: 0..<8, using: &random)
        for (index, subject) in subjects.enumerated() {
          subject.view.clearCalls()
          await subject.apply(next, mode)
          let context = "\(subject.name), seed \(seed) step \(step)"
          let final = next.removingReloadMarks()
          #expect(subject.view.itemIdentifiers == rows(final), "\(context)")
          #expect(subject.view.batchErrors.isEmpty, "\(context): \(subject.view.batchErrors)")
          // Every visible cell shows its item's current content.
          for path in subject.visible() {
            let cell = subject.cell(path)
            #expect(cell?.itemIdentifier == final.itemIdentifier(for: path), "\(context) at \(path)")
            if let cell { #expect(cell.text == "\(store[cell.itemIdentifier])", "\(context) at \(path)") }
          }
          // Only items that kept their cell and were marked by the app, or whose cell showed
          // other content, were reconfigured; each once.
          let paths = Self.reconfigured(subject.view)
          #expect(Set(paths).count == paths.count, "\(context): reconfigured twice \(paths)")
          for path in paths {
            guard let item = final.itemIdentifier(for: path) else {
              Issue.record("\(context): reconfigure of \(path), outside the list")
              continue
            }
            #expect(current.containsItem(item), "\(context): inserted item \(item) reconfigured")
            #expect(!next.isReloaded(item: item), "\(context): reloaded item \(item) reconfigured")
            let markedByApp = next.isReconfigured(item: item)
            let changed = shownBefore[index][item].map { $0 != "\(store[item])" } ?? false
            #expect(markedByApp || changed, "\(context): unchanged item \(item) reconfigured")
          }
          if let trace = subject.lastTrace() {
            #expect(trace.itemReconfigures + trace.contentReconfigures == paths.count, "\(context): \(trace)")
          }
        }
        current = next.removingReloadMarks()
      }
    }
  }
}
