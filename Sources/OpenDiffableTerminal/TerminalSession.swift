import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interactive terminal: raw-mode keyboard input, the alternate screen, frame drawing that
/// writes only the lines that changed, and a clean restore however the process ends.
///
/// The terminal is restored by ``exit(_:)`` and on SIGINT, SIGTERM and SIGHUP; by `exit()` called
/// from anywhere (an `atexit` handler); and when the process crashes — SIGABRT, SIGSEGV, SIGILL
/// (a Swift trap on x86-64), SIGTRAP (a Swift trap on ARM64), SIGBUS, SIGFPE and SIGQUIT get a
/// handler that writes ``restoreSequence``, puts the original terminal settings back with
/// async-signal-safe calls only, then resets the signal to its default action and raises it
/// again, so the process still dies of that signal. Only SIGKILL cannot be caught.
///
/// Everything runs on the main queue: ``run(onKey:onResize:)`` installs Dispatch sources for
/// standard input and for SIGWINCH, SIGINT and SIGTERM, so handlers are ordinary `@MainActor`
/// code; the caller then parks the main thread in `dispatchMain()`. ``exit(_:)`` restores the
/// terminal and ends the process.
@MainActor
public final class TerminalSession {
  private var original = termios()
  private var isRestored = true
  private var previousFrame: TerminalFrame?
  private var sources: [any DispatchSourceProtocol] = []
  private var decoder = TerminalKeyDecoder()

  /// What ``init()`` writes: switch to the alternate screen, hide the cursor, clear the screen.
  public nonisolated static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

  /// What ``restore()`` (and the crash handlers) write: reset text attributes, show the cursor,
  /// leave the alternate screen.
  public nonisolated static let restoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Whether both standard input and standard output are terminals.
  public nonisolated static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Switches the terminal to raw mode (no echo, no line buffering, keys delivered one by one,
  /// Ctrl-C delivered as a key), enters the alternate screen and hides the cursor.
  ///
  /// - Throws: ``TerminalError/notATerminal(stream:)`` when standard input or output is not a
  ///   terminal, ``TerminalError/settingsUnavailable(errno:)`` when raw mode cannot be set. The
  ///   terminal is left untouched when it throws.
  public init() throws(TerminalError) {
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "output") }
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "input") }
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .settingsUnavailable(errno: errno) }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    TerminalCrashRestore.arm(original: original)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      let code = errno
      TerminalCrashRestore.disarm()
      throw .settingsUnavailable(errno: code)
    }
    isRestored = false
    write(Self.enterSequence)
  }

  /// The terminal size in columns and lines (80×24 when it cannot be read).
  ///
  /// - Complexity: O(1) (one `ioctl`).
  public var size: (width: Int, height: Int) {
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return (Int(window.ws_col), Int(window.ws_row))
    }
    return (80, 24)
  }

  /// Draws `frame`, writing only the lines that differ from the last frame drawn (everything after
  /// a size change or ``invalidate()``). Returns how many lines were written.
  ///
  /// - Parameter frame: the frame to show.
  /// - Returns: how many lines were written.
  /// - Complexity: O(width × height) to compare, plus the bytes written.
  @discardableResult
  public func draw(_ frame: TerminalFrame) -> Int {
    let changed = frame.changedLines(from: previousFrame).count
    write(frame.ansiUpdate(from: previousFrame))
    previousFrame = frame
    return changed
  }

  /// Forgets what is on screen, so the next ``draw(_:)`` redraws every line.
  public func invalidate() { previousFrame = nil }

  /// Writes raw bytes to standard output, retrying short writes.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }

  /// Starts delivering keys and resizes on the main queue, and restores the terminal then exits on
  /// SIGINT (status 130) or SIGTERM (status 143), or when standard input closes (status 0).
  ///
  /// Call once, then call `dispatchMain()`.
  public func run(onKey: @escaping @MainActor (TerminalKey) -> Void, onResize: @escaping @MainActor () -> Void) {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count == 0 { self.exit(0) }
        guard count > 0 else { return }
        for key in self.decoder.decode(buffer[0..<count]) { onKey(key) }
      }
    }
    sources.append(input)
    for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.exit(status)
        }
      }
      sources.append(source)
    }
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    resize.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        self?.invalidate()
        onResize()
      }
    }
    sources.append(resize)
    for source in sources { source.resume() }
  }

  /// Puts the terminal back as it was: cursor shown, main screen, original settings. Safe to call
  /// more than once.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    for source in sources { source.cancel() }
    sources.removeAll()
    write(Self.restoreSequence)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    TerminalCrashRestore.disarm()
  }

  /// Restores the terminal and ends the process with `status`.
  public func exit(_ status: Int32) -> Never {
    restore()
    Foundation.exit(status)
  }
}
