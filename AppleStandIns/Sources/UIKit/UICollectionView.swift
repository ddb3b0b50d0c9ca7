import BatchUpdateRules
import Foundation
import StandInList

/// The layout of a collection view (UIKit's `UICollectionViewLayout`; only the class is used).
@available(iOS 6.0, *)
@MainActor @preconcurrency
open class UICollectionViewLayout: NSObject {
  /// Creates a layout.
  public override init() { super.init() }
}

/// A view of a collection view that the data source supplies (UIKit's
/// `UICollectionReusableView`): cells, headers, footers.
@available(iOS 6.0, *)
@MainActor @preconcurrency
open class UICollectionReusableView: UIView {}

/// A collection view's cell (UIKit's `UICollectionViewCell`).
@available(iOS 6.0, *)
@MainActor @preconcurrency
open class UICollectionViewCell: UICollectionReusableView {}

/// A collection view cell with list styling (UIKit's `UICollectionViewListCell`).
@available(iOS 14.0, tvOS 14.0, *)
@MainActor @preconcurrency
open class UICollectionViewListCell: UICollectionViewCell {
  /// The level of indentation of the cell's content.
  open var indentationLevel: Int = 0

  /// Stand-in storage of ``accessories`` (an extension cannot hold it; not Apple API).
  var _standInAccessories: [UICellAccessory] = []
}

// UIKit declares `accessories` in an extension of the Swift overlay (not `open`: a subclass
// cannot override it).
@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewListCell {
  /// The cell's accessories.
  @available(iOS 14.0, tvOS 14.0, *)
  public var accessories: [UICellAccessory] {
    get { _standInAccessories }
    set { _standInAccessories = newValue }
  }
}

/// UIKit's `UICollectionViewDataSource`. Apple's is an `@objc` protocol; the optional
/// requirements here have default implementations in an extension, giving UIKit's documented
/// behaviour when a data source does not implement them.
@available(iOS 6.0, *)
@MainActor @preconcurrency
public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// The number of items in `section`.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int

  /// The cell for the item at `indexPath`.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell

  /// Optional. The number of sections; 1 when not implemented.
  func numberOfSections(in collectionView: UICollectionView) -> Int

  /// Optional. A supplementary view.
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView

  /// Optional. Whether the item can be moved; false when not implemented.
  @available(iOS 9.0, *)
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool

  /// Optional. Commits an interactive move.
  @available(iOS 9.0, *)
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)

  /// Optional. The index titles.
  @available(iOS 14.0, *)
  func indexTitles(for collectionView: UICollectionView) -> [String]?

  /// Optional. The index path an index title leads to.
  @available(iOS 14.0, *)
  func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
}

extension UICollectionViewDataSource {
  /// Not implemented: one section.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

  /// Not implemented: UIKit raises when the layout asks for a supplementary view.
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    preconditionFailure("the data source does not provide supplementary views (kind \(kind) at \(indexPath))")
  }

  /// Not implemented: items cannot be moved.
  public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    false
  }

  /// Not implemented: nothing happens.
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}

  /// Not implemented: no index titles.
  public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

  /// Not implemented: UIKit raises if it asks.
  public func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    preconditionFailure("the data source does not implement collectionView(_:indexPathForIndexTitle:at:)")
  }
}

