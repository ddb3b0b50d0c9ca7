import Foundation
import OpenDiffable
import OpenDiffableDataSources

/// The state shared by ``SimulatedCollectionView`` and ``SimulatedTableView``: rows replayed
/// through ``BatchUpdateSimulator``, cells made through the data-source connection, selection
/// and focus that follow rows as UIKit's do.
@MainActor
final class _SimulatedListEngine<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable, Cell
> {
  typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  typealias Simulator = BatchUpdateSimulator<SectionIdentifierType, ItemIdentifierType>

  var connection: DiffableListDataSourceConnection<Cell>?
  var simulator = Simulator()
  /// The cell of each row; nil for rows outside ``visibleWindow``.
  var cells: [[Cell?]] = []
  /// The rows on screen, as flat positions counted across sections; nil: every row.
  var visibleWindow: Range<Int>?
  var selected: [IndexPath] = []
  var focused: IndexPath?
  var log: [SimulatedListCall] = []
  var errors: [BatchUpdateError] = []
  var stopsOnInvalidBatch = true
  var completesImmediately = true
  var pendingCompletions: [((Bool) -> Void)?] = []
  var animationsEnabled = true
  var cellRequests = 0

  /// Records the operations called inside the running batch.
  var recorder = BatchUpdateRecorder()
  var recordingAnimated = true

  // MARK: Reading

  var sectionIdentifiers: [SectionIdentifierType] { simulator.sectionIdentifiers }

  var itemIdentifiers: [[ItemIdentifierType]] {
    simulator.sections.map { $0.rows.map(\.identifier) }
  }

  /// What the data source says the list holds now.
  func dataSourceSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    guard let connection else { return snapshot }
    for section in 0..<connection.numberOfSections() {
      guard let identifier = connection.sectionIdentifier(at: section)?.base as? SectionIdentifierType else {
        _simulatorStop("section \(section) has no identifier of the expected type")
      }
      // Checked here, not left to `appendSections(_:)`, whose stop would blame a call the app
      // never made: the data source answers for sections the app appended once each.
      if let earlier = snapshot.indexOfSection(identifier) {
        _simulatorStop(
          "the data source shows section \(section) (\(identifier)) equal to section \(earlier) "
            + "(\(snapshot.sectionIdentifiers[earlier])): two shown sections became equal, so a section "
            + "identifier's hash or equality changed while it was shown")
      }
      snapshot.appendSections([identifier])
      var items: [ItemIdentifierType] = []
      for item in 0..<connection.numberOfItems(inSection: section) {
        guard
          let itemIdentifier = connection.itemIdentifier(at: IndexPath(_item: item, section: section))?.base
            as? ItemIdentifierType
        else { _simulatorStop("item \(item) of section \(section) has no identifier") }
        items.append(itemIdentifier)
      }
      snapshot.appendItems(items, toSection: identifier)
    }
    return snapshot
  }

  // MARK: Batch updates

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    _checkMainThread("performBatchUpdates(_:completion:)")
    if recorder.isRecording { _simulatorStop("performBatchUpdates nested inside another batch") }
    let selectedRows = selectedRowKeys()
    let focusedRow = focused.flatMap { rowKey(at: $0) }
    recorder.begin()
    recordingAnimated = animationsEnabled
    updates?()
    let operations = recorder.end()!  // not nested: the outermost batch
    log.append(.batch(operations, animated: recordingAnimated))
    let dataSource = dataSourceSnapshot()
    var next = simulator
    do {
      try next.performBatchUpdates(operations, dataSource: dataSource)
    } catch {
      errors.append(error)
      if stopsOnInvalidBatch {
        _simulatorStop("invalid batch update: \(error)\n\(operations)")
      }
      // Like UIKit before iOS 16.4: give up on the batch and reload.
      next = Simulator(dataSource)
    }
    let oldCells = cellsByIdentifier()
    simulator = next
    rebuildCells(reusing: oldCells)
    selected = rowPaths(for: selectedRows)
    focused = focusedRow.flatMap { rowPaths(for: [$0]).first }
    finish(completion)
  }

  func record(_ call: BatchUpdateCall) {
    _checkMainThread("a batch operation (insert, delete, move, reload)")
    // Outside a batch, UIKit performs a single change as its own batch.
    if !recorder.isRecording { return performBatchUpdates({ self.record(call) }, completion: nil) }
    _ = recorder.record(call)
  }

  func reloadData() {
    _checkMainThread("reloadData()")
    if recorder.isRecording { _simulatorStop("reloadData inside a batch update") }
    log.append(.reloadData)
    simulator = Simulator(dataSourceSnapshot())
    rebuildCells(reusing: .init())
    selected = []
    focused = nil
  }

  func reconfigure(_ indexPaths: [IndexPath]) {
    _checkMainThread("reconfigureItems(at:)")
    log.append(.reconfigure(indexPaths))
    for path in indexPaths {
      guard cells.indices.contains(path._section), cells[path._section].indices.contains(path._item) else {
        if stopsOnInvalidBatch { _simulatorStop("reconfigure of \(path), which has no row") }
        errors.append(BatchUpdateError(.malformedPosition, "reconfigure of \(path), which has no row"))
        continue
      }
      // Like UIKit: a row off screen has no cell to reconfigure; it is made when it scrolls in.
      guard cells[path._section][path._item] != nil else { continue }
      cells[path._section][path._item] = makeCell(at: path)
    }
  }

  // MARK: Visibility

  /// The positions of the rows on screen, in order. O(sections + visible rows).
  var visibleIndexPaths: [IndexPath] {
    var result: [IndexPath] = []
    var start = 0
    for (section, rows) in cells.enumerated() {
      let end = start + rows.count
      let lower = max(start, visibleWindow?.lowerBound ?? start)
      let upper = min(end, visibleWindow?.upperBound ?? end)
      if lower < upper {
        for flat in lower..<upper { result.append(IndexPath(_item: flat - start, section: section)) }
      }
      start = end
      if let window = visibleWindow, start >= window.upperBound { break }
    }
    return result
  }

  func isVisible(flat: Int) -> Bool { visibleWindow?.contains(flat) ?? true }

  /// Scrolls: rows that leave the window lose their cell, rows that enter it get one from the
  /// data source, as UIKit's cells are reused.
  func setVisibleWindow(_ window: Range<Int>?) {
    if recorder.isRecording { _simulatorStop("scrolling inside a batch update") }
    visibleWindow = window
    var flat = 0
    for section in cells.indices {
      for item in cells[section].indices {
        if isVisible(flat: flat) {
          if cells[section][item] == nil {
            cells[section][item] = makeCell(at: IndexPath(_item: item, section: section))
          }
        } else {
          cells[section][item] = nil
        }
        flat += 1
      }
    }
  }

  func finish(_ completion: ((Bool) -> Void)?) {
    if completesImmediately {
      completion?(true)
    } else {
      pendingCompletions.append(completion)
    }
  }

  func finishAnimations() {
    let completions = pendingCompletions
    pendingCompletions.removeAll()
    for completion in completions { completion?(true) }
  }

  /// What UIKit does when the user drags a row: the view moves the row itself, then tells the
  /// data source.
  func userMoves(from source: IndexPath, to destination: IndexPath) {
    guard let connection else { _simulatorStop("no data source attached") }
    if !connection.canMoveItem(at: source) { _simulatorStop("the data source refuses to move \(source)") }
    var shown = Snapshot()
    var rows = itemIdentifiers
    let item = rows[source._section].remove(at: source._item)
    rows[destination._section].insert(item, at: destination._item)
    for (section, items) in zip(sectionIdentifiers, rows) {
      shown.appendSections([section])
      shown.appendItems(items, toSection: section)
    }
    let oldCells = cellsByIdentifier()
    do {
      try simulator.performBatchUpdates(
        BatchUpdateOperations(itemMoves: [ChangesetMove(from: source, to: destination)]), dataSource: shown)
    } catch {
      _simulatorStop("interactive move rejected: \(error)")
    }
    rebuildCells(reusing: oldCells)
    connection.moveItem(at: source, to: destination)
  }

  // MARK: Selection

  func select(_ indexPath: IndexPath?) {
    guard let indexPath else {
      selected = []
      return
    }
    if rowKey(at: indexPath) == nil { _simulatorStop("select of \(indexPath), which has no row") }
    if !selected.contains(indexPath) { selected.append(indexPath) }
  }

  func deselect(_ indexPath: IndexPath) {
    selected.removeAll { $0 == indexPath }
  }

  // MARK: Rows and cells

  /// A row is known by the identifier its cell shows while it is not reloaded.
  struct RowKey: Hashable {
    var item: ItemIdentifierType
  }

  func rowKey(at path: IndexPath) -> RowKey? {
    let sections = simulator.sections
    guard sections.indices.contains(path._section), sections[path._section].rows.indices.contains(path._item) else {
      return nil
    }
    return RowKey(item: sections[path._section].rows[path._item].identifier)
  }

  func selectedRowKeys() -> [RowKey] { selected.compactMap { rowKey(at: $0) } }

  /// Positions of rows that survived the last update without being reloaded (UIKit drops the
  /// selection of deleted and reloaded cells).
  func rowPaths(for keys: [RowKey]) -> [IndexPath] {
    guard !keys.isEmpty else { return [] }
    let wanted = Set(keys)
    var result: [IndexPath] = []
    for (sectionIndex, section) in simulator.sections.enumerated() where !section.isLoaded {
      for (rowIndex, row) in section.rows.enumerated()
      where !row.isLoaded && wanted.contains(RowKey(item: row.identifier)) {
        result.append(IndexPath(_item: rowIndex, section: sectionIndex))
      }
    }
    return result
  }

  func cellsByIdentifier() -> _HashPinnedDictionary<ItemIdentifierType, Cell> {
    var result = _HashPinnedDictionary<ItemIdentifierType, Cell>()
    for (sectionIndex, section) in simulator.sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() where cells.indices.contains(sectionIndex) {
        if cells[sectionIndex].indices.contains(rowIndex), let cell = cells[sectionIndex][rowIndex] {
          result[_HashPinnedKey(row.identifier)] = cell
        }
      }
    }
    return result
  }

  /// Gives every visible row a cell (kept when the row kept its cell, otherwise asked for) and
  /// the other rows none.
  func rebuildCells(reusing old: _HashPinnedDictionary<ItemIdentifierType, Cell>) {
    var flat = 0
    cells = simulator.sections.enumerated().map { sectionIndex, section in
      section.rows.enumerated().map { rowIndex, row in
        defer { flat += 1 }
        guard isVisible(flat: flat) else { return nil }
        if !row.isLoaded, !row.isReconfigured, !section.isLoaded, let cell = old[_HashPinnedKey(row.identifier)] {
          return cell
        }
        return makeCell(at: IndexPath(_item: rowIndex, section: sectionIndex))
      }
    }
  }

  func makeCell(at path: IndexPath) -> Cell {
    guard let connection else { _simulatorStop("no data source attached") }
    cellRequests += 1
    return connection.cellForItem(at: path)
  }

  func cell(at path: IndexPath) -> Cell? {
    guard cells.indices.contains(path._section), cells[path._section].indices.contains(path._item) else { return nil }
    return cells[path._section][path._item] ?? nil
  }
}

/// One call a simulated list received, in order, for tests that check how a data source
/// drove it.
public enum SimulatedListCall: Hashable, Sendable {
  /// A batch update with the operations recorded inside it, and whether animations were on.
  case batch(BatchUpdateOperations, animated: Bool)
  /// `reloadData()`.
  case reloadData
  /// `reconfigureItems(at:)` / `reconfigureRows(at:)`.
  case reconfigure([IndexPath])

  /// Whether this is a batch update.
  public var isBatch: Bool {
    if case .batch = self { return true }
    return false
  }
}

/// Stops the process with a simulated-list message, printed in every build configuration
/// (`preconditionFailure` drops its message in optimized builds).
func _simulatorStop(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("OpenDiffableTesting: simulated list: \(message)", file: file, line: line)
}

/// Stops the process when a simulated view is used off the main thread, as UIKit's and AppKit's
/// views must only be used from the main thread (Xcode's Main Thread Checker stops there). The
/// views are `@MainActor`, but code in Swift 5 mode can call them from any thread.
func _checkMainThread(_ api: String) {
  if !_isMainThread() {
    fatalError(
      "OpenDiffableTesting: a simulated view's \(api) was called off the main thread; list views must only be used on the main thread"
    )
  }
}
