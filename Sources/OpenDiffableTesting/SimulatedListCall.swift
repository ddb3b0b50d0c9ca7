import Foundation
import OpenDiffable

/// One call a simulated list received, in order, for tests that check how a data source
/// drove it.
public enum SimulatedListCall: Hashable, Sendable {
  /// A batch update with the operations recorded inside it, and whether animations were on.
  case batch(BatchUpdateOperations, animated: Bool)
  /// `reloadData()`.
  case reloadData
  /// `reconfigureItems(at:)` / `reconfigureRows(at:)`.
  case reconfigure([IndexPath])

  /// Whether this is a batch update.
  public var isBatch: Bool {
    if case .batch = self { return true }
    return false
  }
}

/// Stops the process with a simulated-list message, printed in every build configuration
/// (`preconditionFailure` drops its message in optimized builds).
func _simulatorStop(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("OpenDiffableTesting: simulated list: \(message)", file: file, line: line)
}

/// Stops the process when a simulated view is used off the main thread, as UIKit's and AppKit's
/// views must only be used from the main thread (Xcode's Main Thread Checker stops there). The
/// views are `@MainActor`, but code in Swift 5 mode can call them from any thread.
func _checkMainThread(_ api: String) {
  if !_isMainThread() {
    fatalError(
      "OpenDiffableTesting: a simulated view's \(api) was called off the main thread; list views must only be used on the main thread"
    )
  }
}
