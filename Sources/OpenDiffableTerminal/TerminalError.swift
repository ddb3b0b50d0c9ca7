import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``TerminalSession`` could not start.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (piped, redirected, or run by a script). An
  /// interactive list needs both.
  case notATerminal(stream: String)
  /// The terminal's settings could not be read or changed (`tcgetattr`/`tcsetattr` failed).
  case settingsUnavailable(errno: Int32)

  /// A message meant for a person.
  public var description: String {
    switch self {
    case .notATerminal(let stream):
      return "standard \(stream) is not a terminal. This program draws an interactive list; "
        + "run it directly in a terminal window (not through a pipe or redirection)."
    case .settingsUnavailable(let code):
      return "could not switch the terminal to raw mode (errno \(code): \(String(cString: strerror(code))))."
    }
  }
}
