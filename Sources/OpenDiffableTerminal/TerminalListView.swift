import Foundation
import OpenDiffable

/// A list view drawn in a terminal: section headers and footers, rows from a cell provider,
/// selection and focus, outline indentation, scrolling — rendered into ``TerminalLine``s.
///
/// It is a list *host* (a `DiffableListHost`): it knows nothing about identifiers or snapshots.
/// Drive it with the generic `DiffableDataSource`, as any other host. The data source tells it
/// what changed with the same calls a `UICollectionView` receives (``performBatchUpdates(_:completion:)``
/// with ``deleteItems(at:)``, ``insertItems(at:)``, ``moveItem(at:to:)``, …, or ``reloadData()``),
/// and it asks the data source (``TerminalListViewDataSource``) for counts, titles and cells.
///
/// Cells are kept per row, as a table view keeps its cells: an update moves kept cells with their
/// rows, and only inserted, reloaded and reconfigured rows ask the data source for a new cell — and
/// only when they are visible. Selection and focus travel with their rows through an update.
/// Inserted and moved rows stay highlighted until ``clearHighlights()``.
///
/// Rendering is headless: ``render()`` returns the visible lines; a ``TerminalFrame`` compares
/// frames and redraws only the lines that changed.
///
/// ## Misuse
/// A batch whose index paths do not match the data source's counts (what UIKit reports with an
/// `NSInternalInconsistencyException`) does not stop the process here: the view falls back to
/// reloading everything and records why in ``lastUpdateFallbackReason``.
@MainActor
public final class TerminalListView {
  /// One row's kept state: its cell (nil until asked for, or after a reload) and marks.
  struct Row {
    var cell: TerminalCell?
    var isSelected = false
    var isFocused = false
    var isHighlighted = false
  }

  struct Section {
    var header: String?
    var footer: String?
    var rows: [Row]
  }

  /// The data source; the view does not retain it (as UIKit's views do not).
  public weak var dataSource: (any TerminalListViewDataSource)? {
    didSet { reloadData() }
  }

  /// The width of the view in columns.
  public private(set) var width: Int
  /// The height of the view in lines.
  public private(set) var height: Int
  /// Whether several items may be selected at once. When false (the default), selecting an item
  /// deselects the others.
  public var allowsMultipleSelection = false
  /// Whether moving the focus also selects the newly focused item (and only it). Default true.
  public var selectionFollowsFocus = true
  /// Text shown on the first line when the list has no rows, or nil for a blank view.
  public var emptyText: String?
  /// Why the last update could not be performed as a batch and was reloaded instead, or nil when
  /// it was performed as given.
  public private(set) var lastUpdateFallbackReason: String?
  /// How many cells the last ``render()`` asked the data source for: a measure of how much of
  /// the screen an update actually invalidated.
  public private(set) var lastRenderCellRequests = 0

  private var sections: [Section] = []
  /// Holds the adapter created by `attachDataSource(_:)` (``dataSource`` itself is weak).
  var connectionAdapter: (any TerminalListViewDataSource)?
  /// Records the updates made inside ``performBatchUpdates(_:completion:)``.
  private var recorder = BatchUpdateRecorder()
  /// The first visible line, counting header, item, footer and separator lines from the top.
  public private(set) var scrollOffset = 0
  /// The rows that may keep a cell: those drawn by the last render; nil after an update moved
  /// rows (the next render then looks at every row).
  private var rowsWithCells: [IndexPath]? = []
  /// The rows the running render drew.
  private var drawnRows: [IndexPath] = []

