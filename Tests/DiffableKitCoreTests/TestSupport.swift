/// Whether DiffableKit and these tests were compiled with `-DDIFFABLEKIT_INTERNAL_CHECKS`, which
/// checks every invariant after every mutation (O(n) each): large tests shrink under it.
#if DIFFABLEKIT_INTERNAL_CHECKS
  let internalChecksEnabled = true
#else
  let internalChecksEnabled = false
#endif
