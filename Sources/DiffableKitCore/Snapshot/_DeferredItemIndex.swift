import Atomics
import Foundation

/// The item index of a snapshot that was built by appending, before anything needed it.
///
/// `appendItems(_:toSection:)` on a snapshot without an item index is array work: the items are
/// stored in their section and the call is recorded here, without hashing. The index is built
/// the first time something needs it — a lookup by identifier, a mutation other than an append,
/// a diff whose snapshots differ — and kept here, so copies of the snapshot that share this
/// object build it once. A diff that finds every section equal to a checked snapshot marks the
/// items checked without hashing them (``markChecked()``).
///
/// Apple's semantics are kept by replaying the recorded calls when the index is built: an
/// identifier repeated within one call stops the process with the message of that call, and an
/// identifier appended again by a later call is moved there, with the warning — exactly what the
/// eager path does, naming the original operation. A snapshot that is released without ever
/// being read or checked is checked then (see `deinit`), so a misuse never goes unreported.
///
/// Thread safety: snapshots are values that may be shared across threads, and building the
/// index of a shared copy is a lazy write. It happens under `lock`, once; the result is never
/// changed afterwards, so readers use it without the lock once they have seen it.
@usableFromInline
final class _DeferredItemIndex<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// One recorded `appendItems` call: the storage slot of its section and the identifiers, in
  /// order. The array is shared with the section when the section was empty (no copy).
  @usableFromInline
  struct Call {
    @usableFromInline var slot: Int
    @usableFromInline var items: [ItemIdentifierType]

    @inlinable init(slot: Int, items: [ItemIdentifierType]) {
      self.slot = slot
      self.items = items
    }
  }

  /// Every `appendItems` call since the snapshot lost (or never had) its index, in call order.
  /// Every item of the snapshot comes from one of them. Changed only while this object is
  /// uniquely referenced and nothing was resolved.
  @usableFromInline var calls: [Call] = []
  /// The number of identifiers in `calls`.
  @usableFromInline var itemCount = 0

  @usableFromInline let lock = _Lock()
  /// The check of `deinit`, made where the identifier type is known (in the code that appended),
  /// so that it runs specialized: the deinitializer of a generic class does not.
  @usableFromInline let checkCalls: ([Call], Int) -> Void
  /// The address of the snapshot with its index built and every repeated identifier resolved
  /// (0 until it exists): set once, under `lock`, with release ordering, then never changed, so
  /// that lookups read it with one acquire load — no lock, no read-modify-write, which would stop
  /// the processor from overlapping the cache misses of consecutive lookups.
  @usableFromInline let _published: UnsafeAtomic<Int> = .create(0)
  /// The address of the resolved snapshot's per-slot flat starts (the flat index of each storage
  /// slot's first item), set just before `_published` and never changed: `indexOfItem` reads it
  /// without touching reference counts or exclusivity records.
  @usableFromInline let _publishedStarts: UnsafeAtomic<Int> = .create(0)
  /// Both published addresses, for the snapshot values that hold this object.
  @inlinable var lookup: _DeferredLookup { _DeferredLookup(resolved: _published, flatStarts: _publishedStarts) }

  /// The resolved snapshot, or nil while it was not built.
  @inlinable var resolvedIfBuilt: UnsafeMutablePointer<Snapshot>? {
    UnsafeMutablePointer(bitPattern: _published.load(ordering: .acquiring))
  }
  /// Whether the sections, as stored, hold every identifier once (checked by comparison with a
  /// checked snapshot, or because resolving changed nothing). Set under `lock`.
  @usableFromInline var _sectionsAreChecked = false

  @inlinable init() {
    checkCalls = { calls, count in Self._checkCalls(calls, itemCount: count) }
  }

  /// A copy that can record more calls (nothing resolved or checked).
  @inlinable func copyForAppending() -> _DeferredItemIndex {
    let copy = _DeferredItemIndex()
    copy.calls = calls
    copy.itemCount = itemCount
    return copy
  }

  /// Whether the index was built or the items were checked: after either, more appends go
  /// through the eager path.
  @inlinable var isSettled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return resolvedIfBuilt != nil || _sectionsAreChecked
  }

  /// Whether the stored sections hold every identifier exactly once, as the snapshot reads.
  @inlinable var sectionsAreChecked: Bool {
    lock.lock()
    defer { lock.unlock() }
    return _sectionsAreChecked
  }

  /// Records that the stored sections hold every identifier once (a diff proved it by comparing
  /// every section with a checked snapshot).
  @inlinable func markChecked() {
    lock.lock()
    _sectionsAreChecked = true
    lock.unlock()
  }

  /// Calls `body` with the snapshot `raw` (whose deferred index this is) resolved: its index
  /// built and every repeated identifier handled. Builds it on first use. O(n) the first time,
  /// O(1) afterwards.
  @inlinable func withResolved<R>(_ raw: Snapshot, _ body: (Snapshot) throws -> R) rethrows -> R {
    try body(resolved(raw).pointee)
  }

  /// The resolved snapshot of `raw`, built on first use; valid as long as this object lives
  /// (the caller holds `raw`, which holds it), and never changed. Reading it through the pointer
  /// lends it without copying the snapshot's storage references. O(n) the first time, O(1) after.
  @inlinable func resolved(_ raw: Snapshot) -> UnsafeMutablePointer<Snapshot> {
    resolvedIfBuilt ?? _resolveOnce(raw)
  }

  /// The slow path of ``resolved(_:)``: builds the resolved snapshot under the lock (once).
  @inlinable func _resolveOnce(_ raw: Snapshot) -> UnsafeMutablePointer<Snapshot> {
    lock.lock()
    defer { lock.unlock() }
    if let built = resolvedIfBuilt { return built }
    let (snapshot, changed) = _resolve(raw, checked: _sectionsAreChecked)
    let pointer = UnsafeMutablePointer<Snapshot>.allocate(capacity: 1)
    pointer.initialize(to: snapshot)
    let slotCount = Swift.max(snapshot._slots.count, 1)
    let starts = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    starts.initialize(repeating: 0, count: slotCount)
    var flat = 0
    for slot in snapshot._slotAtPosition {
      starts[slot] = flat
      flat += snapshot._slots[slot].items.count
    }
    _publishedStarts.store(Int(bitPattern: starts), ordering: .releasing)
    if !changed { _sectionsAreChecked = true }
    _published.store(Int(bitPattern: pointer), ordering: .releasing)
    return pointer
  }

  /// Builds the resolved form of `raw`. When `checked`, every identifier is known to be stored
  /// once and the index is built without looking for repeats; otherwise the index is built in
  /// one pass that looks for them, and the recorded calls are replayed through the eager path
  /// only if there is one. Returns whether the sections changed (an item moved by a later call).
  @inlinable func _resolve(_ raw: Snapshot, checked: Bool) -> (snapshot: Snapshot, changed: Bool) {
    var result = raw
    result._setDeferred(nil)
    var sections: [(slot: Int, keys: [ItemIdentifierType])] = []
    sections.reserveCapacity(raw._slotAtPosition.count)
    for slot in raw._slotAtPosition where !raw._slots[slot].items.isEmpty {
      sections.append((slot, raw._slots[slot].items))
    }
    if checked {
      result._itemLocations.rebuild(from: sections)
      return (result, false)
    }
    var table = _ItemTable<ItemIdentifierType>()
    table.reserveCapacity(itemCount)
    var clean = true
    for (slot, keys) in sections where !table.insertAllNewOrStop(keys, slot: slot, firstOffset: 0) {
      clean = false
      break
    }
    if clean {
      result._itemLocations = table
      return (result, false)
    }
    // A repeat: replay every call through the eager path, which stops for a repeat within one
    // call and moves an item appended again, with the warning, exactly as it does eagerly.
    result._itemLocations = _ItemTable()
    result._itemLocations.reserveCapacity(itemCount)
    for slot in result._slots.indices where !result._slots[slot].items.isEmpty {
      result._slots[slot].items = []
    }
    result._reindexSections()
    for call in calls {
      result._appendItemsEagerly(call.items, slot: call.slot, operation: Snapshot._appendOperation)
    }
    return (result, true)
  }

  /// A snapshot that is released without having been read, diffed or checked still reports what
  /// `appendItems` would have reported: a repeat within one call stops the process, naming the
  /// call, and an item appended again gets the warning.
  deinit {
    let resolved = resolvedIfBuilt
    UnsafeMutablePointer<Int>(bitPattern: _publishedStarts.load(ordering: .acquiring))?.deallocate()
    lock.destroy()
    _published.destroy()
    _publishedStarts.destroy()
    if let resolved {
      resolved.deinitialize(count: 1)
      resolved.deallocate()
    } else if !_sectionsAreChecked && !calls.isEmpty {
      checkCalls(calls, itemCount)
    }
  }

  /// The check of `deinit`: one pass over every recorded identifier. O(n).
  @inlinable static func _checkCalls(_ calls: [Call], itemCount: Int) {
    var table = _ItemTable<ItemIdentifierType>()
    table.reserveCapacity(itemCount)
    var firstOffset = 0
    for call in calls {
      defer { firstOffset += call.items.count }
      if table.insertAllNew(call.items, slot: 0, firstOffset: firstOffset) { continue }
      let repeated = _repeatedIdentifiers(call.items)
      if !repeated.isEmpty {
        _stop(.init(kind: .duplicateIdentifiers, operation: Snapshot._appendOperation, identifiers: repeated))
      }
      var existing: [ItemIdentifierType] = []
      var fresh: [ItemIdentifierType] = []
      for item in call.items {
        if table[item] != nil { existing.append(item) } else { fresh.append(item) }
      }
      Snapshot._warnMovingExisting(existing, operation: Snapshot._appendOperation)
      _ = table.insertAllNew(fresh, slot: 0, firstOffset: firstOffset)
    }
  }
}

