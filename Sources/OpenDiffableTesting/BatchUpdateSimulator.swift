import Foundation
import OpenDiffableCore

/// A simulated collection or table view: rows of identifiers, updated by batch updates that are
/// interpreted exactly as UIKit's `performBatchUpdates(_:completion:)` interprets them, with a
/// descriptive `BatchUpdateError` for every rule UIKit enforces.
///
/// Each row remembers the identifier its cell shows. A row keeps its cell when it survives the
/// update or is moved; it gets a newly loaded cell, showing the data source's identifier at its
/// new position, when it is inserted or reloaded (directly or through its section). After an
/// update, the list therefore shows exactly what a real list view would show, and a wrong batch
/// shows up as a row with a stale identifier even when UIKit would not have raised.
///
/// The batch is read by OpenDiffable's core batch model,
/// `BatchUpdateOperations/placement(oldItemCounts:newItemCounts:)`, which applies UIKit's rules
/// (positions before and after the update, reloads as delete plus insert, survivors filling the
/// free positions in order, the count rules); the simulator keeps identifiers in the rows and
/// adds the checks of the result.
///
/// ```swift
/// var list = BatchUpdateSimulator(oldSnapshot)
/// try list.performBatchUpdates(SnapshotChangeset(from: oldSnapshot, to: newSnapshot), dataSource: newSnapshot)
/// #expect(list.sectionIdentifiers == newSnapshot.sectionIdentifiers)
/// ```
///
/// For the common check, use ``validate(_:from:to:)``.
public struct BatchUpdateSimulator<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The snapshot type that plays the data source.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// One row (cell) of the simulated list.
  public struct Row: Hashable {
    /// The identifier the row's cell shows.
    public var identifier: ItemIdentifierType
    /// Whether the cell was loaded from the data source by the last update (insert or reload).
    public var isLoaded: Bool
    /// Whether the cell was reconfigured after the last update.
    public var isReconfigured: Bool

    /// Creates a row showing `identifier`.
    public init(identifier: ItemIdentifierType, isLoaded: Bool = false, isReconfigured: Bool = false) {
      self.identifier = identifier
      self.isLoaded = isLoaded
      self.isReconfigured = isReconfigured
    }
  }

  /// One section of the simulated list.
  public struct Section: Hashable {
    /// The identifier the section (its header) shows.
    public var identifier: SectionIdentifierType
    /// Whether the section was loaded from the data source by the last update (insert or
    /// reload).
    public var isLoaded: Bool
    /// The section's rows, in order.
    public var rows: [Row]

    /// Creates a section.
    public init(identifier: SectionIdentifierType, isLoaded: Bool = false, rows: [Row]) {
      self.identifier = identifier
      self.isLoaded = isLoaded
      self.rows = rows
    }
  }

  /// The sections, in display order.
  public private(set) var sections: [Section] = []

  /// An empty list.
  public init() {}

  /// A list showing `snapshot`, as after `reloadData()`.
  ///
  /// - Complexity: O(n).
  public init(_ snapshot: Snapshot) {
    reloadData(snapshot)
  }

  /// Shows `snapshot` without a batch update, as `reloadData()` does. Reload marks are ignored.
  ///
  /// - Complexity: O(n).
  public mutating func reloadData(_ snapshot: Snapshot) {
    sections = snapshot.sectionIdentifiers.map { section in
      Section(identifier: section, rows: snapshot.itemIdentifiers(inSection: section).map { Row(identifier: $0) })
    }
  }

  /// The identifiers the sections show, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.identifier) }

  /// The identifiers the rows of the section at `position` show, in order.
  ///
  /// - Precondition: `position` is a valid section position.
  public func itemIdentifiers(inSection position: Int) -> [ItemIdentifierType] {
    sections[position].rows.map(\.identifier)
  }

  /// Applies `changeset` as one batch update, `dataSource` giving the state after the update
  /// (counts, and the identifiers of loaded cells). See the `BatchUpdateOperations` overload.
  ///
  /// - Throws: `BatchUpdateError` naming the first rule the batch breaks; the list is then
  ///   unchanged.
  /// - Parameters:
  ///   - changeset: the batch to perform, in UIKit's coordinates.
  ///   - dataSource: the snapshot the list shows after the batch.
  /// - Complexity: O(n + k log k), n rows and k operations.
  public mutating func performBatchUpdates(
    _ changeset: SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>, dataSource: Snapshot
  ) throws(BatchUpdateError) {
    try performBatchUpdates(BatchUpdateOperations(changeset), dataSource: dataSource)
  }

  /// Applies `update` as one batch update, `dataSource` giving the state after the update
  /// (counts, and the identifiers of loaded cells), then applies its reconfigures.
  ///
  /// Checks, in this order, as UIKit does: section positions in range; no section both deleted
  /// and reloaded; no conflicting section moves; no section moved from a deleted one or to an
  /// inserted one; the number of sections; item index paths in range; no item both deleted and
  /// reloaded; no item moved out of a deleted (or reloaded) section or into an inserted (or
  /// reloaded) one; no conflicting item moves; no item moved from a deleted path or to an
  /// inserted path; then the number of items in every surviving section.
  ///
  /// - Throws: `BatchUpdateError` naming the first rule the batch breaks; the list is then
  ///   unchanged.
  /// - Parameters:
  ///   - update: the calls of the batch, in UIKit's coordinates.
  ///   - dataSource: the snapshot the list shows after the batch.
  /// - Complexity: O(n + k log k), n rows and k operations.
  public mutating func performBatchUpdates(
    _ update: BatchUpdateOperations, dataSource: Snapshot
  ) throws(BatchUpdateError) {
    let newSectionIDs = dataSource.sectionIdentifiers
    let newItems = newSectionIDs.map { dataSource.itemIdentifiers(inSection: $0) }
    let placement = try update.placement(
      oldItemCounts: sections.map(\.rows.count), newItemCounts: newItems.map(\.count))
    var result: [Section] = []
    result.reserveCapacity(newSectionIDs.count)
    for (target, source) in placement.sections.enumerated() {
      let rows = placement.rows[target].enumerated().map { item, rowSource -> Row in
        switch rowSource {
        case .kept(let path), .moved(let path): Row(identifier: sections[path[0]].rows[path[1]].identifier)
        case .reloaded, .inserted, .loadedWithSection: Row(identifier: newItems[target][item], isLoaded: true)
        }
      }
      switch source {
      case .kept(let old), .moved(let old): result.append(Section(identifier: sections[old].identifier, rows: rows))
      case .reloaded, .inserted: result.append(Section(identifier: newSectionIDs[target], isLoaded: true, rows: rows))
      }
    }
    for path in placement.reconfigured { result[path[0]].rows[path[1]].isReconfigured = true }
    sections = result
  }
}

extension BatchUpdateSimulator: Hashable {}
extension BatchUpdateSimulator: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension BatchUpdateSimulator.Row: Sendable where ItemIdentifierType: Sendable {}
extension BatchUpdateSimulator.Section: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
