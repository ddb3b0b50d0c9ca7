#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // UIKit's own members satisfy every requirement: these conformances are empty, and the
  // compiler checks that the spellings in DiffableListHost and DiffableTableHost are exact.

  extension UICollectionView: DiffableListHost {}

  extension UITableView: DiffableTableHost {}

  extension UITableView.RowAnimation: DiffableTableRowAnimation {}

  extension UITableView.ScrollPosition: DiffableTableScrollPosition {}

  extension DiffableListHost where Self: UIView {
    /// Runs `actions` inside `UIView.performWithoutAnimation(_:)`.
    public func performWithoutAnimation(_ actions: () -> Void) {
      UIView.performWithoutAnimation(actions)
    }
  }

  extension DiffableTableHost where Self: UIView {
    /// Runs `actions` inside `UIView.performWithoutAnimation(_:)`.
    public func performWithoutAnimation(_ actions: () -> Void) {
      UIView.performWithoutAnimation(actions)
    }
  }
#endif
