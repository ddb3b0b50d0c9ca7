import AppKit
import Foundation
import OpenDiffable
import PropertyBased
import Testing

/// AppKit's `CollectionViewDiffableDataSource` driving the stand-in `NSCollectionView`.
@MainActor
@Suite("AppKit CollectionViewDiffableDataSource")
struct CollectionViewAdapterTests {
  @Test("The first apply reloads the view, which asks an item for every position")
  func firstApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(view.standIn.log == ["reloadData"])
    #expect(shown(view) == [[1, 2], [3]])
    #expect(view.standIn.cellRequests == [[0, 0], [0, 1], [1, 0]])
  }

  @Test("An animated apply is one batch through animator(); items only for inserted positions")
  func animatedApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    view.standIn.cellRequests = []
    dataSource.apply(snapshot([("a", [3, 1]), ("b", [4, 9])]))
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(shown(view) == [[3, 1], [4, 9]])
    #expect(view.standIn.cellRequests == [[1, 1]])
  }

  @Test("An apply without animation reloads without diffing, as AppKit documents")
  func unanimatedApply() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    dataSource.apply(snapshot([("a", [2, 5])]), animatingDifferences: false)
    #expect(view.standIn.log == ["reloadData", "reloadData"])
    #expect(shown(view) == [[2, 5]])
  }

  @Test("Reconfigure and reload both reload the item (AppKit has no reconfigure)")
  func reconfigureAndReload() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3])]))
    let kept = view.item(at: [0, 0])
    view.standIn.cellRequests = []
    var next = dataSource.snapshot()
    next.reconfigureItems([2])
    dataSource.apply(next)
    #expect(view.standIn.cellRequests == [[0, 1]])
    view.standIn.cellRequests = []
    next = dataSource.snapshot()
    next.reloadItems([3])
    dataSource.apply(next)
    #expect(view.standIn.cellRequests == [[0, 2]])
    #expect(view.item(at: [0, 0]) === kept)
  }

  @Test("Supplementary views come from supplementaryViewProvider")
  func supplementaryViews() {
    final class Header: NSView, NSCollectionViewElement {}
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1])]))
    let header = Header()
    dataSource.supplementaryViewProvider = { _, kind, _ in kind == "header" ? header : nil }
    #expect(view.standInSupplementaryView(ofKind: "header", at: [0, 0]) === header)
  }

  @Test("The selection follows its items by identifier across applies")
  func selection() {
    let (view, dataSource) = makeCollection()
    dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]))
    view.selectItems(at: [[0, 1], [1, 0]], scrollPosition: [])
    dataSource.apply(snapshot([("b", [5, 4]), ("a", [3, 1])]))
    #expect(view.selectionIndexPaths == [[0, 1]])
    #expect(dataSource.itemIdentifier(for: [0, 1]) == 4)
  }

  @Test("500 random apply sequences: the items always show the snapshot, selection by identifier")
  func randomSequences() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
      var random = SplitMix64(seed: UInt64(seed))
      let (view, dataSource) = makeCollection()
      for _ in 0..<8 {
        let next = randomSnapshot(after: dataSource.snapshot(), using: &random)
        let selected = view.selectionIndexPaths.compactMap(dataSource.itemIdentifier(for:))
        dataSource.apply(next, animatingDifferences: Int.random(in: 0..<4, using: &random) != 0)
        #expect(rows(of: dataSource.snapshot()) == rows(of: next))
        #expect(shown(view) == rows(of: next))
        let kept = Set(selected).intersection(next.itemIdentifiers)
        #expect(Set(view.selectionIndexPaths.compactMap(dataSource.itemIdentifier(for:))) == kept)
        if let item = next.itemIdentifiers.randomElement(using: &random), let path = dataSource.indexPath(for: item) {
          view.selectItems(at: [path], scrollPosition: [])
        }
      }
    }
  }
}
