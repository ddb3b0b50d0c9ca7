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
    /// The section of the ``SnapshotSection`` whose items these are, when a result builder made
    /// the call (nil for `appendItems(_:toSection:)`): messages then name that section.
    @usableFromInline var builderSection: SectionIdentifierType?

    @inlinable init(slot: Int, items: [ItemIdentifierType], builderSection: SectionIdentifierType? = nil) {
      self.slot = slot
      self.items = items
      self.builderSection = builderSection
    }

    /// The operation messages about this call name.
    @inlinable var operation: String {
      builderSection.map { Snapshot._builderAppendOperation($0) } ?? Snapshot._appendOperation
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
  /// (Its flag: whether the release runs on the thread that appended, where a repeat stops.)
  @usableFromInline let checkCalls: ([Call], Int, Bool) -> Void
  /// The address of the snapshot with its index built and every repeated identifier resolved
  /// (0 until it exists): set once, under `lock`, with release ordering, then never changed, so
  /// that lookups read it with one acquire load — no lock, no read-modify-write, which would stop
  /// the processor from overlapping the cache misses of consecutive lookups.
  @usableFromInline let _published: UnsafeAtomic<Int> = .create(0)
  /// The address of the resolved snapshot's per-slot flat starts (the flat index of each storage
  /// slot's first item), set just before `_published` and never changed: `indexOfItem` reads it
  /// without touching reference counts or exclusivity records.
  /// (A plain cell, not an atomic: it is written once, before `_published` is stored with
  /// release ordering, and read only after `_published` was read non-zero with acquire
  /// ordering, so the read is ordered after the write; a plain load is free for lookups.)
  @usableFromInline let _publishedStarts: UnsafeMutablePointer<Int> = {
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cell.initialize(to: 0)
    return cell
  }()
  /// 1 once ``_sectionsAreChecked`` is true (0 before), published with release ordering when it
  /// is set, so that reads of a section's items know without the lock that the stored sections
  /// are right.
  @usableFromInline let _publishedChecked: UnsafeAtomic<Int> = .create(0)
  /// The published addresses and flag, for the snapshot values that hold this object.
  @inlinable var lookup: _DeferredLookup {
    _DeferredLookup(resolved: _published, flatStarts: _publishedStarts, checked: _publishedChecked)
  }

  /// The resolved snapshot, or nil while it was not built.
  @inlinable var resolvedIfBuilt: UnsafeMutablePointer<Snapshot>? {
    UnsafeMutablePointer(bitPattern: _published.load(ordering: .acquiring))
  }
  /// Whether the sections, as stored, hold every identifier once (checked by comparison with a
  /// checked snapshot, or because resolving changed nothing). Set under `lock`.
  @usableFromInline var _sectionsAreChecked = false {
    didSet { if _sectionsAreChecked { _publishedChecked.store(1, ordering: .releasing) } }
  }

  /// The thread that made the first recorded call: a repeat found at release stops the process
  /// only on it (the app chose it for the call); on any other thread it is a warning.
  @usableFromInline let appendingThread = pthread_self()

  @inlinable init() {
    checkCalls = { calls, count, mayStop in Self._checkCalls(calls, itemCount: count, mayStop: mayStop) }
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

  /// How the resolved snapshot's index came to be (for tests and diagnostics). Set under `lock`.
  @usableFromInline enum Resolution: Sendable { case notYet, built, shared, derived }
  @usableFromInline var resolution = Resolution.notYet

  /// Whether the stored sections hold every identifier exactly once, as the snapshot reads:
  /// the published flag, as lookups read it (no lock; it only ever turns true).
  @inlinable var sectionsAreChecked: Bool { lookup.sectionsAreChecked() }

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
    resolution = .built
    return _publish(snapshot, changed: changed)
  }

  /// Publishes `snapshot` as the resolved form (under `lock`, once): its per-slot flat starts,
  /// then its address. Unless `changed`, the stored sections are known to hold every identifier
  /// once.
  @inlinable func _publish(_ snapshot: Snapshot, changed: Bool) -> UnsafeMutablePointer<Snapshot> {
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
    _publishedStarts.pointee = Int(bitPattern: starts)
    if !changed { _sectionsAreChecked = true }
    _published.store(Int(bitPattern: pointer), ordering: .releasing)
    return pointer
  }

  /// Resolves `raw`, whose every section equals `old`'s, with `old`'s own item index (shared,
  /// O(1), copy-on-write), and returns whether `raw` is resolved now. `old` must have its index
  /// (no deferred one), and its sections must be stored in the same slots.
  ///
  /// Only for identifiers hashed from their bits (``_ItemHash/hashesFromBits(_:)``): their
  /// equality is exact and they cannot change while stored, so an entry of `old`'s table is
  /// exactly right for `raw` (a key whose hash changed while stored in `old` is repaired from
  /// the sections by a fresh build instead). Returns false, publishing nothing, otherwise.
  @inlinable @discardableResult func resolve(_ raw: Snapshot, sharingIndexOf old: Snapshot) -> Bool {
    // Checked first: a type test that folds away, so other types never take the lock here.
    guard _ItemHash.hashesFromBits(ItemIdentifierType.self), old._index.deferred == nil else { return false }
    lock.lock()
    defer { lock.unlock() }
    if resolvedIfBuilt != nil { return true }
    guard raw._slotAtPosition == old._slotAtPosition else { return false }
    var result = raw
    result._index.setDeferred(nil)
    result._index.table = old._index.table
    // `old` may have more slots (free ones, of deleted sections), whose entries are gone.
    result._index.table.dropBiases(fromSlot: raw._slots.count)
    resolution = .shared
    _ = _publish(result, changed: false)
    return true
  }

  /// The common prefix and suffix of one section's items in two snapshots that store it in the
  /// same slot.
  @usableFromInline typealias SectionAffixes = (slot: Int, prefix: Int, suffix: Int)

  /// Resolves `raw` with an index derived from `old`'s when that is cheaper than building one,
  /// and returns the common affixes it compared, one per section `raw` and `old` both have (the
  /// diff then trims by them instead of comparing the items again). `old` must have its index
  /// (no deferred one).
  ///
  /// Only for identifiers hashed from their bits, as ``resolve(_:sharingIndexOf:)``. When the
  /// sections `raw` shares with `old` are stored in the same slots (a snapshot rebuilt from
  /// scratch numbers its slots in append order, so sections added or removed at the end keep
  /// them), the index is derived from a copy of `old`'s table: the items of each section's
  /// changed middle part (after trimming the common prefix and suffix by comparison) and of
  /// deleted sections are removed, the common suffixes moved to their new offsets, and the new
  /// middle parts and inserted sections added — which finds any identifier `raw` repeats. That
  /// is O(n) comparisons and copying plus one hash per changed item, instead of one per item.
  /// It is done only when the changed items are at most a quarter of the snapshot and fit the
  /// copied table's capacity (which must not be more than about twice what `raw` needs).
  ///
  /// Returns nil, publishing nothing, when it does not apply, would not pay, or meets a
  /// repeated identifier: the caller then resolves `raw` as usual, which reports the repeat
  /// naming its call.
  @inlinable func resolve(_ raw: Snapshot, derivingIndexFrom old: Snapshot) -> [SectionAffixes]? {
    guard _ItemHash.hashesFromBits(ItemIdentifierType.self), old._index.deferred == nil else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if resolvedIfBuilt != nil { return nil }
    typealias Location = _ItemTableLocation
    // Plan: per section of `raw`, its slot and, when `old` has it, the common prefix and suffix.
    var shared: [SectionAffixes] = []
    var inserted: [Int] = []  // slots of sections `old` does not have
    var work = 0
    for position in raw._slotAtPosition.indices {
      let slot = raw._slotAtPosition[position]
      let newItems = raw._slots[slot].items
      guard let oldSlot = old._slotBySection[raw._sectionIDs[position]] else {
        inserted.append(slot)
        work += newItems.count
        continue
      }
      guard oldSlot == slot else { return nil }
      let oldItems = old._slots[slot].items
      let (prefix, suffix) = _commonAffixes(oldItems, newItems)
      shared.append((slot, prefix, suffix))
      work += oldItems.count + newItems.count - 2 * (prefix + suffix)
      if oldItems.count != newItems.count { work += suffix }
      if work > itemCount / 4 { return nil }
    }
    var deleted: [Int] = []  // slots of `old`'s sections that `raw` does not have
    for position in old._slotAtPosition.indices where raw._slotBySection[old._sectionIDs[position]] == nil {
      let slot = old._slotAtPosition[position]
      deleted.append(slot)
      work += old._slots[slot].items.count
    }
    guard work <= itemCount / 4 else { return nil }
    // Growing the copy would rehash every key: only within the capacity `old`'s table has (a
    // table built in one pass keeps some room, ``_ItemTable/capacityWithRoom(for:)``).
    guard itemCount <= old._index.table.capacity else { return nil }
    // A copy keeps the bucket count: a table much larger than needed is built afresh instead.
    guard old._index.table.capacity <= 2 * itemCount + 64 else { return nil }
    var table = old._index.table
    // 1. Remove what leaves: every item of a deleted section, the old middle of the others.
    // Every entry is still at its place in `old`, whose sections the table reads keys from.
    let oldSlots = old._slots
    let oldKeys = { (slot: Int, offset: Int) in oldSlots[slot].items[offset] }
    for slot in deleted {
      for (offset, item) in old._slots[slot].items.enumerated()
      where !table.removeValue(forKey: item, at: Location(slot: slot, offset: offset), keys: oldKeys) {
        return nil
      }
    }
    for (slot, prefix, suffix) in shared {
      let oldItems = old._slots[slot].items
      for offset in prefix..<(oldItems.count - suffix)
      where !table.removeValue(forKey: oldItems[offset], at: Location(slot: slot, offset: offset), keys: oldKeys) {
        return nil
      }
    }
    // 2. Move each common suffix to its new offsets.
    for (slot, _, suffix) in shared where suffix > 0 {
      let newItems = raw._slots[slot].items
      let shift = newItems.count - old._slots[slot].items.count
      guard shift != 0 else { continue }
      if table.relocate(newItems, from: newItems.count - suffix, slot: slot, shiftedBy: shift) != nil {
        return nil
      }
    }
    // 3. Add what arrives; a repeat of any identifier still in the table fails here. Every entry
    // is at its place in `raw` now (the common prefixes and suffixes hold the same identifiers).
    let newSlots = raw._slots
    let newKeys = { (slot: Int, offset: Int) in newSlots[slot].items[offset] }
    for (slot, prefix, suffix) in shared {
      let newItems = raw._slots[slot].items
      let end = newItems.count - suffix
      if prefix < end && !table.insertAllNew(newItems[prefix..<end], slot: slot, firstOffset: prefix, keys: newKeys) {
        return nil
      }
    }
    // (Empty arrays are skipped: inserting nothing would still copy a shared table.)
    for slot in inserted
    where !raw._slots[slot].items.isEmpty
      && !table.insertAllNew(raw._slots[slot].items, slot: slot, firstOffset: 0, keys: newKeys)
    {
      return nil
    }
    // Always true when section identifiers hash and compare consistently; the one safety net
    // when they do not (an old section found neither shared nor deleted would keep its entries).
    guard table.count == itemCount else { return nil }
    // Slots `old` has and `raw` does not (deleted sections, free slots) hold no entries now.
    table.dropBiases(fromSlot: raw._slots.count)
    var result = raw
    result._index.setDeferred(nil)
    result._index.table = table
    result._checkInvariantsIfEnabled()
    resolution = .derived
    _ = _publish(result, changed: false)
    return shared
  }

  /// Builds the resolved form of `raw`. When `checked`, every identifier is known to be stored
  /// once and the index is built without looking for repeats; otherwise the index is built in
  /// one pass that looks for them, and the recorded calls are replayed through the eager path
  /// only if there is one. Returns whether the sections changed (an item moved by a later call).
  @inlinable func _resolve(_ raw: Snapshot, checked: Bool) -> (snapshot: Snapshot, changed: Bool) {
    var result = raw
    result._index.setDeferred(nil)
    var sections: [(slot: Int, keys: [ItemIdentifierType])] = []
    sections.reserveCapacity(raw._slotAtPosition.count)
    for slot in raw._slotAtPosition where !raw._slots[slot].items.isEmpty {
      sections.append((slot, raw._slots[slot].items))
    }
    if checked {
      result._index.table.rebuild(from: sections)
      return (result, false)
    }
    var table = _ItemTable<ItemIdentifierType>()
    // The reader captures the sections, not the snapshot: a captured snapshot was copied (every
    // field retained) at each use inside the table's members.
    let slots = raw._slots
    let keys = { (slot: Int, offset: Int) in slots[slot].items[offset] }
    // The layout for the largest section and slot first, so that the table is allocated once.
    let largest = _ItemTable<ItemIdentifierType>._largest(sections)
    table._makeRoom(
      forSlot: largest.slot, sectionSize: largest.size,
      reserving: _ItemTable<ItemIdentifierType>.capacityWithRoom(for: itemCount))
    var clean = true
    for (slot, items) in sections where !table.insertAllNew(items, slot: slot, firstOffset: 0, keys: keys) {
      clean = false
      break
    }
    if clean {
      result._index.table = table
      return (result, false)
    }
    // A repeat: replay every call through the eager path, which stops for a repeat within one
    // call and moves an item appended again, with the warning, exactly as it does eagerly.
    result._index.table = _ItemTable()
    for slot in result._slots.indices where !result._slots[slot].items.isEmpty {
      result._slots[slot].items = []
    }
    result._index.table.reserveCapacity(itemCount) { _, _ in _internalError("an empty index read a key") }
    result._reindexSections()
    for call in calls {
      result._appendItemsEagerly(call.items, slot: call.slot, operation: call.operation)
    }
    return (result, true)
  }

  /// A snapshot that is released without having been read, diffed or checked still reports what
  /// `appendItems` would have reported: a repeat within one call stops the process naming the
  /// call when the release runs on the thread that appended, and is a warning naming the call on
  /// any other thread (one the app may not have chosen); an item appended again gets the usual
  /// warning.
  deinit {
    let resolved = resolvedIfBuilt
    UnsafeMutablePointer<Int>(bitPattern: _publishedStarts.pointee)?.deallocate()
    lock.destroy()
    _published.destroy()
    _publishedStarts.deallocate()
    _publishedChecked.destroy()
    if let resolved {
      resolved.deinitialize(count: 1)
      resolved.deallocate()
    } else if !_sectionsAreChecked && !calls.isEmpty {
      checkCalls(calls, itemCount, pthread_equal(appendingThread, pthread_self()) != 0)
    }
  }

  /// The check of `deinit`: one pass over every recorded identifier. A repeat within one call
  /// stops the process, naming the call, when `mayStop` (the release runs on the thread that
  /// appended); otherwise it is a warning naming the call. O(n).
  @inlinable static func _checkCalls(_ calls: [Call], itemCount: Int, mayStop: Bool) {
    var table = _ItemTable<ItemIdentifierType>()
    // Each array the table holds entries of is a slot of its own: the calls' arrays, then the
    // identifiers of calls that repeated an earlier identifier, without those.
    var arrays: [[ItemIdentifierType]] = []
    arrays.reserveCapacity(calls.count)
    table._makeRoom(
      forSlot: calls.count, sectionSize: calls.reduce(0) { Swift.max($0, $1.items.count) }, reserving: itemCount)
    for call in calls {
      arrays.append(call.items)
      if table.insertAllNew(call.items, slot: arrays.count - 1, firstOffset: 0, keys: { arrays[$0][$1] }) {
        continue
      }
      let repeated = _repeatedIdentifiers(call.items)
      if !repeated.isEmpty {
        let error = DiffableDataSourceSnapshotError(
          kind: .duplicateIdentifiers, operation: call.operation, identifiers: repeated)
        if mayStop { _stop(error) }
        _warnRepeatFoundAtRelease(error)
      }
      var existing: [ItemIdentifierType] = []
      var fresh: [ItemIdentifierType] = []
      for item in call.items {
        if table.location(of: item, keys: { arrays[$0][$1] }) != nil {
          existing.append(item)
        } else {
          fresh.append(item)
        }
      }
      Snapshot._warnMovingExisting(existing, operation: call.operation)
      arrays[arrays.count - 1] = fresh
      _ = table.insertAllNew(fresh, slot: arrays.count - 1, firstOffset: 0, keys: { arrays[$0][$1] })
    }
  }
}

