/// Marks a longest strictly increasing subsequence of `values`.
///
/// On return, `isMember[k]` is true exactly for the elements of one longest strictly increasing
/// subsequence of `values`; the other entries are false. The diff engine keeps these elements in
/// place and moves the others, so their number is the minimum number of moves.
///
/// Patience sorting with predecessor links. Values that extend the longest run so far (the common
/// case: most elements keep their order) are appended without a binary search, so an already
/// sorted input costs one comparison per element.
///
/// - Parameters:
///   - values: the sequence; values need not be distinct (equal values never both belong).
///   - isMember: receives the result; must have `values.count` elements.
/// - Returns: the length of the subsequence.
/// - Precondition: `isMember.count == values.count` and `values.count <= Int32.max`.
/// - Complexity: O(n log n) time at worst, O(n) when the input is sorted; O(n) extra memory.
@usableFromInline
func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int32>, _ isMember: UnsafeMutableBufferPointer<Bool>
) -> Int {
  precondition(isMember.count == values.count, "result buffer has the wrong size")
  let count = values.count
  guard count > 0 else { return 0 }
  // tails[l] = index of the smallest last value of an increasing subsequence of length l + 1.
  let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
  defer { tails.deallocate() }
  // predecessor[k] = index of the element before k in the best subsequence ending at k.
  let predecessor = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
  defer { predecessor.deallocate() }
  var length = 0
  for index in 0..<count {
    let value = values[index]
    var slot: Int
    if length == 0 || values[Int(tails[length - 1])] < value {
      slot = length
      length += 1
    } else {
      // First l with values[tails[l]] >= value.
      var low = 0
      var high = length - 1
      while low < high {
        let middle = (low &+ high) >> 1
        if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
      }
      slot = low
    }
    tails[slot] = Int32(truncatingIfNeeded: index)
    predecessor[index] = slot > 0 ? tails[slot - 1] : -1
  }
  isMember.update(repeating: false)
  var index = Int(tails[length - 1])
  while index >= 0 {
    isMember[index] = true
    index = Int(predecessor[index])
  }
  return length
}

/// Whether `values` is strictly increasing (then it is its own longest increasing subsequence).
///
/// - Complexity: O(n).
@usableFromInline
func _isStrictlyIncreasing(_ values: UnsafeBufferPointer<Int32>) -> Bool {
  guard values.count > 1 else { return true }
  for index in 1..<values.count where values[index - 1] >= values[index] { return false }
  return true
}
