import Foundation
import OpenDiffable
import Testing

// Stand-ins that declare exactly UIKit's member signatures (iOS SDK spellings; the optional
// completion has its default, as in UIKit). That they conform with *empty* extensions, like
// `extension UICollectionView: DiffableListHost {}` in the UIKit adapter, checks on Linux that
// the host protocols are spelled as UIKit's own members.

@MainActor
final class UIKitLikeCollectionView {
  final class Cell {}
  struct ScrollPosition: OptionSet {
    let rawValue: UInt
    static let top = ScrollPosition(rawValue: 1)
  }
  var log: [String] = []
  var indexPathsForSelectedItems: [IndexPath]? { [] }
  var indexPathsForVisibleItems: [IndexPath] { [] }
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    updates?()
    completion?(true)
  }
  func insertSections(_ sections: IndexSet) { log.append("insertSections") }
  func deleteSections(_ sections: IndexSet) { log.append("deleteSections") }
  func reloadSections(_ sections: IndexSet) { log.append("reloadSections") }
  func moveSection(_ section: Int, toSection newSection: Int) { log.append("moveSection") }
  func insertItems(at indexPaths: [IndexPath]) { log.append("insertItems") }
  func deleteItems(at indexPaths: [IndexPath]) { log.append("deleteItems") }
  func reloadItems(at indexPaths: [IndexPath]) { log.append("reloadItems") }
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { log.append("moveItem") }
  func reloadData() { log.append("reloadData") }
  @available(iOS 15.0, tvOS 15.0, *)
  func reconfigureItems(at indexPaths: [IndexPath]) { log.append("reconfigureItems") }
  func cellForItem(at indexPath: IndexPath) -> Cell? { nil }
  func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {}
  func deselectItem(at indexPath: IndexPath, animated: Bool) {}
}

extension UIKitLikeCollectionView: DiffableListHost {}

@MainActor
final class UIKitLikeTableView {
  final class Cell {}
  enum RowAnimation: Int { case fade, right, left, top, bottom, none, middle, automatic = 100 }
  enum ScrollPosition: Int { case none, top, middle, bottom }
  var log: [String] = []
  var indexPathsForSelectedRows: [IndexPath]? { nil }
  var indexPathsForVisibleRows: [IndexPath]? { nil }
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    updates?()
    completion?(true)
  }
  func insertSections(_ sections: IndexSet, with animation: RowAnimation) { log.append("insertSections") }
  func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { log.append("deleteSections") }
  func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { log.append("reloadSections") }
  func moveSection(_ section: Int, toSection newSection: Int) { log.append("moveSection") }
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { log.append("insertRows \(animation)") }
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { log.append("deleteRows \(animation)") }
  func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { log.append("reloadRows") }
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { log.append("moveRow") }
  func reloadData() { log.append("reloadData") }
  @available(iOS 15.0, tvOS 15.0, *)
  func reconfigureRows(at indexPaths: [IndexPath]) { log.append("reconfigureRows") }
  func cellForRow(at indexPath: IndexPath) -> Cell? { nil }
  func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {}
  func deselectRow(at indexPath: IndexPath, animated: Bool) {}
}

extension UIKitLikeTableView: DiffableTableHost {}
extension UIKitLikeTableView.RowAnimation: DiffableTableRowAnimation {}
extension UIKitLikeTableView.ScrollPosition: DiffableTableScrollPosition {}

@MainActor
@Suite("UIKit spellings")
struct UIKitSpellingTests {
  @Test("A view with UIKit's members conforms with an empty extension and is driven by the core")
  func collectionSpelling() async {
    let view = UIKitLikeCollectionView()
    let dataSource = DiffableDataSource<UIKitLikeCollectionView, String, Int>(host: view) { _, _, _ in .init() }
    await dataSource.apply(snapshot(["a": [1, 2]]))
    await dataSource.apply(snapshot(["a": [2, 3]]))
    #expect(view.log == ["reloadData", "deleteItems", "insertItems"])
  }

  @Test("A table with UIKit's members conforms with empty extensions; rows carry the animation")
  func tableSpelling() async {
    let table = UIKitLikeTableView()
    let dataSource = TableHostDiffableDataSource<UIKitLikeTableView, String, Int>(tableView: table) { _, _, _ in
      .init()
    }
    #expect(dataSource.defaultRowAnimation == .automatic)
    await dataSource.apply(snapshot(["a": [1, 2]]))
    dataSource.defaultRowAnimation = .fade
    await dataSource.apply(snapshot(["a": [2, 3]]))
    #expect(table.log == ["reloadData", "deleteRows fade", "insertRows fade"])
  }
}
