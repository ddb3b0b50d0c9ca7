import Foundation

/// An identifier whose `==` and `hash(into:)` read only the value's own stored properties, so a
/// value cannot change while a snapshot stores it.
///
/// Snapshots check a type they can trust this way later instead of at every call: appending
/// items records them without hashing until the first lookup, and a rebuilt snapshot whose
/// sections equal the shown ones byte for byte is settled without a diff. Integers, `Bool`,
/// floating-point numbers and `UUID` are trusted already. Conform your own identifier types when
/// they hold no references and their equality compares their fields (the synthesized
/// conformance does):
///
/// ```swift
/// struct ContactID: Hashable, SelfContainedIdentifier { let raw: Int64 }
/// ```
///
/// Do not conform a type whose `==` reads through a pointer (`UnsafePointer`, `Unmanaged`,
/// `unowned(unsafe)`) or a global: its value can change while stored, and snapshots of it
/// would miss the change. A conforming type that holds a reference (a class, a `String`, an
/// array) is not trusted whatever it declares. Every other identifier is checked at each call,
/// as Apple's snapshot does.
public protocol SelfContainedIdentifier: Hashable {}
