/// The storage slot of the section at each position, in a ring of 32-bit entries (a snapshot holds
/// at most 16,777,216 sections, so at most that many slots are in use).
///
/// Position p is entry `(head + p) & (capacity - 1)` of a buffer whose capacity is a power of two.
/// Sections inserted or removed at either end move no entry (only `head` or `count` changes);
/// elsewhere the shorter side moves, by `memmove` on the buffer's contiguous runs. The section
/// identifiers, which `sectionIdentifiers` returns as an array, stay a plain array beside it.
@usableFromInline
struct _SectionSlots: RandomAccessCollection, MutableCollection, Sendable {
  /// The ring; `storage.count` is the capacity (0, or a power of two of at least 16).
  @usableFromInline var storage: [UInt32]
  /// The entry of position 0.
  @usableFromInline var head: Int
  @usableFromInline var _count: Int

  @inlinable init() {
    storage = []
    head = 0
    _count = 0
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { _count }
  @inlinable var count: Int { _count }
  @inlinable var isEmpty: Bool { _count == 0 }
  @inlinable var capacity: Int { storage.count }
  @inlinable func index(after index: Int) -> Int { index &+ 1 }
  @inlinable func index(before index: Int) -> Int { index &- 1 }

  /// The slot at `position`, which must be in `0..<count` (the ring's mask keeps any position
  /// inside the buffer; a position past the count reads a stale entry). O(1).
  @inlinable subscript(position: Int) -> Int {
    get { Int(storage[(head &+ position) & (storage.count &- 1)]) }
    set { storage[(head &+ position) & (storage.count &- 1)] = UInt32(truncatingIfNeeded: newValue) }
  }

  /// Makes the entries of positions below `end` contiguous in the buffer (rewriting the ring
  /// from entry 0 when they cross its end), for ``withLinearReader(_:)``. O(1) when they are
  /// contiguous; O(count) otherwise, once: the ring then stays contiguous until an insertion or
  /// a move at the front wraps it again.
  @inlinable mutating func makeLinear(through end: Int) {
    guard head &+ Swift.min(end, _count) > storage.count else { return }
    var linear = [UInt32](repeating: 0, count: storage.count)
    let head = self.head
    let firstRun = storage.count &- head
    linear.withUnsafeMutableBufferPointer { target in
      storage.withUnsafeBufferPointer { source in
        let target = target.baseAddress.unsafelyUnwrapped
        let source = source.baseAddress.unsafelyUnwrapped
        target.update(from: source + head, count: firstRun)
        (target + firstRun).update(from: source, count: _count &- firstRun)
      }
    }
    storage = linear
    self.head = 0
  }

  /// Calls `body` with a reader of the slots by position that reads the buffer from the head
  /// without the mask: only for positions that ``makeLinear(through:)`` made contiguous.
  @inlinable func withLinearReader<R>(_ body: (_LinearReader) throws -> R) rethrows -> R {
    try storage.withUnsafeBufferPointer { buffer in
      try body(_LinearReader(first: buffer.baseAddress.map { $0 + head }))
    }
  }

  /// The slots by position where their entries do not cross the buffer's end.
  @usableFromInline
  struct _LinearReader {
    @usableFromInline let first: UnsafePointer<UInt32>?

    @inlinable init(first: UnsafePointer<UInt32>?) { self.first = first }

    @inlinable subscript(position: Int) -> Int { Int(first.unsafelyUnwrapped[position]) }
  }

  /// Makes room for `count` slots: amortized O(1) per slot (the capacity at least doubles).
  @inlinable mutating func reserve(_ count: Int) {
    let old = storage.count
    guard count > old else { return }
    var capacity = Swift.max(16, old)
    while capacity < count { capacity &<<= 1 }
    storage.append(contentsOf: repeatElement(0, count: capacity &- old))
    // The entries that wrapped past the old end follow it now, in order.
    let wrapped = head &+ _count &- old
    if wrapped > 0 {
      storage.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress.unsafelyUnwrapped
        (base + old).update(from: base, count: wrapped)
      }
    }
  }

  @inlinable mutating func append(_ slot: Int) {
    if _count == storage.count { reserve(_count &+ 1) }
    self[_count] = slot
    _count &+= 1
  }

