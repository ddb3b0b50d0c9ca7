import Dispatch
import Foundation

/// Whether the caller runs on the main thread: the main thread itself, or the main dispatch queue
/// wherever it is drained. (Where a process starts with an `async` main on Linux, the main queue
/// and so the main actor run on a thread that `Thread.isMainThread` does not call main.)
///
/// - Complexity: O(1).
package func _isMainThread() -> Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: _mainQueueKey) != nil
}

/// Marks the main dispatch queue, so that code running on it is recognized wherever it runs.
private let _mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
