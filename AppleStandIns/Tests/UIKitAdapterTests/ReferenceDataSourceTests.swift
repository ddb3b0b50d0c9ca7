import Foundation
import OpenDiffable
import PropertyBased
import Testing
import UIKit

/// Apple's Objective-C snapshot class holding the sections and items of a typed snapshot, with
/// its reload and reconfigure marks.
func reference(_ typed: Snapshot) -> NSDiffableDataSourceSnapshotReference {
  let reference = NSDiffableDataSourceSnapshotReference()
  reference.appendSections(withIdentifiers: typed.sectionIdentifiers)
  for section in typed.sectionIdentifiers {
    reference.appendItems(
      withIdentifiers: typed.itemIdentifiers(inSection: section), intoSectionWithIdentifier: section)
  }
  if !typed.reloadedItemIdentifiers.isEmpty { reference.reloadItems(withIdentifiers: typed.reloadedItemIdentifiers) }
  if !typed.reconfiguredItemIdentifiers.isEmpty {
    reference.reconfigureItems(withIdentifiers: typed.reconfiguredItemIdentifiers)
  }
  return reference
}

/// The sections and items of an Objective-C snapshot, typed back.
func layout(of reference: NSDiffableDataSourceSnapshotReference) -> [(String, [Int])] {
  reference.sectionIdentifiers.map { section in
    (section as! String, reference.itemIdentifiersInSection(withIdentifier: section).map { $0 as! Int })
  }
}

/// Waits until the apply `start` makes has run its completion (`done`); completions run in call
/// order, so every earlier apply's completion has run too.
@MainActor
func untilCompleted(_ start: (@escaping () -> Void) -> Void) async {
  await withCheckedContinuation { continuation in start { continuation.resume() } }
}

@MainActor
func makeReferenceTable() -> (UITableView, TableViewDiffableDataSourceReference) {
  let view = UITableView(frame: .zero, style: .plain)
  let dataSource = TableViewDiffableDataSourceReference(tableView: view) { _, _, item in
    let cell = RowCell()
    cell.item = item as! Int
    return cell
  }
  return (view, dataSource)
}

@MainActor
func makeReferenceCollection() -> (UICollectionView, CollectionViewDiffableDataSourceReference) {
  let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
  let dataSource = CollectionViewDiffableDataSourceReference(collectionView: view) { _, _, item in
    let cell = ItemCell()
    cell.item = item as! Int
    return cell
  }
  return (view, dataSource)
}

/// A reference table data source whose subclass answers header titles, as Objective-C screens do.
final class TitledReferenceSource: TableViewDiffableDataSourceReference {
  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    (sectionIdentifier(for: section) as? String).map { "Section \($0)" }
  }
}

