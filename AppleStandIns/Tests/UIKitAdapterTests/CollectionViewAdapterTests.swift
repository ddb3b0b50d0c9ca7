import Foundation
import OpenDiffable
import PropertyBased
import Testing
import UIKit

/// UIKit's `CollectionViewDiffableDataSource` driving the stand-in `UICollectionView`.
@MainActor
@Suite("UIKit CollectionViewDiffableDataSource")
struct CollectionViewAdapterTests {
  @Test("The first apply reloads the view, which asks a cell for every item")
  func firstApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(view.standIn.log == ["reloadData"])
    #expect(shown(view) == [[1, 2], [3]])
    #expect(
      view.standIn.cellRequests == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), [1, 0]])
  }

  @Test("An animated apply is one batch; cells are asked only for inserted items")
  func animatedApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [3, 1]), ("b", [4, 9])]))
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(shown(view) == [[3, 1], [4, 9]])
    #expect(view.standIn.cellRequests == [IndexPath(item: 1, section: 1)])
  }

  @Test("An apply without animation is a batch made inside performWithoutAnimation")
  func unanimatedApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    dataSource.apply(snapshot([("a", [3, 2, 5])]), animatingDifferences: false)
    #expect(view.standIn.log.last == "batch(not animated)")
    #expect(shown(view) == [[3, 2, 5]])
  }

  @Test("applySnapshotUsingReloadData reloads instead of diffing")
  func reloadDataApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    var done = false
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [2, 7])])) { done = true }
    #expect(view.standIn.log == ["reloadData", "reloadData"])
    #expect(shown(view) == [[2, 7]])
    #expect(dataSource.snapshot().itemIdentifiers == [2, 7])
    #expect(!done, "the completion runs after applySnapshotUsingReloadData returned")
  }

  @Test("Reconfigure asks the cell again in place; reload replaces it in a batch")
  func reconfigureAndReload() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    let kept = view.cellForItem(at: IndexPath(item: 0, section: 0))
    view.standIn.cellRequests = []
    var next = dataSource.snapshot()
    next.reconfigureItems([2])
    dataSource.apply(next)
    #expect(view.standIn.log.last == "reconfigure")
    #expect(view.standIn.cellRequests == [IndexPath(item: 1, section: 0)])

    view.standIn.cellRequests = []
    next = dataSource.snapshot()
    next.reloadItems([3])
    dataSource.apply(next)
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(view.standIn.cellRequests == [IndexPath(item: 2, section: 0)])
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === kept)
  }

  @Test("Section snapshots: expandItem and collapseItem show and hide children")
  func sectionSnapshots() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [])]))
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    outline.append([10, 11], to: 1)
    dataSource.apply(outline, to: "a")
    #expect(shown(view) == [[1, 2]])
    var expanded: [Int] = []
    dataSource.sectionSnapshotHandlers.willExpandItem = { expanded.append($0) }
    #expect(dataSource.expandItem(1))
    #expect(expanded == [1])
    #expect(shown(view) == [[1, 10, 11, 2]])
    #expect(dataSource.snapshot(for: "a").isExpanded(1))
    #expect(dataSource.collapseItem(1))
    #expect(shown(view) == [[1, 2]])
  }

  @Test("Reordering: the view asks canMoveItemAt, moves, calls moveItemAt; the handlers run")
  func reordering() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    #expect(!view.standInUserMovesItem(from: [0, 0], to: [0, 2]), "reordering is off until canReorderItem is set")
    var finalSnapshots: [Snapshot] = []
    dataSource.reorderingHandlers.canReorderItem = { $0 != 4 }
    dataSource.reorderingHandlers.didReorder = { finalSnapshots.append($0.finalSnapshot) }
    view.standIn.cellRequests = []
    #expect(view.standInUserMovesItem(from: [0, 1], to: [1, 0]))
    #expect(!view.standInUserMovesItem(from: [1, 1], to: [0, 0]), "item 4 cannot be moved")
    #expect(rows(of: dataSource.snapshot()) == [[1, 3], [2, 4]])
    #expect(shown(view) == rows(of: dataSource.snapshot()))
    #expect(finalSnapshots.last.map(rows(of:)) == rows(of: dataSource.snapshot()))
    #expect(view.standIn.cellRequests.isEmpty, "a move keeps its cell")
  }

  @Test("Supplementary views come from supplementaryViewProvider")
  func supplementaryViews() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1])]))
    let header = UICollectionReusableView()
    var asked: [String] = []
    dataSource.supplementaryViewProvider = { _, kind, _ in
      asked.append(kind)
      return header
    }
    #expect(view.standInSupplementaryView(ofKind: "header", at: [0, 0]) === header)
    #expect(asked == ["header"])
  }

  @Test("The selection follows its items by identifier across applies")
  func selection() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    view.selectItem(at: [0, 1], animated: false, scrollPosition: [])
    view.selectItem(at: [1, 0], animated: false, scrollPosition: [])
    dataSource.apply(snapshot([("b", [5, 4]), ("a", [3, 1])]))
    #expect(view.indexPathsForSelectedItems == [[0, 1]], "2 is gone, 4 moved")
    dataSource.applySnapshotUsingReloadData(snapshot([("a", [4, 1])]))
    #expect(view.indexPathsForSelectedItems == [[0, 0]], "restored after reloadData")
  }

  @Test("500 random apply sequences: the cells always show the snapshot, selection by identifier")
  func randomSequences() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let (view, dataSource) = makeCollection()
      var current = Snapshot()
      for _ in 0..<8 {
        let next = randomSnapshot(after: current, using: &random)
        let selected = view.indexPathsForSelectedItems?.compactMap(dataSource.itemIdentifier(for:)) ?? []
        switch Int.random(in: 0..<4, using: &random) {
        case 0: dataSource.apply(next, animatingDifferences: false)
        case 1: dataSource.applySnapshotUsingReloadData(next)
        default: dataSource.apply(next)
        }
        current = dataSource.snapshot()
        #expect(rows(of: current) == rows(of: next))
        #expect(shown(view) == rows(of: next))
        let kept = Set(selected).intersection(next.itemIdentifiers)
        #expect(Set(view.indexPathsForSelectedItems?.compactMap(dataSource.itemIdentifier(for:)) ?? []) == kept)
        if let item = next.itemIdentifiers.randomElement(using: &random), let path = dataSource.indexPath(for: item) {
          view.selectItem(at: path, animated: false, scrollPosition: [])
        }
      }
    }
  }
}
