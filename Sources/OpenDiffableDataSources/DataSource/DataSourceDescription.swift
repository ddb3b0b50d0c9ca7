import Foundation
import OpenDiffableCore

/// The numbers of sections and items of a data source's current snapshot, readable from any
/// thread: `description` is a non-isolated `NSObject` member while the snapshot lives on the
/// main actor. Updated whenever the snapshot changes. O(1).
final class _SnapshotSummary: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = (sections: 0, items: 0)

  /// Records the counts of `snapshot`.
  func record<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
    let new = (snapshot.numberOfSections, snapshot.numberOfItems)
    lock.lock()
    counts = new
    lock.unlock()
  }

  /// `TypeName(2 sections, 5 items)`: what the platform data sources' `description` says.
  func describe(_ type: Any.Type) -> String {
    lock.lock()
    let (sections, items) = counts
    lock.unlock()
    return "\(type)(\(sections) section\(sections == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s"))"
  }
}
