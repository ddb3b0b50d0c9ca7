import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// Every way an identifier can break `Hashable`'s contract, against every table that stores
// identifiers. The rule (ARCHITECTURE.md): a correct result with a warning, or a stop whose
// message starts with `OpenDiffable` — never a trap inside the standard library. Each cell runs
// in a process of its own (an exit test): a trap ends only that cell.

/// How an identifier breaks the contract, once it is stored.
enum ContractBreak: String, Codable, CaseIterable, Sendable {
  /// One stored identifier is changed to equal another stored one (hash and `==` change).
  case changedToEqualAnother
  /// The hash differs on every call.
  case hashChangesEveryCall
  /// Every identifier is `==` to every other, whatever their hashes.
  case equalButHashesDiffer
  /// No identifier is `==` to anything, itself included.
  case notEqualToItself
}

/// Where identifiers are stored.
enum IdentifierTable: String, Codable, CaseIterable, Sendable {
  /// The snapshot's item index.
  case itemIndex
  /// The snapshot's section table.
  case sectionTable
  /// Reload and reconfigure marks.
  case marks
  /// The data source's recorded content (`contentProvider`).
  case contentRecords
  /// Section snapshots (outlines) and the data source's outlines by section.
  case sectionSnapshots
  /// The data source's tables: the shown snapshot, selection kept by identifier, the view's cells.
  case dataSourceTables
}

/// An identifier whose `Hashable` conformance breaks as ``ContractBreak`` says once
/// ``broken`` is set (each cell runs in its own process).
final class Probe: Hashable, CustomStringConvertible, @unchecked Sendable {
  nonisolated(unsafe) static var broken: ContractBreak?
  var value: Int
  private var hashCalls = 0

  init(_ value: Int) { self.value = value }

  static func == (lhs: Probe, rhs: Probe) -> Bool {
    switch broken {
    case .equalButHashesDiffer: return true
    case .notEqualToItself: return false
    default: return lhs.value == rhs.value
    }
  }

  func hash(into hasher: inout Hasher) {
    if Probe.broken == .hashChangesEveryCall {
      hashCalls += 1
      hasher.combine(hashCalls)
    }
    hasher.combine(value)
  }

  var description: String { "Probe(\(value))" }

  /// Breaks the contract of `probes` (already stored somewhere) as `kind` says.
  static func breakContract(_ kind: ContractBreak, of probes: [Probe]) {
    if kind == .changedToEqualAnother {
      probes[2].value = probes[1].value
    } else {
      broken = kind
    }
  }
}

