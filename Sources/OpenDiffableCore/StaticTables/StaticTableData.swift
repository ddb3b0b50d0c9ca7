// Static tables described by structure only (settings, preferences, info screens).
//
// `StaticTableData` groups cells into `StaticTableSection`s; the cell type — usually an enum — is both the
// identity and the intent of each row. There are no closures, no per-cell state and no layout
// here: a view controller renders a cell by switching on the enum and keeps all behaviour.

/// One section of a static table: an optional header, an optional footer and its cells in order.
///
/// Structural only: `Cell` is the row identifier (typically an enum case), nothing else is stored.
public struct StaticTableSection<Cell: Hashable>: Hashable {
  /// The section's header title, or nil for no header.
  public var header: String?
  /// The section's footer title, or nil for no footer.
  public var footer: String?
  /// The cells of the section, top to bottom.
  public var cells: [Cell]

  /// Creates a section.
  ///
  /// - Complexity: O(1).
  public init(header: String? = nil, footer: String? = nil, cells: [Cell]) {
    self.header = header
    self.footer = footer
    self.cells = cells
  }
}

extension StaticTableSection: Sendable where Cell: Sendable {}

/// A static table: its sections in order.
///
/// Side controllers may derive a `StaticTableData` from their state; the screen turns it into a snapshot
/// with ``makeSnapshot()`` and applies it like any other snapshot.
///
/// ```swift
/// enum SettingsCell: Hashable { case displayName, marketingEmails, signOut }
/// let table = StaticTableData(sections: [
///   StaticTableSection(header: "Account", cells: [.displayName, .marketingEmails]),
///   StaticTableSection(footer: "You can sign in again at any time.", cells: [.signOut]),
/// ])
/// let content = try table.makeSnapshot()
/// dataSource.apply(content.snapshot)
/// ```
public struct StaticTableData<Cell: Hashable>: Hashable {
  /// The sections, top to bottom.
  public var sections: [StaticTableSection<Cell>]

  /// Creates a table from its sections.
  ///
  /// - Complexity: O(1).
  public init(sections: [StaticTableSection<Cell>]) {
    self.sections = sections
  }

  /// Turns the table into a snapshot plus the header and footer titles a table data source asks
  /// for.
  ///
  /// Sections are identified by their position (a static table's sections are fixed by the code
  /// that describes them); cells are identified by their `Cell` value.
  ///
  /// - Throws: ``DiffableDataSourceSnapshotError`` with kind `.duplicateIdentifiers` or
  ///   `.itemAlreadyExists` when a cell value appears twice in the table — a snapshot requires
  ///   unique item identifiers, so such a table has no valid snapshot. Nothing stops the process.
  /// - Returns: the snapshot (section `i` holds the cells of `sections[i]`) with the sections'
  ///   header and footer titles.
  /// - Complexity: O(n), n = number of cells.
  public func makeSnapshot() throws(DiffableDataSourceSnapshotError) -> StaticTableContent<Cell> {
    var snapshot = DiffableDataSourceSnapshot<Int, Cell>()
    snapshot.appendSections(Array(sections.indices))
    for (index, section) in sections.enumerated() {
      try snapshot.checkAppendingItems(section.cells, toSection: index)
      snapshot.appendItems(section.cells, toSection: index)
    }
    return StaticTableContent(
      snapshot: snapshot,
      headerTitles: sections.map(\.header),
      footerTitles: sections.map(\.footer))
  }
}

extension StaticTableData: Sendable where Cell: Sendable {}

/// What a table data source needs to show a ``StaticTableData``: the snapshot and the section titles.
public struct StaticTableContent<Cell: Hashable> {
  /// The snapshot: one section per ``StaticTableSection`` (identified by its position), one item per
  /// cell.
  public var snapshot: DiffableDataSourceSnapshot<Int, Cell>
  /// Header titles by section position; nil where a section has no header.
  public var headerTitles: [String?]
  /// Footer titles by section position; nil where a section has no footer.
  public var footerTitles: [String?]

  /// Creates content from its parts. ``StaticTableData/makeSnapshot()`` is the usual way to get one.
  ///
  /// - Complexity: O(1).
  public init(snapshot: DiffableDataSourceSnapshot<Int, Cell>, headerTitles: [String?], footerTitles: [String?]) {
    self.snapshot = snapshot
    self.headerTitles = headerTitles
    self.footerTitles = footerTitles
  }

  /// The header title of the section at `index`, or nil when it has none or `index` is out of
  /// range (the shape of a table data source's `titleForHeaderInSection`).
  ///
  /// - Complexity: O(1).
  public func titleForHeader(inSection index: Int) -> String? {
    headerTitles.indices.contains(index) ? headerTitles[index] : nil
  }

  /// The footer title of the section at `index`, or nil when it has none or `index` is out of
  /// range.
  ///
  /// - Complexity: O(1).
  public func titleForFooter(inSection index: Int) -> String? {
    footerTitles.indices.contains(index) ? footerTitles[index] : nil
  }
}

extension StaticTableContent: Sendable where Cell: Sendable {}
