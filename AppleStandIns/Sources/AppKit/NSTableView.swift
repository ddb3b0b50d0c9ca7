import BatchUpdateRules
import Foundation
import OpenDiffableCore
import StandInList

/// A column of a table view (AppKit's `NSTableColumn`).
@available(macOS 10.0, *)
@MainActor @preconcurrency
open class NSTableColumn: NSObject {
  /// Creates a column.
  @available(macOS 10.10, *)
  public init(identifier: NSUserInterfaceItemIdentifier) {
    self.identifier = identifier
    super.init()
  }

  /// The column's identifier.
  open var identifier: NSUserInterfaceItemIdentifier
}

/// The view of a table row (AppKit's `NSTableRowView`).
@available(macOS 10.7, *)
@MainActor @preconcurrency
open class NSTableRowView: NSView {}

/// AppKit's `NSTableViewDataSource`. Apple's is an `@objc` protocol whose requirements are all
/// optional; the one used has a default implementation in an extension.
@available(macOS 10.0, *)
@MainActor @preconcurrency
public protocol NSTableViewDataSource: NSObjectProtocol {
  /// Optional. The number of rows; 0 when not implemented.
  func numberOfRows(in tableView: NSTableView) -> Int
}

extension NSTableViewDataSource {
  /// Not implemented: no rows.
  public func numberOfRows(in tableView: NSTableView) -> Int { 0 }
}

/// AppKit's `NSTableViewDelegate` (the members a view-based table asks for its views). Apple's is
/// an `@objc` protocol whose requirements are all optional; they have default implementations
/// in an extension.
@available(macOS 10.0, *)
@MainActor @preconcurrency
public protocol NSTableViewDelegate: NSObjectProtocol {
  /// Optional. The view of a cell; `tableColumn` is nil for a group row.
  @available(macOS 10.7, *)
  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?

  /// Optional. The row view of a row.
  @available(macOS 10.7, *)
  func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView?

  /// Optional. Whether a row is a group row.
  @available(macOS 10.5, *)
  func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool

  /// Optional. The selection changed (AppKit registers a delegate that implements it for
  /// `NSTableViewSelectionDidChangeNotification`; the stand-in calls it directly).
  func tableViewSelectionDidChange(_ notification: Notification)
}

extension NSTableViewDelegate {
  /// Not implemented: no view.
  public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? { nil }
  /// Not implemented: the default row view.
  public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? { nil }
  /// Not implemented: no group rows.
  public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { false }
  /// Not implemented: nothing happens.
  public func tableViewSelectionDidChange(_ notification: Notification) {}
}

/// Stand-in only: what a stand-in `NSTableView` shows for one row.
@MainActor
public struct StandInTableRow {
  /// The row view.
  public var rowView: NSTableRowView
  /// Whether the row is a group row.
  public var isGroupRow: Bool
  /// The cell views, one per column (one, for the whole row, when it is a group row).
  public var views: [NSView?]
}