  /// Creates an empty list view of the given size.
  ///
  /// - Complexity: O(1).
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
  }

  // MARK: - Size

  /// Changes the view size (for a terminal resize) and keeps the focused row visible.
  ///
  /// - Complexity: O(sections).
  public func resize(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    scrollFocusIntoView()
  }

  // MARK: - Counts

  /// The number of sections the view currently shows.
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section`, or 0 for a section that does not exist.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].rows.count : 0
  }

  /// The kept cell of the row at `indexPath`, or nil.
  func keptCell(at indexPath: IndexPath) -> TerminalCell? {
    contains(indexPath) ? sections[indexPath._section].rows[indexPath._item].cell : nil
  }

  private func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && sections.indices.contains(indexPath._section)
      && sections[indexPath._section].rows.indices.contains(indexPath._item)
  }

  // MARK: - Updates (UIKit spelling)

  /// Performs the updates recorded in `updates` as one batch, then calls `completion(true)`.
  /// Without a batch, each update call below is performed on its own.
  ///
  /// Index interpretation follows UIKit: deletes, reloads and move sources name positions before
  /// the batch; inserts and move destinations name positions after it. Reconfigures name
  /// positions after it. Batches may nest; the outermost one performs.
  ///
  /// - Complexity: O(n) for n rows, plus O(visible rows) cells asked for on the next render.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    recorder.begin()
    updates?()
    if let batch = recorder.end() { perform(batch) }
    completion?(true)
  }

  private func record(_ call: BatchUpdateCall) {
    if let alone = recorder.record(call) { perform(alone) }
  }

  /// Inserts sections at the given positions (after the batch).
  public func insertSections(_ sections: IndexSet) { record(.insertSections(sections)) }
  /// Deletes the sections at the given positions (before the batch).
  public func deleteSections(_ sections: IndexSet) { record(.deleteSections(sections)) }
  /// Reloads the sections at the given positions (before the batch): their cells are asked again.
  public func reloadSections(_ sections: IndexSet) { record(.reloadSections(sections)) }
  /// Moves a section from `section` (before the batch) to `newSection` (after it).
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record(.moveSection(section, to: newSection))
  }
  /// Inserts items at the given index paths (after the batch).
  public func insertItems(at indexPaths: [IndexPath]) { record(.insertItems(indexPaths)) }
  /// Deletes the items at the given index paths (before the batch).
  public func deleteItems(at indexPaths: [IndexPath]) { record(.deleteItems(indexPaths)) }
  /// Reloads the items at the given index paths (before the batch): their cells are asked again.
  public func reloadItems(at indexPaths: [IndexPath]) { record(.reloadItems(indexPaths)) }
  /// Moves an item from `indexPath` (before the batch) to `newIndexPath` (after it).
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(.moveItem(indexPath, to: newIndexPath))
  }
  /// Asks again for the cells of the given items, keeping rows, selection and focus. Inside a
  /// batch the paths name positions after the batch; outside, current positions.
  public func reconfigureItems(at indexPaths: [IndexPath]) { record(.reconfigureItems(indexPaths)) }

  /// Discards every kept cell and the selection, and asks the data source for everything again.
  /// The focus keeps its position (clamped to the new rows).
  ///
  /// - Complexity: O(n) for n rows.
  public func reloadData() {
    let focusOrdinal = focusedOrdinal()
    sections = freshSections(highlighted: false)
    rowsWithCells = []
    lastUpdateFallbackReason = nil
    restoreFocus(ordinal: focusOrdinal)
  }

  private func freshSections(highlighted: Bool) -> [Section] {
    guard let dataSource else { return [] }
    let count = max(0, dataSource.numberOfSections(in: self))
    return (0..<count).map { section in
      let items = max(0, dataSource.listView(self, numberOfItemsInSection: section))
      return Section(
        header: dataSource.listView(self, titleForHeaderInSection: section),
        footer: dataSource.listView(self, titleForFooterInSection: section),
        rows: Array(repeating: Row(isHighlighted: highlighted), count: items))
    }
  }

  private func perform(_ batch: BatchUpdateOperations) {
    let focusOrdinal = focusedOrdinal()
    switch rebuild(applying: batch) {
    case .success(let newSections):
      sections = newSections
      lastUpdateFallbackReason = nil
    case .failure(let reason):
      sections = freshSections(highlighted: false)
      lastUpdateFallbackReason = reason.message
    }
    rowsWithCells = nil
    restoreFocus(ordinal: focusOrdinal)
  }

  struct InconsistentBatch: Error {
    var message: String
  }

  /// Builds the rows after `batch`, read by OpenDiffable's batch model as UIKit reads it: kept
  /// and moved rows keep their cell, selection and focus; moved and inserted rows are
  /// highlighted; reloaded rows keep their marks but ask for a new cell; rows of inserted or
  /// reloaded sections start afresh; reconfigured rows ask for a new cell.
  private func rebuild(applying batch: BatchUpdateOperations) -> Result<[Section], InconsistentBatch> {
    guard let dataSource else { return .success([]) }
    let newCount = max(0, dataSource.numberOfSections(in: self))
    let counts = (0..<newCount).map { max(0, dataSource.listView(self, numberOfItemsInSection: $0)) }
    let rows: [[Row]]
    do {
      rows = try batch.applying(to: sections.map(\.rows), newItemCounts: counts) { _, source, old in
        switch source {
        case .kept: return old!
        case .moved:
          var row = old!
          row.isHighlighted = true
          return row
        case .reloaded:
          var row = old!
          row.cell = nil
          return row
        case .inserted: return Row(isHighlighted: true)
        case .loadedWithSection: return Row()
        }
      }
    } catch {
      return .failure(InconsistentBatch(message: error.message))
    }
    var result = rows.enumerated().map { section, rows in
      Section(
        header: dataSource.listView(self, titleForHeaderInSection: section),
        footer: dataSource.listView(self, titleForFooterInSection: section), rows: rows)
    }
    for path in batch.itemReconfigures { result[path[0]].rows[path[1]].cell = nil }
    return .success(result)
  }

  /// Ends the highlight of inserted and moved rows.
  ///
  /// - Complexity: O(n) for n rows.
  public func clearHighlights() {
    for section in sections.indices {
      for item in sections[section].rows.indices where sections[section].rows[item].isHighlighted {
        sections[section].rows[item].isHighlighted = false
      }
    }
  }

  /// Whether any row is highlighted (so a caller knows to schedule ``clearHighlights()``).
  public var hasHighlights: Bool {
    sections.contains { $0.rows.contains(where: \.isHighlighted) }
  }

  // MARK: - Selection and focus

  /// The selected index paths in order, or nil when nothing is selected (UIKit's shape).
  ///
  /// - Complexity: O(n) for n rows.
  public var indexPathsForSelectedItems: [IndexPath]? {
    var paths: [IndexPath] = []
    for (section, content) in sections.enumerated() {
      for (item, row) in content.rows.enumerated() where row.isSelected {
        paths.append(IndexPath(_item: item, section: section))
      }
    }
    return paths.isEmpty ? nil : paths
  }

  /// Selects the item at `indexPath` (deselecting the others unless ``allowsMultipleSelection``);
  /// nil deselects everything. An index path outside the list is ignored.
  ///
  /// - Complexity: O(n) for n rows.
  public func selectItem(at indexPath: IndexPath?) {
    if !allowsMultipleSelection || indexPath == nil { deselectAll() }
    guard let indexPath, contains(indexPath) else { return }
    sections[indexPath._section].rows[indexPath._item].isSelected = true
  }

  /// Deselects the item at `indexPath`. An index path outside the list is ignored.
  ///
  /// - Complexity: O(1).
  public func deselectItem(at indexPath: IndexPath) {
    guard contains(indexPath) else { return }
    sections[indexPath._section].rows[indexPath._item].isSelected = false
  }

  private func deselectAll() {
    for section in sections.indices {
      for item in sections[section].rows.indices where sections[section].rows[item].isSelected {
        sections[section].rows[item].isSelected = false
      }
    }
  }

  /// The focused item (the keyboard cursor), or nil when the list is empty. Setting it scrolls
  /// the item into view; an index path outside the list is ignored.
  ///
  /// - Complexity: O(n) for n rows.
  public var focusedIndexPath: IndexPath? {
    get {
      for (section, content) in sections.enumerated() {
        if let item = content.rows.firstIndex(where: \.isFocused) { return IndexPath(_item: item, section: section) }
      }
      return nil
    }
    set {
      guard let newValue else {
        clearFocus()
        return
      }
      guard contains(newValue) else { return }
      clearFocus()
      sections[newValue._section].rows[newValue._item].isFocused = true
      if selectionFollowsFocus { selectItem(at: newValue) }
      scrollFocusIntoView()
    }
  }

  private func clearFocus() {
    for section in sections.indices {
      if let item = sections[section].rows.firstIndex(where: \.isFocused) {
        sections[section].rows[item].isFocused = false
      }
    }
  }

  /// The focused row's position counting items only, from the top.
  private func focusedOrdinal() -> Int? {
    var ordinal = 0
    for content in sections {
      if let item = content.rows.firstIndex(where: \.isFocused) { return ordinal + item }
      ordinal += content.rows.count
    }
    return nil
  }

  private func indexPath(ordinal: Int) -> IndexPath? {
    var remaining = ordinal
    for (section, content) in sections.enumerated() {
      if remaining < content.rows.count { return IndexPath(_item: remaining, section: section) }
      remaining -= content.rows.count
    }
    return nil
  }

  private var totalItems: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// After an update: the focus stays with its row; if that row is gone, it goes to the row now
  /// at the same position (or the last row), selecting it when ``selectionFollowsFocus``; an
  /// empty list has no focus.
  private func restoreFocus(ordinal: Int?) {
    if focusedIndexPath == nil, totalItems > 0 {
      let target = min(ordinal ?? 0, totalItems - 1)
      if let path = indexPath(ordinal: target) {
        sections[path._section].rows[path._item].isFocused = true
        if selectionFollowsFocus { selectItem(at: path) }
      }
    }
    scrollFocusIntoView()
  }

  /// Moves the focus `delta` items down (negative: up), across sections, stopping at the ends.
  ///
  /// - Complexity: O(n) for n rows.
  public func moveFocus(by delta: Int) {
    let total = totalItems
    guard total > 0 else { return }
    let current = focusedOrdinal() ?? 0
    let target = min(max(0, current + delta), total - 1)
    focusedIndexPath = indexPath(ordinal: target)
  }

  /// Moves the focus to the first item.
  public func moveFocusToFirst() { moveFocus(by: -totalItems) }
  /// Moves the focus to the last item.
  public func moveFocusToLast() { moveFocus(by: totalItems) }
  /// Moves the focus one page down (the view height).
  public func pageDown() { moveFocus(by: max(1, height - 1)) }
  /// Moves the focus one page up.
  public func pageUp() { moveFocus(by: -max(1, height - 1)) }

  // MARK: - Layout and scrolling

  /// Line counts of each section: header, items, footer, blank separator (all but the last).
  private func sectionLineStarts() -> (starts: [Int], total: Int) {
    var starts: [Int] = []
    starts.reserveCapacity(sections.count)
    var line = 0
    for (index, section) in sections.enumerated() {
      starts.append(line)
      line += (section.header == nil ? 0 : 1) + section.rows.count + (section.footer == nil ? 0 : 1)
      if index < sections.count - 1 { line += 1 }
    }
    return (starts, line)
  }

  /// The total number of lines the list takes (headers, items, footers, separators).
  public var contentHeight: Int { sectionLineStarts().total }

  /// The line (from the top of the content) on which the item at `indexPath` is drawn, or nil.
  ///
  /// - Complexity: O(sections).
  public func line(for indexPath: IndexPath) -> Int? {
    guard contains(indexPath) else { return nil }
    let start = sectionLineStarts().starts[indexPath._section]
    return start + (sections[indexPath._section].header == nil ? 0 : 1) + indexPath._item
  }

  /// Scrolls as little as possible so that the item at `indexPath` is visible (and its section
  /// header too, when it is the section's first item).
  ///
  /// - Complexity: O(sections).
  public func scrollToItem(at indexPath: IndexPath) {
    guard let line = line(for: indexPath) else { return }
    let top = (indexPath._item == 0 && sections[indexPath._section].header != nil) ? line - 1 : line
    if top < scrollOffset {
      scrollOffset = top
    } else if line >= scrollOffset + height {
      scrollOffset = line - height + 1
    }
    clampScrollOffset()
  }

  private func scrollFocusIntoView() {
    if let focused = focusedIndexPath { scrollToItem(at: focused) } else { clampScrollOffset() }
  }

  private func clampScrollOffset() {
    scrollOffset = min(max(0, scrollOffset), max(0, contentHeight - height))
  }

  // MARK: - Rendering

  /// Renders the visible part of the list: exactly ``height`` lines, each ``width`` columns wide.
  ///
  /// Asks the data source only for visible rows that have no kept cell (new, reloaded or
  /// reconfigured rows, rows scrolled into view); the number asked is in
  /// ``lastRenderCellRequests``. Rows no longer drawn drop their cell, as UIKit reuses the cells
  /// of rows scrolled away: a row that comes back asks for a new one.
  ///
  /// - Complexity: O(sections + height × width), plus O(n) for n rows on the first render
  ///   after an update.
  public func render() -> [TerminalLine] {
    drawnRows.removeAll(keepingCapacity: true)
    defer { dropCellsNotDrawn() }
    clampScrollOffset()
    var lines: [TerminalLine] = []
    lines.reserveCapacity(height)
    var requests = 0
    if sections.allSatisfy({ $0.rows.isEmpty }), let emptyText {
      lines.append(.fitted("  " + emptyText, width: width, style: .footer))
    }
    let layout = sectionLineStarts()
    var section = 0
    var line = scrollOffset
    while lines.count < height, line < layout.total, !(sections.allSatisfy({ $0.rows.isEmpty }) && emptyText != nil) {
      while section + 1 < sections.count, layout.starts[section + 1] <= line { section += 1 }
      while section > 0, layout.starts[section] > line { section -= 1 }
      var offset = line - layout.starts[section]
      let content = sections[section]
      if let header = content.header {
        if offset == 0 {
          lines.append(.fitted(TerminalText.sanitized(header), width: width, style: .header))
          line += 1
          continue
        }
        offset -= 1
      }
      if offset < content.rows.count {
        drawnRows.append(IndexPath(_item: offset, section: section))
        if content.rows[offset].cell == nil, let dataSource {
          sections[section].rows[offset].cell = dataSource.listView(
            self, cellForItemAt: IndexPath(_item: offset, section: section))
          requests += 1
        }
        lines.append(renderRow(sections[section].rows[offset]))
        line += 1
        continue
      }
      offset -= content.rows.count
      if let footer = content.footer, offset == 0 {
        lines.append(.fitted("  " + TerminalText.sanitized(footer), width: width, style: .footer))
      } else {
        lines.append(.fitted("", width: width))
      }
      line += 1
    }
    while lines.count < height { lines.append(.fitted("", width: width)) }
    lastRenderCellRequests = requests
    return lines
  }

  /// Drops the cells of rows the last render did not draw. O(rows drawn before) or, after an
  /// update, O(n).
  private func dropCellsNotDrawn() {
    let drawn = Set(drawnRows)
    if let previous = rowsWithCells {
      for path in previous where !drawn.contains(path) && contains(path) {
        sections[path._section].rows[path._item].cell = nil
      }
    } else {
      for section in sections.indices {
        for item in sections[section].rows.indices where sections[section].rows[item].cell != nil {
          if !drawn.contains(IndexPath(_item: item, section: section)) { sections[section].rows[item].cell = nil }
        }
      }
    }
    rowsWithCells = drawnRows
  }

  /// The index paths of the items on screen (drawn by ``render()`` at the current scroll
  /// offset and height), in order.
  ///
  /// - Complexity: O(sections + height).
  public var indexPathsForVisibleItems: [IndexPath] {
    let layout = sectionLineStarts()
    let top = min(max(0, scrollOffset), max(0, layout.total - height))
    var result: [IndexPath] = []
    for (section, content) in sections.enumerated() {
      let first = layout.starts[section] + (content.header == nil ? 0 : 1)
      let lower = max(first, top)
      let upper = min(first + content.rows.count, top + height)
      if lower < upper { result += (lower..<upper).map { IndexPath(_item: $0 - first, section: section) } }
      if first >= top + height { break }
    }
    return result
  }

  private func renderRow(_ row: Row) -> TerminalLine {
    let cell = row.cell ?? TerminalCell(text: "")
    let marker = row.isFocused ? "> " : (row.isSelected ? "* " : "  ")
    var left = marker + String(repeating: "  ", count: cell.indentationLevel)
    switch cell.disclosure {
    case nil: break
    case .some(.none): left += "  "
    case .some(.collapsed): left += "▸ "
    case .some(.expanded): left += "▾ "
    }
    left += TerminalText.sanitized(cell.text)
    var text = left
    if let detail = cell.detail.map(TerminalText.sanitized), !detail.isEmpty {
      let leftWidth = TerminalText.width(left)
      let detailWidth = TerminalText.width(detail)
      if leftWidth + 2 + detailWidth <= width - 1 {
        text = left + String(repeating: " ", count: width - 1 - leftWidth - detailWidth) + detail
      }
    }
    let style: TerminalLine.Style
    switch (row.isFocused, row.isSelected) {
    case (true, true): style = .selectedFocused
    case (true, false): style = .focused
    case (false, true): style = .selected
    case (false, false): style = row.isHighlighted ? .highlighted : .plain
    }
    return .fitted(text, width: width, style: style)
  }
}