/// UIKit's `UICollectionView`: keeps its rows with UIKit's batch-update rules (``standIn``).
@available(iOS 6.0, *)
@MainActor @preconcurrency
open class UICollectionView: UIScrollView {
  /// How an item is scrolled into view.
  public struct ScrollPosition: OptionSet, @unchecked Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// Creates a scroll position.
    public init(rawValue: UInt) { self.rawValue = rawValue }
  }

  /// Stand-in only: what the view shows and how tests drive it.
  public let standIn = StandInList<UICollectionViewCell>()

  /// Creates a collection view.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    self.collectionViewLayout = layout
    super.init(frame: frame)
  }

  /// Creates a collection view from an archive; the stand-in loads no archives and stops.
  public required init?(coder: NSCoder) {
    preconditionFailure("UICollectionView stand-in: init(coder:) is not supported (no archives on Linux)")
  }

  /// The cell of the row the view is asking for again (`reconfigureItems(at:)`), which
  /// `dequeueConfiguredReusableCell` returns; nil while it asks for a new row's cell.
  var standInReconfiguredCell: UICollectionViewCell?

  /// The layout.
  open var collectionViewLayout: UICollectionViewLayout

  /// The data source (held weakly).
  weak open var dataSource: (any UICollectionViewDataSource)? {
    didSet {
      standIn.questions = StandInListQuestions(
        numberOfSections: { [unowned self] in dataSource.map { $0.numberOfSections(in: self) } ?? 0 },
        numberOfItems: { [unowned self] in dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0 },
        cell: { [unowned self] indexPath in
          guard let dataSource else { preconditionFailure("UICollectionView: no data source") }
          // A row that has a cell is asked again to reconfigure it: dequeueing returns that cell.
          let previous = standInReconfiguredCell
          standInReconfiguredCell = standIn.cell(at: indexPath)
          standInCellRequests.withLock { $0 += 1 }
          defer {
            standInCellRequests.withLock { $0 -= 1 }
            standInReconfiguredCell = previous
          }
          return dataSource.collectionView(self, cellForItemAt: indexPath)
        })
    }
  }

  /// Reloads everything from the data source.
  open func reloadData() { standIn.reloadData() }

  /// Performs the changes made in `updates` as one animated batch.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    standIn.performBatchUpdates(updates, completion: completion)
  }

  /// Inserts sections.
  open func insertSections(_ sections: IndexSet) { standIn.record(.insertSections(sections)) }

  /// Deletes sections.
  open func deleteSections(_ sections: IndexSet) { standIn.record(.deleteSections(sections)) }

  /// Reloads sections.
  open func reloadSections(_ sections: IndexSet) { standIn.record(.reloadSections(sections)) }

  /// Moves a section.
  open func moveSection(_ section: Int, toSection newSection: Int) {
    standIn.record(.moveSection(section, to: newSection))
  }

  /// Inserts items.
  open func insertItems(at indexPaths: [IndexPath]) { standIn.record(.insertItems(indexPaths)) }

  /// Deletes items.
  open func deleteItems(at indexPaths: [IndexPath]) { standIn.record(.deleteItems(indexPaths)) }

  /// Reloads items (new cells).
  open func reloadItems(at indexPaths: [IndexPath]) { standIn.record(.reloadItems(indexPaths)) }

  /// Moves an item.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    standIn.record(.moveItem(indexPath, to: newIndexPath))
  }

  /// Updates the cells at `indexPaths` in place by asking the data source for them again.
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    for indexPath in indexPaths { standIn.reconfigure(indexPath) }
  }

  /// The cell shown at `indexPath`, or nil.
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { standIn.cell(at: indexPath) }

  /// The selected items.
  open var indexPathsForSelectedItems: [IndexPath]? { standIn.selectedIndexPaths }

  /// The items whose cells are on screen (the stand-in's ``StandInList/visibleWindow``).
  open var indexPathsForVisibleItems: [IndexPath] { standIn.visibleIndexPaths }

  /// Selects an item; nil clears the selection.
  open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {
    standIn.select(indexPath)
  }

  /// Deselects an item.
  open func deselectItem(at indexPath: IndexPath, animated: Bool) { standIn.deselect(indexPath) }

  private var standInRegisteredCells: [String: AnyClass] = [:]

  /// Registers the class of the cells to create for `identifier`; nil unregisters it.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    standInRegisteredCells[identifier] = cellClass
  }

  /// A cell of the class registered for `identifier`. The stand-in keeps no reuse pool: each
  /// call makes a new cell. Without the Objective-C runtime it can make `UICollectionViewCell`
  /// and `UICollectionViewListCell` only (a subclass's initializer cannot be called through a
  /// metatype that has no `required` one); any other class, or an unregistered identifier,
  /// stops the process, as UIKit raises.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard let cellClass = standInRegisteredCells[identifier] else {
      preconditionFailure(
        "UICollectionView: could not dequeue a view of kind: UICollectionElementKindCell with identifier "
          + "\(identifier) - must register a nib or a class for the identifier")
    }
    if cellClass == UICollectionViewCell.self { return UICollectionViewCell(frame: .zero) }
    if cellClass == UICollectionViewListCell.self { return UICollectionViewListCell(frame: .zero) }
    preconditionFailure(
      "UICollectionView stand-in: can make UICollectionViewCell and UICollectionViewListCell only, not "
        + "\(cellClass) (see dequeueReusableCell)")
  }
}

extension UICollectionView {
  /// Stand-in only: the user drags the item at `source` to `destination`, as UIKit's
  /// interactive movement does: asks `canMoveItemAt`, moves the row, then calls `moveItemAt`.
  /// Returns false (nothing moved) when the data source refuses.
  @discardableResult
  public func standInUserMovesItem(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard let dataSource, dataSource.collectionView(self, canMoveItemAt: source) else { return false }
    standIn.apply(
      .init(itemMoves: [.init(from: source, to: destination)]),
      counts: standIn.countsAfterMoving(from: source, to: destination))
    dataSource.collectionView(self, moveItemAt: source, to: destination)
    standIn.checkAgreesWithDataSource(after: "moveItemAt")
    return true
  }

  /// Stand-in only: the layout asks the data source for a supplementary view.
  public func standInSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
    dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
  }
}
