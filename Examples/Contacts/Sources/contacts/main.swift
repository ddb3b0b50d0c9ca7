import ArgumentParser
import Dispatch
import Foundation
import OpenDiffableTerminal

/// Command-line options and the key reference shown by `--help`.
struct ContactsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "OpenDiffable demo: a live contacts list in your terminal, backed by SQLite.",
    discussion: """
      The database is created and seeded on first run. Every change goes to the database; the \
      screens follow it through live queries that hand the list views snapshots, and the data \
      sources animate the difference.

      Keys (list screen):
        ↑/↓ or j/k    move            PgUp/PgDn, g/G   page, first/last
        /             search (type to filter, Enter keeps the filter, Esc clears it)
        f             toggle favorite (the row moves between Favorites and All)
        a             add a contact after the focused one
        d             delete the focused contact
        J / K         move the focused contact down / up
        s             simulate a remote sync changing hundreds of rows
      Companies screen: \(CompaniesScreen.outlineKeys).
      Settings screen: Enter/Space change the focused setting.
      Everywhere: 1 2 3 or Tab switch screens, q or Ctrl-C quit.
      After a database error: r starts the live queries again.
      The message line says what the last key did.

      Rows the app cannot read (a NULL or a wrong type in a column) are left out and reported on \
      the message line. A new database is seeded once; deleting every contact does not seed it \
      again (use --reset).

      The status line shows the shown screen's last changeset and how long the diff, the update \
      and the redraw took. The line above it spells out the changeset's abbreviations (sections \
      and rows together; "reconfigured": rows the app marked; "changed on screen": rows on screen \
      whose content changed, found by the data source):
      \(ContactsApp.statusLegend.split(separator: " · ").map { "  " + $0 }.joined(separator: "\n"))
      """)

  @Option(help: "The SQLite file to use. Default: the user's application-support directory.")
  var database: String?

  @Flag(help: "Delete the database and seed it again.")
  var reset = false

  @Option(help: "How many contacts to seed into a new database.")
  var seedCount = 3000

  @Option(
    help: ArgumentHelp(
      "For tests: the ! key crashes the program this way (abort, trap, segv or exit), to check that the terminal is "
        + "restored.", visibility: .hidden))
  var crashKey: CrashKind?

  static var defaultDatabasePath: String {
    let base =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSTemporaryDirectory())
    return base.appendingPathComponent("OpenDiffable").appendingPathComponent("contacts.sqlite").path
  }
}

/// A way to crash on purpose (`--crash-key`), so tests can check the terminal is restored.
enum CrashKind: String, ExpressibleByArgument, Sendable {
  /// `abort()`: SIGABRT.
  case abort
  /// A Swift runtime trap (`fatalError`): SIGILL on x86-64, SIGTRAP on ARM64.
  case trap
  /// A write through a bad pointer: SIGSEGV.
  case segv
  /// `exit(3)` without restoring the terminal first (the `atexit` handler must).
  case exit

  func crash() -> Never {
    switch self {
    case .abort:
      Foundation.abort()
    case .trap:
      fatalError("crash requested with --crash-key trap")
    case .segv:
      let address = Int(getpid() == 0 ? 16 : 8)  // not a constant, so it cannot be folded away
      UnsafeMutablePointer<Int>(bitPattern: address)!.pointee = 42
      fatalError("the write to address \(address) did not fault")
    case .exit:
      Foundation.exit(3)
    }
  }
}

let options = ContactsCommand.parseOrExit()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("contacts: \(message)\n".utf8))
  exit(1)
}

guard TerminalSession.isInteractive else {
  fail(
    "\(TerminalError.notATerminal(stream: isatty(STDOUT_FILENO) == 1 ? "input" : "output"))\n"
      + "Try `swift run --package-path Examples/Contacts contacts` in a terminal, "
      + "or `contacts --help` for the keys.")
}

let store: ContactStore
do {
  store = try ContactStore(
    path: options.database ?? ContactsCommand.defaultDatabasePath, reset: options.reset,
    seedCount: max(0, options.seedCount))
} catch {
  fail("cannot open the database: \(error)")
}

let session: TerminalSession
do {
  session = try TerminalSession()
} catch {
  fail("\(error)")
}

let app = ContactsApp(store: store, session: session, crashKey: options.crashKey)
app.start()
dispatchMain()
