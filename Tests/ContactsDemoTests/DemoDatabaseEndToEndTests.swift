#if GRDB
  import Foundation
  import GRDB
  import Testing

  /// The demo against databases it did not create or that changed behind its back.
  extension ContactsDemoEndToEndTests {
    /// A `contact` table as another program might have made it: same columns, no NOT NULL.
    static func makeForeignDatabase(at path: String, rows: String, extraSQL: String = "") throws {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in
        try db.execute(
          sql: """
            CREATE TABLE contact (
              id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, company TEXT, email TEXT,
              isFavorite BOOLEAN DEFAULT 0, position DOUBLE);
            INSERT INTO contact (id, name, company, email, isFavorite, position) VALUES \(rows);
            \(extraSQL)
            """)
      }
    }

    @Test(.tmuxInstalled) func rowsTheAppCannotReadAreLeftOutWithAMessageNotACrash() throws {
      let tmux = try Self.tmuxPath()
      let binary = try Self.binary()
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let database = directory.appendingPathComponent("contacts.sqlite").path
      try Self.makeForeignDatabase(
        at: database,
        rows: """
          (1, 'Ada Good', 'Acme', 'ada@acme', 0, 1), (2, NULL, 'Acme', 'null@acme', 0, 2),
          (3, 'Bob Good', 'Hooli', 'bob@hooli', 0, 3), (4, 'Text Position', 'Acme', 't@acme', 0, 'abc'),
          (5, 'Null Favorite', 'Acme', 'n@acme', NULL, 5), (6, 'Cy Good', 'Hooli', 'cy@hooli', 1, 6)
          """)
      let pane = TmuxPane(tmux: tmux, socket: "dk-rows-\(UUID().uuidString.prefix(8))")
      defer { pane.kill() }
      try pane.start(command: "'\(binary.path)' --database '\(database)'", width: 120, height: 20)

      // The status line is drawn after the list: wait for both, or a half-drawn frame is read.
      var screen = try pane.waitFor("the list with the readable rows and the skipped-rows message") {
        $0.contains("All (2)") && $0.contains("unreadable rows left out")
      }
      #expect(screen.contains("3 contacts"))
      #expect(screen.contains("Error: database rows skipped (contacts.sqlite): 3 unreadable rows left out"))
      #expect(screen.contains("contact 2: name is NULL"))
      for name in ["Ada Good", "Bob Good", "Cy Good"] { #expect(screen.contains(name)) }
      for name in ["Text Position", "Null Favorite"] { #expect(!screen.contains(name)) }
      // Reordering next to a row whose position is text, and the companies screen, read the same rows.
      try pane.send("G")
      try pane.send("K")
      try pane.send("J")
      try pane.send("2")
      // As above, the status line comes after the list: wait for it too, or a half-drawn frame is read.
      screen = try pane.waitFor("the companies screen with its status line") {
        $0.contains("[2 Companies]") && $0.contains("Hooli") && $0.contains("Error:")
      }
      #expect(screen.contains("Error: database rows skipped (contacts.sqlite)"))
      // A database the demo did not create is never seeded, even with rows left out.
      #expect(try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") } == 6)
      try pane.send("q")
      try pane.waitForExit()
    }

    @Test(.tmuxInstalled) func aFailedWriteNamesTheOperationAndTheFileAndASuccessfulRetryClearsIt() throws {
      let tmux = try Self.tmuxPath()
      let binary = try Self.binary()
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let database = directory.appendingPathComponent("contacts.sqlite").path
      try Self.makeForeignDatabase(
        at: database,
        rows: "(1, 'Ada Good', 'Acme', 'ada@acme', 0, 1), (2, 'Bob Good', 'Hooli', 'bob@hooli', 0, 2)",
        extraSQL: """
          CREATE TRIGGER readOnly BEFORE UPDATE ON contact
          BEGIN SELECT RAISE(ABORT, 'contacts are read-only today'); END;
          """)
      let pane = TmuxPane(tmux: tmux, socket: "dk-write-\(UUID().uuidString.prefix(8))")
      defer { pane.kill() }
      try pane.start(command: "'\(binary.path)' --database '\(database)'", width: 120, height: 20)
      _ = try pane.waitFor("the list") { $0.contains("All (2)") }
      #expect(!(try pane.capture()).contains("Error:"))

      try pane.send("g")
      try pane.send("f")
      var screen = try pane.waitFor("the write error") { $0.contains("Error:") }
      #expect(
        screen.contains("Error: database write failed (contacts.sqlite): contacts are read-only today"),
        "\(screen)")
      #expect(screen.contains("Favorites (0)"))

      // The cause goes away; the same key again succeeds and the error leaves the message line.
      try DatabaseQueue(path: database).write { try $0.execute(sql: "DROP TRIGGER readOnly") }
      try pane.send("f")
      screen = try pane.waitFor("the favorite") { $0.contains("Favorites (1)") }
      screen = try pane.waitFor("the error to clear") { !$0.contains("Error:") }
      #expect(!screen.contains("read-only today"))
      try pane.send("q")
      try pane.waitForExit()
    }

    @Test(.tmuxInstalled) func deletingEveryContactDoesNotSeedThemAgain() throws {
      let tmux = try Self.tmuxPath()
      let binary = try Self.binary()
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let database = directory.appendingPathComponent("contacts.sqlite").path
      let command = "'\(binary.path)' --database '\(database)' --seed-count 7"

      // First start: a new database, created and seeded by the demo.
      let first = TmuxPane(tmux: tmux, socket: "dk-seed1-\(UUID().uuidString.prefix(8))")
      defer { first.kill() }
      try first.start(command: command, width: 100, height: 20)
      _ = try first.waitFor("the seeded list") { $0.contains(" 7 contacts") }
      try first.send("q")
      try first.waitForExit()

      let queue = try DatabaseQueue(path: database)
      #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
      try queue.write { try $0.execute(sql: "DELETE FROM contact") }
      try queue.close()

      // Second start: the table is empty because the user emptied it; it stays empty.
      let second = TmuxPane(tmux: tmux, socket: "dk-seed2-\(UUID().uuidString.prefix(8))")
      defer { second.kill() }
      try second.start(command: command, width: 100, height: 20)
      let screen = try second.waitFor("the list") { $0.contains(" contacts") && $0.contains("No contacts") }
      #expect(screen.contains(" 0 contacts"), "\(screen)")
      try second.send("q")
      try second.waitForExit()
      #expect(try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") } == 0)
    }
  }
#endif
