import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

/// An item identifier whose `==` disagrees with its hash: equality reads `id` only, the hash
/// reads `name` too, so two equal values usually hash differently.
struct LooseItem: Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var name: String
  static func == (lhs: LooseItem, rhs: LooseItem) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(name)
  }
  var description: String { "LooseItem(\(id), \(name))" }
}

/// Regression tests for issue 25 in the data source and the simulator.
@Suite("Contract-breaking identifiers in the data source")
struct DataSourceContractBreakingIdentifierTests {
  /// Finding 2: with `contentProvider` set, the data source recorded content in a `Dictionary`
  /// keyed by item identifiers and died inside the standard library ("Duplicate keys of type …
  /// were found in a Dictionary") once two equal identifiers with different hashes were recorded.
  @Test func itemsWhoseEqualityDisagreesWithTheirHashDoNotTrapInTheStandardLibrary() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await MainActor.run {
        typealias Host = SimulatedCollectionView<String, LooseItem>
        let view = Host()
        let dataSource = DiffableDataSource<Host, String, LooseItem>(host: view) { _, _, item in
          SimulatedCell(item, text: item.name)
        }
        dataSource.contentProvider = { $0.name }
        for round in 0..<8 {
          var snapshot = DiffableDataSourceSnapshot<String, LooseItem>()
          snapshot.appendSections(["a"])
          // Each snapshot holds every id once; across rounds, equal ids come with other names.
          snapshot.appendItems((0..<1_000).map { LooseItem(id: $0, name: "round \(round)") }, toSection: "a")
          dataSource.apply(snapshot, animatingDifferences: round % 2 == 0)
        }
        precondition(dataSource.snapshot().numberOfItems == 1_000)
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(!stderr.contains("Duplicate keys"), "\(stderr)")
    }
  }

  /// Finding 7: the simulator's invalid-batch stop used `preconditionFailure`, whose message is
  /// dropped in optimized builds. It must print its message. CI runs this test optimized (the
  /// internal-checks run is built with `-O`), where the old stop fails it.
  @Test func simulatorInvalidBatchStopPrintsItsMessage() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2], toSection: "a")
        dataSource.apply(snapshot)
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(item: 5, section: 0)]) }, completion: nil)
      }
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("simulated list: invalid batch update"), "\(stderr)")
    }
  }
}
