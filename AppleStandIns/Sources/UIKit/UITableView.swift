import BatchUpdateRules
import Foundation
import StandInList

/// A row of a table view (UIKit's `UITableViewCell`).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UITableViewCell: UIView {
  /// The editing control of a cell.
  public enum EditingStyle: Int, @unchecked Sendable {
    /// No editing control.
    case none = 0
    /// The delete control.
    case delete = 1
    /// The insert control.
    case insert = 2
  }

  /// The label of the cell's text, made when first asked for; nil while a content configuration
  /// is set (see UIListContentConfiguration.swift).
  @available(
    iOS, introduced: 3.0, deprecated: 100000,
    message: "Use UIListContentConfiguration instead, this property will be deprecated in a future release."
  )
  open var textLabel: UILabel? { standInTextLabel }
}

/// UIKit's `UITableViewDataSource`. Apple's is an `@objc` protocol; the optional requirements
/// here have default implementations in an extension, giving UIKit's documented behaviour when a
/// data source does not implement them.
@available(iOS 2.0, *)
@MainActor @preconcurrency
public protocol UITableViewDataSource: NSObjectProtocol {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for the row at `indexPath`.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell

  /// Optional. The number of sections; 1 when not implemented.
  func numberOfSections(in tableView: UITableView) -> Int

  /// Optional. The title of a section's header; none when not implemented.
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?

  /// Optional. The title of a section's footer; none when not implemented.
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?

  /// Optional. Whether the row is editable; true when not implemented (UIKit's documentation:
  /// "If this method is not implemented, all rows are assumed to be editable").
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool

  /// Optional. Whether the row can be moved; false when not implemented.
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// Optional. The section index titles.
  func sectionIndexTitles(for tableView: UITableView) -> [String]?

  /// Optional. The section an index title leads to.
  func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int

  /// Optional. Commits the insertion or deletion of a row.
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)

  /// Optional. Commits an interactive move.
  func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
  /// Not implemented: one section.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  /// Not implemented: no title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  /// Not implemented: no title.
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  /// Not implemented: every row is editable.
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented: rows cannot be moved.
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  /// Not implemented: no index.
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  /// Not implemented: the section at `index`.
  public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    index
  }
  /// Not implemented: nothing happens.
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
  /// Not implemented: nothing happens.
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}

