import DiffableKit
import Foundation
import Testing
import UIKit

/// Where the UIKit adapters now behave as Apple's do (each of these failed before the fix).
@MainActor
@Suite("UIKit adapters behave as Apple's")
struct BehaviourTests {
  @Test("First load: only the first apply reloads; a later apply to an empty list animates its inserts")
  func firstLoadOnlyOnce() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1])]))
    dataSource.apply(Snapshot())
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [1, 2])]))
    #expect(view.standIn.log == ["reloadData", "batch(animated)", "batch(animated)"])
    #expect(view.standIn.cellRequests == [[0, 0], [0, 1]])
    #expect(shown(view) == [[1, 2]])

    let (table, tableSource) = makeTable()
    tableSource.apply(Snapshot())
    tableSource.apply(snapshot([("a", [1])]))
    #expect(table.standIn.log == ["reloadData", "batch(animated)"])
    #expect(shown(table) == [[1]])
  }
  @Test("Completions never run before apply returns, even when the view finishes at once")
  func completionsAfterApplyReturns() async {
    let (view, dataSource) = makeCollection()
    #expect(view.standIn.completesSynchronously)
    var events: [String] = []
    dataSource.apply(snapshot([("a", [1])])) { events.append("load") }
    dataSource.apply(snapshot([("a", [1, 2])])) { events.append("batch") }
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [3])])) { events.append("reload") }
    events.append("returned")
    let (table, tableSource) = makeTable()
    tableSource.apply(snapshot([("a", [1])])) { events.append("table") }
    events.append("table returned")
    await dataSource.apply(snapshot([("a", [3, 4])]))
    await tableSource.apply(snapshot([("a", [2])]))
    #expect(events == ["returned", "table returned", "load", "batch", "reload", "table"])
    #expect(shown(view) == [[3, 4]] && shown(table) == [[2]])
  }
}