/// Reports a repeat within one `appendItems` call that the check at release found.
@usableFromInline
func _warnRepeatFoundAtRelease(_ error: DiffableDataSourceSnapshotError) {
  OpenDiffableDiagnostics.warn(
    "\(error.operation): \(error.problem). \(error.fix) (Found when the snapshot was released, unread, on "
      + "another thread than the one that appended; a stop there would blame a thread the app did not choose. "
      + "Read or apply the snapshot and the same call stops the process.)")
}

extension _DeferredItemIndex: @unchecked Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension _DeferredItemIndex.Call: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

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
/// snapshot and its per-slot flat starts (0 before); and whether the stored sections are checked. Snapshot values keep a copy beside their
/// reference to the deferred index, which keeps the atomics alive, so that a lookup reads them
/// with acquire loads and no reference counting.
@usableFromInline
struct _DeferredLookup: @unchecked Sendable {
  @usableFromInline let resolved: UnsafeAtomic<Int>
  @usableFromInline let flatStarts: UnsafeMutablePointer<Int>
  @usableFromInline let checked: UnsafeAtomic<Int>

  @inlinable init(resolved: UnsafeAtomic<Int>, flatStarts: UnsafeMutablePointer<Int>, checked: UnsafeAtomic<Int>) {
    self.resolved = resolved
    self.flatStarts = flatStarts
    self.checked = checked
  }

