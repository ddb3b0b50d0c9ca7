/// What one row of a ``TerminalListView`` shows: the value a cell provider returns.
///
/// A value, so the list view can keep it until the data source says the row changed (a reload or
/// a reconfigure), the way a table view keeps its cells.
public struct TerminalCell: Hashable, Sendable {
  /// The disclosure marker drawn before an outline row.
  public enum Disclosure: Hashable, Sendable {
    /// A leaf: no marker, only the space a marker would take.
    case none
    /// A parent whose children are hidden (`▸`).
    case collapsed
    /// A parent whose children are shown (`▾`).
    case expanded
  }

  /// The main text, drawn from the left (after indentation and the disclosure marker).
  public var text: String
  /// Secondary text, drawn right-aligned when there is room; truncated first when there is not.
  public var detail: String?
  /// Outline depth: each level indents the row by two columns. 0 for flat lists.
  public var indentationLevel: Int
  /// The disclosure marker, or nil for a flat row that reserves no space for one.
  public var disclosure: Disclosure?

  /// Creates a cell.
  ///
  /// - Complexity: O(1).
  public init(text: String, detail: String? = nil, indentationLevel: Int = 0, disclosure: Disclosure? = nil) {
    self.text = text
    self.detail = detail
    self.indentationLevel = max(0, indentationLevel)
    self.disclosure = disclosure
  }
}
