import Testing

@testable import OpenDiffableCore

/// The memory of tables of 2 MiB or more (`_allocateLargeTable(of:count:)`): on Linux a table
/// starts on a 2 MiB boundary inside a larger `malloc` block, whose address it keeps for the
/// release. Snapshots of a few hundred thousand items take this path; smaller tests do not.
@Suite struct LargeTableMemoryTests {
  /// Tables just past the threshold and a few megabytes large, allocated and released several
  /// times (so that released blocks are reused): each is 2 MiB-aligned on Linux, holds what is
  /// written to every element, and is released without disturbing the allocator.
  @Test(arguments: [(2 << 20) / 8, (2 << 20) / 8 + 1, 393_216, 1_473_220])
  func largeTablesAreAlignedWritableAndReleased(count: Int) {
    for round in 0..<4 {
      let table = _allocateLargeTable(of: UInt64.self, count: count)
      #if canImport(Glibc)
        #expect(Int(bitPattern: table) % (2 << 20) == 0, "table of \(count) not on a 2 MiB boundary")
      #endif
      for index in 0..<count { (table + index).initialize(to: UInt64(index) &* 0x9E37_79B9 &+ UInt64(round)) }
      var mismatches = 0
      for index in 0..<count where table[index] != UInt64(index) &* 0x9E37_79B9 &+ UInt64(round) { mismatches += 1 }
      #expect(mismatches == 0)
      table.deinitialize(count: count)
      _deallocateLargeTable(table, count: count)
    }
  }

  /// A snapshot whose item index is past the threshold, copied and changed at the end of its
  /// section (the copy takes a table of its own), then both released: the copy and the original
  /// each find every item where it is.
  @Test func aLargeSnapshotCopiedAndChangedKeepsBothIndexes() {
    // 4-byte buckets (the narrow layout): 500,000 items take about 2.9 MB of them.
    let count = 500_000
    var original = DiffableDataSourceSnapshot<Int, Int>()
    original.appendSections([0])
    original.appendItems(Array(0..<count))
    #expect(original.indexOfItem(count - 1) == count - 1)  // builds the index
    var copy = original
    copy.deleteItems([count - 1])
    copy.insertItems([-1], beforeItem: count - 2)
    #expect(copy.indexOfItem(count - 1) == nil)
    #expect(copy.indexOfItem(-1) == count - 2)
    #expect(copy.indexOfItem(count - 2) == count - 1)
    #expect(original.indexOfItem(count - 1) == count - 1)
    #expect(original.indexOfItem(-1) == nil)
    var misplaced = 0
    for item in stride(from: 0, to: count - 2, by: 97)
    where copy.indexOfItem(item) != item || original.indexOfItem(item) != item {
      misplaced += 1
    }
    #expect(misplaced == 0)
  }
}
