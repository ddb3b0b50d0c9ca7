import Foundation
import Testing

extension ContactsDemoEndToEndTests {
  /// The demo crashes (or calls `exit`) for real (`--crash-key`, then the `!` key) inside a shell in tmux. After the
  /// crash the shell reports the exit status and the terminal settings; the pane must be back on
  /// the main screen with the cursor shown, cooked mode restored, the restore sequence must be
  /// the last thing the program wrote, and the process must still have died of its signal.
  @Test(
    .tmuxInstalled,
    arguments: [
      ("abort", [134]),  // SIGABRT
      ("trap", [132, 133]),  // a Swift trap: SIGILL on x86-64, SIGTRAP on ARM64
      ("segv", [139]),  // SIGSEGV
      ("exit", [3]),  // exit(3) from anywhere, without TerminalSession.exit
    ])
  func crashRestoresTheTerminalAndStillDiesOfTheSignal(kind: String, statuses: [Int]) throws {
    let tmux = try Self.tmuxPath()
    let binary = try Self.binary()
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("run.sh").path
    try """
    "$1" --database "$2" --seed-count 20 --crash-key "$3"
    echo "exit=$?"
    stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo|isig)$' | tr '\\n' ' '
    echo
    echo "shell-done"
    sleep 60
    """.write(toFile: script, atomically: true, encoding: .utf8)
    let database = directory.appendingPathComponent("contacts.sqlite").path
    let output = directory.appendingPathComponent("output").path
    let pane = TmuxPane(tmux: tmux, socket: "dk-crash-\(UUID().uuidString.prefix(8))")
    defer { pane.kill() }
    try pane.start(command: "sh '\(script)' '\(binary.path)' '\(database)' \(kind)", width: 100, height: 30)
    _ = try pane.waitFor("the list") { $0.contains("Favorites (") && $0.contains("All (") }
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "1 0")
    try pane.pipeOutput(to: output)
    try pane.send("!")
    let screen = try pane.waitFor("the shell after the crash") { $0.contains("shell-done") }

    let status = screen.split(separator: "\n").first { $0.hasPrefix("exit=") }.flatMap { Int($0.dropFirst(5)) }
    #expect(status.map(statuses.contains) == true, "exit status \(String(describing: status)), screen:\n\(screen)")
    let modes = screen.split(separator: "\n").first { $0.contains("icanon") }.map {
      Set($0.split(separator: " ").map(String.init))
    }
    #expect(modes == ["icanon", "echo", "isig"], "terminal modes after the crash: \(String(describing: modes))")
    #expect(try pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    // The bytes the program wrote after the `!`: the restore sequence, nothing drawn after it.
    let deadline = Date().addingTimeInterval(5)
    var written = ""
    while Date() < deadline {
      written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      if written.contains("exit=") { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let restore = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    let programOutput = written.components(separatedBy: "exit=").first ?? ""
    #expect(programOutput.contains(restore), "no restore sequence in \(programOutput.debugDescription)")
    #expect(
      programOutput.components(separatedBy: restore).last?.contains("\u{1B}[") == false,
      "the program drew after restoring: \(programOutput.debugDescription)")
  }
}
