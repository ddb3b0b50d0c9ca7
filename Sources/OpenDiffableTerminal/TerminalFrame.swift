/// A whole screen's worth of lines: what the terminal should show at one moment.
///
/// Frames are values. Rendering produces a frame; ``changedLines(from:)`` compares it with the
/// frame on screen; ``ansiUpdate(from:)`` encodes only the lines that differ. This is the part of
/// the terminal host that tests read: render into a frame and assert its lines, no terminal needed.
public struct TerminalFrame: Hashable, Sendable, CustomStringConvertible {
  /// The frame width in columns.
  public let width: Int
  /// The lines, top to bottom; there are exactly `height` of them, each `width` columns wide.
  public private(set) var lines: [TerminalLine]

  /// The frame height in lines.
  public var height: Int { lines.count }

  /// Creates a frame of `height` blank lines.
  ///
  /// - Complexity: O(width × height).
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.lines = Array(repeating: TerminalLine.fitted("", width: max(0, width)), count: max(0, height))
  }

  /// Writes `text` into line `row`, padded or truncated to the frame width. Rows outside the
  /// frame are ignored, so callers can draw without clipping first.
  ///
  /// - Complexity: O(length of `text`).
  public mutating func setLine(_ row: Int, _ text: String, style: TerminalLine.Style = .plain) {
    guard lines.indices.contains(row) else { return }
    lines[row] = .fitted(text, width: width, style: style)
  }

  /// Copies `newLines` into the frame from line `row` on, clipping at the bottom. The lines must
  /// already be `width` columns wide (as ``TerminalListView/render()`` makes them).
  ///
  /// - Complexity: O(number of lines).
  public mutating func setLines(_ newLines: [TerminalLine], from row: Int) {
    for (offset, line) in newLines.enumerated() where lines.indices.contains(row + offset) {
      lines[row + offset] = line
    }
  }

  /// The texts of the lines, trailing spaces removed: the handy form for assertions.
  ///
  /// - Complexity: O(width × height).
  public var texts: [String] {
    lines.map { line in
      var text = Substring(line.text)
      while text.last == " " { text = text.dropLast() }
      return String(text)
    }
  }

  /// The indexes of the lines that differ from `previous` (all of them when the sizes differ).
  ///
  /// - Parameter previous: the frame on screen, or nil when nothing is drawn yet.
  /// - Returns: the indexes of the lines that differ from `previous` (all of them when it is nil).
  /// - Complexity: O(width × height).
  public func changedLines(from previous: TerminalFrame?) -> [Int] {
    guard let previous, previous.width == width, previous.height == height else { return Array(lines.indices) }
    return lines.indices.filter { lines[$0] != previous.lines[$0] }
  }

  /// The ANSI bytes that turn a terminal showing `previous` into one showing this frame: for each
  /// changed line, move the cursor there, set the style, write the text, reset. Pass nil to
  /// draw everything (after a resize or at start, it also clears the screen).
  ///
  /// - Parameter previous: the frame on screen, or nil when nothing is drawn yet.
  /// - Returns: the ANSI bytes that redraw the changed lines.
  /// - Complexity: O(width × changed lines).
  public func ansiUpdate(from previous: TerminalFrame?) -> String {
    var output = ""
    let changed = changedLines(from: previous)
    if previous == nil || previous?.width != width || previous?.height != height { output += "\u{1B}[2J" }
    for row in changed {
      let line = lines[row]
      output += "\u{1B}[\(row + 1);1H"
      output += Self.sgr(line.style)
      output += line.text
      output += "\u{1B}[0m"
    }
    return output
  }

  /// The SGR (select graphic rendition) sequence for a style.
  static func sgr(_ style: TerminalLine.Style) -> String {
    switch style {
    case .plain: return "\u{1B}[0m"
    case .header: return "\u{1B}[0;1m"
    case .footer: return "\u{1B}[0;2m"
    case .bar: return "\u{1B}[0;7m"
    case .focused: return "\u{1B}[0;1;4m"
    case .selected: return "\u{1B}[0;7m"
    case .selectedFocused: return "\u{1B}[0;1;7m"
    case .highlighted: return "\u{1B}[0;30;42m"
    }
  }

  /// The lines joined by newlines, trailing spaces removed.
  public var description: String { texts.joined(separator: "\n") }
}
