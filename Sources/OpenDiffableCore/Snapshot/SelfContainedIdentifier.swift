import Foundation

/// An identifier whose `==` and `hash(into:)` read only the value's own stored properties, so a
/// value cannot change while a snapshot stores it.
///
/// Snapshots of such identifiers build faster: appended items are checked at the first lookup
/// instead of at each call, and a rebuilt snapshot equal to the one shown costs a comparison.
/// Integers, `Bool`, floating-point numbers, `UUID` and `String` qualify already. Conform a type that holds
/// no references and whose equality compares its fields (as the synthesized one does):
///
/// ```swift
/// struct ContactID: Hashable, SelfContainedIdentifier { let raw: Int64 }
/// ```
///
/// Do not conform a type whose `==` reads through a pointer (`UnsafePointer`, `Unmanaged`,
/// `unowned(unsafe)`) or a global: its value can change while stored, and snapshots would miss
/// the change. A conforming type that holds a reference (a class, a `String` field, an array) is
/// checked at each call whatever it declares, as every other identifier is.
public protocol SelfContainedIdentifier: Hashable {}
