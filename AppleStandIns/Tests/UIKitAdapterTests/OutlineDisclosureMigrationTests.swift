import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing
import UIKit

@MainActor
@Suite("Outline disclosure after a migration by renaming (issue 26, finding 1)", .serialized)
struct OutlineDisclosureMigrationTests {
  /// The outline screen of Apple's samples, renamed: the cell provider sets UIKit's default
  /// `.outlineDisclosure()` (Apple's data source wires its action privately).
  func makeMigratedScreen(
    configure:
      @escaping @MainActor (UICollectionViewListCell, CollectionViewDiffableDataSource<String, Int>, Int) -> Void
  ) -> (UICollectionView, CollectionViewDiffableDataSource<String, Int>) {
    final class Holder { var dataSource: CollectionViewDiffableDataSource<String, Int>? }
    let holder = Holder()
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, item in
      let cell = UICollectionViewListCell()
      configure(cell, holder.dataSource!, item)
      return cell
    }
    holder.dataSource = dataSource
    dataSource.apply(snapshot([("tree", [])]))
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2, 3])
    outline.append([10], to: 1)
    outline.append([20], to: 2)
    dataSource.apply(outline, to: "tree")
    return (view, dataSource)
  }

  /// The warnings `body` raised.
  func capturingWarnings(_ body: () -> Void) -> [String] {
    OpenDiffableWarningCollector.collect(body).warnings
  }

  @Test("A default .outlineDisclosure() from the cell provider warns once, naming outlineDisclosureAccessory(for:)")
  func defaultAccessoryWarnsOnce() {
    var screen: (UICollectionView, CollectionViewDiffableDataSource<String, Int>)?
    let warnings = capturingWarnings {
      screen = makeMigratedScreen { cell, _, _ in
        cell.accessories = [.outlineDisclosure()]
      }
    }
    #expect(warnings.count == 1, "one warning for the first such cell, not one per cell")
    #expect(warnings.first?.hasPrefix("OpenDiffable: ") == true)
    #expect(warnings.first?.contains("outlineDisclosureAccessory(for:)") == true)
    // The tap does nothing (UIKit's public API gives no way to read or supply the accessory's
    // action): the warning is what tells the developer.
    let (view, dataSource) = screen!
    (view.cellForItem(at: [0, 0]) as! UICollectionViewListCell).accessories.first?.standInTap()
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
  }

  @Test("The fix: outlineDisclosureAccessory(for:) expands on tap and does not warn")
  func fixedScreenExpands() {
    var screen: (UICollectionView, CollectionViewDiffableDataSource<String, Int>)?
    let warnings = capturingWarnings {
      screen = makeMigratedScreen { cell, dataSource, item in
        cell.accessories = [dataSource.outlineDisclosureAccessory(for: item)]
      }
    }
    #expect(warnings.isEmpty)
    let (view, dataSource) = screen!
    (view.cellForItem(at: [0, 0]) as! UICollectionViewListCell).accessories.first?.standInTap()
    #expect(dataSource.snapshot().itemIdentifiers == [1, 10, 2, 3])
  }
}
