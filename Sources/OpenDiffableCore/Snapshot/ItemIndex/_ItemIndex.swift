import Atomics
import Foundation

/// A snapshot's item index: where each item is (its section's slot and its offset there).
///
/// Either the item table (`table`), or, while a snapshot built by appends was not yet read, the
/// deferred index (`deferred`), which records the appends and builds the resolved snapshot at
/// the first lookup; the states and their transitions are in ARCHITECTURE.md ("The item index:
/// files and states"). The table is empty while `deferred` is set.
///
/// Rules every caller relies on, kept here:
/// - The sections are the source of truth: the table reads the keys it compares from them, so a
///   mutation changes a section's array first and the table after (removals excepted: they take
///   the entry out while the array still holds the key).
/// - `deferred` and `lookup` change together, through ``setDeferred(_:)``.
/// - Lookups through the resolved snapshot's published address (the snapshot's
///   `_resolvedForLookup`) happen while a copy of `_index.deferred` is kept alive
///   (`_fixLifetime` or `_keepingAlive`).
@usableFromInline
struct _ItemIndex<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// Item identifier → location, when `deferred` is nil. Empty otherwise.
  @usableFromInline var table = _ItemTable<ItemIdentifierType>()
  /// Non-nil while the index is deferred. Set only through ``setDeferred(_:)``.
  @usableFromInline var deferred: _DeferredItemIndex<SectionIdentifierType, ItemIdentifierType>?
  /// The deferred index's published addresses (raw pointers, no reference count); nil when
  /// `deferred` is. Set only through ``setDeferred(_:)``.
  @usableFromInline var lookup: _DeferredLookup?

  @inlinable init() {}

  /// Sets the deferred index and the addresses lookups read from it. O(1).
  @inlinable mutating func setDeferred(_ deferred: _DeferredItemIndex<SectionIdentifierType, ItemIdentifierType>?) {
    self.deferred = deferred
    lookup = deferred?.lookup
  }

  /// Whether this value holds the only reference to its deferred index (false when there is
  /// none). O(1).
  @inlinable mutating func deferredIsUniquelyReferenced() -> Bool {
    isKnownUniquelyReferenced(&deferred)
  }
}

extension _ItemIndex: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