extension _DeferredItemIndex: @unchecked Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension _DeferredItemIndex.Call: Sendable where ItemIdentifierType: Sendable {}

/// A plain mutex (os_unfair_lock on Apple platforms, a pthread mutex elsewhere): no newer-OS API,
/// and cheaper than `NSLock` on the query path. Owned by one object, which destroys it.
@usableFromInline
struct _Lock {
  #if canImport(Darwin)
    @usableFromInline let _pointer: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline let _pointer: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  @inlinable init() {
    _pointer = .allocate(capacity: 1)
    #if canImport(Darwin)
      _pointer.initialize(to: os_unfair_lock())
    #else
      _pointer.initialize(to: pthread_mutex_t())
      pthread_mutex_init(_pointer, nil)
    #endif
  }

  @inlinable func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(_pointer)
    #else
      pthread_mutex_lock(_pointer)
    #endif
  }

  @inlinable func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(_pointer)
    #else
      pthread_mutex_unlock(_pointer)
    #endif
  }

  @usableFromInline func destroy() {
    #if !canImport(Darwin)
      pthread_mutex_destroy(_pointer)
    #endif
    _pointer.deinitialize(count: 1)
    _pointer.deallocate()
  }
}

/// The addresses a deferred index publishes once its resolved snapshot exists: the resolved
/// snapshot and its per-slot flat starts (0 before). Snapshot values keep a copy beside their
/// reference to the deferred index, which keeps the atomics alive, so that a lookup reads them
/// with acquire loads and no reference counting.
@usableFromInline
struct _DeferredLookup: @unchecked Sendable {
  @usableFromInline let resolved: UnsafeAtomic<Int>
  @usableFromInline let flatStarts: UnsafeAtomic<Int>

  @inlinable init(resolved: UnsafeAtomic<Int>, flatStarts: UnsafeAtomic<Int>) {
    self.resolved = resolved
    self.flatStarts = flatStarts
  }
}
