/// Moves the element at `from` to `to`, shifting the ones between by one place. O(|from - to|).
@inlinable
func _moveElement<Element>(_ array: inout [Element], from: Int, to: Int) {
  precondition(array.indices.contains(from) && array.indices.contains(to))
  guard from != to else { return }
  array.withUnsafeMutableBufferPointer { buffer in
    let base = buffer.baseAddress!
    let moved = (base + from).move()
    if from < to {
      (base + from).moveInitialize(from: base + from + 1, count: to - from)
    } else {
      (base + to + 1).moveInitialize(from: base + to, count: from - to)
    }
    (base + to).initialize(to: moved)
  }
}
