import Foundation
import OpenDiffable
import OpenDiffableTerminal
import OpenDiffableTesting
import PropertyBased
import Testing

/// Random edits, applies and scrolling through the terminal list, a host that makes cells only
/// when it draws them and drops those of rows scrolled away.
@MainActor
@Suite struct TerminalContentPropertyTests {
  @Test(
    "1,000 random sequences: drawn rows show current content; only kept cells that were out of date are reconfigured")
  func randomSequences() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      var versions: [Int: Int] = [:]
      let list = TerminalListView(width: 30, height: Int.random(in: 2...8, using: &random))
      let dataSource = DiffableDataSource<TerminalListView, String, Int>(host: list) { _, _, item in
        TerminalCell(text: "\(item) v\(versions[item, default: 0])")
      }
      dataSource.contentProvider = { versions[$0, default: 0] }
      var trace: DiffableDataSourceApplyTrace?
      dataSource.traceHandler = { trace = $0 }
      var current: [Int] = []
      for step in 0..<Int.random(in: 2...10, using: &random) {
        // The user moves the focus, which scrolls it into view (the list draws what is then on
        // screen).
        if !current.isEmpty, Bool.random(using: &random) {
          list.focusedIndexPath = IndexPath(item: Int.random(in: 0..<current.count, using: &random), section: 0)
        }
        _ = list.render()
        // What every row on screen shows now (all of them have a cell after drawing).
        var shownBefore: [Int: String] = [:]
        for path in list.indexPathsForVisibleItems {
          if let item = dataSource.itemIdentifier(for: path), let cell = list.cellForItem(at: path) {
            shownBefore[item] = cell.text
          }
        }
        for _ in 0..<Int.random(in: 0...8, using: &random) {
          versions[Int.random(in: 0..<30, using: &random), default: 0] += 1
        }
        // Keep, drop, add and shuffle a few items (or keep the list as it is).
        var next = current
        if Bool.random(using: &random) {
          next.removeAll { _ in Int.random(in: 0..<6, using: &random) == 0 }
          for item in (0..<30).shuffled(using: &random).prefix(3) where !next.contains(item) {
            next.insert(item, at: Int.random(in: 0...next.count, using: &random))
          }
          if next.count > 1, Bool.random(using: &random) {
            next.swapAt(Int.random(in: 0..<next.count, using: &random), Int.random(in: 0..<next.count, using: &random))
          }
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["all"])
        snapshot.appendItems(next, toSection: "all")
        let onScreen = list.indexPathsForVisibleItems
        await dataSource.apply(snapshot)
        let context = "seed \(seed) step \(step)"
        // When only content changed, the list did not move before the data source compared: the
        // rows reconfigured for content are exactly the rows on screen that showed other content.
        // (A batch can scroll the list to keep its focus in view; then the count is bounded.)
        if step > 0, let trace {
          let expected = onScreen.filter { path in
            guard let item = dataSource.itemIdentifier(for: path), let before = shownBefore[item] else { return false }
            return before != "\(item) v\(versions[item, default: 0])"
          }
          if next == current {
            #expect(trace.contentReconfigures == expected.count, "\(context): \(trace)")
          } else {
            #expect(trace.contentReconfigures <= list.height, "\(context): \(trace)")
          }
        }
        // Every row drawn shows its item's current content.
        _ = list.render()
        for path in list.indexPathsForVisibleItems {
          let item = dataSource.itemIdentifier(for: path)
          #expect(item != nil, "\(context) at \(path)")
          if let item {
            #expect(list.cellForItem(at: path)?.text == "\(item) v\(versions[item, default: 0])", "\(context)")
          }
        }
        #expect(list.lastUpdateFallbackReason == nil, "\(context)")
        current = next
      }
    }
  }
}
