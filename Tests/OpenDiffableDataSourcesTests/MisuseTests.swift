import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// Misuse stops the process with a `OpenDiffable: <operation>: <problem>. <fix>` message; these
// exit tests run each case in a child process and check that it stops.
@Suite("Misuse stops with a clear message")
struct MisuseTests {
  @Test("A cell provider that returns nil stops the process")
  func nilCell() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in item == 2 ? nil : SimulatedCell(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        dataSource.apply(snapshot)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("OpenDiffable: cell provider: returned nil for index path [0, 1] with item identifier 2."))
  }

  @Test("Applying from inside an apply (a cell provider) stops the process")
  func reentrantApply() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1], toSection: "a")
        var dataSource: DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>?
        dataSource = DiffableDataSource(host: view) { _, _, item in
          dataSource?.apply(snapshot)  // re-entrant
          return SimulatedCell(item)
        }
        dataSource?.apply(snapshot)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("OpenDiffable: apply(_:animatingDifferences:completion:): called while the data source"))
  }

  @Test("A host that calls a batch's completion twice stops the process")
  func doubleCompletion() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = DoubleCompletingView()
        let dataSource = DiffableDataSource<DoubleCompletingView, String, Int>(host: view) { _, _, _ in
          DoubleCompletingView.Cell()
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1], toSection: "a")
        dataSource.apply(snapshot)  // the first apply reloads
        snapshot.appendItems([2], toSection: "a")
        dataSource.apply(snapshot)  // a batch
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "OpenDiffable: performBatchUpdates(_:completion:): the host called the completion of a batch more than once."))
  }

  @Test("An interactive move from a position with no item stops the process")
  func badMove() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        dataSource.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0))
      }
    }
  }

  @Test("Asking for the items of a section that does not exist stops the process")
  func badSection() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        _ = dataSource.numberOfItems(inSection: 4)
      }
    }
  }

  @Test("Applying from inside the snapshot closure of applyObserving stops the process")
  func applyFromObservedClosure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        dataSource.applyObserving {
          dataSource.apply(DiffableDataSourceSnapshot())  // applies from the closure
          return DiffableDataSourceSnapshot { SnapshotSection("a") { 1 } }
        }
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "OpenDiffable: apply(_:animatingDifferences:completion:): called from inside the snapshot closure of applyObserving"
      ))
  }

  @Test("Starting an observed apply from inside an apply (a cell provider) stops the process")
  func observeFromCellProvider() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        var dataSource: DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>?
        dataSource = DiffableDataSource(host: view) { _, _, item in
          dataSource?.applyObserving { DiffableDataSourceSnapshot() }  // re-entrant
          return SimulatedCell(item)
        }
        dataSource?.apply(DiffableDataSourceSnapshot { SnapshotSection("a") { 1 } })
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "OpenDiffable: applyObserving(animatingDifferences:completion:_:): called while the data source was applying"))
  }

  @Test("The exit tests above can pass: a correct apply does not stop")
  func control() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let view = SimulatedCollectionView<String, Int>()
        let dataSource = DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>(host: view) {
          _, _, item in SimulatedCell(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        dataSource.apply(snapshot)
        dataSource.applyObserving { snapshot }
      }
    }
  }
}

/// A host that breaks the protocol: it calls every batch's completion twice.
@MainActor
final class DoubleCompletingView: DiffableListHost {
  final class Cell {}
  struct ScrollPosition: OptionSet {
    let rawValue: UInt
  }
  var indexPathsForSelectedItems: [IndexPath]? { [] }
  var indexPathsForVisibleItems: [IndexPath] { [] }
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    updates?()
    completion?(true)
    completion?(true)
  }
  func insertSections(_ sections: IndexSet) {}
  func deleteSections(_ sections: IndexSet) {}
  func reloadSections(_ sections: IndexSet) {}
  func moveSection(_ section: Int, toSection newSection: Int) {}
  func insertItems(at indexPaths: [IndexPath]) {}
  func deleteItems(at indexPaths: [IndexPath]) {}
  func reloadItems(at indexPaths: [IndexPath]) {}
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  func reloadData() {}
  func reconfigureItems(at indexPaths: [IndexPath]) {}
  func cellForItem(at indexPath: IndexPath) -> Cell? { nil }
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {}
  func deselectItem(at indexPath: IndexPath, animated: Bool) {}
}
