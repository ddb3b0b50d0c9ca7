import OpenDiffableTerminal
import Testing

@Suite struct TerminalFrameTests {
  @Test func changedLinesAndAnsiUpdateCoverOnlyWhatChanged() {
    var first = TerminalFrame(width: 10, height: 4)
    first.setLine(0, "title", style: .bar)
    first.setLine(1, "one")
    first.setLine(2, "two")
    var second = first
    second.setLine(2, "TWO")
    #expect(second.changedLines(from: first) == [2])
    let update = second.ansiUpdate(from: first)
    #expect(update.contains("\u{1B}[3;1H"))
    #expect(update.contains("TWO"))
    #expect(!update.contains("one"))
    #expect(!update.contains("\u{1B}[2J"))
    // Style alone is a change too.
    var third = second
    third.setLine(1, "one", style: .selected)
    #expect(third.changedLines(from: second) == [1])
    // No previous frame, or a different size: everything, after clearing the screen.
    #expect(first.changedLines(from: nil) == [0, 1, 2, 3])
    #expect(first.ansiUpdate(from: nil).hasPrefix("\u{1B}[2J"))
    #expect(TerminalFrame(width: 11, height: 4).changedLines(from: first).count == 4)
    #expect(second.texts == ["title", "one", "TWO", ""])
  }

  @Test func textFitsToWidth() {
    #expect(TerminalText.fit("abc", width: 5) == "abc  ")
    #expect(TerminalText.fit("abcdef", width: 4) == "abc…")
    #expect(TerminalText.fit("日本語", width: 4) == "日… ")
    #expect(TerminalText.width("日本") == 4)
    #expect(TerminalText.fit("x", width: 0) == "")
  }
}

@Suite struct TerminalSessionSequenceTests {
  @Test func restoreUndoesEverythingEnterDid() {
    // Enter: alternate screen on, cursor hidden. Restore: attributes reset, cursor shown, main
    // screen back. The crash handlers write exactly these bytes.
    #expect(TerminalSession.enterSequence == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    #expect(TerminalSession.restoreSequence == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
  }
}

@Suite struct KeyDecoderTests {
  @Test func decodesKeysAndSequences() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.decode(Array("aJ/ ".utf8)) == [.character("a"), .character("J"), .character("/"), .character(" ")])
    #expect(decoder.decode([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.up, .down])
    #expect(decoder.decode([0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x36, 0x7E]) == [.pageUp, .pageDown])
    #expect(decoder.decode([0x0D, 0x7F, 0x09, 0x03]) == [.enter, .backspace, .tab, .control("c")])
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(decoder.decode([0x1B, 0x4F, 0x48]) == [.home])
  }

  @Test func completesSequencesAndCharactersSplitAcrossReads() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.decode([0x1B, 0x5B]) == [])
    #expect(decoder.decode([0x43]) == [.right])
    let bytes = Array("é".utf8)
    #expect(decoder.decode([bytes[0]]) == [])
    #expect(decoder.decode([bytes[1]]) == [.character("é")])
    #expect(decoder.decode([0x1B, 0x5B, 0x39, 0x39, 0x7E, 0x61]) == [.character("a")])  // unknown dropped
  }
}