/// UIKit's `UITableView`: keeps its rows with UIKit's batch-update rules (``standIn``).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UITableView: UIScrollView {
  /// The style of a table.
  public enum Style: Int, @unchecked Sendable {
    /// A plain table.
    case plain = 0
    /// Grouped sections.
    case grouped = 1
    /// Inset grouped sections (not on tvOS).
    @available(iOS 13.0, *) @available(tvOS, unavailable) case insetGrouped = 2
  }

  /// How inserted, deleted and reloaded rows are animated.
  public enum RowAnimation: Int, @unchecked Sendable {
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  /// Where a row is scrolled to.
  public enum ScrollPosition: Int, @unchecked Sendable {
    case none = 0
    case top = 1
    case middle = 2
    case bottom = 3
  }

  /// Stand-in only: what the view shows and how tests drive it.
  public let standIn = StandInList<UITableViewCell>()

  /// Stand-in only: the row animation of every row change, in order.
  public var standInRowAnimations: [RowAnimation] = []

  /// Creates a table.
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init(frame: frame)
  }

  /// Creates a table view from an archive; the stand-in loads no archives and stops.
  public required init?(coder: NSCoder) {
    preconditionFailure("UITableView stand-in: init(coder:) is not supported (no archives on Linux)")
  }

  /// The style (read-only: UIKit's header declares `@property (nonatomic, readonly) UITableViewStyle style`).
  open private(set) var style: UITableView.Style

  /// The data source (held weakly).
  weak open var dataSource: (any UITableViewDataSource)? {
    didSet {
      standIn.questions = StandInListQuestions(
        numberOfSections: { [unowned self] in dataSource.map { $0.numberOfSections(in: self) } ?? 0 },
        numberOfItems: { [unowned self] in dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 },
        cell: { [unowned self] in
          guard let dataSource else { preconditionFailure("UITableView: no data source") }
          return dataSource.tableView(self, cellForRowAt: $0)
        })
    }
  }

  /// Reloads everything from the data source.
  open func reloadData() { standIn.reloadData() }

  /// Performs the changes made in `updates` as one animated batch.
  @available(iOS 11.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    standIn.performBatchUpdates(updates, completion: completion)
  }

  /// Inserts sections.
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.insertSections(sections))
  }

  /// Deletes sections.
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.deleteSections(sections))
  }

  /// Reloads sections.
  @available(iOS 3.0, *)
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.reloadSections(sections))
  }

  /// Moves a section.
  @available(iOS 5.0, *)
  open func moveSection(_ section: Int, toSection newSection: Int) {
    standIn.record(.moveSection(section, to: newSection))
  }

  /// Inserts rows.
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.insertItems(indexPaths))
  }

  /// Deletes rows.
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.deleteItems(indexPaths))
  }

  /// Reloads rows (new cells).
  @available(iOS 3.0, *)
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    standInRowAnimations.append(animation)
    standIn.record(.reloadItems(indexPaths))
  }

  /// Moves a row.
  @available(iOS 5.0, *)
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    standIn.record(.moveItem(indexPath, to: newIndexPath))
  }

  /// Updates the rows at `indexPaths` in place by asking the data source for their cells again.
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    for indexPath in indexPaths { standIn.reconfigure(indexPath) }
  }

  /// The cell shown at `indexPath`, or nil.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { standIn.cell(at: indexPath) }

  /// The rows on screen (the stand-in's ``StandInList/visibleWindow``); nil when none is.
  open var indexPathsForVisibleRows: [IndexPath]? {
    let paths = standIn.visibleIndexPaths
    return paths.isEmpty ? nil : paths
  }

  /// The selected rows.
  @available(iOS 5.0, *)
  open var indexPathsForSelectedRows: [IndexPath]? { standIn.selectedIndexPaths }

  /// Selects a row; nil clears the selection.
  open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {
    standIn.select(indexPath)
  }

  /// Deselects a row.
  open func deselectRow(at indexPath: IndexPath, animated: Bool) { standIn.deselect(indexPath) }

  private var standInRegisteredCells: [String: AnyClass] = [:]

  /// Registers the class of the cells to create for `identifier`; nil unregisters it.
  @available(iOS 6.0, *)
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    standInRegisteredCells[identifier] = cellClass
  }

  /// A cell of the class registered for `identifier`. The stand-in keeps no reuse pool: each
  /// call makes a new cell. Without the Objective-C runtime it can make `UITableViewCell` itself
  /// only (a subclass's initializer cannot be called through a metatype that has no `required`
  /// one); any other class, or an unregistered identifier, stops the process, as UIKit raises.
  @available(iOS 6.0, *)
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    guard let cellClass = standInRegisteredCells[identifier] else {
      preconditionFailure("UITableView: unable to dequeue a cell with identifier \(identifier): register a class")
    }
    precondition(
      cellClass == UITableViewCell.self,
      "UITableView stand-in: can make UITableViewCell only, not \(cellClass) (see dequeueReusableCell)")
    return UITableViewCell(frame: .zero)
  }
}

extension UITableView {
  /// Stand-in only: the user drags the row at `source` to `destination` with its reorder
  /// control, as in UIKit's editing mode: the control shows only on a row the data source says
  /// is editable (`canEditRowAt`) and movable (`canMoveRowAt`); the row moves, then the table
  /// calls `moveRowAt`. Returns false (nothing moved) when the data source refuses.
  @discardableResult
  public func standInUserMovesRow(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard let dataSource, dataSource.tableView(self, canEditRowAt: source),
      dataSource.tableView(self, canMoveRowAt: source)
    else { return false }
    standIn.apply(
      .init(itemMoves: [.init(from: source, to: destination)]),
      counts: standIn.countsAfterMoving(from: source, to: destination))
    dataSource.tableView(self, moveRowAt: source, to: destination)
    standIn.checkAgreesWithDataSource(after: "moveRowAt")
    return true
  }

  /// Stand-in only: the user swipes the row at `indexPath` and taps Delete. UIKit offers the
  /// swipe only when the data source says the row is editable; then it calls
  /// `commit(.delete, forRowAt:)`. Returns whether the swipe was offered.
  @discardableResult
  public func standInUserSwipesToDelete(at indexPath: IndexPath) -> Bool {
    guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return false }
    dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
    return true
  }

  /// Stand-in only: the header and footer titles the table shows for `section`.
  public func standInTitles(ofSection section: Int) -> (header: String?, footer: String?) {
    (
      dataSource?.tableView(self, titleForHeaderInSection: section),
      dataSource?.tableView(self, titleForFooterInSection: section)
    )
  }
}