  /// Whether the snapshot's stored sections are known to hold every identifier once (they can
  /// be read as they are): one acquire load, through ``_loadPublished(_:)``.
  @inlinable @inline(__always) func sectionsAreChecked() -> Bool { _loadPublished(checked) != 0 }

  /// The resolved snapshot's address, 0 before it is published: one acquire load, through
  /// ``_loadPublished(_:)``.
  @inlinable @inline(__always) func resolvedAddress() -> Int { _loadPublished(resolved) }

  /// The resolved snapshot's per-slot flat starts; only once ``resolvedAddress()`` returned
  /// non-zero (they are published before it, so a plain load reads them).
  @inlinable @inline(__always) func publishedFlatStarts() -> UnsafeMutablePointer<Int> {
    UnsafeMutablePointer<Int>(bitPattern: flatStarts.pointee).unsafelyUnwrapped
  }
}

/// `value`, returned by a call that takes `owner`: the reads `value` was computed from, through
/// an address `owner` keeps valid, happen before `owner` can be released. Used where
/// `_fixLifetime`, which the optimizer counts as a side effect, made callers that hold the
/// snapshot in a class's stored property copy it. Reads and writes no memory.
@usableFromInline @inline(never) @_effects(readnone)
func _keepingAlive(_ owner: AnyObject?, _ value: Int) -> Int { value }

/// An acquire load of a published address, in a call the optimizer is told only reads memory
/// (which is what it does). Inlined, the atomic load counts as a side effect, and a caller that
/// holds the snapshot in a class's stored property or a global would copy the snapshot (retain
/// and release every reference it holds) around each lookup, in case the load changed it.
/// The address never changes once it is non-zero, so a caller may reuse a non-zero result.
@usableFromInline @inline(never) @_effects(readonly)
func _loadPublished(_ address: UnsafeAtomic<Int>) -> Int {
  address.load(ordering: .acquiring)
}
