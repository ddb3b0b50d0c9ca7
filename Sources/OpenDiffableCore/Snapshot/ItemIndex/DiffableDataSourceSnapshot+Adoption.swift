import Foundation

// The item index of a snapshot about to be shown, taken from the snapshot shown now (see
// ARCHITECTURE.md, "Sharing and deriving the index in the diff"). The diff asks these two
// questions and trusts only their answers; how the index is shared or derived stays here.

extension DiffableDataSourceSnapshot {
  /// Settles this snapshot against `old`, the one shown now, when this one was rebuilt by
  /// appends never checked and every section equals `old`'s as stored: it then holds every
  /// identifier once (because `old` does), nothing changed, and it shares `old`'s index when
  /// `old` has one. Returns whether it settled, in which case the changeset is empty.
  /// O(s) for shared arrays, O(n) comparisons (or one `memcmp` per section) at worst; no hash.
  @inlinable func _settlesAsEqual(to old: Self) -> Bool {
    guard _marks == nil, let deferred = _index.deferred, !deferred.sectionsAreChecked,
      old._withCheckedSections({ _storedSectionsEqual($0, bytewise: true) })
    else { return false }
    deferred.markChecked()
    // When `old` has its index, this snapshot shares it (O(1)): the next diff, with this one as
    // the old side, then finds it built.
    if old._index.deferred == nil {
      deferred.resolve(self, sharingIndexOf: old)
    } else if let indexed = old._index.deferred?.resolvedIfBuilt {
      deferred.resolve(self, sharingIndexOf: indexed.pointee)
    }
    return true
  }

  /// Gives this snapshot, rebuilt by appends and close to `old` (which has its index), an index
  /// derived from `old`'s, changed only where the two differ. Returns the common prefix and
  /// suffix lengths of the sections stored in the same slot on both sides that the derivation
  /// compared (the diff need not compare them again); empty when nothing was derived (the
  /// snapshot has its own index, its index was built, or deriving would not pay).
  @inlinable func _deriveIndexIfUnbuilt(from old: Self) -> [(slot: Int, prefix: Int, suffix: Int)] {
    guard let deferred = _index.deferred, deferred.resolvedIfBuilt == nil else { return [] }
    return deferred.resolve(self, derivingIndexFrom: old) ?? []
  }
}
