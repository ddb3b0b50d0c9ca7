import Foundation

/// How a selected item is scrolled into view: the ``TerminalListView`` flavour of
/// `UICollectionView.ScrollPosition`. The list view always scrolls as little as possible, so
/// the value only has to exist for `DiffableListHost`.
public struct TerminalScrollPosition: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a position from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Bring the item to the top of the view.
  public static let top = TerminalScrollPosition(rawValue: 1)
  /// Bring the item to the bottom of the view.
  public static let bottom = TerminalScrollPosition(rawValue: 2)
}

/// The terminal list view is a `DiffableListHost`: the generic `DiffableDataSource` drives it
/// with the same calls it makes on a `UICollectionView`, and it pulls counts, titles, outline
/// levels and cells through the ``DiffableListDataSourceConnection`` it is given.
