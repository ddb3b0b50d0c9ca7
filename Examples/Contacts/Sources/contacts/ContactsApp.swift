import Dispatch
import Foundation
import OpenDiffable
import OpenDiffableTerminal

/// The application shell: the terminal session, the three screens, the title bar, the hint and
/// message lines, and the status line with the shown screen's last changeset and its timings,
/// under a legend that spells out its abbreviations.
@MainActor
final class ContactsApp: ScreenHost {
  private let session: TerminalSession
  private let settings: SettingsModel
  private let contacts: ContactsController
  private let companies: CompaniesController
  private var screens: [any Screen] = []
  private var current = 0
  /// What the last action said; cleared by the next key, so it never outlives the action.
  private var message = "Welcome. Press / to search, f to favorite, s to simulate a sync, q to quit."
  /// Errors still standing, oldest first; the newest is shown instead of ``message``.
  private var errors: [(source: ErrorSource, text: String)] = []
  /// Each screen's last apply, for the status line while that screen is shown.
  private var lastTraces: [ObjectIdentifier: DiffableDataSourceApplyTrace] = [:]
  private var lastDrawNanoseconds: UInt64 = 0
  private var lastLinesDrawn = 0
  private var lastCellRequests = 0
  private var highlightGeneration = 0
  private var needsDisplay = false
  private let crashKey: CrashKind?

  /// The status line's abbreviations, spelled out on the line above it (and in `--help`).
  nonisolated static let statusLegend =
    "del deleted · ins inserted · mov moved · rel reloaded · rcf reconfigured · chg changed on screen"
  /// The lines below the list: hint, message, legend, status.
  static let linesBelowList = 4

  init(store: ContactStore, session: TerminalSession, crashKey: CrashKind? = nil) {
    self.session = session
    self.crashKey = crashKey
    settings = SettingsModel(store: store)
    contacts = ContactsController(store: store)
    companies = CompaniesController(store: store)
    let size = session.size
    let listHeight = max(1, size.height - 1 - Self.linesBelowList)
    let list = ContactsListScreen(
      controller: contacts, settings: settings, host: self, width: size.width, height: listHeight)
    let outline = CompaniesScreen(controller: companies, host: self, width: size.width, height: listHeight)
    let settingsScreen = SettingsScreen(model: settings, host: self, width: size.width, height: listHeight)
    screens = [list, outline, settingsScreen]
    // The one listener of the settings: every change reaches every screen from here.
    settings.willChange = { [weak self] in
      for screen in self?.screens ?? [] { screen.settingsWillChange() }
    }
    settings.didChange = { [weak self] changed in
      for screen in self?.screens ?? [] { screen.settingsDidChange(changed) }
    }
  }

  /// Loads the data, draws the first frame and starts handling keys and resizes.
  func start() {
    contacts.load()
    companies.load()
    settings.load()
    screens[current].didAppear()
    draw()
    session.run(onKey: { [weak self] key in self?.handle(key) }, onResize: { [weak self] in self?.resize() })
  }

  private func handle(_ key: TerminalKey) {
    // The message belongs to the action that set it: the next key clears it (the action it
    // starts may set a new one). Standing errors stay until their source recovers.
    if !message.isEmpty {
      message = ""
      setNeedsDisplay()
    }
    let screen = screens[current]
    let searching = screen.isEditingText
    if key == .control("c") { quit() }
    if key == .character("!"), let crashKey { crashKey.crash() }
    if !searching || key == .tab {
      switch key {
      case .character("q"): quit()
      case .character("r"):
        let stopped = errors.contains { $0.source != .write }
        contacts.retry()
        companies.retry()
        show(message: stopped ? "Started the live queries again." : "Nothing to retry: the live queries are running.")
        return
      case .character("1"), .character("2"), .character("3"):
        if case .character(let digit) = key, let number = digit.wholeNumberValue { switchTo(number - 1) }
        return
      case .tab:
        switchTo((current + 1) % screens.count)
        return
      case .backTab:
        switchTo((current + screens.count - 1) % screens.count)
        return
      default: break
      }
    }
    if !screen.handle(key) {
      if case .character(let character) = key, !searching {
        show(message: "\(character) does nothing on this screen; its keys are listed under the list.")
      }
      return
    }
    draw()
  }

  private func switchTo(_ index: Int) {
    guard screens.indices.contains(index), index != current else { return }
    current = index
    screens[current].didAppear()
    session.invalidate()
    draw()
  }

  private func quit() -> Never {
    session.exit(0)
  }

  private func resize() {
    let size = session.size
    for screen in screens {
      screen.listView.resize(width: size.width, height: max(1, size.height - 1 - Self.linesBelowList))
    }
    draw()
  }

  // MARK: ScreenHost

