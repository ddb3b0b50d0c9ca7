#if canImport(UIKit)
  import CoreData
  import OpenDiffable
  import OpenDiffableCoreData
  import Testing
  import UIKit

  /// A cell that shows a note's title.
  final class NoteCell: UICollectionViewCell {
    var title = ""
  }

  /// A Core Data screen migrated as the Live data article describes, in a plain class rather
  /// than a view controller subclass: the observer's willChange captures the selection, didChange applies the snapshot
  /// and restores the selection by identifier.
  @MainActor
  final class MigratedNotesScreen {
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    var dataSource: CollectionViewDiffableDataSource<String, NSManagedObjectID>!
    var observer: FetchedResultsSnapshotObserver<String>!
    private var pendingSelection: [NSManagedObjectID] = []

    init(controller: NSFetchedResultsController<Note>) {
      let context = controller.managedObjectContext
      dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { _, _, id in
        let cell = NoteCell()
        cell.title = (context.object(with: id) as! Note).title
        return cell
      }
      observer = FetchedResultsSnapshotObserver(controller: controller)
      observer.willChange = { [weak self] in
        guard let self else { return }
        pendingSelection = (collectionView.indexPathsForSelectedItems ?? []).compactMap(dataSource.itemIdentifier(for:))
      }
      observer.didChange = { [weak self] in self?.reloadSnapshot() }
      try? observer.start()
    }

    private func reloadSnapshot() {
      dataSource.apply(observer.snapshot, animatingDifferences: observer.updateCount > 1) { [weak self] in
        guard let self else { return }
        for id in pendingSelection {
          if let path = dataSource.indexPath(for: id) {
            collectionView.selectItem(at: path, animated: false, scrollPosition: [])
          }
        }
        pendingSelection.removeAll()
      }
    }

    /// The titles the cells show, section by section.
    var shown: [[String]] { collectionView.standIn.cells.map { $0.map { ($0 as! NoteCell).title } } }

    var selectedTitles: [String] {
      (collectionView.indexPathsForSelectedItems ?? []).map { shown[$0.section][$0.item] }
    }
  }

  @Suite("The migrated Core Data screen, end to end on the stand-in UIKit")
  @MainActor
  struct MigratedScreenTests {
    @Test("Updates refresh cells in place, moves keep the selection, the first load does not animate")
    func endToEnd() throws {
      let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1), ("c", "work", 2)])
      let screen = MigratedNotesScreen(controller: fixture.controller)
      #expect(screen.shown == [["a"], ["b", "c"]])
      #expect(screen.collectionView.standIn.log.allSatisfy { $0 != "batch(animated)" })

      screen.collectionView.selectItem(at: IndexPath(item: 0, section: 1), animated: false, scrollPosition: [])
      let b = fixture.note("b")
      b.title = "b, edited"
      try fixture.context.save()
      #expect(screen.shown == [["a"], ["b, edited", "c"]], "the reconfigured cell shows the new title")
      #expect(screen.collectionView.standIn.log.last == "reconfigure")
      #expect(screen.selectedTitles == ["b, edited"])

      b.group = "home"
      b.rank = 0
      try fixture.context.save()
      #expect(screen.shown == [["b, edited", "a"], ["c"]])
      #expect(screen.selectedTitles == ["b, edited"], "selection follows the object into its new section")
    }
  }
#endif
