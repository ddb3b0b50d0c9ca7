/// Whether OpenDiffable and these tests were compiled with `-DOPENDIFFABLE_INTERNAL_CHECKS`, which
/// checks every invariant after every mutation (O(n) each): large tests shrink under it.
#if OPENDIFFABLE_INTERNAL_CHECKS
  let internalChecksEnabled = true
#else
  let internalChecksEnabled = false
#endif
