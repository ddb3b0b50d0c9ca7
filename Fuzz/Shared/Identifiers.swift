import Foundation
import OpenDiffable

// The identifier types the fuzzer runs with. Each input chooses one pair (see `fuzzOne`): the
// integer and UUID item types take the paths the core reserves for identifiers hashed from their
// bits (the deferred index, index sharing and derivation, the integer/UUID hash), `String` items
// the String hash (ASCII and canonically equivalent non-ASCII spellings), the two row structs the
// identifier rule (one declares `SelfContainedIdentifier`, one does not), the enum item type
// breaks Hashable's contract in every way an identifier can, `PointerRow` does so without a
// reference, and the section enum does the same for sections.

/// Where the boxes' values live: outside any object, so that a reference-free identifier
/// (`PointerRow`) can compare through a pointer to one. Never freed; each run sets its boxes'
/// values afresh.
nonisolated(unsafe) let boxValues = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)

/// A mutable box: an identifier whose hash and equality follow `value`, which the fuzzer mutates
/// while the box is in a snapshot.
final class Box: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<UInt8>
  var value: UInt8 {
    get { pointer.pointee }
    set { pointer.pointee = newValue }
  }
  /// The box at `slot` of `boxValues`, holding `slot`.
  init(slot: Int) {
    pointer = boxValues + slot
    pointer.pointee = UInt8(slot)
  }
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
  /// The same identifier spelled another way (`==`, other bytes), if it has one: every full
  /// check looks each such identifier up by it too.
  var otherSpelling: Self? { get }
}

extension FuzzIdentifier {
  var isNotANumber: Bool { false }
  var isBoxed: Bool { false }
  func isSame(as other: Self) -> Bool { self == other }
  var otherSpelling: Self? { nil }
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

// MARK: The identifier rule's types

/// A row of a table, as an app's own identifier struct: reference-free, with the synthesized
/// `Hashable`. `weight` gives equal values different bytes (`0.0` and `-0.0`) and a value equal
/// to nothing (`Double.nan`).
protocol RowIdentifier: FuzzIdentifier {
  init(number: Int32, weight: Double)
  var number: Int32 { get }
  var weight: Double { get }
}

extension RowIdentifier {
  /// 64 numbers, each with weight 0.0, -0.0 (equal, other bytes) or 0.5; a few with NaN.
  static func row(_ byte: UInt8) -> Self {
    let number = Int32(byte >> 2)
    switch byte & 3 {
    case 0: return Self(number: number, weight: 0.0)
    case 1: return Self(number: number, weight: -0.0)
    case 2: return Self(number: number, weight: 0.5)
    default: return Self(number: number, weight: number & 7 == 6 ? .nan : -0.5)
    }
  }
  static func make(_ byte: UInt8, boxes: [Box]) -> Self { row(byte) }
  static func numbered(_ number: Int) -> Self {
    Self(number: Int32(truncatingIfNeeded: number), weight: number & 1 == 0 ? 0.0 : -0.0)
  }
  var isWellBehaved: Bool { !weight.isNaN }
  var isNotANumber: Bool { weight.isNaN }
  func isSame(as other: Self) -> Bool { isNotANumber ? other.isNotANumber : self == other }
  /// The stored value exactly, for comparing runs of two row types.
  var bits: (Int32, UInt64) { (number, weight.bitPattern) }
  /// The other zero.
  var otherSpelling: Self? { weight == 0 ? Self(number: number, weight: -weight) : nil }
}

/// A row that declares `SelfContainedIdentifier`: snapshots defer its index, shift it in bulk
/// and settle equal sections byte for byte.
struct DeclaredRow: RowIdentifier, SelfContainedIdentifier, CustomStringConvertible {
  let number: Int32
  let weight: Double
  var description: String { "d\(number)/\(weight)" }
}

/// Whether `PointerRow.make` names pointer rows: off when a `PointerRow` run is the twin of a
/// `DeclaredRow` run (see `fuzzOne`), which must then behave exactly as that run does.
nonisolated(unsafe) var pointerRowsEnabled = true

/// A row that does not declare `SelfContainedIdentifier` — it must not: besides plain rows
/// (hashed and compared as `DeclaredRow`), it has rows that compare through a pointer to a box's
/// value, which the fuzzer mutates while they are stored. It holds no reference (`_isPOD`), the
/// rule the shortcuts once trusted; now it is checked at each call, as a class is.
struct PointerRow: RowIdentifier, CustomStringConvertible {
  let number: Int32
  let weight: Double
  /// Set: the row's hash and equality follow the box value it points to.
  let pointer: UnsafeMutablePointer<UInt8>?

