import AppKit
import Foundation
import OpenDiffable
import Testing

/// AppKit's Objective-C snapshot class holding the sections and items of a typed snapshot.
func reference(_ typed: Snapshot) -> NSDiffableDataSourceSnapshotReference {
  let reference = NSDiffableDataSourceSnapshotReference()
  reference.appendSections(withIdentifiers: typed.sectionIdentifiers)
  for section in typed.sectionIdentifiers {
    reference.appendItems(
      withIdentifiers: typed.itemIdentifiers(inSection: section), intoSectionWithIdentifier: section)
  }
  return reference
}

/// The items of each section of an Objective-C snapshot, typed back.
func rows(of reference: NSDiffableDataSourceSnapshotReference) -> [[Int]] {
  reference.sectionIdentifiers.map { reference.itemIdentifiersInSection(withIdentifier: $0).map { $0 as! Int } }
}

/// Waits until the apply `start` makes has run its completion (`done`); completions run in call
/// order, so every earlier apply's completion has run too.
@MainActor
func untilCompleted(_ start: (@escaping () -> Void) -> Void) async {
  await withCheckedContinuation { continuation in start { continuation.resume() } }
}

@MainActor
func makeReferenceCollection() -> (NSCollectionView, CollectionViewDiffableDataSourceReference) {
  let view = NSCollectionView(frame: .zero)
  let dataSource = CollectionViewDiffableDataSourceReference(collectionView: view) { _, _, item in
    let cell = ItemCell()
    cell.item = item as! Int
    return cell
  }
  return (view, dataSource)
}

/// A section or item identifier class, compared by identity as Objective-C objects are by default.
final class Tag: NSObject {
  let name: String
  init(_ name: String) { self.name = name }
}

/// A table on the reference data source with object identifiers, and the identifiers it shows.
@MainActor
func makeReferenceTable() -> (NSTableView, TableViewDiffableDataSourceReference<Tag, Tag>) {
  let view = NSTableView(frame: .zero)
  view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
  let dataSource = TableViewDiffableDataSourceReference<Tag, Tag>(tableView: view) { _, _, _, item in
    let cell = CellView()
    cell.text = (item as! Tag).name
    return cell
  }
  return (view, dataSource)
}

/// An Objective-C snapshot of these tags, section by section.
func reference(_ layout: [(Tag, [Tag])]) -> NSDiffableDataSourceSnapshotReference {
  let reference = NSDiffableDataSourceSnapshotReference()
  reference.appendSections(withIdentifiers: layout.map(\.0))
  for (section, items) in layout {
    reference.appendItems(withIdentifiers: items, intoSectionWithIdentifier: section)
  }
  return reference
}

