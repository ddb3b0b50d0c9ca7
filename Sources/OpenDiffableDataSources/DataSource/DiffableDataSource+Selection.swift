import Foundation
import OpenDiffableCore

extension DiffableDataSource {
  /// The identifiers of the items the host has selected, read through `snapshot` (the state the
  /// host shows). Positions with no item are ignored. O(selected).
  func _selectedIdentifiers(in snapshot: Snapshot) -> [ItemIdentifierType] {
    guard let paths = host.indexPathsForSelectedItems, !paths.isEmpty else { return [] }
    return paths.compactMap { snapshot.itemIdentifier(for: $0) }
  }

  /// Makes the host's selection exactly the items of `identifiers` that are still in the list:
  /// deselects what should not be selected, selects what is missing, without animation or
  /// scrolling. O(selected).
  func _restoreSelection(_ identifiers: [ItemIdentifierType]) {
    var wanted = Set<IndexPath>()
    for identifier in identifiers {
      if let path = _current.indexPath(for: identifier) { wanted.insert(path) }
    }
    let actual = Set(host.indexPathsForSelectedItems ?? [])
    if wanted == actual { return }
    for path in actual.subtracting(wanted).sorted() {
      host.deselectItem(at: path, animated: false)
    }
    for path in wanted.subtracting(actual).sorted() {
      host.selectItem(at: path, animated: false, scrollPosition: Host.ScrollPosition())
    }
  }
}
