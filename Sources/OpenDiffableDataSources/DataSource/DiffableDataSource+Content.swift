import Foundation
import OpenDiffableCore

// MARK: - Content changes found on screen (contentProvider)

extension DiffableDataSource {
  /// Records the content `item`'s cell is made with now. Called for every cell the cell
  /// provider makes, and by adapters whose host asks the cell provider directly.
  /// O(1) plus the content provider.
  func _recordContent(of item: ItemIdentifierType) {
    guard let contentProvider else { return }
    _hostCallDepth += 1
    defer { _hostCallDepth -= 1 }
    _recordedContent[_HashPinnedKey(item)] = _observedContent(of: item, contentProvider)
  }

  /// After an apply moved the host from `old` to `new` (`new` with the app's marks), finds the
  /// visible items whose content changed since their cell was made or last reconfigured.
  ///
  /// Returns their positions in `new`, leaving out items that got a new cell in this apply
  /// (inserted; reloaded, by mark or with their section; moved out of a deleted or reloaded
  /// section — only looked for when `cellsMayBeNew` or there are marks), items that have no
  /// cell yet (`cellForItem(at:)` is nil: their cell will be made with fresh content) and items
  /// the app marked for reconfiguring (reconfigured anyway). Records the content of the items it
  /// returns and of the marked ones. Empty when there is no ``contentProvider``. O(v) amortized
  /// for v visible items.
  func _contentReconfigures(old: Snapshot, new: Snapshot, cellsMayBeNew: Bool) -> [IndexPath] {
    guard let contentProvider else { return [] }
    let visible = host.indexPathsForVisibleItems
    let marked = new.hasReloadOrReconfigureMarks
    var changed: [IndexPath] = []
    _hostCallDepth += 1
    defer { _hostCallDepth -= 1 }
    for path in visible {
      guard let item = new.itemIdentifier(for: path) else { continue }
      // A new cell is made with fresh content (now or when the host lays it out).
      if cellsMayBeNew || marked, _getsNewCell(item, old: old, new: new) { continue }
      // No cell yet (a host that makes cells when it draws): it will be made with fresh content.
      if host.cellForItem(at: path) == nil { continue }
      let content = _observedContent(of: item, contentProvider)
      let key = _HashPinnedKey(item)
      if marked, new.isReconfigured(item: item) {
        _recordedContent[key] = content
        continue
      }
      // One lookup records the content and returns what was recorded.
      if let recorded = _recordedContent.updateValue(content, forKey: key), _contentEqual(recorded, content) {
        continue
      }
      changed.append(path)
    }
    _pruneRecordedContent(keeping: visible, in: new)
    changed.sort()
    return changed
  }

  /// Keeps the records from growing with every item ever shown: once they hold four times more
  /// items than are visible (and more than 256), keeps only the visible items'. A dropped record
  /// is harmless: the item's next cell records it again, and a visible item without a record is
  /// reconfigured once. O(v) amortized.
  func _pruneRecordedContent(keeping visible: [IndexPath], in snapshot: Snapshot) {
    guard _recordedContent.count > max(256, 4 * visible.count) else { return }
    var kept = _HashPinnedDictionary<ItemIdentifierType, any Equatable>()
    kept.reserveCapacity(visible.count)
    for path in visible {
      guard let item = snapshot.itemIdentifier(for: path) else { continue }
      let key = _HashPinnedKey(item)
      if let content = _recordedContent[key] { kept[key] = content }
    }
    _recordedContent = kept
  }

  /// Whether `item` (in `new`) got a new cell in the apply from `old`: it is new, it or its
  /// section is marked for reload, its section is new, or the section it left was deleted or
  /// reloaded (the section operation carried it away). O(1) average.
  nonisolated func _getsNewCell(_ item: ItemIdentifierType, old: Snapshot, new: Snapshot) -> Bool {
    guard let oldSection = old.sectionIdentifier(containingItem: item) else { return true }
    if new.isReloaded(item: item) { return true }
    guard let section = new.sectionIdentifier(containingItem: item) else { return true }
    if !old.containsSection(section) || new.isReloaded(section: section) { return true }
    if oldSection != section, !new.containsSection(oldSection) || new.isReloaded(section: oldSection) {
      return true
    }
    return false
  }
}

/// Whether two contents are equal: same dynamic type and `==`. O(1) plus `==`.
func _contentEqual(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
  func equal<T: Equatable>(_ lhs: T, _ rhs: any Equatable) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }
  return equal(lhs, rhs)
}
