import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the `contacts` demo (the package in Examples/Contacts) inside tmux, sends keys and reads
/// the screen.
///
/// The binary is found in the demo package's build folder (CI's `.ci/run` builds it first); on a
/// fresh clone the first test builds it (`swift build --package-path Examples/Contacts`), so
/// `swift test` works as the first command. Tests that drive the screen need tmux; where it is
/// missing (macOS has none by default) they are skipped with a message saying so. Paths are
/// relative to this file, so the tests work from any working directory.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ContactsDemoEndToEndTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let demoPackage = packageRoot.appendingPathComponent("Examples/Contacts")

  /// The demo's binary: built already, or built once by the first test that needs it.
  static let builtBinary: Result<URL, DemoTestError> = {
    func existing() -> URL? {
      for configuration in ["debug", "release"] {
        let candidate = demoPackage.appendingPathComponent(".build/\(configuration)/contacts")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
      return nil
    }
    if let binary = existing() { return .success(binary) }
    let arguments = ["swift", "build", "--package-path", demoPackage.path, "--product", "contacts"]
    do {
      let result = try run("/usr/bin/env", arguments)
      if result.status == 0, let binary = existing() { return .success(binary) }
      return .failure(
        DemoTestError(
          "`\(arguments.joined(separator: " "))` failed (exit \(result.status)):\n\(result.output)\n\(result.error)"))
    } catch let error as DemoTestError {
      return .failure(error)
    } catch {
      return .failure(DemoTestError("cannot build the demo: \(error)"))
    }
  }()

  static func binary() throws -> URL { try builtBinary.get() }

  /// tmux, if installed.
  static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static func tmuxPath() throws -> String {
    guard let tmux else { throw DemoTestError("tmux is not installed; the end-to-end test needs it") }
    return tmux
  }

  @Test func helpExplainsTheKeys() throws {
    let result = try run(try Self.binary().path, ["--help"])
    #expect(result.status == 0)
    for text in ["--database", "--reset", "toggle favorite", "simulate a remote sync", "q or Ctrl-C quit"] {
      #expect(result.output.contains(text), "help lacks \(text)")
    }
  }

  @Test func refusesToDrawWhenNotATerminal() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run(
      try Self.binary().path, ["--database", directory.appendingPathComponent("c.sqlite").path])
    #expect(result.status == 1)
    #expect(result.error.contains("not a terminal"))
    #expect(!result.output.contains("\u{1B}["))
  }

  @Test(.tmuxInstalled) func searchFavoriteSyncAndQuitInTmux() throws {
    let tmux = try Self.tmuxPath()
    let binary = try Self.binary()
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("contacts.sqlite").path
    let pane = TmuxPane(tmux: tmux, socket: "dk-e2e-\(UUID().uuidString.prefix(8))")
    defer { pane.kill() }
    try pane.start(command: "'\(binary.path)' --database '\(database)' --seed-count 800", width: 100, height: 30)

    var screen = try pane.waitFor("the list") { $0.contains("Favorites (") && $0.contains("All (") }
    #expect(screen.contains("[1 Contacts]"))
    #expect(FileManager.default.fileExists(atPath: database), "the database was not created")

    // Search: filter as you type.
    try pane.send("/")
    try pane.send("Zoe", literal: true)
    screen = try pane.waitFor("the filtered list") {
      $0.contains("Search: Zoe") && !self.rows($0).isEmpty && self.rows($0).allSatisfy { $0.contains("Zoe") }
    }
    let zoeRows = rows(screen)
    #expect(zoeRows.count < 30)
    try pane.send("Escape")
    screen = try pane.waitFor("the cleared filter") {
      !$0.contains("Search:") && self.rows($0).contains { !$0.contains("Zoe") }
    }

    // Favorite: the focused row moves to the other section and stays focused.
    try pane.send("g")  // first contact: the Favorites header is on screen
    screen = try pane.waitFor("the top of the list") { self.sectionCount("Favorites", in: $0) != nil }
    let favoritesBefore = try #require(sectionCount("Favorites", in: screen))
    try pane.send("G")  // last contact: in All, not a favorite
    screen = try pane.waitFor("focus on the last row") {
      self.focusedRow($0) != nil && !self.focusedRow($0)!.contains("★")
    }
    let name = try #require(focusedRow(screen)).trimmingCharacters(in: .whitespaces)
    try pane.send("f")
    screen = try pane.waitFor("the favorite to move") { self.focusedRow($0)?.contains("★") == true }
    let focused = try #require(focusedRow(screen))
    #expect(focused.contains(String(name.prefix(12))), "focus did not follow \(name): \(focused)")
    try pane.send("g")
    screen = try pane.waitFor("one more favorite") { self.sectionCount("Favorites", in: $0) == favoritesBefore + 1 }

    // Sync: hundreds of rows change at once; the status line reports the changeset.
    let countBefore = try #require(totalCount(in: screen))
    try pane.send("s")
    // The setting's 300 rows: as many deleted as inserted, as many moved, a fiftieth flipped.
    screen = try pane.waitFor("the sync") { $0.contains("Sync: ") && $0.contains("del 73 ins 73") }
    #expect(screen.contains("Sync: 300 rows changed: 73 new, 73 deleted, 75 renamed, 73 moved, 6 favorites"))
    // Renamed contacts are found by the data source's content provider, and only those on
    // screen are reconfigured: no reconfigure marks, and at most one per row shown.
    let status = try #require(screen.split(separator: "\n").first { $0.contains(" rcf ") && $0.contains("last draw") })
    #expect(status.contains("rcf 0 chg "), "\(status)")
    let changed = status.split(separator: " ").drop { $0 != "chg" }.dropFirst().first.flatMap { Int($0) }
    let shownRows = rows(screen).count
    #expect(changed != nil && changed! <= shownRows, "\(status) with \(shownRows) rows shown")
    _ = try pane.waitFor("the count to settle") { self.totalCount(in: $0) == countBefore }
    // The message belongs to the sync: the next key clears it.
    try pane.send("j")
    _ = try pane.waitFor("the message cleared") { !$0.contains("Sync: ") }

    // Quit: the program exits and the session ends.
    try pane.send("q")
    try pane.waitForExit()
  }

  // MARK: Screen reading

  /// Contact rows: lines drawn by the list (marker column, then the name).
  func rows(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(4).map(String.init)
      .filter { $0.hasPrefix("> ") || $0.hasPrefix("  ") || $0.hasPrefix("* ") }
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("No contacts") }
  }

  func focusedRow(_ screen: String) -> String? {
    screen.split(separator: "\n").first { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
  }

  func sectionCount(_ section: String, in screen: String) -> Int? {
    guard let range = screen.range(of: "\(section) (") else { return nil }
    return Int(screen[range.upperBound...].prefix { $0.isNumber })
  }

  func totalCount(in screen: String) -> Int? {
    guard let range = screen.range(of: " contacts") else { return nil }
    return Int(String(screen[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed()))
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a test that drives the demo's screen where tmux is missing, saying so.
  static var tmuxInstalled: Self {
    .enabled(
      if: ContactsDemoEndToEndTests.tmux != nil,
      "tmux is not installed: this end-to-end test drives the demo in a tmux pane (apt-get install tmux, brew install tmux)"
    )
  }
}

struct DemoTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A tmux server of its own (separate socket), with one session running the demo.
struct TmuxPane {
  let tmux: String
  let socket: String
  let session = "demo"

  func tmuxCommand(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    try run(tmux, ["-L", socket] + arguments)
  }

  func start(command: String, width: Int, height: Int) throws {
    let result = try tmuxCommand([
      "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)",
      "env TERM=xterm-256color \(command)",
    ])
    guard result.status == 0 else { throw DemoTestError("tmux new-session failed: \(result.error)") }
  }

  func send(_ keys: String, literal: Bool = false) throws {
    let result = try tmuxCommand(["send-keys", "-t", session] + (literal ? ["-l"] : []) + [keys])
    guard result.status == 0 else { throw DemoTestError("tmux send-keys failed: \(result.error)") }
  }

  func capture() throws -> String {
    try tmuxCommand(["capture-pane", "-p", "-t", session]).output
  }

  /// Polls the screen until `condition` holds; fails with the last screen after 15 seconds.
  @discardableResult
  func waitFor(_ what: String, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(15)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if condition(screen) { return screen }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw DemoTestError("timed out waiting for \(what); the screen was:\n\(screen)")
  }

  func waitForExit() throws {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if try tmuxCommand(["has-session", "-t", session]).status != 0 { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw DemoTestError("the demo did not exit after q; the screen was:\n\((try? capture()) ?? "")")
  }

  func kill() {
    _ = try? tmuxCommand(["kill-server"])
  }

  /// A tmux format evaluated for the pane (e.g. `#{alternate_on}`).
  func display(_ format: String) throws -> String {
    try tmuxCommand(["display-message", "-p", "-t", session, format]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Copies everything the program writes from now on, escape sequences included, to `path`.
  func pipeOutput(to path: String) throws {
    let result = try tmuxCommand(["pipe-pane", "-o", "-t", session, "cat > '\(path)'"])
    guard result.status == 0 else { throw DemoTestError("tmux pipe-pane failed: \(result.error)") }
  }
}

func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-e2e-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Runs a program to completion and returns its status and output.
///
/// Uses `posix_spawn` and `waitpid` directly, with output going to files rather than pipes:
/// `tmux new-session` starts a server that inherits the child's descriptors and outlives it, so
/// a pipe would never reach end-of-file (and Foundation's `Process` was seen to wait forever).
func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let outputPath = directory.appendingPathComponent("out").path
  let errorPath = directory.appendingPathComponent("err").path
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
  guard spawned == 0 else { throw DemoTestError("cannot start \(path): error \(spawned)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (
    exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  )
}
