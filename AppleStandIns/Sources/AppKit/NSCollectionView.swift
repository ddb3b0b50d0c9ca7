import BatchUpdateRules
import Foundation
import StandInList

/// An item (cell) of a collection view (AppKit's `NSCollectionViewItem`).
@available(macOS 10.5, *)
@MainActor @preconcurrency
open class NSCollectionViewItem: NSViewController {}

/// A view that can be an element of a collection view (AppKit's `NSCollectionViewElement`).
/// Apple's is an `@objc` protocol whose requirements are all optional; none is used.
@available(macOS 10.11, *)
@MainActor @preconcurrency
public protocol NSCollectionViewElement: NSObjectProtocol {}

/// AppKit's `NSCollectionViewDataSource`. Apple's is an `@objc` protocol; the optional
/// requirements here have default implementations in an extension.
@available(macOS 10.11, *)
@MainActor @preconcurrency
public protocol NSCollectionViewDataSource: NSObjectProtocol {
  /// The number of items in `section`.
  func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int

  /// The item for the index path.
  func collectionView(
    _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> NSCollectionViewItem

  /// Optional. The number of sections; 1 when not implemented.
  func numberOfSections(in collectionView: NSCollectionView) -> Int

  /// Optional. A supplementary view.
  func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView
}

extension NSCollectionViewDataSource {
  /// Not implemented: one section.
  public func numberOfSections(in collectionView: NSCollectionView) -> Int { 1 }

  /// Not implemented: AppKit raises when the layout asks for a supplementary view.
  public func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView {
    preconditionFailure("the data source does not provide supplementary views (kind \(kind) at \(indexPath))")
  }
}

/// AppKit's `NSCollectionView`: keeps its items with UIKit's batch-update rules, which AppKit
/// shares for batches (``standIn``).
@available(macOS 10.5, *)
@MainActor @preconcurrency
open class NSCollectionView: NSView {
  /// How an item is scrolled into view.
  public struct ScrollPosition: OptionSet, @unchecked Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// Creates a scroll position.
    public init(rawValue: UInt) { self.rawValue = rawValue }
  }

  /// The kind of a supplementary element.
  public typealias SupplementaryElementKind = String

  /// Stand-in only: what the view shows and how tests drive it.
  public let standIn = StandInList<NSCollectionViewItem>()

  /// The data source (held weakly).
  @available(macOS 10.11, *)
  weak open var dataSource: (any NSCollectionViewDataSource)? {
    didSet {
      standIn.questions = StandInListQuestions(
        numberOfSections: { [unowned self] in dataSource.map { $0.numberOfSections(in: self) } ?? 0 },
        numberOfItems: { [unowned self] in dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0 },
        cell: { [unowned self] in
          guard let dataSource else { preconditionFailure("NSCollectionView: no data source") }
          return dataSource.collectionView(self, itemForRepresentedObjectAt: $0)
        })
    }
  }

  /// Reloads everything from the data source.
  open func reloadData() { standIn.reloadData() }

  /// Performs the changes made in `updates` as one batch, animated when called through
  /// `animator()`.
  @available(macOS 10.11, *)
  open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {
    standIn.animatesNextBatch = standInAnimatesNextChange
    standInAnimatesNextChange = false
    standIn.performBatchUpdates(updates, completion: completionHandler)
  }

  /// Inserts sections.
  @available(macOS 10.11, *)
  open func insertSections(_ sections: IndexSet) { standIn.record(.insertSections(sections)) }

  /// Deletes sections.
  @available(macOS 10.11, *)
  open func deleteSections(_ sections: IndexSet) { standIn.record(.deleteSections(sections)) }

  /// Reloads sections.
  @available(macOS 10.11, *)
  open func reloadSections(_ sections: IndexSet) { standIn.record(.reloadSections(sections)) }

  /// Moves a section.
  @available(macOS 10.11, *)
  open func moveSection(_ section: Int, toSection newSection: Int) {
    standIn.record(.moveSection(section, to: newSection))
  }

  /// Inserts items.
  @available(macOS 10.11, *)
  open func insertItems(at indexPaths: Set<IndexPath>) { standIn.record(.insertItems(indexPaths.sorted())) }

  /// Deletes items.
  @available(macOS 10.11, *)
  open func deleteItems(at indexPaths: Set<IndexPath>) { standIn.record(.deleteItems(indexPaths.sorted())) }

  /// Reloads items (new items asked from the data source).
  @available(macOS 10.11, *)
  open func reloadItems(at indexPaths: Set<IndexPath>) { standIn.record(.reloadItems(indexPaths.sorted())) }

  /// Moves an item.
  @available(macOS 10.11, *)
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    standIn.record(.moveItem(indexPath, to: newIndexPath))
  }

  /// The item shown at `indexPath`, or nil.
  @available(macOS 10.11, *)
  open func item(at indexPath: IndexPath) -> NSCollectionViewItem? { standIn.cell(at: indexPath) }

  /// The index paths of the items on screen (the stand-in's ``StandInList/visibleWindow``).
  @available(macOS 10.11, *)
  open func indexPathsForVisibleItems() -> Set<IndexPath> { Set(standIn.visibleIndexPaths) }

  /// The selected items.
  @available(macOS 10.11, *)
  open var selectionIndexPaths: Set<IndexPath> {
    get { Set(standIn.selectedIndexPaths) }
    set {
      standIn.deselectAll()
      for indexPath in newValue { standIn.select(indexPath) }
    }
  }

  /// Adds items to the selection.
  @available(macOS 10.11, *)
  open func selectItems(at indexPaths: Set<IndexPath>, scrollPosition: NSCollectionView.ScrollPosition) {
    for indexPath in indexPaths { standIn.select(indexPath) }
  }

  /// Removes items from the selection.
  @available(macOS 10.11, *)
  open func deselectItems(at indexPaths: Set<IndexPath>) {
    for indexPath in indexPaths { standIn.deselect(indexPath) }
  }

  /// Deselects every item.
  open func deselectAll(_ sender: Any?) { standIn.deselectAll() }
}

extension NSCollectionView {
  /// Stand-in only: the layout asks the data source for a supplementary view.
  public func standInSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> NSView? {
    dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
  }
}