  /// Makes room for `k` slots at `position`, moving the shorter side: O(min(p, count - p) + k
  /// amortized). The caller writes the `k` new positions (they hold stale entries until then).
  @inlinable mutating func makeRoom(_ k: Int, at position: Int) {
    precondition(position >= 0 && position <= _count && k >= 0)
    guard k > 0 else { return }
    reserve(_count &+ k)
    let count = _count
    var head = self.head
    storage.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      let mask = buffer.count &- 1
      if position < count &- position {
        // The first `position` entries move k entries down, and the head with them.
        let newHead = (head &- k) & mask
        Self._move(base, mask: mask, from: head, to: newHead, count: position)
        head = newHead
      } else {
        Self._move(
          base, mask: mask, from: (head &+ position) & mask, to: (head &+ position &+ k) & mask,
          count: count &- position)
      }
    }
    self.head = head
    _count = count &+ k
  }

  /// Removes the last `k` slots (at most `count`). O(1): no entry moves.
  @inlinable @inline(__always) mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= _count)
    _count &-= k
  }

  /// Removes the slots in `range`, moving the shorter side: O(min(lower, count - upper)).
  @inlinable mutating func removeSubrange(_ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= _count)
    let k = range.count
    guard k > 0 else { return }
    let count = _count
    // At either end no entry moves: only the count, or the head, changes (the buffer is not
    // written, so not made unique).
    if range.upperBound == count {
      removeLast(k)
      return
    }
    if range.lowerBound == 0 {
      head = (head &+ k) & (storage.count &- 1)
      _count = count &- k
      return
    }
    var head = self.head
    storage.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      let mask = buffer.count &- 1
      if range.lowerBound < count &- range.upperBound {
        // The entries before the range move k entries up, and the head with them.
        let newHead = (head &+ k) & mask
        Self._move(base, mask: mask, from: head, to: newHead, count: range.lowerBound)
        head = newHead
      } else {
        Self._move(
          base, mask: mask, from: (head &+ range.upperBound) & mask, to: (head &+ range.lowerBound) & mask,
          count: count &- range.upperBound)
      }
    }
    self.head = head
    _count = count &- k
  }

  /// Moves the slot at `from` to `to`, shifting those between by one place, or (when fewer and
  /// the ring has a free entry) those outside them the other way: O(min(d, count - d)) for d
  /// the distance.
  @inlinable mutating func move(from: Int, to: Int) {
    let count = _count
    precondition(UInt(bitPattern: from) < UInt(bitPattern: count) && UInt(bitPattern: to) < UInt(bitPattern: count))
    guard from != to else { return }
    let distance = from < to ? to &- from : from &- to
    var head = self.head
    storage.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      let mask = buffer.count &- 1
      let moved = base[(head &+ from) & mask]
      if count &- distance &- 1 < distance && count < buffer.count {
        if from < to {
          // The entries before `from` and those after `to` move one entry up; the head with them.
          Self._move(
            base, mask: mask, from: (head &+ to &+ 1) & mask, to: (head &+ to &+ 2) & mask, count: count &- to &- 1)
          Self._move(base, mask: mask, from: head, to: (head &+ 1) & mask, count: from)
          head = (head &+ 1) & mask
        } else {
          // The entries before `to` and those after `from` move one entry down.
          Self._move(base, mask: mask, from: head, to: (head &- 1) & mask, count: to)
          Self._move(
            base, mask: mask, from: (head &+ from &+ 1) & mask, to: (head &+ from) & mask, count: count &- from &- 1)
          head = (head &- 1) & mask
        }
      } else if from < to {
        Self._move(base, mask: mask, from: (head &+ from &+ 1) & mask, to: (head &+ from) & mask, count: distance)
      } else {
        Self._move(base, mask: mask, from: (head &+ to) & mask, to: (head &+ to &+ 1) & mask, count: distance)
      }
      base[(head &+ to) & mask] = moved
    }
    self.head = head
  }

  /// Moves `count` entries starting at ring entry `source` to those starting at `target` in the
  /// ring at `base` (capacity `mask + 1`), as `memmove` does (the two runs may overlap), over
  /// the buffer's contiguous runs.
  @inlinable
  static func _move(_ base: UnsafeMutablePointer<UInt32>, mask: Int, from source: Int, to target: Int, count: Int) {
    guard count > 0, source != target else { return }
    if count == 1 {
      base[target] = base[source]
      return
    }
    let capacity = mask &+ 1
    // Moving down the ring (the target starts at most half a ring before the source): first
    // runs first; moving up: last runs first. Either way no entry is overwritten before read.
    if (source &- target) & mask <= capacity / 2 {
      var done = 0
      while done < count {
        let from = (source &+ done) & mask
        let to = (target &+ done) & mask
        let run = Swift.min(count &- done, capacity &- from, capacity &- to)
        (base + to).update(from: base + from, count: run)
        done &+= run
      }
    } else {
      var left = count
      while left > 0 {
        let fromEnd = ((source &+ left &- 1) & mask) &+ 1
        let toEnd = ((target &+ left &- 1) & mask) &+ 1
        let run = Swift.min(left, fromEnd, toEnd)
        (base + (toEnd &- run)).update(from: base + (fromEnd &- run), count: run)
        left &-= run
      }
    }
  }
}

extension _SectionSlots: Equatable {
  /// The same slots at the same positions (wherever the rings start). O(count).
  @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._count == rhs._count && lhs.elementsEqual(rhs)
  }
}
