import Foundation
import OpenDiffable

/// Collects every OpenDiffable warning of the process, for tests that check a warning was given.
///
/// All test targets of a package run in one process and `OpenDiffableDiagnostics/warningHandler`
/// is process-wide: a test that swaps the handler steals the warnings of tests running beside
/// it. Instead, call ``collect(_:)`` around the code under test: it returns exactly the warnings
/// that code raised, whatever runs beside it.
///
/// ```swift
/// let (_, warnings) = OpenDiffableWarningCollector.collect {
///   snapshot.appendItems(["b"], toSection: "second")  // already in "first": moved, warned
/// }
/// #expect(warnings.count == 1)
/// ```
///
/// A warning raised on another thread or queue, such as that of an apply a data source performs
/// from a background queue, is outside any scope: for those, call ``install()`` and look for the
/// warning with ``messages(containing:)``, using an identifier or operation only your test uses.
public enum OpenDiffableWarningCollector {
  private static let messages = _Messages()
  private static let installed: Bool = {
    OpenDiffableDiagnostics.warningHandler = { message in
      messages.append(message)
      var scope = _WarningScope.current
      while let sink = scope {
        sink.messages.append(message)
        scope = sink.enclosing
      }
    }
    return true
  }()

  /// Routes every OpenDiffable warning of the process to the collector (once; later calls do
  /// nothing). Warnings no longer go to standard error.
  public static func install() { _ = installed }

  /// The collected warnings that contain `token`, oldest first. Installs the collector.
  ///
  /// Holds every warning of the process, those of tests running in parallel included: prefer
  /// ``collect(_:)`` unless the warning is raised on another thread or queue.
  ///
  /// - Complexity: O(w) for w warnings collected so far.
  public static func messages(containing token: String) -> [String] {
    install()
    return messages.all.filter { $0.contains(token) }
  }

  /// Runs `body` and returns its result with the warnings it raised, oldest first. Installs the
  /// collector.
  ///
  /// Collected: the warnings raised by `body`'s own calls on the calling thread, by child tasks
  /// (`async let`, task groups) and by tasks it creates with `Task { … }` until `collect` returns.
  /// Not collected: warnings raised on other threads or queues (an apply a data source performs
  /// from a background `DispatchQueue`, say), by detached tasks, and by anything else running in
  /// parallel; for those, use ``messages(containing:)``. A warning raised in a nested call of
  /// `collect` is returned by that call and by every enclosing one. Each warning also stays in the
  /// process-wide list ``messages(containing:)`` searches.
  ///
  /// Setting `OpenDiffableDiagnostics.warningHandler` replaces the collector: nothing is
  /// collected after that.
  ///
  /// - Complexity: O(1) plus `body`, and O(d) per warning raised for d nested calls.
  public static func collect<Result>(_ body: () throws -> Result) rethrows -> (result: Result, warnings: [String]) {
    install()
    let sink = _WarningScope(enclosing: _WarningScope.current)
    let result = try _WarningScope.$current.withValue(sink, operation: body)
    return (result, sink.messages.all)
  }

  /// Runs `body` and returns its result with the warnings it raised, oldest first. Installs the
  /// collector.
  ///
  /// `body` runs on the caller's actor. What is collected is as for the synchronous
  /// ``collect(_:)``: warnings raised by `body`, its child tasks and the tasks it creates with
  /// `Task { … }` (until `collect` returns), in nested calls too; not those raised on other
  /// threads or queues, or by detached tasks.
  ///
  /// - Complexity: O(1) plus `body`, and O(d) per warning raised for d nested calls.
  public static func collect<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> (result: Result, warnings: [String]) {
    install()
    let sink = _WarningScope(enclosing: _WarningScope.current)
    let result = try await _WarningScope.$current.withValue(sink, operation: body)
    return (result, sink.messages.all)
  }
}

/// One call of `OpenDiffableWarningCollector.collect`: the warnings raised in it, and the call it
/// is nested in.
private final class _WarningScope: Sendable {
  @TaskLocal static var current: _WarningScope?

  let messages = _Messages()
  let enclosing: _WarningScope?

  init(enclosing: _WarningScope?) { self.enclosing = enclosing }
}

private final class _Messages: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ message: String) { lock.withLock { storage.append(message) } }
  var all: [String] { lock.withLock { storage } }
}
