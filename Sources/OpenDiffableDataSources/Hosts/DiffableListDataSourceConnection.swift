import Foundation

/// What a host that pulls its data asks its data source: the shape of the list and the cells.
///
/// The equivalent of UIKit's `UICollectionViewDataSource`, for hosts that are not UIKit or
/// AppKit views, and the one way a host asks: a data source hands one to its host once, through
/// ``DiffableListHost/attachDataSource(_:)``. It holds the data source weakly: once the data
/// source is gone it reports an empty list.
///
/// All answers describe the state the host must show *now*: inside a batch
/// (``DiffableListHost/performBatchUpdates(_:completion:)``) they already describe the state
/// after the batch, as UIKit's data source does.
@MainActor
public final class DiffableListDataSourceConnection<Cell> {
  private weak var source: (any _DiffableListDataSourceConnectionSource)?
  private let makeCell: @MainActor (IndexPath) -> Cell

  init(source: any _DiffableListDataSourceConnectionSource, makeCell: @escaping @MainActor (IndexPath) -> Cell) {
    self.source = source
    self.makeCell = makeCell
  }

  /// Whether the data source still exists.
  public var isConnected: Bool { source != nil }

  /// The number of sections. O(1).
  public func numberOfSections() -> Int { source?._numberOfSections ?? 0 }

  /// The number of items in the section at `section`; 0 when out of range. O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    source?._numberOfItems(inSection: section) ?? 0
  }

  /// The cell for the item at `indexPath`, made by the data source's cell provider.
  ///
  /// Stops the process with a `OpenDiffable: cell provider: …` message when there is no item at
  /// `indexPath`, when the data source is gone, or when the cell provider returns nil.
  /// - Complexity: O(1) plus the cell provider.
  public func cellForItem(at indexPath: IndexPath) -> Cell {
    guard source != nil else {
      _dataSourceMisuse(
        "cellForItem(at:)", "the data source of this host no longer exists (asked for \(indexPath))",
        fix: "Keep a strong reference to the data source for as long as its host is shown")
    }
    return makeCell(indexPath)
  }

  /// The identifier of the section at `section`, type-erased; nil when out of range. O(1).
  public func sectionIdentifier(at section: Int) -> AnyHashable? {
    source?._sectionIdentifier(at: section)
  }

  /// The identifier of the item at `indexPath`, type-erased; nil when there is none. O(1).
  public func itemIdentifier(at indexPath: IndexPath) -> AnyHashable? {
    source?._itemIdentifier(at: indexPath)
  }

  /// The title of the header of the section at `section`, from the data source's
  /// `sectionHeaderTitleProvider`; nil when there is none. O(1) plus the provider.
  public func titleForHeader(inSection section: Int) -> String? {
    source?._titleForHeader(inSection: section)
  }

  /// The title of the footer of the section at `section`, from the data source's
  /// `sectionFooterTitleProvider`; nil when there is none. O(1) plus the provider.
  public func titleForFooter(inSection section: Int) -> String? {
    source?._titleForFooter(inSection: section)
  }

  /// How deep the item at `indexPath` is in its section's outline (0 for roots and for sections
  /// not managed by a section snapshot). O(1) average.
  public func outlineLevel(ofItemAt indexPath: IndexPath) -> Int {
    source?._outlineLevel(ofItemAt: indexPath) ?? 0
  }

  /// The outline state of the item at `indexPath`: nil when it has no children (or its section
  /// is not an outline), otherwise whether it is expanded. O(1) average.
  public func outlineExpansion(ofItemAt indexPath: IndexPath) -> Bool? {
    source?._outlineExpansion(ofItemAt: indexPath)
  }
}

extension DiffableListDataSourceConnection {
  /// Whether the user may pick up the item at `indexPath` (the data source's reordering
  /// handlers decide). O(1) plus the handler.
  public func canMoveItem(at indexPath: IndexPath) -> Bool {
    source?._canMoveItem(at: indexPath) ?? false
  }

  /// Tells the data source that the user moved an item and the host already shows the move
  /// (UIKit's `collectionView(_:moveItemAt:to:)`): the data source builds a
  /// ``DiffableDataSourceTransaction``, calls the reordering handlers' `willReorder`, makes the
  /// moved order its snapshot without calling the host, then calls `didReorder`.
  ///
  /// `destinationIndexPath` is the item's position after the move, as UIKit reports it. From a
  /// section applied as an outline the item leaves with its descendants; into an outline it goes
  /// next to the row it was dropped before, at that row's level. When an outline's visible rows
  /// then differ from what the host shows, the data source applies the outline before
  /// `didReorder`.
  ///
  /// Stops the process when there is no item at `sourceIndexPath`, the destination is out of
  /// range, or it is called from inside an apply.
  /// - Complexity: O(n) for n items, plus the outline applies.
  public func moveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    source?._moveItem(at: sourceIndexPath, to: destinationIndexPath)
  }

  /// Asks the data source to expand (`true`) or collapse (`false`) the outline item at
  /// `indexPath`, through its section-snapshot handlers; returns whether it will. The data
  /// source then applies the change to the host.
  /// - Parameters:
  ///   - expanded: true to expand the item, false to collapse it.
  ///   - indexPath: the position of the outline item.
  /// - Returns: whether the data source will expand or collapse the item.
  @discardableResult
  public func setOutlineExpanded(_ expanded: Bool, ofItemAt indexPath: IndexPath) -> Bool {
    source?._setOutlineExpanded(expanded, ofItemAt: indexPath) ?? false
  }
}

/// The data source side of a connection (implemented by ``DiffableDataSource``).
@MainActor
protocol _DiffableListDataSourceConnectionSource: AnyObject {
  var _numberOfSections: Int { get }
  func _numberOfItems(inSection section: Int) -> Int
  func _sectionIdentifier(at section: Int) -> AnyHashable?
  func _itemIdentifier(at indexPath: IndexPath) -> AnyHashable?
  func _titleForHeader(inSection section: Int) -> String?
  func _titleForFooter(inSection section: Int) -> String?
  func _outlineLevel(ofItemAt indexPath: IndexPath) -> Int
  func _outlineExpansion(ofItemAt indexPath: IndexPath) -> Bool?
  func _canMoveItem(at indexPath: IndexPath) -> Bool
  func _moveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
  func _setOutlineExpanded(_ expanded: Bool, ofItemAt indexPath: IndexPath) -> Bool
}
