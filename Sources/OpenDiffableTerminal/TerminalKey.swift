/// A key press decoded from terminal input.
public enum TerminalKey: Hashable, Sendable {
  /// A printable character (including space).
  case character(Character)
  /// A control combination: `.control("c")` is Ctrl-C.
  case control(Character)
  /// Arrow keys.
  case up, down, left, right
  /// Navigation keys.
  case home, end, pageUp, pageDown
  /// Return or Enter.
  case enter
  /// Escape on its own.
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// The forward-delete key.
  case delete
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
}

/// Turns the bytes a terminal sends in raw mode into ``TerminalKey``s.
///
/// Feed it whatever `read(2)` returned; an escape sequence split across two reads is completed by
/// the next feed. A lone ESC at the end of a read is taken as the Escape key (terminals send a
/// whole sequence in one write). Unknown sequences are dropped, never turned into characters.
public struct TerminalKeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Decodes `bytes` (plus anything pending from the previous call) into keys.
  ///
  /// - Parameter bytes: bytes read from the terminal.
  /// - Returns: the keys decoded from `bytes` and what was pending, in order.
  /// - Complexity: O(number of bytes).
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
    pending.append(contentsOf: bytes)
    var keys: [TerminalKey] = []
    var index = 0
    let input = pending
    while index < input.count {
      let byte = input[index]
      if byte == 0x1B {
        guard index + 1 < input.count else {
          keys.append(.escape)
          index += 1
          continue
        }
        let next = input[index + 1]
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
          // CSI or SS3: parameters then one final byte in 0x40...0x7E.
          var end = index + 2
          while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
          guard end < input.count else { break }  // incomplete: wait for more bytes
          let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
          if let key = Self.sequenceKey(final: input[end], parameters: parameters) { keys.append(key) }
          index = end + 1
        } else {
          // Alt+key: report the key itself.
          keys.append(.escape)
          index += 1
        }
        continue
      }
      switch byte {
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
      case 0x00, 0x1C...0x1F: break
      default:
        // UTF-8: take the whole scalar, or wait for the rest of it.
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= input.count else {
          pending = Array(input[index...])
          return keys
        }
        let text = String(decoding: input[index..<(index + length)], as: UTF8.self)
        if let character = text.first, text != "\u{FFFD}" { keys.append(.character(character)) }
        index += length
        continue
      }
      index += 1
    }
    pending = index < input.count ? Array(input[index...]) : []
    return keys
  }

  private static func sequenceKey(final: UInt8, parameters: String) -> TerminalKey? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch parameters {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default: return nil
    }
  }
}
