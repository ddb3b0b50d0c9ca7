#if canImport(Glibc)
  import Glibc
#endif

/// Tables at least this large (in bytes) are placed on transparent huge pages where the
/// platform offers them.
@usableFromInline let _hugePageThreshold = 2 << 20

/// Uninitialized memory for `count` values of `T`, for a hash table that is probed at random.
///
/// On Linux, a table of 2 MiB or more starts on a 2 MiB boundary inside a `malloc` block 2 MiB
/// (and 8 bytes) larger, and is advised onto transparent huge pages (`MADV_HUGEPAGE`) before it
/// is first touched: a million-item table is then a few TLB entries instead of thousands, which
/// makes building, diffing and changing large snapshots measurably faster (see BENCHMARKS.md).
/// The block comes from `malloc`, so a table released and allocated again (a snapshot copied and
/// changed, then released, as an app does on every update) reuses pages that are already mapped,
/// and already huge; not `posix_memalign`, for which glibc maps fresh memory every time, faulted
/// in and zeroed again by the kernel. Elsewhere, and for smaller tables, this is
/// `UnsafeMutablePointer.allocate(capacity:)`. Release with ``_deallocateLargeTable(_:count:)``.
@inlinable
func _allocateLargeTable<T>(of type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
  #if canImport(Glibc)
    let bytes = count * MemoryLayout<T>.stride
    let hugePage = 2 << 20
    // The table starts at the first 2 MiB boundary at least 8 bytes into the block (the 8 bytes
    // before it keep the block's address, for the release), so the block has room for the table
    // wherever the boundary falls.
    if bytes >= _hugePageThreshold, let block = malloc(bytes + hugePage + 8) {
      let table = (Int(bitPattern: block) + 8 + hugePage - 1) & ~(hugePage - 1)
      let start = UnsafeMutableRawPointer(bitPattern: table).unsafelyUnwrapped
      (start - 8).storeBytes(of: block, as: UnsafeMutableRawPointer.self)
      _ = madvise(start, bytes, MADV_HUGEPAGE)  // advice only: failure leaves normal pages
      return start.bindMemory(to: T.self, capacity: count)
    }
  #endif
  return .allocate(capacity: count)
}

/// Releases memory from ``_allocateLargeTable(of:count:)``; its values must be deinitialized.
@inlinable
func _deallocateLargeTable<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) {
  #if canImport(Glibc)
    if count * MemoryLayout<T>.stride >= _hugePageThreshold {
      free((UnsafeMutableRawPointer(pointer) - 8).load(as: UnsafeMutableRawPointer.self))
      return
    }
  #endif
  pointer.deallocate()
}
