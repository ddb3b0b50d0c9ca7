import OpenDiffableTerminal
import Testing

/// Display widths per grapheme cluster, as a terminal draws them.
@Suite struct TerminalTextWidthTests {
  @Test(
    arguments: [
      ("\u{2615}", 2),  // ☕ HOT BEVERAGE: East Asian Wide and Emoji_Presentation
      ("\u{231A}", 2),  // ⌚ WATCH: East Asian Wide
      ("\u{2764}\u{FE0F}", 2),  // ❤️ HEAVY BLACK HEART + VS16: emoji presentation requested
      ("\u{2764}", 1),  // ❤ alone: text presentation by default
      ("\u{263A}\u{FE0F}", 2),  // ☺️
      ("1\u{FE0F}\u{20E3}", 2),  // 1️⃣ keycap
      ("\u{1F1EB}\u{1F1F7}", 2),  // 🇫🇷 regional-indicator pair
      ("\u{1F1EF}\u{1F1F5}", 2),  // 🇯🇵
      ("\u{1F469}\u{200D}\u{1F4BB}", 2),  // 👩‍💻 ZWJ sequence: one cluster
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2),  // 👨‍👩‍👧‍👦
      ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2),  // 🏳️‍🌈
      ("\u{1F44D}\u{1F3FD}", 2),  // 👍🏽 with a skin-tone modifier
      ("\u{1F600}", 2),  // 😀
      ("\u{1FAE0}", 2),  // 🫠 (Unicode 14)
      ("日", 2), ("한", 2), ("\u{FF21}", 2),  // CJK, Hangul syllable, FULLWIDTH A
      ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: one wide syllable
      ("\u{20000}", 2),  // CJK Extension B
      ("a", 1), ("é", 1), ("e\u{0301}", 1),  // precomposed and decomposed é
      ("\u{0301}", 0),  // a combining mark alone
      ("\u{200D}", 0), ("\u{200B}", 0),  // ZWJ and ZERO WIDTH SPACE alone
      ("\u{2615}\u{FE0E}", 2),  // ☕︎ text presentation, but still East Asian Wide
      ("\u{1F321}", 1),  // 🌡 THERMOMETER: text presentation by default
      ("\u{1F321}\u{FE0F}", 2),  // 🌡️
      ("\u{1B}", 0), ("\u{7F}", 0), ("\u{85}", 0),  // ESC, DEL, NEL
      ("\u{202E}", 0), ("\u{2067}", 0), ("\u{200F}", 0), ("\u{061C}", 0),  // bidi controls
    ] as [(String, Int)])
  func characterWidth(_ text: String, _ columns: Int) {
    #expect(text.count == 1, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) is not one cluster")
    #expect(TerminalText.width(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func emojiAreMeasuredSoTheRightColumnFits() {
    // Each of these was measured one column too narrow, so padding came out one too long and
    // the detail column was pushed past the frame's right edge and cut.
    for name in ["Tea \u{2615}", "Love \u{2764}\u{FE0F}", "Paris \u{1F1EB}\u{1F1F7}"] {
      let fitted = TerminalText.fit(name, width: 12)
      #expect(TerminalText.width(fitted) == 12)
      #expect(fitted.hasPrefix(name))
      #expect(fitted.count == name.count + 12 - TerminalText.width(name))
    }
    #expect(TerminalText.fit("Tea \u{2615}", width: 8) == "Tea \u{2615}  ")
    #expect(TerminalText.fit("\u{1F1EB}\u{1F1F7}\u{1F1EF}\u{1F1F5}", width: 3) == "\u{1F1EB}\u{1F1F7}…")
    #expect(TerminalText.fit("ab\u{2764}\u{FE0F}", width: 3) == "ab…")
  }

  @Test func bidiControlsAreStrippedLikeOtherControls() {
    let text =
      "a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{202E}f\u{2066}g\u{2067}h\u{2068}i\u{2069}j\u{200E}k\u{200F}l\u{061C}m"
    #expect(TerminalText.sanitized(text) == "abcdefghijklm")
    #expect(TerminalText.sanitized("x\u{1B}[2Jy\tz\u{9B}") == "x[2Jy z")
    // Joiners and selectors are not controls: they shape the emoji around them.
    #expect(
      TerminalText.sanitized("\u{1F469}\u{200D}\u{1F4BB}\u{2764}\u{FE0F}")
        == "\u{1F469}\u{200D}\u{1F4BB}\u{2764}\u{FE0F}")
  }
}
