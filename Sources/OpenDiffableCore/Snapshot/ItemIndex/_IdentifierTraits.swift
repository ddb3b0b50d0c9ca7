import Foundation

/// The sets of identifier types the snapshot's shortcuts trust, side by side.
///
/// - ``hashesFromBits``: equality is equality of the bits (the fixed-width integers of 32 and
///   64 bits, `UUID`). Their hash is computed from the bits without `Hasher`, so the item index
///   needs no stored hashes, can be shared with or derived from the shown snapshot, and arrays of
///   them compare as memory.
/// - ``isSelfContained``: a stored value cannot change (the types above, the other integers,
///   `Bool`, `Double`, `Float`, `String`, and reference-free types that conform to
///   ``SelfContainedIdentifier``). Their uniqueness can be checked later (the deferred index),
///   the index shifted in bulk, and equal bytes trusted to be equal identifiers.
///
/// Every test is a type comparison that folds away where the snapshot is specialized, except the
/// conformance test, made only for reference-free types outside the lists.
@usableFromInline
enum _IdentifierTraits<Identifier> {
  @inlinable static var hashesFromBits: Bool {
    Identifier.self == Int.self || Identifier.self == Int64.self || Identifier.self == UInt64.self
      || Identifier.self == UInt.self || Identifier.self == Int32.self || Identifier.self == UInt32.self
      || Identifier.self == UUID.self
  }

  /// The types ``_ItemHash`` hashes itself: ``hashesFromBits`` and `String` (from its canonical
  /// code units). Their hash is cheap to compute again and agrees with `==` whatever the value,
  /// so the item table stores no hashes for them and the data source's sets keep them plain.
  @inlinable static var hashedByItemHash: Bool {
    hashesFromBits || Identifier.self == String.self
  }

  @inlinable static var isSelfContained: Bool {
    if hashesFromBits { return true }
    if Identifier.self == Int16.self || Identifier.self == UInt16.self || Identifier.self == Int8.self
      || Identifier.self == UInt8.self || Identifier.self == Bool.self || Identifier.self == Double.self
      || Identifier.self == Float.self || Identifier.self == String.self
    {
      return true
    }
    return _isPOD(Identifier.self) && Identifier.self is any SelfContainedIdentifier.Type
  }
}
