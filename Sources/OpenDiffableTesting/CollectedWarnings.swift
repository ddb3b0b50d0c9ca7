import Foundation
import OpenDiffable

/// Collects every OpenDiffable warning of the process, for tests that check a warning was given.
///
/// All test targets of a package run in one process and `OpenDiffableDiagnostics/warningHandler`
/// is process-wide: a test that swaps the handler steals the warnings of tests running beside
/// it. Instead, call ``install()`` (any number of times, from any test): the first call routes
/// every warning here for the rest of the process, and each test looks for its own with
/// ``messages(containing:)``, using an identifier or operation only it uses.
public enum OpenDiffableWarningCollector {
  private static let messages = _Messages()
  private static let installed: Bool = {
    OpenDiffableDiagnostics.warningHandler = { messages.append($0) }
    return true
  }()

  /// Routes every OpenDiffable warning of the process to the collector (once; later calls do
  /// nothing). Warnings no longer go to standard error.
  public static func install() { _ = installed }

  /// The collected warnings that contain `token`, oldest first. Installs the collector.
  ///
  /// - Complexity: O(w) for w warnings collected so far.
  public static func messages(containing token: String) -> [String] {
    install()
    return messages.all.filter { $0.contains(token) }
  }
}

private final class _Messages: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ message: String) { lock.withLock { storage.append(message) } }
  var all: [String] { lock.withLock { storage } }
}
