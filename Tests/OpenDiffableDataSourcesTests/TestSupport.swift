import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>
typealias Outline = DiffableDataSourceSectionSnapshot<Int>
typealias View = SimulatedCollectionView<String, Int>
typealias Table = SimulatedTableView<String, Int>

/// A snapshot from `(section, items)` pairs.
func snapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
  Snapshot(layout: sections.map { ($0.key, $0.value) })
}

/// A snapshot from a list of `(section, items)` pairs.
func snapshot(_ sections: [(String, [Int])]) -> Snapshot { Snapshot(layout: sections) }

/// The rows of a snapshot, section by section.
func rows(_ snapshot: Snapshot) -> [[Int]] {
  snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
}

/// A simulated collection view with a data source whose cells name their item.
@MainActor
func makeList() -> (View, DiffableDataSource<View, String, Int>) {
  let view = View()
  let dataSource = DiffableDataSource<View, String, Int>(host: view) { _, _, item in SimulatedCell(item) }
  return (view, dataSource)
}

/// Checks that the host shows exactly what the data source holds.
@MainActor
func expectInSync(
  _ view: View, _ dataSource: DiffableDataSource<View, String, Int>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let current = dataSource.snapshot()
  #expect(view.sectionIdentifiers == current.sectionIdentifiers, sourceLocation: sourceLocation)
  #expect(view.itemIdentifiers == rows(current), sourceLocation: sourceLocation)
  #expect(view.cells.map { $0.map(\.itemIdentifier) } == rows(current), sourceLocation: sourceLocation)
  #expect(view.batchErrors.isEmpty, sourceLocation: sourceLocation)
}

/// Whether OpenDiffable and these tests were compiled with `-DOPENDIFFABLE_INTERNAL_CHECKS`, which
/// checks every snapshot invariant after every mutation: suites that mutate stored identifiers on
/// purpose are off under it (the checks assert that stored hashes are current).
#if OPENDIFFABLE_INTERNAL_CHECKS
  let internalChecksEnabled = true
#else
  let internalChecksEnabled = false
#endif
