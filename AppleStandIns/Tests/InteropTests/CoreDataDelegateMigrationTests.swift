#if canImport(UIKit)
  import CoreData
  import OpenDiffable
  import Testing
  import UIKit

  /// A Core Data screen that keeps its own fetched results controller delegate, migrated by the
  /// migration article's renames: every line survives the rename but the bridging cast
  /// `snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>`, which becomes the
  /// conversion initializer (the cast, renamed, does not compile: "cannot convert value of type
  /// 'NSDiffableDataSourceSnapshotReference'"). The DocC migration article shows this delegate
  /// method.
  @MainActor
  final class NotesDelegateScreen: NSObject {
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    var dataSource: CollectionViewDiffableDataSource<String, NSManagedObjectID>!

    init(context: NSManagedObjectContext) {
      super.init()
      dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { _, _, id in
        let cell = NoteCell()
        cell.title = (context.object(with: id) as! Note).title
        return cell
      }
    }

    var shown: [[String]] { collectionView.standIn.cells.map { $0.map { ($0 as! NoteCell).title } } }
  }

  extension NotesDelegateScreen: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
      didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
      guard
        let dataSource = collectionView.dataSource
          as? CollectionViewDiffableDataSource<String, NSManagedObjectID>
      else { return }
      let typed = DiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)
      dataSource.apply(typed, animatingDifferences: true)
    }
  }

  @Suite("A Core Data screen with its own delegate, migrated by renaming")
  @MainActor
  struct CoreDataDelegateMigrationTests {
    @Test("controller(_:didChangeContentWith:) converts the reference and applies it")
    func delegateAppliesConvertedSnapshot() throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
      let screen = NotesDelegateScreen(context: fixture.context)
      fixture.controller.delegate = screen
      try fixture.controller.performFetch()
      fixture.add("c", group: "work", rank: 2)
      try fixture.context.save()
      #expect(screen.shown == [["a"], ["b", "c"]])
      fixture.note("a").group = "work"
      fixture.note("a").rank = 0
      try fixture.context.save()
      #expect(screen.shown == [["a", "b", "c"]])
      withExtendedLifetime(screen) {}
    }
  }
#endif