/// Runs every operation that reads or writes `table` after the identifiers broke `kind`.
@MainActor
func exercise(_ table: IdentifierTable, broken kind: ContractBreak) {
  let probes = (0..<40).map { Probe(9_100_000 + $0) }
  let more = (40..<80).map { Probe(9_100_000 + $0) }
  switch table {
  case .itemIndex:
    var snapshot = DiffableDataSourceSnapshot<Int, Probe>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(probes[0..<20]), toSection: 0)
    snapshot.appendItems(Array(probes[20..<40]), toSection: 1)
    let shown = snapshot
    _ = shown.indexOfItem(probes[0])
    Probe.breakContract(kind, of: probes)
    _ = snapshot.indexOfItem(probes[2])
    _ = snapshot.sectionIdentifier(containingItem: probes[3])
    snapshot.deleteItems([probes[2], probes[5]])
    snapshot.appendItems(Array(more[0..<20]), toSection: 1)
    snapshot.insertItems([more[30]], beforeItem: probes[10])
    snapshot.moveItem(probes[12], afterItem: probes[30])
    snapshot.reloadItems([probes[11]])
    var rebuilt = DiffableDataSourceSnapshot<Int, Probe>()
    rebuilt.appendSections([0, 1])
    rebuilt.appendItems(Array(probes[0..<20]), toSection: 0)
    rebuilt.appendItems(Array(probes[20..<40]), toSection: 1)
    _ = SnapshotChangeset(from: shown, to: rebuilt)
    _ = SnapshotChangeset(from: shown, to: snapshot)
    _ = snapshot.itemIdentifiers
  case .sectionTable:
    var snapshot = DiffableDataSourceSnapshot<Probe, Int>()
    snapshot.appendSections(Array(probes[0..<10]))
    for (index, section) in probes[0..<10].enumerated() {
      snapshot.appendItems([index * 10, index * 10 + 1], toSection: section)
    }
    let shown = snapshot
    Probe.breakContract(kind, of: probes)
    _ = snapshot.indexOfSection(probes[2])
    _ = snapshot.numberOfSections
    snapshot.deleteSections([probes[1]])
    snapshot.appendSections(Array(more[0..<10]))
    snapshot.insertSections([more[20]], beforeSection: probes[5])
    snapshot.moveSection(probes[6], afterSection: probes[8])
    snapshot.reloadSections([probes[7]])
    _ = SnapshotChangeset(from: shown, to: snapshot)
    _ = snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
  case .marks:
    var snapshot = DiffableDataSourceSnapshot<Probe, Probe>()
    snapshot.appendSections(Array(more[0..<4]))
    snapshot.appendItems(probes)
    snapshot.reloadItems(Array(probes[0..<4]))
    snapshot.reconfigureItems(Array(probes[0..<4]))
    snapshot.reloadSections(Array(more[0..<3]))
    Probe.breakContract(kind, of: probes)
    Probe.breakContract(kind, of: more)
    snapshot.reloadItems(Array(probes[4..<30]))
    snapshot.reconfigureItems(Array(probes[4..<30]))
    snapshot.reloadSections([more[3]])
    _ = snapshot.reloadedItemIdentifiers
    _ = snapshot.reconfiguredItemIdentifiers
    _ = snapshot.reloadedSectionIdentifiers
    _ = SnapshotChangeset(from: DiffableDataSourceSnapshot<Probe, Probe>(), to: snapshot)
  case .contentRecords, .dataSourceTables:
    let view = SimulatedCollectionView<Int, Probe>()
    view.stopsOnInvalidBatch = false
    let dataSource = DiffableDataSource<SimulatedCollectionView<Int, Probe>, Int, Probe>(host: view) { _, _, item in
      SimulatedCell(item)
    }
    if table == .contentRecords { dataSource.contentProvider = { $0.value } }
    var snapshot = DiffableDataSourceSnapshot<Int, Probe>()
    snapshot.appendSections([0])
    snapshot.appendItems(probes)
    dataSource.apply(snapshot)
    view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
    Probe.breakContract(kind, of: probes)
    dataSource.apply(snapshot)
    snapshot.appendItems(more)
    dataSource.apply(snapshot)
    _ = dataSource.indexPath(for: probes[2])
    var next = DiffableDataSourceSnapshot<Int, Probe>()
    next.appendSections([0])
    next.appendItems(Array(probes[10..<30]) + more)
    dataSource.apply(next)
    dataSource.applySnapshotUsingReloadData(next)
  case .sectionSnapshots:
    var outline = DiffableDataSourceSectionSnapshot<Probe>()
    outline.append(Array(probes[0..<10]))
    outline.append(Array(probes[10..<20]), to: probes[0])
    outline.append(Array(probes[20..<30]), to: probes[1])
    outline.expand([probes[0]])
    Probe.breakContract(kind, of: probes)
    _ = outline.visibleItems
    _ = outline.index(of: probes[2])
    outline.expand([probes[1]])
    outline.collapse([probes[0]])
    outline.append(Array(more[0..<10]), to: probes[3])
    outline.delete([probes[4]])
    _ = outline.snapshot(of: probes[1])
    let view = SimulatedCollectionView<Probe, Int>()
    view.stopsOnInvalidBatch = false
    let dataSource = DiffableDataSource<SimulatedCollectionView<Probe, Int>, Probe, Int>(host: view) { _, _, item in
      SimulatedCell(item)
    }
    var items = DiffableDataSourceSectionSnapshot<Int>()
    items.append([1, 2, 3])
    for (index, section) in more[10..<20].enumerated() {
      var sectionItems = DiffableDataSourceSectionSnapshot<Int>()
      sectionItems.append([100 + index])
      dataSource.apply(sectionItems, to: section)
    }
    Probe.breakContract(kind, of: Array(more[10..<20]))
    dataSource.apply(items, to: more[12])
    _ = dataSource.snapshot(for: more[13])
    dataSource.apply(items, to: more[30])
  }
}

@Suite(
  "Contract-breaking identifiers × every identifier table",
  .disabled(if: internalChecksEnabled, "identifiers are mutated between calls on purpose"))
struct ContractBreakMatrixTests {
  @Test(
    "A correct result or a stop naming OpenDiffable, never a trap inside the standard library",
    arguments: ContractBreak.allCases, IdentifierTable.allCases)
  func cell(kind: ContractBreak, table: IdentifierTable) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind, table] in
      OpenDiffableWarningCollector.install()
      await MainActor.run { exercise(table, broken: kind) }
      FileHandle.standardError.write(Data("cell finished\n".utf8))
      exit(3)
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let finished = output.contains("cell finished")
    // A stop of ours: `OpenDiffable: …`, or the simulated view's `OpenDiffableTesting: …`.
    let stoppedByUs = output.contains("Fatal error: OpenDiffable")
    #expect(finished || stoppedByUs, "\(kind) × \(table):\n\(output.prefix(3000))")
  }
}