/// AppKit's `NSTableView` (view-based): keeps its rows as one section of UIKit's batch-update
/// rules, applying each `insertRows`/`removeRows` call in turn as AppKit does (``standIn``).
/// At the outermost `endUpdates()` the number of rows must match the data source's.
@available(macOS 10.0, *)
@MainActor @preconcurrency
open class NSTableView: NSControl {
  /// How inserted and removed rows are animated.
  public struct AnimationOptions: OptionSet, @unchecked Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// Creates options.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Fades the rows.
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    /// Leaves a gap.
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    /// Slides up.
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    /// Slides down.
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    /// Slides left.
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    /// Slides right.
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }

  /// Stand-in only: what the view shows and how tests drive it.
  public let standIn = StandInList<StandInTableRow>()

  /// Stand-in only: the animation of every row insertion and removal, in order.
  public var standInRowAnimations: [AnimationOptions] = []

  var updateDepth = 0

  /// The data source (held weakly).
  weak open var dataSource: (any NSTableViewDataSource)? {
    didSet {
      standIn.questions = StandInListQuestions(
        numberOfSections: { 1 },
        numberOfItems: { [unowned self] _ in dataSource?.numberOfRows(in: self) ?? 0 },
        cell: { [unowned self] in makeRow($0.item) })
    }
  }

  /// The delegate (held weakly); a view-based table asks it for its views.
  weak open var delegate: (any NSTableViewDelegate)?

  func makeRow(_ row: Int) -> StandInTableRow {
    let isGroupRow = delegate?.tableView(self, isGroupRow: row) ?? false
    let rowView = delegate?.tableView(self, rowViewForRow: row) ?? NSTableRowView()
    let views =
      isGroupRow
      ? [delegate?.tableView(self, viewFor: nil, row: row)]
      : tableColumns.map { delegate?.tableView(self, viewFor: $0, row: row) }
    return StandInTableRow(rowView: rowView, isGroupRow: isGroupRow, views: views)
  }

  /// The columns.
  open private(set) var tableColumns: [NSTableColumn] = []

  /// The number of columns.
  open var numberOfColumns: Int { tableColumns.count }

  /// Adds a column.
  open func addTableColumn(_ tableColumn: NSTableColumn) { tableColumns.append(tableColumn) }

  /// Reloads everything from the data source.
  open func reloadData() { standIn.reloadData() }

  /// Asks the delegate again for the views of these rows.
  @available(macOS 10.6, *)
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
    for row in rowIndexes { standIn.reconfigure(IndexPath(item: row, section: 0)) }
  }

  /// Starts a group of row changes.
  @available(macOS 10.7, *)
  open func beginUpdates() {
    if !standIn.hasLoaded { standIn.reloadData() }
    updateDepth += 1
  }

  /// Ends a group of row changes; at the outermost, checks the number of rows.
  @available(macOS 10.7, *)
  open func endUpdates() {
    updateDepth -= 1
    if updateDepth == 0 { standIn.checkAgreesWithDataSource(after: "NSTableView endUpdates") }
  }

  func rowChange(_ operations: BatchUpdateOperations, delta: Int) {
    let count = standIn.numberOfSections == 0 ? 0 : standIn.numberOfItems(inSection: 0)
    standIn.apply(operations, counts: [count + delta])
    if updateDepth == 0 { standIn.checkAgreesWithDataSource(after: "NSTableView row change") }
  }

  /// Inserts rows at `indexes` (positions after the insertion).
  @available(macOS 10.7, *)
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    standInRowAnimations.append(animationOptions)
    rowChange(.init(itemInserts: indexes.map { IndexPath(item: $0, section: 0) }), delta: indexes.count)
  }

  /// Removes the rows at `indexes`.
  @available(macOS 10.7, *)
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    standInRowAnimations.append(animationOptions)
    rowChange(.init(itemDeletes: indexes.map { IndexPath(item: $0, section: 0) }), delta: -indexes.count)
  }

  /// Stand-in only: the height of every row, in points.
  public static let standInRowHeight: CGFloat = 20

  /// The range of rows that lie wholly or partly within the vertical bounds of `rect` (every
  /// row is ``standInRowHeight`` high); empty when `rect` has no height or misses every row.
  open func rows(in rect: NSRect) -> NSRange {
    let count = standIn.numberOfSections == 0 ? 0 : standIn.numberOfItems(inSection: 0)
    guard rect.height > 0, count > 0 else { return NSRange(location: 0, length: 0) }
    let first = max(0, Int((rect.minY / Self.standInRowHeight).rounded(.down)))
    let end = min(count, Int((rect.maxY / Self.standInRowHeight).rounded(.up)))
    return first < end ? NSRange(location: first, length: end - first) : NSRange(location: 0, length: 0)
  }

  /// The row view shown at `row`, or nil.
  @available(macOS 10.7, *)
  open func rowView(atRow row: Int, makeIfNecessary: Bool) -> NSTableRowView? {
    standIn.cell(at: IndexPath(item: row, section: 0))?.rowView
  }

  /// The selected rows.
  open var selectedRowIndexes: IndexSet { IndexSet(standIn.selectedIndexPaths.map(\.item)) }

  /// Selects rows, adding to the selection when `extend` is true.
  @available(macOS 10.3, *)
  open func selectRowIndexes(_ indexes: IndexSet, byExtendingSelection extend: Bool) {
    if !extend { standIn.deselectAll() }
    for row in indexes { standIn.select(IndexPath(item: row, section: 0)) }
  }

  /// Stand-in only: the user clicks `row`: it becomes the selection and the delegate hears of
  /// it (`tableViewSelectionDidChange(_:)`, the notification AppKit posts for a user's change).
  public func standInUserSelectRow(_ row: Int) {
    selectRowIndexes(IndexSet(integer: row), byExtendingSelection: false)
    delegate?.tableViewSelectionDidChange(
      Notification(name: Notification.Name("NSTableViewSelectionDidChangeNotification"), object: self))
  }

  /// Deselects a row.
  open func deselectRow(_ row: Int) { standIn.deselect(IndexPath(item: row, section: 0)) }

  /// Deselects every row.
  open func deselectAll(_ sender: Any?) { standIn.deselectAll() }
}