  func screenDidApply(_ trace: DiffableDataSourceApplyTrace?, from screen: any Screen) {
    // Screens that are not shown keep up with the database too: each keeps its own last apply,
    // which the status line shows while it is shown. (A screen that applies while it is made,
    // as the settings screen's observed apply does, is not shown yet.)
    if let trace { lastTraces[ObjectIdentifier(screen)] = trace }
    guard screens.indices.contains(current), screen === screens[current] else {
      screen.listView.clearHighlights()
      return
    }
    if settings.highlightChanges, screen.listView.hasHighlights {
      scheduleHighlightEnd(for: screen.listView)
    } else {
      screen.listView.clearHighlights()
    }
    setNeedsDisplay()
  }

  func show(message: String) {
    self.message = message
    setNeedsDisplay()
  }

  func show(error: String, from source: ErrorSource) {
    errors.removeAll { $0.source == source }
    errors.append((source, error))
    setNeedsDisplay()
  }

  func clearError(from source: ErrorSource) {
    guard errors.contains(where: { $0.source == source }) else { return }
    errors.removeAll { $0.source == source }
    setNeedsDisplay()
  }

  /// Coalesces redraws: several changes in one turn of the main queue draw once.
  func setNeedsDisplay() {
    guard !needsDisplay else { return }
    needsDisplay = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        guard let self, self.needsDisplay else { return }
        self.draw()
      }
    }
  }

  private func scheduleHighlightEnd(for listView: TerminalListView) {
    highlightGeneration += 1
    let generation = highlightGeneration
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.7) { [weak self, weak listView] in
      MainActor.assumeIsolated {
        guard let self, generation == self.highlightGeneration else { return }
        listView?.clearHighlights()
        self.draw()
      }
    }
  }

  // MARK: Drawing

  private func draw() {
    needsDisplay = false
    let size = session.size
    let screen = screens[current]
    let start = DispatchTime.now().uptimeNanoseconds
    var frame = TerminalFrame(width: size.width, height: size.height)
    let tabs = screens.enumerated().map { index, screen in
      index == current ? "[\(index + 1) \(screen.title)]" : " \(index + 1) \(screen.title) "
    }.joined(separator: " ")
    let count = "\(contacts.count) contacts"
    let left = " OpenDiffable · " + tabs
    let padding = max(1, size.width - TerminalText.width(left) - count.count - 1)
    frame.setLine(0, left + String(repeating: " ", count: padding) + count, style: .bar)
    let lines = screen.listView.render()
    lastCellRequests = screen.listView.lastRenderCellRequests
    frame.setLines(lines, from: 1)
    // The hint shows the search text and the message line database text: strip control characters.
    frame.setLine(size.height - 4, " " + TerminalText.sanitized(screen.hint), style: .footer)
    if let error = errors.last {
      // A failed live query has stopped; r starts it again. A failed write is retried by redoing it.
      let retry = error.source == .write ? "" : " · r retries"
      frame.setLine(size.height - 3, " Error: " + TerminalText.sanitized(error.text) + retry, style: .header)
    } else {
      frame.setLine(size.height - 3, " " + TerminalText.sanitized(message))
    }
    frame.setLine(size.height - 2, " " + Self.statusLegend)
    frame.setLine(size.height - 1, statusText(for: screen), style: .bar)
    lastLinesDrawn = session.draw(frame)
    lastDrawNanoseconds = DispatchTime.now().uptimeNanoseconds - start
  }

  /// The status line of `screen`: its last apply's changes (sections and items together:
  /// deleted, inserted, moved, reloaded, reconfigured for the app's marks, reconfigured because
  /// their content changed on screen), how long its diff and host update took, and the last draw.
  private func statusText(for screen: any Screen) -> String {
    func ms(_ nanoseconds: UInt64) -> String { String(format: "%.2fms", Double(nanoseconds) / 1_000_000) }
    func ms(seconds: TimeInterval) -> String { String(format: "%.2fms", seconds * 1000) }
    let draw = "last draw \(ms(lastDrawNanoseconds)) \(lastLinesDrawn) lines"
    guard let trace = lastTraces[ObjectIdentifier(screen)] else { return " no changes yet │ " + draw }
    let diff = trace.method == .reloadData ? "reload (no diff)" : "diff \(ms(seconds: trace.diffDuration ?? 0))"
    let counts =
      " del \(trace.sectionDeletes + trace.itemDeletes) ins \(trace.sectionInserts + trace.itemInserts)"
      + " mov \(trace.sectionMoves + trace.itemMoves) rel \(trace.sectionReloads + trace.itemReloads)"
      + " rcf \(trace.itemReconfigures) chg \(trace.contentReconfigures)"
    return counts + " │ \(diff) apply \(ms(seconds: trace.hostUpdateDuration)) │ " + draw
  }
}
