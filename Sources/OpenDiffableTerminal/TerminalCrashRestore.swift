#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back when the process dies without running ``TerminalSession/restore()``:
/// a crash signal (a Swift trap, `abort()`, a bad memory access…) or `exit()` called from
/// anywhere.
///
/// Everything the signal handler touches is prepared before the handlers are installed and lives
/// in memory that is never freed: the restore bytes, the original terminal settings and an
/// "armed" flag. The handler itself makes only async-signal-safe calls (`write(2)`, `tcsetattr`,
/// `signal`, `raise`), then lets the signal do what it would have done without the handler: it
/// resets the disposition to `SIG_DFL` and raises the signal again, so the process still dies of
/// it (with its exit status and core dump).
enum TerminalCrashRestore {
  /// The signals that end the process abnormally and can be caught.
  static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGQUIT]

  /// What the handler reads. Written only by the main thread: before the handlers are installed
  /// (``arm(original:)``), and to disarm them.
  private struct State {
    /// Non-zero while the terminal is in raw mode on the alternate screen.
    var armed: sig_atomic_t = 0
    /// The terminal settings to put back.
    var original = termios()
    /// ``TerminalSession/restoreSequence`` as bytes, in memory of its own.
    var bytes: UnsafeMutablePointer<UInt8>
    var byteCount: Int
  }

  /// Allocated once and never freed, so a handler running at any moment finds it valid.
  nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
    let sequence = Array(TerminalSession.restoreSequence.utf8)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: sequence.count)
    bytes.initialize(from: sequence, count: sequence.count)
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State(bytes: bytes, byteCount: sequence.count))
    return pointer
  }()

  /// Whether the handlers are installed (they stay for the life of the process).
  nonisolated(unsafe) private static var installed = false

  /// Records the settings to restore and installs the handlers (once per process).
  static func arm(original: termios) {
    let state = self.state  // initializes the storage before any handler can run
    state.pointee.original = original
    state.pointee.armed = 1
    guard !installed else { return }
    installed = true
    installAlternateStack()
    for number in crashSignals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = crashHandler
      #else
        action.__sigaction_handler.sa_handler = crashHandler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_ONSTACK)
      sigaction(number, &action, nil)
    }
    atexit(exitHandler)
  }

  /// Marks the terminal as restored: the handlers then do nothing but re-raise.
  static func disarm() {
    state.pointee.armed = 0
  }

  /// Writes the restore sequence and the original settings if armed, then disarms. Makes only
  /// async-signal-safe calls.
  fileprivate static func restoreFromHandler() {
    let state = self.state
    guard state.pointee.armed != 0 else { return }
    state.pointee.armed = 0
    let bytes = state.pointee.bytes
    let count = state.pointee.byteCount
    var offset = 0
    while offset < count {
      let written = write(STDOUT_FILENO, bytes + offset, count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &state.pointee.original)
  }

  private static func installAlternateStack() {
    let size = 64 * 1024
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
  }
}

/// The crash-signal handler: restore, then die of the same signal.
private let crashHandler: @convention(c) (Int32) -> Void = { number in
  let savedErrno = errno
  TerminalCrashRestore.restoreFromHandler()
  errno = savedErrno
  signal(number, SIG_DFL)
  raise(number)
}

/// Runs at `exit()`: restores the terminal when nothing else did.
private let exitHandler: @convention(c) () -> Void = {
  TerminalCrashRestore.restoreFromHandler()
}
