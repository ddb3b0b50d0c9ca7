import OpenDiffable
import UIKit

// Swift 5 language mode, minimal concurrency checking: code written before Swift concurrency
// calls the adapters from non-isolated functions, as it can with Apple's `@MainActor
// @preconcurrency` classes. If the adapters lost `@preconcurrency`, this target would not compile.

/// Applies `snapshot` from a non-isolated function and reads it back.
public func legacyApply(
  _ snapshot: DiffableDataSourceSnapshot<String, Int>, to dataSource: CollectionViewDiffableDataSource<String, Int>
) -> Int {
  dataSource.apply(snapshot, animatingDifferences: false)
  return dataSource.snapshot().numberOfItems
}

/// Applies `snapshot` to a table from a non-isolated function and reads it back.
public func legacyApply(
  _ snapshot: DiffableDataSourceSnapshot<String, Int>, to dataSource: TableViewDiffableDataSource<String, Int>
) -> Int {
  dataSource.apply(snapshot, animatingDifferences: false)
  return dataSource.snapshot().numberOfItems
}