/// AppKit's `CollectionViewDiffableDataSourceReference` and `TableViewDiffableDataSourceReference`
/// (AppKit's `NSCollectionViewDiffableDataSourceReference` and `NSTableViewDiffableDataSourceReference`)
/// driving the stand-in views with AppKit's Objective-C snapshots.
@MainActor
@Suite("AppKit reference data sources")
struct ReferenceDataSourceTests {
  @Test("The collection view shows each Objective-C snapshot; a non-animated apply reloads, as AppKit documents")
  func collectionApplies() {
    let (view, dataSource) = makeReferenceCollection()
    #expect(view.dataSource === dataSource)
    dataSource.applySnapshot(reference(snapshot([("a", [1, 2]), ("b", [3])])), animatingDifferences: true)
    #expect(shown(view) == [[1, 2], [3]])
    dataSource.applySnapshot(reference(snapshot([("b", [3, 1]), ("c", [4])])), animatingDifferences: true)
    #expect(view.standIn.log == ["reloadData", "batch(animated)"])
    #expect(shown(view) == [[3, 1], [4]])
    dataSource.applySnapshot(reference(snapshot([("c", [4, 5])])), animatingDifferences: false)
    #expect(view.standIn.log.last == "reloadData")
    #expect(shown(view) == [[4, 5]])
    #expect(rows(of: dataSource.snapshot()) == [[4, 5]])
    #expect(dataSource.snapshot().sectionIdentifiers as? [String] == ["c"])
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) as? Int == 5)
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 2, section: 0)) == nil)
    #expect(dataSource.indexPath(forItemIdentifier: 4) == IndexPath(item: 0, section: 0))
    #expect(dataSource.indexPath(forItemIdentifier: 1) == nil)
  }

  @Test("The supplementary view provider answers the collection view")
  func supplementaryViews() {
    let (view, dataSource) = makeReferenceCollection()
    dataSource.supplementaryViewProvider = { _, kind, indexPath in
      let header = CellView()
      header.text = "\(kind) \(indexPath.section)"
      return header
    }
    dataSource.applySnapshot(reference(snapshot([("a", [1]), ("b", [2])])), animatingDifferences: true)
    #expect(
      (view.standInSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1)) as? CellView)?.text
        == "header 1")
  }

  @Test(
    "After every apply of a random sequence of Objective-C snapshots, the collection view shows the snapshot",
    arguments: [UInt64(1), 2, 3])
  func randomSequences(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (view, dataSource) = makeReferenceCollection()
    var current = Snapshot()
    for step in 0..<40 {
      current = randomSnapshot(after: current, using: &random)
      dataSource.applySnapshot(reference(current), animatingDifferences: step % 3 != 0)
      #expect(shown(view) == rows(of: current), "seed \(seed), step \(step)")
      #expect(rows(of: dataSource.snapshot()) == rows(of: current))
    }
  }

  @Test("The table shows items and group rows from the providers; row lookups return the identifier objects")
  func table() async {
    let (view, dataSource) = makeReferenceTable()
    #expect(view.dataSource === dataSource)
    let (fruit, greens) = (Tag("fruit"), Tag("greens"))
    let (apple, pear, kale) = (Tag("apple"), Tag("pear"), Tag("kale"))
    dataSource.sectionHeaderViewProvider = { _, _, section in
      let header = CellView()
      header.text = (section as! Tag).name
      return header
    }
    dataSource.applySnapshot(reference([(fruit, [apple, pear]), (greens, [kale])]), animatingDifferences: true)
    #expect(shown(view) == ["#fruit", "apple", "pear", "#greens", "kale"])
    #expect(dataSource.itemIdentifier(forRow: 2) === pear)
    #expect(dataSource.itemIdentifier(forRow: 3) == nil)
    #expect(dataSource.itemIdentifier(forRow: 9) == nil)
    #expect(dataSource.row(forItemIdentifier: kale) == 4)
    #expect(dataSource.row(forItemIdentifier: Tag("kale")) == NSNotFound)
    #expect(dataSource.sectionIdentifier(forRow: 4) === greens)
    #expect(dataSource.row(forSectionIdentifier: greens) == 3)
    #expect(dataSource.row(forSectionIdentifier: Tag("fruit")) == NSNotFound)

    var completed = false
    dataSource.defaultRowAnimation = .slideUp
    dataSource.applySnapshot(reference([(greens, [kale, apple])]), animatingDifferences: true) { completed = true }
    #expect(!completed, "a completion never runs before its apply returned")
    #expect(shown(view) == ["#greens", "kale", "apple"])
    #expect(view.standInRowAnimations.last == .slideUp)
    await untilCompleted { done in
      dataSource.applySnapshot(dataSource.snapshot(), animatingDifferences: false, completion: done)
    }
    #expect(completed)
    #expect(view.standIn.log.last == "reloadData")
    #expect((dataSource.snapshot().itemIdentifiers as? [Tag])?.map(\.name) == ["kale", "apple"])
  }

  @Test("Row views come from rowViewProvider with the row's identifier; the app's delegate still hears the rest")
  func rowViewsAndDelegate() {
    let (view, dataSource) = makeReferenceTable()
    final class NamedRow: NSTableRowView { var name = "" }
    final class SelectionDelegate: NSObject, NSTableViewDelegate {
      var selections = 0
      func tableViewSelectionDidChange(_ notification: Notification) { selections += 1 }
    }
    let delegate = SelectionDelegate()
    view.delegate = delegate
    dataSource.rowViewProvider = { _, _, identifier in
      let row = NamedRow()
      row.name = (identifier as! Tag).name
      return row
    }
    let section = Tag("s")
    dataSource.applySnapshot(reference([(section, [Tag("x"), Tag("y")])]), animatingDifferences: true)
    #expect(shown(view) == ["x", "y"])
    #expect(view.standIn.cells.first?.map { ($0.rowView as? NamedRow)?.name } == ["x", "y"])
    view.standInUserSelectRow(1)
    #expect(delegate.selections == 1)
    withExtendedLifetime(delegate) {}
  }
}
