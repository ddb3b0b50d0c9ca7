import Foundation

/// Works out a ``SnapshotChangeset``: matches sections and items of two snapshots, keeps a
/// longest increasing subsequence of each in place and emits the rest as UIKit batch operations.
///
/// The steps, each O(size of what it reads):
/// 1. Sections: match by identifier (skipped when the section arrays are equal), keep a longest
///    increasing subsequence in place, move the others; sections that are deleted, inserted or
///    reloaded are *dead*: their items travel with the section operation.
/// 2. For each section that is live on both sides, trim the common prefix and suffix of its old
///    and new items by comparison (no hashing; O(1) for shared arrays). Only the middle parts are
///    matched.
/// 3. Every new item in a middle part is looked up in the old snapshot's own item table (one
///    hash probe; no table is built). Items from live old sections record where they went;
///    the others are inserts.
/// 4. Every old item in a middle part is then a delete (nobody claimed it), a keeper (it stays in
///    its section and belongs to the section's longest increasing subsequence) or a move.
/// 5. Reload and reconfigure marks (usually few) are resolved last, by identifier.
///
/// Memory: one `Int64` per old item in a middle part, plus move-minimisation scratch space.
@usableFromInline
struct _ChangesetBuilder<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  @usableFromInline let old: Snapshot
  @usableFromInline let new: Snapshot

  // Section matching.
  /// For each old section position, its new position, or -1 when deleted.
  @usableFromInline var newPositionOfOld: [Int] = []
  /// For each new section position, its old position, or -1 when inserted.
  @usableFromInline var oldPositionOfNew: [Int] = []
  /// Old section positions whose items are matched one by one (not deleted, not reloaded).
  @usableFromInline var oldLive: [Bool] = []
  /// New section positions whose items are matched one by one (not inserted, not reloaded).
  @usableFromInline var newLive: [Bool] = []

  // Middle parts of live sections.
  /// For each old section position, where its middle part starts and ends.
  @usableFromInline var middleStart: [Int] = []
  @usableFromInline var oldMiddleEnd: [Int] = []
  /// For each new section position, where its middle part ends (it starts at the same offset
  /// as the old section's).
  @usableFromInline var newMiddleEnd: [Int] = []
  /// For each old section position, the offset of its middle part in `destination`.
  @usableFromInline var middleBase: [Int] = []
  /// Whether some live section has items to match one by one.
  @usableFromInline var hasMiddleParts = false
  /// For each old item in a middle part: `_unclaimed`, `_kept`, or its packed new position.
  @usableFromInline var destination: [Int64] = []

  // Output.
  @usableFromInline var sectionDeletes: [Int] = []
  @usableFromInline var sectionInserts: [Int] = []
  @usableFromInline var sectionReloads: [Int] = []
  @usableFromInline var sectionMoves: [ChangesetMove<Int>] = []
  @usableFromInline var itemDeletes: [IndexPath] = []
  @usableFromInline var itemInserts: [IndexPath] = []
  @usableFromInline var itemReloads: [IndexPath] = []
  @usableFromInline var itemReconfigures: [IndexPath] = []
  @usableFromInline var itemMoves: [ChangesetMove<IndexPath>] = []

  @inlinable static var _unclaimed: Int64 { -1 }
  @inlinable static var _kept: Int64 { -2 }

  @inlinable init(old: Snapshot, new: Snapshot) {
    self.old = old
    self.new = new
  }

  /// The changeset from `old` to `new`, whatever the state of their item indexes. The item
  /// index answers first whether `new` settles as equal to `old` (empty changeset, nothing
  /// hashed) and gives `new` an index derived from `old`'s when that pays (see
  /// `Snapshot/ItemIndex/DiffableDataSourceSnapshot+Adoption.swift`).
  @inlinable
  static func changeset(from old: Snapshot, to new: Snapshot) -> SnapshotChangeset<
    SectionIdentifierType, ItemIdentifierType
  > {
    if new._settlesAsEqual(to: old) { return SnapshotChangeset() }
    return old._withIndex { old in
      // A rebuilt snapshot close to `old` gets its index from `old`'s; the sections' common
      // affixes it compared are not compared again.
      let derivedAffixes = new._deriveIndexIfUnbuilt(from: old)
      let run = { (new: Snapshot) -> SnapshotChangeset<SectionIdentifierType, ItemIdentifierType> in
        var builder = Self(old: old, new: new)
        return builder.run(knownAffixes: derivedAffixes)
      }
      return new._marks == nil ? new._withCheckedSections(run) : new._withIndex(run)
    }
  }

  /// Runs every step and returns the changeset. `knownAffixes`: common prefixes and suffixes of
  /// sections stored in the same slot on both sides, already compared (by the derived index).
  @inlinable mutating func run(
    knownAffixes: [(slot: Int, prefix: Int, suffix: Int)] = []
  ) -> SnapshotChangeset<SectionIdentifierType, ItemIdentifierType> {
    matchSections()
    trimLiveSections(knownAffixes: knownAffixes)
    if hasMiddleParts {
      claimNewItems()
      emitOldItems()
    }
    if let marks = new._marks {
      if !marks.reloadedItems.isEmpty { resolveItemReloads() }
      if !marks.reconfiguredItems.isEmpty { resolveReconfigures() }
    }
    return SnapshotChangeset(
      sectionDeletes: sectionDeletes, sectionInserts: sectionInserts, sectionReloads: sectionReloads,
      sectionMoves: sectionMoves, itemDeletes: itemDeletes, itemInserts: itemInserts, itemReloads: itemReloads,
      itemReconfigures: itemReconfigures, itemMoves: itemMoves)
  }

  // MARK: 1. Sections

  @inlinable mutating func matchSections() {
    let oldIDs = old._sectionIDs
    let newIDs = new._sectionIDs
    let hasSectionReloads = !(new._marks?.reloadedSections.isEmpty ?? true)
    if oldIDs == newIDs {
      newPositionOfOld = Array(oldIDs.indices)
      oldPositionOfNew = newPositionOfOld
      oldLive = Array(repeating: true, count: oldIDs.count)
      if hasSectionReloads {
        for position in oldIDs.indices where new.isReloaded(section: oldIDs[position]) {
          oldLive[position] = false
          sectionReloads.append(position)
        }
      }
      newLive = oldLive
      return
    }
    newPositionOfOld = Array(repeating: -1, count: oldIDs.count)
    oldPositionOfNew = Array(repeating: -1, count: newIDs.count)
    var common: [Int32] = []  // new positions of the common sections, in old order
    common.reserveCapacity(min(oldIDs.count, newIDs.count))
    for position in oldIDs.indices {
      guard let target = new._position(ofSection: oldIDs[position]) else { continue }
      // A new section claimed twice: two old sections are equal now, so one of them changed its
      // hash or equality while stored. The first keeps the match; the second is deleted (its
      // new namesake is not inserted twice), so the batch stays valid.
      if oldPositionOfNew[target] >= 0 {
        _warnSectionClaimedTwice(oldIDs[position], claimedBy: oldIDs[oldPositionOfNew[target]])
        continue
      }
      newPositionOfOld[position] = target
      oldPositionOfNew[target] = position
      common.append(Int32(truncatingIfNeeded: target))
    }
    var kept = [Bool](repeating: true, count: common.count)
    common.withUnsafeBufferPointer { values in
      if !_isStrictlyIncreasing(values) {
        kept.withUnsafeMutableBufferPointer { _ = _markLongestIncreasingSubsequence(values, $0) }
      }
    }
    oldLive = Array(repeating: false, count: oldIDs.count)
    newLive = Array(repeating: false, count: newIDs.count)
    var replaced = [Bool](repeating: false, count: newIDs.count)  // reloaded and moved
    var rank = 0
    for position in oldIDs.indices {
      let target = newPositionOfOld[position]
      guard target >= 0 else {
        sectionDeletes.append(position)
        continue
      }
      let isKept = kept[rank]
      rank += 1
      if hasSectionReloads && new.isReloaded(section: oldIDs[position]) {
        if isKept {
          sectionReloads.append(position)
        } else {
          sectionDeletes.append(position)
          replaced[target] = true
        }
        continue
      }
      oldLive[position] = true
      newLive[target] = true
      if !isKept { sectionMoves.append(ChangesetMove(from: position, to: target)) }
    }
    for target in newIDs.indices where oldPositionOfNew[target] < 0 || replaced[target] {
      sectionInserts.append(target)
    }
  }

  /// Reports an old section that found a new section another old one already matched.
  @usableFromInline func _warnSectionClaimedTwice(
    _ section: SectionIdentifierType, claimedBy first: SectionIdentifierType
  ) {
    OpenDiffableDiagnostics.warn(
      "SnapshotChangeset(from:to:): section identifier \(_describeIdentifiers(CollectionOfOne(section))) of the old "
        + "snapshot is equal to another of its sections, \(_describeIdentifiers(CollectionOfOne(first))), and both "
        + "matched one new section: a section identifier's hash or equality changed while it was in the snapshot. "
        + "The second is deleted and its items with it; use section identifiers whose Hashable conformance never "
        + "changes (value types, or immutable fields).")
  }

  // MARK: 2. Trimming

  /// Trims every live section by its common prefix and suffix: compared here, or taken from
  /// `knownAffixes` for a section stored in the same slot on both sides.
  @inlinable mutating func trimLiveSections(knownAffixes: [(slot: Int, prefix: Int, suffix: Int)] = []) {
    let oldCount = oldLive.count
    middleStart = Array(repeating: 0, count: oldCount)
    oldMiddleEnd = Array(repeating: 0, count: oldCount)
    middleBase = Array(repeating: 0, count: oldCount)
    newMiddleEnd = Array(repeating: 0, count: newLive.count)
    // By slot: the known affixes (prefix -1: not known).
    var known: [(prefix: Int, suffix: Int)] = []
    if !knownAffixes.isEmpty {
      known = Array(repeating: (-1, 0), count: old._slots.count)
      for (slot, prefix, suffix) in knownAffixes where slot < known.count { known[slot] = (prefix, suffix) }
    }
    var total = 0
    for position in 0..<oldCount where oldLive[position] {
      let target = newPositionOfOld[position]
      let oldItems = old._items(atPosition: position)
      let newItems = new._items(atPosition: target)
      let slot = old._slotAtPosition[position]
      let (prefix, suffix) =
        slot < known.count && known[slot].prefix >= 0 && new._slotAtPosition[target] == slot
        ? known[slot] : _commonAffixes(oldItems, newItems)
      middleStart[position] = prefix
      oldMiddleEnd[position] = oldItems.count - suffix
      newMiddleEnd[target] = newItems.count - suffix
      middleBase[position] = total
      total += oldItems.count - suffix - prefix
    }
    // Sections whose new middle part is not empty need scanning even when the old one is.
    var newItemsToScan = false
    for position in 0..<oldCount where oldLive[position] {
      if newMiddleEnd[newPositionOfOld[position]] > middleStart[position] {
        newItemsToScan = true
        break
      }
    }
    hasMiddleParts = total > 0 || newItemsToScan
    if hasMiddleParts { destination = Array(repeating: Self._unclaimed, count: total) }
  }

  // MARK: 3. Claiming

  @inlinable mutating func claimNewItems() {
    let old = self.old
    // For each storage slot of the old snapshot: index of its offset 0 in `destination`, or
    // `Int.min` for a dead section (an offset added to it gives an index below 0, which the
    // claim's bounds check turns away, as it does an offset in a common prefix).
    var slotBase = [Int](repeating: Int.min, count: old._slots.count)
    for position in oldLive.indices where oldLive[position] {
      slotBase[old._slotAtPosition[position]] = middleBase[position] - middleStart[position]
    }
    var destination = self.destination
    self.destination = []  // keep the local copy uniquely referenced
    var inserts = itemInserts
    // A section's inserts are first collected as offsets in a scratch buffer as long as its
    // middle part (pages are touched only as they are written), then appended to `inserts` with
    // its capacity grown to fit: no growth copies of the index-path array.
    var longestMiddle = 0
    for target in newLive.indices where newLive[target] {
      longestMiddle = Swift.max(longestMiddle, newMiddleEnd[target] - middleStart[oldPositionOfNew[target]])
    }
    let inserted = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: longestMiddle)
    defer { inserted.deallocate() }
    // (The claims and `slotBase` are read through pointers, which the loop keeps in registers:
    // it reloaded the arrays' buffers and counts for every item.)
    destination.withUnsafeMutableBufferPointer { destination in
      let claims = destination.baseAddress.unsafelyUnwrapped
      let claimCount = UInt(bitPattern: destination.count)
      slotBase.withUnsafeBufferPointer { slotBase in
        for target in newLive.indices where newLive[target] {
          let start = middleStart[oldPositionOfNew[target]]
          let end = newMiddleEnd[target]
          guard start < end else { continue }
          var insertedCount = 0
          new._items(atPosition: target).withUnsafeBufferPointer { items in
            // Looked up in batches (see `forEachBatch`), so that the cache misses of consecutive
            // identifiers overlap.
            let middle = UnsafeBufferPointer(rebasing: items[start..<end])
            old._forEachItemLocation(of: middle) { index, location in
              let offset = start &+ index
              // An old item found outside the claim buffer (in a common prefix) or already claimed
              // can only come from identifiers that break Hashable's contract (two equal ones):
              // the new item is then an insert, never a write outside the buffer, and every old
              // item is still claimed at most once, so the batch stays valid. (A found location's
              // slot is below `slotBase.count`, the old snapshot's slot count: its key was read
              // from that slot's section.)
              if let location,
                case let index = slotBase[Int(UInt32(bitPattern: location.slot))]
                  &+ Int(UInt32(bitPattern: location.offset)),
                UInt(bitPattern: index) < claimCount, claims[index] == Self._unclaimed
              {
                claims[index] = Int64(target) << 32 | Int64(offset)
              } else {
                inserted[insertedCount] = UInt32(truncatingIfNeeded: offset)
                insertedCount &+= 1
              }
            }
          }
          _reserve(&inserts, adding: insertedCount)
          for offset in inserted[..<insertedCount] { inserts.append(_indexPath(target, Int(offset))) }
        }
      }
    }
    self.destination = destination
    itemInserts = inserts
  }

  // MARK: 4. Emitting

  @inlinable mutating func emitOldItems() {
    let checkReloads = !(new._marks?.reloadedItems.isEmpty ?? true)
    var deletes = itemDeletes
    var moves = itemMoves
    var lateInserts: [IndexPath] = []
    // Scratch space sized once for the longest middle part: the new offsets of the items that
    // stay in their section, and which of them the longest increasing subsequence keeps.
    var longestMiddle = 0
    for position in oldLive.indices where oldLive[position] {
      longestMiddle = Swift.max(longestMiddle, oldMiddleEnd[position] - middleStart[position])
    }
    let values = UnsafeMutableBufferPointer<Int32>.allocate(capacity: longestMiddle)
    defer { values.deallocate() }
    let members = UnsafeMutableBufferPointer<Bool>.allocate(capacity: longestMiddle)
    members.initialize(repeating: false)
    defer { members.deallocate() }
    var destination = self.destination
    self.destination = []  // keep the local copy uniquely referenced
    for position in oldLive.indices where oldLive[position] {
      let start = middleStart[position]
      let end = oldMiddleEnd[position]
      guard start < end else { continue }
      let base = middleBase[position] - start
      let target = Int64(newPositionOfOld[position])
      // Items that stay in their section, in old order, with their new offsets; and how many
      // old items nobody claimed (deletes) and were claimed (moves, unless kept).
      var staying = 0
      var unclaimed = 0
      var claimed = 0
      destination.withUnsafeBufferPointer { destination in
        for offset in start..<end {
          let packed = destination[base + offset]
          if packed < 0 {
            unclaimed &+= 1
            continue
          }
          claimed &+= 1
          if packed >> 32 == target {
            values[staying] = Int32(truncatingIfNeeded: packed)
            staying &+= 1
          }
        }
      }
      let stayingValues = UnsafeBufferPointer(rebasing: values[..<staying])
      let allKept = _isStrictlyIncreasing(stayingValues)
      let kept =
        allKept
        ? staying
        : _markLongestIncreasingSubsequence(stayingValues, UnsafeMutableBufferPointer(rebasing: members[..<staying]))
      destination.withUnsafeMutableBufferPointer { destination in
        var rank = 0
        for offset in start..<end {
          let packed = destination[base + offset]
          guard packed >= 0 && packed >> 32 == target else { continue }
          if allKept || members[rank] { destination[base + offset] = Self._kept }
          rank &+= 1
        }
      }
      _reserve(&deletes, adding: unclaimed)
      _reserve(&moves, adding: claimed - kept)
      let oldItems = checkReloads ? old._items(atPosition: position) : []
      destination.withUnsafeBufferPointer { destination in
        for offset in start..<end {
          let packed = destination[base + offset]
          if packed == Self._kept { continue }
          let from = _indexPath(position, offset)
          if packed == Self._unclaimed {
            deletes.append(from)
            continue
          }
          let to = _indexPath(Int(packed >> 32), Int(packed & 0xFFFF_FFFF))
          if checkReloads && new.isReloaded(item: oldItems[offset]) {
            // UIKit cannot reload and move one item: delete it here, insert it there.
            deletes.append(from)
            lateInserts.append(to)
          } else {
            moves.append(ChangesetMove(from: from, to: to))
          }
        }
      }
    }
    self.destination = destination
    itemDeletes = deletes
    itemMoves = moves
    if !lateInserts.isEmpty {
      itemInserts.append(contentsOf: lateInserts)
      itemInserts.sort(by: _precedes)
    }
  }

  // MARK: 5. Marks

  /// Whether the old item at `offset` of live section `position` keeps its place.
  @inlinable func isKept(oldSection position: Int, offset: Int) -> Bool {
    let start = middleStart[position]
    if offset < start || offset >= oldMiddleEnd[position] { return true }
    return destination[middleBase[position] + offset - start] == Self._kept
  }

  @inlinable mutating func resolveItemReloads() {
    for item in new.reloadedItemIdentifiers {
      guard let to = new._position(ofItem: item), newLive[to.section],
        let from = old._position(ofItem: item), oldLive[from.section],
        newPositionOfOld[from.section] == to.section, isKept(oldSection: from.section, offset: from.item)
      else { continue }  // carried by a section operation, inserted, or a delete plus an insert
      itemReloads.append(_indexPath(from.section, from.item))
    }
    itemReloads.sort(by: _precedes)
  }

  @inlinable mutating func resolveReconfigures() {
    for item in new.reconfiguredItemIdentifiers {
      guard let to = new._position(ofItem: item), newLive[to.section],
        let from = old._position(ofItem: item), oldLive[from.section], !new.isReloaded(item: item)
      else { continue }  // its cell is new anyway
      itemReconfigures.append(_indexPath(to.section, to.item))
    }
    itemReconfigures.sort(by: _precedes)
  }
}

/// Makes room in `array` for `extra` more elements, growing its capacity at least twofold when it
/// must grow, so that reserving section by section stays O(total) amortized.
@inlinable @inline(__always)
func _reserve<Element>(_ array: inout [Element], adding extra: Int) {
  let needed = array.count &+ extra
  if needed > array.capacity { array.reserveCapacity(Swift.max(needed, array.capacity &* 2)) }
}

/// `[section, item]` without a temporary array.
@inlinable @inline(__always)
func _indexPath(_ section: Int, _ item: Int) -> IndexPath {
  var path = IndexPath(index: section)
  path.append(item)
  return path
}

/// Ascending `[section, item]` order.
@inlinable
func _precedes(_ a: IndexPath, _ b: IndexPath) -> Bool {
  let (sectionA, sectionB) = (a[0], b[0])
  return sectionA != sectionB ? sectionA < sectionB : a[1] < b[1]
}