  init(number: Int32, weight: Double) {
    self.number = number
    self.weight = weight
    pointer = nil
  }

  init(pointer: UnsafeMutablePointer<UInt8>) {
    number = 0
    weight = 0
    self.pointer = pointer
  }

  /// The row alphabet, and when pointer rows are enabled, one byte in eight a pointer row.
  static func make(_ byte: UInt8, boxes: [Box]) -> PointerRow {
    guard pointerRowsEnabled, byte & 7 == 7 else { return row(byte) }
    return PointerRow(pointer: boxes[Int(byte >> 3) % boxes.count].pointer)
  }

  static func == (lhs: PointerRow, rhs: PointerRow) -> Bool {
    switch (lhs.pointer, rhs.pointer) {
    case (nil, nil): lhs.number == rhs.number && lhs.weight == rhs.weight
    case (let a?, let b?): a.pointee == b.pointee
    default: false
    }
  }

  /// As the synthesized conformance hashes `DeclaredRow`, for plain rows.
  func hash(into hasher: inout Hasher) {
    if let pointer {
      hasher.combine(pointer.pointee)
      hasher.combine(true)
    } else {
      hasher.combine(number)
      hasher.combine(weight)
    }
  }

  var isWellBehaved: Bool { pointer == nil && !weight.isNaN }
  var isNotANumber: Bool { pointer == nil && weight.isNaN }
  var otherSpelling: PointerRow? {
    pointer == nil && weight == 0 ? PointerRow(number: number, weight: -weight) : nil
  }
  var isBoxed: Bool { pointer != nil }

  func isSame(as other: PointerRow) -> Bool {
    switch (pointer, other.pointer) {
    case (nil, nil): isNotANumber ? other.isNotANumber : self == other
    case (let a?, let b?): a == b
    default: false
    }
  }

