import Foundation
import Observation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// A model of 20 items, each with a version the content provider reads, and a counter.
@MainActor
@Observable
final class ProviderLoopModel {
  var items = Array(0..<20)
  var versions: [Int: Int] = [:]
  var loaded: Set<Int> = []
  var counter = 0
}

/// Section types only one test each uses: the warning names the identifier types.
enum CellProviderLoopSection: Hashable, Sendable { case main }
enum ContentProviderLoopSection: Hashable, Sendable { case main }
enum SettlingProvidersSection: Hashable, Sendable { case main }

@MainActor
@Suite("Observed applies: providers that change what the observation reads")
struct ObservedApplyProviderLoopTests {
  /// Observes `model` through a data source with `cellProvider` and `contentProvider`, lets the
  /// main actor turn `turns` times, and returns the applies made and the warnings raised meanwhile
  /// (the observation's applies run in tasks started from this one, which are in its scope).
  static func run<Section: Hashable & Sendable>(
    _ section: Section, _ model: ProviderLoopModel, turns: Int,
    cellProvider: @escaping (Int) -> Void, contentProvider: @escaping (Int) -> any Equatable,
    eachTurn: (Int) -> Void = { _ in }
  ) async -> (applies: Int, warnings: [String], view: SimulatedCollectionView<Section, Int>) {
    let ((applies, view), warnings) = await OpenDiffableWarningCollector.collect {
      await observe(
        section, model, turns: turns, cellProvider: cellProvider, contentProvider: contentProvider, eachTurn: eachTurn)
    }
    return (applies, warnings, view)
  }

  static func observe<Section: Hashable & Sendable>(
    _ section: Section, _ model: ProviderLoopModel, turns: Int,
    cellProvider: @escaping (Int) -> Void, contentProvider: @escaping (Int) -> any Equatable,
    eachTurn: (Int) -> Void
  ) async -> (applies: Int, view: SimulatedCollectionView<Section, Int>) {
    let view = SimulatedCollectionView<Section, Int>()
    let dataSource = DiffableDataSource<SimulatedCollectionView<Section, Int>, Section, Int>(host: view) { _, _, item in
      cellProvider(item)
      return SimulatedCell(item)
    }
    dataSource.contentProvider = contentProvider
    var applies = 0
    dataSource.traceHandler = { _ in applies += 1 }
    let observation = dataSource.applyObserving {
      var snapshot = DiffableDataSourceSnapshot<Section, Int>()
      snapshot.appendSections([section])
      snapshot.appendItems(model.items)
      return snapshot
    }
    for turn in 0..<turns {
      eachTurn(turn)
      await Task.yield()
      view.finishAnimations()
    }
    observation.cancel()
    return (applies, view)
  }

  @Test("A cell provider that changes what the content provider reads is named in one warning")
  func cellProviderLoop() async {
    let model = ProviderLoopModel()
    let result = await Self.run(
      CellProviderLoopSection.main, model, turns: 300,
      cellProvider: { model.versions[$0, default: 0] += 1 },
      contentProvider: { model.versions[$0, default: 0] })
    #expect(result.applies > 16, "the loop it reports")
    #expect(result.warnings.count == 1, "\(result.warnings)")
    #expect(
      result.warnings.first?.contains("16 applies in a row were each caused by the cell provider changing") == true)
  }

  @Test("A content provider that changes what it reads is named in one warning")
  func contentProviderLoop() async {
    let model = ProviderLoopModel()
    let result = await Self.run(
      ContentProviderLoopSection.main, model, turns: 300, cellProvider: { _ in },
      contentProvider: { item in
        model.counter += 1
        return "\(item) \(model.counter)"
      })
    #expect(result.applies > 16, "the loop it reports")
    #expect(result.warnings.count == 1, "\(result.warnings)")
    #expect(result.warnings.first?.contains("caused by the content provider changing") == true)
  }

  @Test("Changes made by the app on every turn, and providers that change the model once per item, never warn")
  func settlingProvidersNeverWarn() async {
    let model = ProviderLoopModel()
    let result = await Self.run(
      SettlingProvidersSection.main, model, turns: 300,
      // Marks an item loaded when its cell is first made: the content changes once.
      cellProvider: { if !model.loaded.contains($0) { model.loaded.insert($0) } },
      contentProvider: { "\(model.versions[$0, default: 0]) \(model.loaded.contains($0))" },
      // Each turn, a new item scrolls in (its cell is made, so the cell provider changes the
      // model in every apply) and, every third turn, an item's content changes.
      eachTurn: { turn in
        model.items.append(100 + turn)
        model.items.removeFirst()
        if turn % 3 == 0 { model.versions[model.items[turn % 20], default: 0] += 1 }
      })
    #expect(result.applies > 100, "the app's changes were applied")
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    #expect(result.view.itemIdentifiers == [model.items])
  }
}
