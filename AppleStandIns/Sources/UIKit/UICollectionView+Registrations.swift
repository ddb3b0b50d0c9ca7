import Foundation
import Synchronization

// Stand-in for UIKit's cell and supplementary registrations (iOS 14), as the iOS 18.1 UIKit Swift
// interface declares them (see DECLARATIONS.md, "UIKit: list screens"). A registration holds a
// handler; dequeueing runs it on a cell. The stand-in has no reuse pool: a dequeue makes a new
// view, except while the collection view asks again for the cell of a row that has one
// (`reconfigureItems(at:)`), when it returns that cell, as UIKit does.

/// How many cell requests (`collectionView(_:cellForItemAt:)`) are under way: a registration
/// made during one was made inside a cell provider (not Apple API).
let standInCellRequests = Mutex(0)

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionView {
  /// A registration for the collection view's cells (UIKit's `UICollectionView.CellRegistration`).
  public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
    /// Configures a dequeued cell for an item.
    public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void

    let handler: Handler
    /// Whether the registration was made while the collection view asked for a cell (UIKit 15
    /// raises when it is used).
    let madeInsideCellRequest: Bool

    /// Creates a registration whose `handler` configures each cell dequeued with it.
    public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {
      self.handler = handler
      madeInsideCellRequest = standInCellRequests.withLock { $0 > 0 }
    }
  }

  /// A registration for the collection view's supplementary views (UIKit's
  /// `UICollectionView.SupplementaryRegistration`).
  public struct SupplementaryRegistration<Supplementary> where Supplementary: UICollectionReusableView {
    /// Configures a dequeued supplementary view.
    public typealias Handler = (
      _ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath
    ) -> Void

    let elementKind: String
    let handler: Handler

    /// Creates a registration for views of `elementKind` whose `handler` configures each view
    /// dequeued with it.
    public init(
      elementKind: String, handler: @escaping UICollectionView.SupplementaryRegistration<Supplementary>.Handler
    ) {
      self.elementKind = elementKind
      self.handler = handler
    }
  }

  /// A cell of the registration's class, configured by its handler for `item` (the handler does
  /// not run for a nil item). Made anew, except while the view asks again for the cell of a row
  /// that has one (a reconfigure), when it is that cell. Stops the process, as UIKit 15 raises,
  /// when the registration was made inside a cell provider.
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell where Cell: UICollectionViewCell {
    if registration.madeInsideCellRequest {
      preconditionFailure(
        "Attempted to dequeue a cell using a registration that was created inside "
          + "-collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider. "
          + "Creating a new registration each time a cell is requested will prevent reuse and cause created cells "
          + "to remain inaccessible in memory for the lifetime of the collection view. Registrations should be "
          + "created up front and reused. Registration: \(type(of: registration))")
    }
    let cell = (standInReconfiguredCell as? Cell) ?? Self.standInMake(Cell.self)
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// A supplementary view of the registration's class and element kind, configured by its
  /// handler. Made anew each time.
  public func dequeueConfiguredReusableSupplementary<Supplementary>(
    using registration: UICollectionView.SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary where Supplementary: UICollectionReusableView {
    let view = Self.standInMake(Supplementary.self)
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }

  /// A new view of `type`. Without the Objective-C runtime a class's initializer can be called
  /// through its metatype only when it is `required` (`init(frame:)` is not), so the stand-in
  /// makes UIKit's own classes only: `UICollectionViewListCell`, `UICollectionViewCell` and
  /// `UICollectionReusableView`; any other class stops the process with a message.
  static func standInMake<View: UICollectionReusableView>(_ type: View.Type) -> View {
    let made: UICollectionReusableView
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(UICollectionViewListCell.self): made = UICollectionViewListCell(frame: .zero)
    case ObjectIdentifier(UICollectionViewCell.self): made = UICollectionViewCell(frame: .zero)
    case ObjectIdentifier(UICollectionReusableView.self): made = UICollectionReusableView(frame: .zero)
    default:
      preconditionFailure(
        "UICollectionView stand-in: a registration can make UICollectionViewListCell, UICollectionViewCell or "
          + "UICollectionReusableView only, not \(type) (see dequeueConfiguredReusableCell)")
    }
    return made as! View
  }
}