  var description: String { pointer.map { "rp\($0.pointee)" } ?? "r\(number)/\(weight)" }
}

// MARK: Strings

/// Spellings of `template` with each of its first three "K", ";" and "`" written either as
/// itself (ASCII) or as the non-ASCII character canonically equivalent to it (the Kelvin sign,
/// the Greek question mark, the Greek varia): spelling `i` replaces the characters whose bit is
/// set in `i`, so spelling 0 is ASCII and every other one is not, yet all are `==`.
func asciiEquivalentSpellings(_ template: String) -> [String] {
  let singletons: [Character: String] = ["K": "\u{212A}", ";": "\u{37E}", "`": "\u{1FEF}"]
  let places = template.indices.filter { singletons[template[$0]] != nil }.prefix(3)
  return (0..<(1 << places.count)).map { spelling in
    var result = ""
    for index in template.indices {
      let bit = places.firstIndex(of: index).map { spelling >> ($0 - places.startIndex) & 1 } ?? 0
      result += bit == 1 ? singletons[template[index]]! : String(template[index])
    }
    return result
  }
}

/// Classes of canonically equivalent spellings (`String`'s `==`): each inner array is one
/// identifier spelled every way the class has; distinct arrays are distinct identifiers,
/// including look-alikes that are only compatibility-equivalent ("fi" and "ﬁ"). Eleven classes
/// have an ASCII spelling and non-ASCII ones (hashed from bytes in place and from NFC code
/// units: the two must agree), at lengths around the String hash's eight-byte words. Written
/// with escapes, so that no editor normalizes them. Checked at start-up (main.swift).
let stringClasses: [[String]] =
  [
    "K", ";", "`", "K;`", "row;0001", "row;00001", "item-K;0007", "Kelvin-K-scale", "abcdefgh;ijklmno",
    "identifier;row;0016", "abcdefghijklmnopqrstuvwxyz`",
  ].map(asciiEquivalentSpellings) + [
    ["\u{E9}", "e\u{301}"],  // é
    ["\u{C5}", "\u{212B}", "A\u{30A}"],  // Å: precomposed, Angstrom sign, decomposed
    ["\u{3A9}", "\u{2126}"],  // Ω and the Ohm sign
    ["\u{D55C}", "\u{1112}\u{1161}\u{11AB}"],  // 한, as a syllable and as jamo
    // ệ: every order and composition of its two marks
    ["\u{1EC7}", "e\u{323}\u{302}", "e\u{302}\u{323}", "\u{EA}\u{323}", "\u{1EB9}\u{302}"],
    ["\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"],  // ẛ̣ (Unicode's normalization example)
    ["\u{F1}", "n\u{303}"],  // ñ
    ["caf\u{E9}-menu-item", "cafe\u{301}-menu-item"],
    ["zzzzzzzz\u{C5}", "zzzzzzzzA\u{30A}", "zzzzzzzz\u{212B}"],
    ["\u{C5}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m", "\u{212B}ngstr\u{F6}m"],
    [
      "\u{C5}\u{C5}\u{C5}\u{C5}\u{C5}\u{C5}\u{C5}\u{C5}",
      "\u{212B}\u{212B}\u{212B}\u{212B}\u{212B}\u{212B}\u{212B}\u{212B}",
    ],
    ["e\u{301}\u{301}", "\u{E9}\u{301}"],
    [""], ["\u{0}"], ["a"], ["e"], ["fi"], ["\u{FB01}"], ["\r\n"], ["\n\r"], ["\u{1F642}"],  // 🙂
  ]

/// The class of every spelling (found by `==`, through `String`'s own hash).
let stringClassOf: [String: [String]] = Dictionary(
  stringClasses.map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })

extension String: FuzzIdentifier {
  /// Class `byte >> 3`, spelled the `byte & 7`-th way (modulo the class's spellings).
  static func make(_ byte: UInt8, boxes: [Box]) -> String {
    let spellings = stringClasses[Int(byte >> 3) % stringClasses.count]
    return spellings[Int(byte & 7) % spellings.count]
  }
  /// Fresh identifiers, one in four spelled with a decomposed "ñ" (hashed from its NFC form).
  static func numbered(_ number: Int) -> String { number & 3 == 3 ? "n\u{303}\(number)" : "n\(number)" }
  var isWellBehaved: Bool { true }
  /// The next spelling of this identifier's class, or the precomposed "ñ" of a fresh one.
  var otherSpelling: String? {
    if let spellings = stringClassOf[self], spellings.count > 1 {
      let mine = spellings.firstIndex { $0.unicodeScalars.elementsEqual(unicodeScalars) } ?? 0
      return spellings[(mine + 1) % spellings.count]
    }
    return unicodeScalars.starts(with: "n\u{303}".unicodeScalars) ? "\u{F1}" + dropFirst() : nil
  }
}

/// A section identifier naming a section by a string: eight classes of spellings, so that
/// sections named by input bytes meet often.
struct SectionName: FuzzIdentifier, CustomStringConvertible {
  let name: String
  static let classes = [0, 3, 7, 9, 11, 12, 14, 15].map { stringClasses[$0] }
  static func make(_ byte: UInt8, boxes: [Box]) -> SectionName {
    let spellings = classes[Int(byte & 7)]
    return SectionName(name: spellings[Int(byte >> 3) % spellings.count])
  }
  static func numbered(_ number: Int) -> SectionName { SectionName(name: String.numbered(number)) }
  var isWellBehaved: Bool { true }
  var otherSpelling: SectionName? { name.otherSpelling.map(SectionName.init) }
  var description: String { name.debugDescription }
}
