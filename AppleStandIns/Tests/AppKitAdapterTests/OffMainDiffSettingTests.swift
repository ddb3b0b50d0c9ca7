import AppKit
import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// Section identifiers of their own, which the warning names.
enum GenericPathSection: Hashable, Sendable { case only }
enum ConcretePathSection: Hashable, Sendable { case only }

@MainActor
@Suite("diffsOffMainActorAboveItemCount on the AppKit adapters")
struct OffMainDiffSettingTests {
  func makeTable<Section: Hashable & Sendable>(_: Section.Type) -> TableViewDiffableDataSource<Section, Int> {
    let view = NSTableView(frame: .zero)
    view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
    return TableViewDiffableDataSource<Section, Int>(tableView: view) { _, _, _, item in
      let cell = CellView()
      cell.text = "\(item)"
      return cell
    }
  }

  // Set through the generic settings protocol, the AppKit adapter cannot see that its
  // identifiers are Sendable, so diffs stay on the main actor: that must be said, not silent.
  @Test("Set through DiffableDataSourceSettings: one warning says diffs stay on the main actor")
  func genericPathWarns() {
    func configure(_ dataSource: some DiffableDataSourceSettings) {
      dataSource.diffsOffMainActorAboveItemCount = 0
    }
    let (_, warnings) = OpenDiffableWarningCollector.collect {
      let dataSource = makeTable(GenericPathSection.self)
      configure(dataSource)
      configure(dataSource)
    }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("GenericPathSection") == true)
    #expect(warnings.first?.contains("diffsOffMainActorAboveItemCount") == true)
    #expect(warnings.first?.contains("every diff still runs on the main actor") == true)
  }

  @Test("Set on the concrete type with Sendable identifiers: diffs run off the main actor, no warning")
  func concretePathDiffsOffMainActor() async {
    let (offMain, warnings) = await OpenDiffableWarningCollector.collect {
      let dataSource = makeTable(ConcretePathSection.self)
      dataSource.diffsOffMainActorAboveItemCount = 0
      var offMain: [Bool] = []
      dataSource.traceHandler = { offMain.append($0.diffedOffMainActor) }
      var snapshot = DiffableDataSourceSnapshot<ConcretePathSection, Int>()
      for items in [[1, 2, 3], [3, 1, 4]] {
        snapshot.deleteAllItems()
        snapshot.appendSections([.only])
        snapshot.appendItems(items, toSection: .only)
        await withCheckedContinuation { done in
          dataSource.apply(snapshot, animatingDifferences: true) { done.resume() }
        }
      }
      return offMain
    }
    // The first apply fills an empty table (no diff); the second is diffed off the main actor.
    #expect(offMain.last == true, "\(offMain)")
    #expect(warnings.isEmpty, "\(warnings)")
  }
}
