import Foundation

/// How OpenDiffable reports programmer errors and warnings.
///
/// Programmer errors (a duplicate identifier inside one array, a missing anchor, …) stop the
/// process, as Apple's implementation does, but the message names the operation, the offending
/// identifiers (the first few and how many there were) and how to fix the call. Every message
/// starts with `OpenDiffable:` so it is easy to find in a crash log.
///
/// Warnings (for example appending an item that is already in the snapshot, which moves it) do
/// not stop the process: they go to ``OpenDiffableDiagnostics/warningHandler``, which prints to
/// standard error by default.
public enum OpenDiffableDiagnostics {
  /// Receives every warning OpenDiffable reports. Defaults to printing on standard error.
  ///
  /// Set it in tests to collect warnings, or to route them into your own logging.
  /// Reading and writing it is thread-safe.
  public static var warningHandler: @Sendable (String) -> Void {
    get { _state.value }
    set { _state.value = newValue }
  }

  /// The handler used when none was set: writes the message and a newline to standard error.
  public static let standardErrorHandler: @Sendable (String) -> Void = { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  static let _state = _LockedBox<@Sendable (String) -> Void>(standardErrorHandler)

  /// Sends `message` to the warning handler.
  static func warn(_ message: @autoclosure () -> String) {
    let handler = warningHandler
    handler("OpenDiffable warning: " + message())
  }
}

/// A minimal lock-protected box (no newer-OS API: works back to iOS 13 and on Linux).
///
/// Read and written whole, never through an `inout` closure (`withLock { $0 }`): when `Value` is
/// a function type, such a closure receives the stored closure reabstracted and writes it back
/// wrapped in two more thunks on every call, even one that only reads, so the stored handler
/// would grow with every warning until calling it overflows the stack.
final class _LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var _value: Value

  init(_ value: Value) { _value = value }

  var value: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return _value
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      _value = newValue
    }
  }
}

/// Describes at most `limit` identifiers, then how many more there were:
/// `[a, b, c] (3 identifiers)` or `[a, b, c, d, e, … 95 more] (100 identifiers)`.
@usableFromInline
func _describeIdentifiers<C: Collection>(_ identifiers: C, limit: Int = 5) -> String {
  let count = identifiers.count
  var parts = identifiers.prefix(limit).map { String(reflecting: $0) }
  if count > limit { parts.append("… \(count - limit) more") }
  return "[\(parts.joined(separator: ", "))] (\(count) identifier\(count == 1 ? "" : "s"))"
}

/// Stops the process with a OpenDiffable programmer-error message.
///
/// Every stop of the library goes through `fatalError`, which prints its message in every build
/// configuration; `precondition` and `preconditionFailure` drop theirs in optimized builds.
///
/// - Parameters:
///   - operation: the API that was misused, e.g. `appendSections(_:)`.
///   - problem: what is wrong, naming the identifiers.
///   - fix: how to change the call.
@usableFromInline
func _misuse(
  _ operation: String, _ problem: String, fix: String,
  file: StaticString = #file, line: UInt = #line
) -> Never {
  fatalError("OpenDiffable: \(operation): \(problem). \(fix)", file: file, line: line)
}

/// Stops the process with an OpenDiffable internal-error message, in every build configuration
/// (unlike `precondition`, whose message is dropped in optimized builds). For states the library
/// itself must never reach.
@usableFromInline
func _internalError(_ problem: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("OpenDiffable internal error: \(problem)", file: file, line: line)
}
