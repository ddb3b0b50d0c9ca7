import CoreData
import OpenDiffable
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import AppKit
#endif

// Core Data screens written for Apple's Objective-C style data sources (`UITableViewDiffableDataSourceReference`,
// `UICollectionViewDiffableDataSourceReference`, `NSCollectionViewDiffableDataSourceReference`,
// `NSTableViewDiffableDataSourceReference`): the fetched results controller hands its delegate an
// `NSDiffableDataSourceSnapshotReference`, which the delegate applies as it is. Migrated by
// renaming the data-source class alone; no other line changes.

/// Waits until the apply `start` makes has run its completion (`done`); completions run in call
/// order, so every earlier apply's completion has run too.
@MainActor
func untilCompleted(_ start: (@escaping () -> Void) -> Void) async {
  await withCheckedContinuation { continuation in start { continuation.resume() } }
}

#if canImport(UIKit)
  /// A table cell that shows a note's title.
  final class NoteRowCell: UITableViewCell {
    var title = ""
  }

  /// A shipped app's notes screen on `UITableViewDiffableDataSourceReference`, renamed.
  @MainActor
  final class ReferenceNotesTableScreen: NSObject {
    let tableView = UITableView(frame: .zero, style: .plain)
    var dataSource: TableViewDiffableDataSourceReference!
    var completions = 0

    init(context: NSManagedObjectContext) {
      super.init()
      dataSource = TableViewDiffableDataSourceReference(tableView: tableView) { _, _, identifier in
        let cell = NoteRowCell()
        cell.title = (context.object(with: identifier as! NSManagedObjectID) as! Note).title
        return cell
      }
    }

    var shown: [[String]] { tableView.standIn.cells.map { $0.map { ($0 as! NoteRowCell).title } } }
  }

  extension ReferenceNotesTableScreen: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
      didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
      dataSource.applySnapshot(snapshot, animatingDifferences: true) { [weak self] in self?.completions += 1 }
    }
  }

  /// The same screen on `UICollectionViewDiffableDataSourceReference`, renamed.
  @MainActor
  final class ReferenceNotesCollectionScreen: NSObject {
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    var dataSource: CollectionViewDiffableDataSourceReference!

    init(context: NSManagedObjectContext) {
      super.init()
      dataSource = CollectionViewDiffableDataSourceReference(collectionView: collectionView) { _, _, identifier in
        let cell = NoteCell()
        cell.title = (context.object(with: identifier as! NSManagedObjectID) as! Note).title
        return cell
      }
    }

    var shown: [[String]] { collectionView.standIn.cells.map { $0.map { ($0 as! NoteCell).title } } }
  }

  extension ReferenceNotesCollectionScreen: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
      didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
      dataSource.applySnapshot(snapshot, animatingDifferences: true)
    }
  }

  @Suite("Core Data screens on the UIKit reference data sources, migrated by renaming the class")
  @MainActor
  struct ReferenceDataSourceMigrationTests {
    @Test("The table follows every save; lookups answer with object IDs; completions run")
    func table() async throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
      let screen = ReferenceNotesTableScreen(context: fixture.context)
      fixture.controller.delegate = screen
      try fixture.controller.performFetch()
      fixture.add("c", group: "work", rank: 2)
      try fixture.context.save()
      #expect(screen.shown == [["a"], ["b", "c"]])
      #expect(
        screen.dataSource.itemIdentifier(for: IndexPath(row: 1, section: 1)) as? NSManagedObjectID == fixture.id("c"))
      #expect(screen.dataSource.indexPath(forItemIdentifier: fixture.id("b")) == IndexPath(row: 0, section: 1))
      #expect(screen.dataSource.sectionIdentifier(for: 0) as? String == "home")
      fixture.note("a").group = "work"
      fixture.note("a").rank = 0
      fixture.delete(fixture.note("b"))
      try fixture.context.save()
      #expect(screen.shown == [["a", "c"]])
      #expect(screen.dataSource.index(forSectionIdentifier: "home") == NSNotFound)
      let dataSource = screen.dataSource!
      await untilCompleted { done in
        dataSource.applySnapshot(dataSource.snapshot(), animatingDifferences: false, completion: done)
      }
      #expect(screen.completions == 2)
      let current = screen.dataSource.snapshot()
      #expect(current.sectionIdentifiers as? [String] == ["work"])
      #expect(current.itemIdentifiers as? [NSManagedObjectID] == [fixture.id("a"), fixture.id("c")])
      withExtendedLifetime(screen) {}
    }

    @Test("The collection view follows every save")
    func collection() throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
      let screen = ReferenceNotesCollectionScreen(context: fixture.context)
      fixture.controller.delegate = screen
      try fixture.controller.performFetch()
      fixture.add("c", group: "home", rank: 0)
      try fixture.context.save()
      #expect(screen.shown == [["c", "a"], ["b"]])
      fixture.note("b").group = "home"
      try fixture.context.save()
      #expect(screen.shown == [["c", "a", "b"]])
      withExtendedLifetime(screen) {}
    }
  }