/// UIKit's `TableViewDiffableDataSourceReference` and `CollectionViewDiffableDataSourceReference`
/// (Apple's `UITableViewDiffableDataSourceReference` and `UICollectionViewDiffableDataSourceReference`)
/// driving the stand-in views with Apple's Objective-C snapshots.
@MainActor
@Suite("UIKit reference data sources")
struct ReferenceDataSourceTests {
  @Test("applySnapshot shows an Objective-C snapshot; snapshot() hands one back with the same content")
  func applyAndReadBack() {
    let (view, dataSource) = makeReferenceTable()
    #expect(view.dataSource === dataSource)
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2]), ("b", [3])])), animatingDifferences: true)
    #expect(view.standIn.log == ["reloadData"])
    #expect(shown(view) == [[1, 2], [3]])
    let current = dataSource.snapshot()
    #expect(layout(of: current).map(\.0) == ["a", "b"])
    #expect(layout(of: current).map(\.1) == [[1, 2], [3]])
    dataSource.applySnapshot(reference(snapshot([("b", [3, 1]), ("c", [4])])), animatingDifferences: false)
    #expect(view.standIn.log.last == "batch(not animated)")
    #expect(shown(view) == [[3, 1], [4]])
  }

  @Test("Lookups answer with the identifiers the snapshot holds; a missing section's index is NSNotFound")
  func lookups() {
    let (_, dataSource) = makeReferenceTable()
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2]), ("b", [3])])), animatingDifferences: true)
    #expect(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) as? Int == 2)
    #expect(dataSource.itemIdentifier(for: IndexPath(row: 5, section: 0)) == nil)
    #expect(dataSource.indexPath(forItemIdentifier: 3) == IndexPath(row: 0, section: 1))
    #expect(dataSource.indexPath(forItemIdentifier: 99) == nil)
    #expect(dataSource.indexPath(forItemIdentifier: "3") == nil)
    #expect(dataSource.sectionIdentifier(for: 1) as? String == "b")
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
    #expect(dataSource.index(forSectionIdentifier: "b") == 1)
    #expect(dataSource.index(forSectionIdentifier: "z") == NSNotFound)
  }

  @Test("Object identifiers come back as the same objects")
  func objectIdentifiers() {
    let view = UITableView(frame: .zero, style: .plain)
    var provided: [NSObject] = []
    let dataSource = TableViewDiffableDataSourceReference(tableView: view) { _, _, item in
      provided.append(item as! NSObject)
      return RowCell()
    }
    let objects = [NSObject(), NSObject()]
    let reference = NSDiffableDataSourceSnapshotReference()
    reference.appendSections(withIdentifiers: ["only"])
    reference.appendItems(withIdentifiers: objects, intoSectionWithIdentifier: "only")
    dataSource.applySnapshot(reference, animatingDifferences: true)
    #expect(provided.count == 2 && provided[0] === objects[0] && provided[1] === objects[1])
    #expect((dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) as? NSObject) === objects[1])
    #expect(dataSource.indexPath(forItemIdentifier: objects[0]) == IndexPath(row: 0, section: 0))
    #expect((dataSource.snapshot().itemIdentifiers.first as? NSObject) === objects[0])
  }

  @Test("Reload and reconfigure marks of the Objective-C snapshot reach the table")
  func marks() {
    let (view, dataSource) = makeReferenceTable()
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2, 3])])), animatingDifferences: true)
    view.standIn.cellRequests = []
    var next = snapshot([("a", [1, 2, 3])])
    next.reconfigureItems([3])
    dataSource.applySnapshot(reference(next), animatingDifferences: true)
    #expect(view.standIn.log.last == "reconfigure")
    #expect(view.standIn.cellRequests == [[0, 2]])
  }

  @Test("applySnapshot(usingReloadData:) reloads instead of diffing; its completion runs after it returned")
  func reloadData() async {
    let (view, dataSource) = makeReferenceTable()
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2, 3])])), animatingDifferences: true)
    var completed = false
    dataSource.applySnapshot(usingReloadData: reference(snapshot([("b", [8])]))) { completed = true }
    #expect(!completed, "a completion never runs before its apply returned, as with Apple's class")
    #expect(view.standIn.log == ["reloadData", "reloadData"])
    #expect(shown(view) == [[8]])
    dataSource.applySnapshot(usingReloadData: reference(snapshot([("c", [9])])))
    #expect(view.standIn.log == ["reloadData", "reloadData", "reloadData"])
    #expect(shown(view) == [[9]])
    await untilCompleted { done in dataSource.applySnapshot(usingReloadData: dataSource.snapshot(), completion: done) }
    #expect(completed)
  }

  @Test("Completions run after their call returned, in call order, once the view finished animating")
  func completionOrder() async {
    let (view, dataSource) = makeReferenceCollection()
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2, 3])])), animatingDifferences: true)
    view.standIn.completesSynchronously = false
    var events: [String] = []
    dataSource.applySnapshot(reference(snapshot([("a", [3, 2, 1])])), animatingDifferences: true) {
      events.append("first")
    }
    dataSource.applySnapshot(reference(snapshot([("a", [2]), ("b", [4])])), animatingDifferences: false) {
      events.append("second")
    }
    dataSource.applySnapshot(usingReloadData: reference(snapshot([("c", [5])]))) { events.append("third") }
    events.append("returned")
    for _ in 0..<50 { await Task.yield() }
    #expect(events == ["returned"], "the first update is still animating")
    view.standIn.completesSynchronously = true
    view.standIn.finishAnimations()
    await untilCompleted { done in
      dataSource.applySnapshot(reference(snapshot([("c", [5, 6])])), animatingDifferences: true) {
        events.append("fourth")
        done()
      }
    }
    #expect(events == ["returned", "first", "second", "third", "fourth"])
    #expect(shown(view) == [[5, 6]])
  }

  @Test("defaultRowAnimation animates the table's inserted and deleted rows")
  func rowAnimation() {
    let (view, dataSource) = makeReferenceTable()
    #expect(dataSource.defaultRowAnimation == .automatic)
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2])])), animatingDifferences: true)
    dataSource.defaultRowAnimation = .fade
    dataSource.applySnapshot(reference(snapshot([("a", [2, 7])])), animatingDifferences: true)
    #expect(!view.standInRowAnimations.isEmpty && view.standInRowAnimations.allSatisfy { $0 == .fade })
  }

  @Test("A subclass's UITableViewDataSource override answers the table")
  func subclassOverride() {
    let view = UITableView(frame: .zero, style: .plain)
    let dataSource = TitledReferenceSource(tableView: view) { _, _, _ in RowCell() }
    dataSource.applySnapshot(reference(snapshot([("a", [1]), ("b", [2])])), animatingDifferences: true)
    #expect(view.dataSource === dataSource)
    #expect(view.dataSource?.tableView(view, titleForHeaderInSection: 1) == "Section b")
  }

  @Test("The supplementary view provider answers the collection view")
  func supplementaryViews() {
    let (view, dataSource) = makeReferenceCollection()
    #expect(view.dataSource === dataSource)
    final class Header: UICollectionReusableView { var text = "" }
    dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
      let header = Header()
      header.text = "\(kind) \(indexPath.section)"
      return header
    }
    dataSource.applySnapshot(reference(snapshot([("a", [1]), ("b", [2])])), animatingDifferences: true)
    #expect(shown(view) == [[1], [2]])
    #expect(
      (view.standInSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1)) as? Header)?.text
        == "header 1")
  }

  @Test("A section snapshot reference shows its visible items; snapshot(forSection:) reads the outline back")
  func sectionSnapshots() async {
    let (view, dataSource) = makeReferenceCollection()
    dataSource.applySnapshot(reference(snapshot([("a", []), ("b", [9])])), animatingDifferences: true)
    let outline = NSDiffableDataSourceSectionSnapshotReference()
    outline.appendItems([1, 2])
    outline.appendItems([3, 4], intoParentItem: 1)
    outline.appendItems([5], intoParentItem: 2)
    outline.expandItems([1])
    await untilCompleted { done in
      dataSource.applySnapshot(outline, toSection: "a", animatingDifferences: true, completion: done)
    }
    #expect(shown(view) == [[1, 3, 4, 2], [9]])
    let read = dataSource.snapshot(forSection: "a")
    #expect(read.items.map { $0 as! Int } == [1, 3, 4, 2, 5])
    #expect(read.visibleItems.map { $0 as! Int } == [1, 3, 4, 2])
    #expect(read.parent(ofChildItem: 4) as? Int == 1)
    #expect(read.parent(ofChildItem: 1) == nil)
    #expect(read.isExpanded(1) && !read.isExpanded(2))
    outline.expandItems([2])
    dataSource.applySnapshot(outline, toSection: "a", animatingDifferences: false)
    #expect(shown(view) == [[1, 3, 4, 2, 5], [9]])
  }

  @Test(
    "After every apply of a random sequence of Objective-C snapshots, both views show the snapshot",
    arguments: [UInt64(1), 2, 3, 4])
  func randomSequences(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (table, tableSource) = makeReferenceTable()
    let (collection, collectionSource) = makeReferenceCollection()
    var current = Snapshot()
    for step in 0..<40 {
      current = randomSnapshot(after: current, using: &random)
      let animated = step % 3 != 0
      if step % 7 == 6 {
        tableSource.applySnapshot(usingReloadData: reference(current))
        collectionSource.applySnapshot(usingReloadData: reference(current))
      } else {
        tableSource.applySnapshot(reference(current), animatingDifferences: animated)
        collectionSource.applySnapshot(reference(current), animatingDifferences: animated)
      }
      #expect(shown(table) == rows(of: current), "seed \(seed), step \(step)")
      #expect(shown(collection) == rows(of: current), "seed \(seed), step \(step)")
      #expect(layout(of: tableSource.snapshot()).map(\.1) == rows(of: current))
      #expect(layout(of: collectionSource.snapshot()).map(\.0) == current.sectionIdentifiers)
    }
  }
}
