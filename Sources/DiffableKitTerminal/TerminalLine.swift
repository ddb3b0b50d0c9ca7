/// One line of a rendered terminal frame: its text, exactly as wide as the frame, and its style.
///
/// Lines are compared to decide what to redraw, so two lines that look the same are equal.
public struct TerminalLine: Hashable, Sendable, CustomStringConvertible {
  /// How a line is drawn. The ANSI encoding is in ``TerminalFrame/ansiUpdate(from:)``.
  public enum Style: Hashable, Sendable {
    /// Ordinary text.
    case plain
    /// A section header (bold).
    case header
    /// A section footer or a hint (dim).
    case footer
    /// A title or status bar (reverse video).
    case bar
    /// A row that has the keyboard focus (cursor marker, bold).
    case focused
    /// A selected row (reverse video).
    case selected
    /// A row that is selected and focused.
    case selectedFocused
    /// A row that was just inserted or moved (highlighted until the highlight is cleared).
    case highlighted
  }

  /// The text, padded or truncated to the frame width.
  public var text: String
  /// How the line is drawn.
  public var style: Style

  /// Creates a line; `text` is taken as given (see ``fitted(_:width:style:)`` to pad or truncate).
  ///
  /// - Complexity: O(1).
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// A line whose text is `text` padded with spaces or truncated (ending in `…`) to `width`
  /// columns.
  ///
  /// - Complexity: O(length of `text`).
  public static func fitted(_ text: String, width: Int, style: Style = .plain) -> TerminalLine {
    TerminalLine(TerminalText.fit(text, width: width), style: style)
  }

  /// The text (without styling), so a frame prints as plain lines.
  public var description: String { text }
}

/// Column arithmetic for terminal text.
///
/// A character counts one column, except East Asian wide characters and most emoji, which count
/// two, and combining marks and control characters, which count none. Good enough for names and
/// labels; it is not a full implementation of Unicode's East Asian Width.
public enum TerminalText {
  /// The number of columns `text` takes.
  ///
  /// - Complexity: O(length of `text`).
  public static func width(_ text: String) -> Int {
    if isPlainASCII(text) { return text.utf8.count }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// Whether `text` is printable ASCII only, where columns are bytes (the common, fast case).
  static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The number of columns one character takes: 0, 1 or 2.
  ///
  /// - Complexity: O(1).
  public static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
      return 0
    }
    if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
      || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
    {
      return 2
    }
    return 1
  }

  /// `text` padded with spaces or truncated to exactly `width` columns; a truncated text ends in
  /// `…`. A width of 0 or less gives the empty string.
  ///
  /// - Complexity: O(length of `text`).
  public static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    if isPlainASCII(text) {
      let count = text.utf8.count
      if count <= width { return text + String(repeating: " ", count: width - count) }
      return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
    }
    let total = self.width(text)
    if total <= width { return text + String(repeating: " ", count: width - total) }
    var result = ""
    var used = 0
    for character in text {
      let columns = self.width(of: character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    result.append("…")
    used += 1
    return result + String(repeating: " ", count: max(0, width - used))
  }

  /// Removes control characters (escape sequences, newlines, tabs become spaces) so text from a
  /// database cannot corrupt the screen.
  ///
  /// - Complexity: O(length of `text`).
  public static func sanitized(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D {
        result.unicodeScalars.append(" ")
      } else if value < 0x20 || (0x7F..<0xA0).contains(value) {
        continue
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
