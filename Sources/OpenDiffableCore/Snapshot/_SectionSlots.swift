/// The storage slot of the section at each position, stored in 32 bits (a snapshot holds at most
/// 16,777,216 sections, so at most that many slots are in use): inserting or removing a section
/// moves 4 bytes per later section, not 8.
@usableFromInline
struct _SectionSlots: RandomAccessCollection, MutableCollection, Equatable, Sendable {
  @usableFromInline var storage: [UInt32]

  @inlinable init() { storage = [] }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { storage.count }
  @inlinable var count: Int { storage.count }
  @inlinable var isEmpty: Bool { storage.isEmpty }
  @inlinable func index(after index: Int) -> Int { index &+ 1 }
  @inlinable func index(before index: Int) -> Int { index &- 1 }

  @inlinable subscript(position: Int) -> Int {
    get { Int(storage[position]) }
    set { storage[position] = UInt32(truncatingIfNeeded: newValue) }
  }

  @inlinable mutating func append(_ slot: Int) { storage.append(UInt32(truncatingIfNeeded: slot)) }

  @inlinable mutating func insert(contentsOf slots: [Int], at position: Int) {
    storage.insert(contentsOf: slots.lazy.map { UInt32(truncatingIfNeeded: $0) }, at: position)
  }

  @inlinable mutating func removeSubrange(_ range: Range<Int>) { storage.removeSubrange(range) }

  /// Moves the slot at `from` to `to`, shifting those between. O(|from - to|).
  @inlinable mutating func move(from: Int, to: Int) { _moveElement(&storage, from: from, to: to) }
}
