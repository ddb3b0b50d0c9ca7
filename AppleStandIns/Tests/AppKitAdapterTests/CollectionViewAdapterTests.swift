import AppKit
import DiffableKit
import Foundation
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
}
