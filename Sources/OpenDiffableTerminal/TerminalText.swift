/// Column arithmetic for terminal text.
///
/// Widths are computed per grapheme cluster (a Swift `Character`), the unit a terminal draws in
/// one cell or two:
/// - East Asian Wide and Fullwidth characters (a range table from Unicode's `EastAsianWidth.txt`)
///   and characters with the `Emoji_Presentation` property take two columns;
/// - a cluster carrying VARIATION SELECTOR-16 (U+FE0F, emoji presentation, as in ❤️), a flag (a
///   pair of regional indicators) and an emoji ZWJ sequence (👩‍💻, one cluster) take two;
/// - a cluster carrying VARIATION SELECTOR-15 (U+FE0E, text presentation) takes one unless its
///   base is East Asian Wide;
/// - combining marks (which join the cluster before them), format characters such as ZERO WIDTH
///   JOINER, and control characters (C0, C1 and the bidirectional controls) take none;
/// - everything else takes one.
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

  /// The number of columns one character (grapheme cluster) takes: 0, 1 or 2.
  ///
  /// - Complexity: O(number of scalars in `character`).
  public static func width(of character: Character) -> Int {
    var scalars = character.unicodeScalars[...]
    // A prepended format character (e.g. ARABIC NUMBER SIGN) starts a cluster without being its
    // base: measure the rest.
    while let first = scalars.first, scalars.count > 1, first.properties.generalCategory == .format {
      scalars = scalars.dropFirst()
    }
    guard let base = scalars.first else { return 0 }
    if isControl(base) { return 0 }
    switch base.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    case .format where base.value != 0xAD: return 0
    default: break
    }
    if scalars.count > 1 {
      if scalars.contains(variationSelector16) { return 2 }
      if isRegionalIndicator(base), isRegionalIndicator(scalars[scalars.index(after: scalars.startIndex)]) {
        return 2
      }
      if base.properties.isEmoji, scalars.contains(zeroWidthJoiner) { return 2 }
    }
    if isEastAsianWide(base.value) { return 2 }
    if scalars.contains(variationSelector15) { return 1 }
    if base.properties.isEmojiPresentation { return 2 }
    return 1
  }

  private static let variationSelector15: Unicode.Scalar = "\u{FE0E}"
  private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"
  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// Whether `scalar` is a control character that must never reach the terminal: C0 controls,
  /// DEL, C1 controls, and the bidirectional controls (embeddings, overrides, isolates and marks),
  /// which would reorder the rest of the line.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether `value` is East Asian Wide (W) or Fullwidth (F). Ranges from Unicode's
  /// `EastAsianWidth.txt`, merged across unassigned code points between them so that characters
  /// added later to those blocks count as wide too.
  ///
  /// - Complexity: O(log n) for the n ranges of the table.
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = eastAsianWideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = eastAsianWideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide and Fullwidth code points, sorted, not overlapping.
  private static let eastAsianWideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9,
    0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004,
    0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
    0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
    0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
    0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
  ]

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

  /// Removes control characters (escape sequences, newlines, tabs become spaces) and the
  /// bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), so text from a
  /// database can neither corrupt the screen nor reorder the rest of a line.
  ///
  /// - Complexity: O(length of `text`).
  public static func sanitized(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D {
        result.unicodeScalars.append(" ")
      } else if isControl(scalar) {
        continue
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
