#if canImport(Glibc)
  import Glibc
#endif

/// Tables at least this large (in bytes) are placed on transparent huge pages where the
/// platform offers them.
@usableFromInline let _hugePageThreshold = 2 << 20

/// Uninitialized memory for `count` values of `T`, for a hash table that is probed at random.
///
/// On Linux, tables of 2 MiB or more are aligned to 2 MiB and advised onto transparent huge
/// pages (`MADV_HUGEPAGE`): a million-item table is then a few TLB entries instead of thousands,
/// which makes building large snapshots measurably faster (see BENCHMARKS.md). Elsewhere, and for
/// smaller tables, this is `UnsafeMutablePointer.allocate(capacity:)`. Release with
/// ``_deallocateLargeTable(_:count:)``.
@inlinable
func _allocateLargeTable<T>(of type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
  #if canImport(Glibc)
    let bytes = count * MemoryLayout<T>.stride
    if bytes >= _hugePageThreshold {
      var raw: UnsafeMutableRawPointer?
      if posix_memalign(&raw, 2 << 20, bytes) == 0, let raw {
        _ = madvise(raw, bytes, MADV_HUGEPAGE)  // advice only: failure leaves normal pages
        return raw.bindMemory(to: T.self, capacity: count)
      }
    }
  #endif
  return .allocate(capacity: count)
}

/// Releases memory from ``_allocateLargeTable(of:count:)``; its values must be deinitialized.
@inlinable
func _deallocateLargeTable<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) {
  #if canImport(Glibc)
    if count * MemoryLayout<T>.stride >= _hugePageThreshold {
      free(pointer)
      return
    }
  #endif
  pointer.deallocate()
}
