import OpenDiffableCore
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
  /// Every warning reads the handler. Reading it used to wrap the stored closure in two more
  /// reabstraction thunks (an `inout` write-back), so each warning was
  /// slower than the last and, a few hundred thousand warnings into a process, calling the
  /// handler overflowed the stack. In a child process: the crash is the failure.
  @Test func readingTheWarningHandlerLeavesItUnchanged() async {
    await #expect(processExitsWith: .success) {
      OpenDiffableDiagnostics.warningHandler = { _ in }
      for _ in 0..<1_000_000 { _ = OpenDiffableDiagnostics.warningHandler }
      OpenDiffableDiagnostics.warningHandler("a warning")
    }
  }
}
