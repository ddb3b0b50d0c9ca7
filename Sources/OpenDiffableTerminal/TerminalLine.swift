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
