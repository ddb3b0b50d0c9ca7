#if GRDB
  import Foundation
  import GRDB
  import Testing

  /// The screens' side of the pattern: rows a side controller says changed are refreshed in the
  /// apply, settings changes reach the other screens, and the focus follows by identifier.
  extension ContactsDemoEndToEndTests {
    static let fiveContacts = """
      (1, 'Ada Good', 'Acme', 'ada@acme', 0, 1), (2, 'Bob Good', 'Acme', 'bob@acme', 0, 2),
      (3, 'Cy Good', 'Acme', 'cy@acme', 0, 3), (4, 'Dee Good', 'Hooli', 'dee@hooli', 0, 4),
      (5, 'Eve Good', 'Hooli', 'eve@hooli', 0, 5)
      """

    /// The line of `screen` that contains `text`, without its trailing spaces.
    func line(containing text: String, in screen: String) -> String? {
      screen.split(separator: "\n").first { $0.contains(text) }.map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
    }

    /// Starts the demo in tmux on a new database in a new directory, holding ``fiveContacts``.
    func startOnFiveContacts(_ name: String) throws -> (pane: TmuxPane, directory: URL) {
      let tmux = try Self.tmuxPath()
      let binary = try Self.binary()
      let directory = try temporaryDirectory()
      let database = directory.appendingPathComponent("contacts.sqlite").path
      try Self.makeForeignDatabase(at: database, rows: Self.fiveContacts)
      let pane = TmuxPane(tmux: tmux, socket: "dk-\(name)-\(UUID().uuidString.prefix(8))")
      try pane.start(command: "'\(binary.path)' --database '\(database)'", width: 100, height: 20)
      return (pane, directory)
    }

    /// Each screen has its own status line (its last apply), and a message lasts until the next key.
    @Test(.tmuxInstalled) func eachScreenShowsItsOwnLastApplyAndMessagesLastOneAction() throws {
      let (pane, directory) = try startOnFiveContacts("status")
      defer {
        pane.kill()
        try? FileManager.default.removeItem(at: directory)
      }
      var screen = try pane.waitFor("the list and the welcome") { $0.contains("All (5)") && $0.contains("Welcome.") }
      try pane.send("j")
      screen = try pane.waitFor("the welcome cleared") { !$0.contains("Welcome.") }
      try pane.send("d")
      screen = try pane.waitFor("a contact deleted") { $0.contains("All (4)") && $0.contains(" del 1 ins 0 ") }

      // The settings screen shows its own last apply (its first: a reload), not the list's delete.
      try pane.send("3")
      screen = try pane.waitFor("the settings, its status line not showing the list's delete") {
        $0.contains("[3 Settings]") && $0.contains("Show company")
          && line(containing: "last draw", in: $0).map { !$0.contains(" del 1 ins 0 ") } == true
      }
      let settingsStatus = try #require(line(containing: "last draw", in: screen))
      #expect(!settingsStatus.contains(" del 1 ins 0 "), "\(settingsStatus)")
      // Back on the list, its delete is still what its status line shows.
      try pane.send("1")
      // (Waited for with its status line: a capture can fall between the list's rows and its
      // status line being drawn.)
      screen = try pane.waitFor("the list again, its status line showing the delete") {
        $0.contains("[1 Contacts]") && $0.contains("All (4)")
          && line(containing: "last draw", in: $0)?.contains(" del 1 ins 0 ") == true
      }
      #expect(line(containing: "last draw", in: screen)?.contains(" del 1 ins 0 ") == true, "\(screen)")

      // A message lasts until the next key.
      try pane.send("a")
      screen = try pane.waitFor("the new contact") { $0.contains("All (5)") && $0.contains(" Added ") }
      try pane.send("k")
      _ = try pane.waitFor("the message cleared") { !$0.contains(" Added ") }
      try pane.send("q")
      try pane.waitForExit()
    }

    @Test(.tmuxInstalled) func companiesRefreshCountsAndDisclosureInTheApplyAndCollapseFocusesTheCompany() throws {
      let (pane, directory) = try startOnFiveContacts("outline")
      defer {
        pane.kill()
        try? FileManager.default.removeItem(at: directory)
      }
      _ = try pane.waitFor("the list") { $0.contains("All (5)") }

      try pane.send("2")
      var screen = try pane.waitFor("the companies") { $0.contains("[2 Companies]") && $0.contains("Hooli") }
      #expect(line(containing: "Acme", in: screen)?.hasSuffix(" 3") == true, "\(screen)")
      #expect(focusedRow(screen)?.contains("▸ Acme") == true, "\(screen)")

      // Expanding redraws the company's disclosure in the same apply: a content change the data
      // source finds (no reconfigure marks).
      try pane.send("Enter")
      screen = try pane.waitFor("Acme expanded") { $0.contains("Cy Good") }
      #expect(screen.contains("▾ Acme"), "the disclosure was not refreshed: \(screen)")
      #expect(screen.contains("ins 3 mov 0 rel 0 rcf 0 chg 1"), "\(screen)")

      // A contact deleted on the list screen: the company's count follows.
      try pane.send("1")
      _ = try pane.waitFor("the list") { $0.contains("[1 Contacts]") }
      try pane.send("g")
      try pane.send("j")
      _ = try pane.waitFor("focus on Bob") { self.focusedRow($0)?.contains("Bob Good") == true }
      try pane.send("d")
      _ = try pane.waitFor("Bob deleted") { $0.contains("All (4)") }
      try pane.send("2")
      screen = try pane.waitFor("the companies") { $0.contains("[2 Companies]") && !$0.contains("Bob Good") }
      #expect(line(containing: "Acme", in: screen)?.hasSuffix(" 2") == true, "the count is stale: \(screen)")
      _ = try pane.waitFor("focus on Acme") { self.focusedRow($0)?.contains("▾ Acme") == true }

      // ← on a contact collapses its company and focuses the company.
      try pane.send("Down")
      _ = try pane.waitFor("focus on Ada") { self.focusedRow($0)?.contains("Ada Good") == true }
      try pane.send("Left")
      _ = try pane.waitFor("Acme collapsed and focused") {
        !$0.contains("Ada Good") && self.focusedRow($0)?.contains("▸ Acme") == true
      }
      try pane.send("q")
      try pane.waitForExit()
    }

    @Test(.tmuxInstalled) func settingsReachTheListAndTheFocusFollowsDeletesAndAdds() throws {
      let (pane, directory) = try startOnFiveContacts("settings")
      defer {
        pane.kill()
        try? FileManager.default.removeItem(at: directory)
      }
      let database = directory.appendingPathComponent("contacts.sqlite").path
      var screen = try pane.waitFor("the list") { $0.contains("All (5)") }
      #expect(line(containing: "Ada Good", in: screen)?.hasSuffix("Acme") == true, "\(screen)")

      // Hiding the company on the settings screen changes every row of the list.
      try pane.send("3")
      _ = try pane.waitFor("the settings") { $0.contains("[3 Settings]") && $0.contains("[x]") }
      try pane.send("Enter")
      _ = try pane.waitFor("the setting off") {
        self.line(containing: "Show company", in: $0)?.hasSuffix("[ ]") == true
      }
      try pane.send("1")
      screen = try pane.waitFor("the list without companies") { $0.contains("[1 Contacts]") }
      #expect(!screen.contains("Acme") && !screen.contains("Hooli"), "\(screen)")
      try pane.send("3")
      _ = try pane.waitFor("the settings") { $0.contains("[3 Settings]") }
      try pane.send("Enter")
      _ = try pane.waitFor("the setting on") { self.line(containing: "Show company", in: $0)?.hasSuffix("[x]") == true }
      try pane.send("1")
      screen = try pane.waitFor("the list with companies") { $0.contains("[1 Contacts]") && $0.contains("Hooli") }

      // Deleting the focused contact leaves the focus on the one that took its place.
      try pane.send("g")
      _ = try pane.waitFor("focus on Ada") { self.focusedRow($0)?.contains("Ada Good") == true }
      try pane.send("d")
      screen = try pane.waitFor("Ada deleted") { $0.contains("All (4)") }
      #expect(focusedRow(screen)?.contains("Bob Good") == true, "\(screen)")

      // A contact added after the focused one gets the focus.
      try pane.send("a")
      _ = try pane.waitFor("the new contact") { $0.contains("All (5)") }
      let name = try #require(
        try DatabaseQueue(path: database).read { try String.fetchOne($0, sql: "SELECT name FROM contact WHERE id = 6") }
      )
      screen = try pane.waitFor("the new contact") { $0.contains("All (5)") && $0.contains("Added \(name).") }
      screen = try pane.waitFor("focus on \(name)") { self.focusedRow($0)?.contains(name) == true }
      #expect(rows(screen).firstIndex { $0.contains(name) } == rows(screen).firstIndex { $0.contains("Bob Good") }! + 1)
      try pane.send("q")
      try pane.waitForExit()
    }

    /// Every key that does something says what on the message line, naming the contact or the
    /// company (never an id); the status line's abbreviations are spelled out on the line above
    /// it; the outline keys are described the same way on the screen and in `--help`.
    @Test(.tmuxInstalled) func everyKeyLeavesAMessageNamingWhatItDid() throws {
      let (pane, directory) = try startOnFiveContacts("messages")
      defer {
        pane.kill()
        try? FileManager.default.removeItem(at: directory)
      }
      let database = directory.appendingPathComponent("contacts.sqlite").path
      var screen = try pane.waitFor("the list") { $0.contains("All (5)") }
      let legend = try #require(line(containing: "del deleted", in: screen), "no legend: \(screen)")
      for text in ["ins inserted", "mov moved", "rel reloaded", "rcf reconfigured", "chg changed on screen"] {
        #expect(legend.contains(text), "legend lacks \(text): \(legend)")
      }

      try pane.send("g")
      _ = try pane.waitFor("focus on Ada") { self.focusedRow($0)?.contains("Ada Good") == true }
      try pane.send("f")
      _ = try pane.waitFor("the favorite message") { $0.contains("Ada Good added to Favorites.") }
      try pane.send("f")
      _ = try pane.waitFor("the unfavorite message") { $0.contains("Ada Good removed from Favorites.") }
      try pane.send("J")
      _ = try pane.waitFor("the move message") { $0.contains("Moved Ada Good down.") }
      try pane.send("g")
      try pane.send("K")
      _ = try pane.waitFor("the edge message") { $0.contains("is already first in All.") }
      try pane.send("g")
      _ = try pane.waitFor("focus on Bob") { self.focusedRow($0)?.contains("Bob Good") == true }
      try pane.send("d")
      _ = try pane.waitFor("the delete message") { $0.contains("Deleted Bob Good.") && $0.contains("All (4)") }
      try pane.send("a")
      _ = try pane.waitFor("the new contact") { $0.contains("All (5)") }
      let added = try #require(
        try DatabaseQueue(path: database).read { try String.fetchOne($0, sql: "SELECT name FROM contact WHERE id = 6") }
      )
      _ = try pane.waitFor("the add message") { $0.contains("Added \(added).") }
      try pane.send("x")
      _ = try pane.waitFor("the unknown key message") { $0.contains("x does nothing on this screen") }

      // The outline: expanding and collapsing name the company.
      try pane.send("2")
      screen = try pane.waitFor("the companies") { $0.contains("[2 Companies]") && $0.contains("Hooli") }
      let hint = try #require(line(containing: "screens · q quit", in: screen))
      let outlineKeys = "Enter/Space expand or collapse · →/l expand · ←/h collapse"
      #expect(hint.contains(outlineKeys), "\(hint)")
      try pane.send("Enter")
      _ = try pane.waitFor("the expand message") { $0.contains("Expanded Acme (") && $0.contains(" contacts).") }
      try pane.send("Right")
      _ = try pane.waitFor("the already-expanded message") { $0.contains("Acme is already expanded.") }
      try pane.send("h")
      _ = try pane.waitFor("the collapse message") { $0.contains("Collapsed Acme.") }

      // Settings: a change names the setting and its new value.
      try pane.send("3")
      _ = try pane.waitFor("the settings") { $0.contains("[3 Settings]") && $0.contains("[x]") }
      try pane.send("Enter")
      _ = try pane.waitFor("the setting message") { $0.contains("Show company next to names: off.") }
      try pane.send("q")
      try pane.waitForExit()

      let help = try run(try Self.binary().path, ["--help"]).output
      #expect(help.contains(outlineKeys), "--help describes the outline keys another way")
      #expect(help.contains("chg changed on screen"), "--help lacks the status line's legend")
    }
  }
#endif
