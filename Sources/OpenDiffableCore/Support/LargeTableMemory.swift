#if canImport(Glibc)
  import Glibc
#endif

/// Tables at least this large (in bytes) are advised onto transparent huge pages where the
/// platform offers them.
@usableFromInline let _hugePageThreshold = 2 << 20

/// Uninitialized memory for `count` values of `T`, for a hash table that is probed at random.
///
/// On Linux, the 2 MiB-aligned part of a table of 2 MiB or more is advised onto transparent huge
/// pages (`MADV_HUGEPAGE`): a million-item table is then a few TLB entries instead of thousands,
/// which makes building and changing large snapshots measurably faster (see BENCHMARKS.md). The
/// memory itself comes from `malloc`, so a table released and allocated again (a snapshot copied
/// and changed, then released, as an app does on every update) reuses pages that are already
/// mapped: asking for 2 MiB alignment instead (`posix_memalign`) made glibc map fresh memory for
/// every copy, and the kernel zero and fault it in again, which cost more than the copy itself.
/// Elsewhere, and for smaller tables, this is `UnsafeMutablePointer.allocate(capacity:)`. Release
/// with ``_deallocateLargeTable(_:count:)``.
@inlinable
func _allocateLargeTable<T>(of type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
  #if canImport(Glibc)
    let bytes = count * MemoryLayout<T>.stride
    if bytes >= _hugePageThreshold, let raw = malloc(bytes) {
      let hugePage = 2 << 20
      let start = (Int(bitPattern: raw) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: raw) + bytes) & ~(hugePage - 1)
      if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)  // advice only: failure leaves normal pages
      }
      return raw.bindMemory(to: T.self, capacity: count)
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