#else
  /// A collection view item that shows a note's title.
  final class NoteItem: NSCollectionViewItem {
    var title = ""
  }

  /// A table cell view that shows a note's title.
  final class NoteCellView: NSView {
    var title = ""
  }

  /// A Mac notes screen on `NSCollectionViewDiffableDataSourceReference`, renamed.
  @MainActor
  final class ReferenceNotesCollectionScreen: NSObject {
    let collectionView = NSCollectionView(frame: .zero)
    var dataSource: CollectionViewDiffableDataSourceReference!

    init(context: NSManagedObjectContext) {
      super.init()
      dataSource = CollectionViewDiffableDataSourceReference(collectionView: collectionView) { _, _, identifier in
        let item = NoteItem()
        item.title = (context.object(with: identifier as! NSManagedObjectID) as! Note).title
        return item
      }
    }

    var shown: [[String]] { collectionView.standIn.cells.map { $0.map { ($0 as! NoteItem).title } } }
  }

  extension ReferenceNotesCollectionScreen: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
      didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
      dataSource.applySnapshot(snapshot, animatingDifferences: true)
    }
  }

  /// A Mac notes screen on `NSTableViewDiffableDataSourceReference`, renamed, with group rows.
  @MainActor
  final class ReferenceNotesTableScreen: NSObject {
    let tableView = NSTableView(frame: .zero)
    var dataSource: TableViewDiffableDataSourceReference<NSString, NSManagedObjectID>!
    var completions = 0

    init(context: NSManagedObjectContext) {
      super.init()
      tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
      dataSource = TableViewDiffableDataSourceReference(tableView: tableView) { _, _, _, identifier in
        let view = NoteCellView()
        view.title = (context.object(with: identifier as! NSManagedObjectID) as! Note).title
        return view
      }
      dataSource.sectionHeaderViewProvider = { _, _, section in
        let view = NoteCellView()
        view.title = "#\(section)"
        return view
      }
    }

    /// What the rows show, one string per row.
    var shown: [String] {
      (tableView.standIn.cells.first ?? []).map { row in
        row.views.map { ($0 as? NoteCellView)?.title ?? "nil" }.joined(separator: ",")
      }
    }
  }

  extension ReferenceNotesTableScreen: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
      didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
      dataSource.applySnapshot(snapshot, animatingDifferences: true) { [weak self] in self?.completions += 1 }
    }
  }

  @Suite("Core Data screens on the AppKit reference data sources, migrated by renaming the class")
  @MainActor
  struct ReferenceDataSourceMigrationTests {
    @Test("The collection view follows every save; lookups answer with object IDs")
    func collection() throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
      let screen = ReferenceNotesCollectionScreen(context: fixture.context)
      fixture.controller.delegate = screen
      try fixture.controller.performFetch()
      fixture.add("c", group: "work", rank: 2)
      try fixture.context.save()
      #expect(screen.shown == [["a"], ["b", "c"]])
      #expect(
        screen.dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)) as? NSManagedObjectID == fixture.id("c"))
      #expect(screen.dataSource.indexPath(forItemIdentifier: fixture.id("a")) == IndexPath(item: 0, section: 0))
      fixture.note("a").group = "work"
      fixture.note("a").rank = 0
      try fixture.context.save()
      #expect(screen.shown == [["a", "b", "c"]])
      #expect(screen.dataSource.snapshot().itemIdentifiers as? [NSManagedObjectID] == ["a", "b", "c"].map(fixture.id))
      withExtendedLifetime(screen) {}
    }

    @Test("The table follows every save with group rows; row lookups answer with typed identifiers")
    func table() async throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
      let screen = ReferenceNotesTableScreen(context: fixture.context)
      fixture.controller.delegate = screen
      try fixture.controller.performFetch()
      fixture.add("c", group: "work", rank: 2)
      try fixture.context.save()
      #expect(screen.shown == ["#home", "a", "#work", "b", "c"])
      #expect(screen.dataSource.itemIdentifier(forRow: 4) == fixture.id("c"))
      #expect(screen.dataSource.itemIdentifier(forRow: 2) == nil)
      #expect(screen.dataSource.row(forItemIdentifier: fixture.id("b")) == 3)
      // (Section lookups by NSString are in AppKitAdapterTests: Foundation on Linux, unlike
      // Apple's, does not equate an NSString and a String as AnyHashable.)
      #expect(screen.dataSource.sectionIdentifier(forRow: 3).map { String(describing: $0) } == "work")
      fixture.delete(fixture.note("a"))
      try fixture.context.save()
      #expect(screen.shown == ["#work", "b", "c"])
      #expect(screen.dataSource.row(forItemIdentifier: fixture.id("b")) == 1)
      let dataSource = screen.dataSource!
      await untilCompleted { done in
        dataSource.applySnapshot(dataSource.snapshot(), animatingDifferences: true, completion: done)
      }
      #expect(screen.completions == 2)
      withExtendedLifetime(screen) {}
    }
  }
#endif
