import Foundation
import OpenDiffable
import OtherIndexPathAccessors

// A client that imports OpenDiffable and another package declaring the same `IndexPath`
// accessors on Linux: every use below must compile (OpenDiffable's accessors give way, so no
// use is ambiguous).

/// The index path of the first item of `snapshot`'s second section, moved one row down.
public func secondSectionStart(of snapshot: DiffableDataSourceSnapshot<String, Int>) -> (Int, Int, Int) {
  var path = IndexPath(item: 0, section: 1)
  path.item += 1
  let row = IndexPath(row: path.row, section: path.section)
  return (row.section, row.row, snapshot.numberOfSections)
}
