import Foundation

// The identifier types the fuzzer runs with. Each input chooses one pair (see `fuzzOne`): the
// integer and UUID item types take the paths the core reserves for identifiers hashed from their
// bits (the deferred index, index sharing and derivation, the integer/UUID hash), the enum item
// type breaks Hashable's contract in every way an identifier can, and the section enum does the
// same for sections.

/// A mutable box: an identifier whose hash and equality follow `value`, which the fuzzer mutates
/// while the box is in a snapshot.
final class Box: @unchecked Sendable {
  var value: UInt8
  init(_ value: UInt8) { self.value = value }
}

/// What the fuzzer needs of an identifier type.
protocol FuzzIdentifier: Hashable {
  /// The identifier one input byte names; `boxes` are the run's mutable boxes.
  static func make(_ byte: UInt8, boxes: [Box]) -> Self
  /// The identifier numbered `number` in bulk appends (runs of consecutive identifiers).
  static func numbered(_ number: Int) -> Self
  /// Keeps Hashable's contract: the model can predict where it is.
  var isWellBehaved: Bool { get }
  /// Equal to nothing, itself included (like `Double.nan`).
  var isNotANumber: Bool { get }
  /// Hash and equality follow a box the fuzzer mutates.
  var isBoxed: Bool { get }
  /// Whether `other` is the very value stored: `==` for well-behaved values, the same case (and
  /// the same box) otherwise.
  func isSame(as other: Self) -> Bool
}

extension FuzzIdentifier {
  var isNotANumber: Bool { false }
  var isBoxed: Bool { false }
  func isSame(as other: Self) -> Bool { self == other }
}

extension Int: FuzzIdentifier {
  /// 0...239 and a few values that differ only in their high bits (the hash folds them).
  static func make(_ byte: UInt8, boxes: [Box]) -> Int {
    byte < 240 ? Int(byte) : Int(byte & 0x0F) << 40 | 1
  }
  static func numbered(_ number: Int) -> Int { number }
  var isWellBehaved: Bool { true }
}

extension UUID: FuzzIdentifier {
  static func make(_ byte: UInt8, boxes: [Box]) -> UUID { numbered(Int(byte)) }
  /// The number's bytes in both words of the UUID, so that both vary.
  static func numbered(_ number: Int) -> UUID {
    func byte(_ shift: Int) -> UInt8 { UInt8(truncatingIfNeeded: number >> shift) }
    return UUID(uuid: (byte(16), byte(8), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, byte(24), byte(16), byte(8), byte(0)))
  }
  var isWellBehaved: Bool { true }
}

extension UInt8: FuzzIdentifier {
  static func make(_ byte: UInt8, boxes: [Box]) -> UInt8 { byte % 8 }
  static func numbered(_ number: Int) -> UInt8 { UInt8(truncatingIfNeeded: number) }
  var isWellBehaved: Bool { true }
}

/// The item alphabet that breaks the contract.
enum Item: FuzzIdentifier, CustomStringConvertible {
  /// Well behaved.
  case plain(UInt8)
  /// Well behaved, but only two hash values for all of them: long probe runs and shifts.
  case colliding(UInt8)
  /// Equal to nothing, itself included, like `Double.nan`.
  case notANumber
  /// Hash and equality follow a mutable field.
  case boxed(Box)

  static func make(_ byte: UInt8, boxes: [Box]) -> Item {
    switch byte % 8 {
    case 0, 1, 2, 3: .plain(byte >> 3)
    case 4, 5: .colliding(byte >> 3)
    case 6: .notANumber
    default: .boxed(boxes[Int(byte >> 3) % boxes.count])
    }
  }

  static func numbered(_ number: Int) -> Item { .plain(UInt8(truncatingIfNeeded: number)) }

  static func == (lhs: Item, rhs: Item) -> Bool {
    switch (lhs, rhs) {
    case (.plain(let a), .plain(let b)): a == b
    case (.colliding(let a), .colliding(let b)): a == b
    case (.boxed(let a), .boxed(let b)): a.value == b.value
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .plain(let value): hasher.combine(0); hasher.combine(value)
    case .colliding(let value): hasher.combine(1); hasher.combine(value & 1)
    case .notANumber: hasher.combine(2)
    case .boxed(let box): hasher.combine(3); hasher.combine(box.value)
    }
  }

  var isWellBehaved: Bool {
    switch self {
    case .plain, .colliding: true
    case .notANumber, .boxed: false
    }
  }

  var isNotANumber: Bool { if case .notANumber = self { true } else { false } }
  var isBoxed: Bool { if case .boxed = self { true } else { false } }

  func isSame(as other: Item) -> Bool {
    switch (self, other) {
    case (.notANumber, .notANumber): true
    case (.boxed(let a), .boxed(let b)): a === b
    default: self == other
    }
  }

  var description: String {
    switch self {
    case .plain(let value): "p\(value)"
    case .colliding(let value): "c\(value)"
    case .notANumber: "nan"
    case .boxed(let box): "b\(box.value)"
    }
  }
}

/// The section alphabet that breaks the contract: eight well-behaved sections, one equal to
/// nothing and ones whose hash follows a box.
enum Section: FuzzIdentifier, CustomStringConvertible {
  case plain(UInt8)
  case notANumber
  case boxed(Box)

  static func make(_ byte: UInt8, boxes: [Box]) -> Section {
    switch byte % 16 {
    case 0..<12: .plain(byte % 8)
    case 12, 13: .boxed(boxes[Int(byte >> 4) % boxes.count])
    default: .notANumber
    }
  }

  static func numbered(_ number: Int) -> Section { .plain(UInt8(truncatingIfNeeded: number) % 8) }

  static func == (lhs: Section, rhs: Section) -> Bool {
    switch (lhs, rhs) {
    case (.plain(let a), .plain(let b)): a == b
    case (.boxed(let a), .boxed(let b)): a.value == b.value
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .plain(let value): hasher.combine(0); hasher.combine(value)
    case .notANumber: hasher.combine(1)
    case .boxed(let box): hasher.combine(2); hasher.combine(box.value)
    }
  }

  var isWellBehaved: Bool { if case .plain = self { true } else { false } }
  var isNotANumber: Bool { if case .notANumber = self { true } else { false } }
  var isBoxed: Bool { if case .boxed = self { true } else { false } }

  func isSame(as other: Section) -> Bool {
    switch (self, other) {
    case (.notANumber, .notANumber): true
    case (.boxed(let a), .boxed(let b)): a === b
    default: self == other
    }
  }

  var description: String {
    switch self {
    case .plain(let value): "s\(value)"
    case .notANumber: "nan"
    case .boxed(let box): "sb\(box.value)"
    }
  }
}
