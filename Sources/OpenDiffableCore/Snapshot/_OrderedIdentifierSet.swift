/// The identifiers of reload or reconfigure marks: an ordered set, first insertion first.
///
/// Membership is kept in a ``_HashPinnedSet``, like every other identifier table of the
/// library, so identifiers whose hash or equality changed after they were marked never stop the
/// process inside the standard library ("Duplicate elements … were found in a Set").
@usableFromInline
struct _OrderedIdentifierSet<Element: Hashable> {
  @usableFromInline var elements: [Element] = []
  @usableFromInline var members = _HashPinnedSet<Element>()

  @inlinable init() {}

  @inlinable var isEmpty: Bool { elements.isEmpty }

  @inlinable func contains(_ element: Element) -> Bool { members.contains(element) }

  /// Appends the elements not yet present, keeping first-insertion order. O(k) average.
  @inlinable mutating func formUnion<S: Sequence>(_ newElements: S) where S.Element == Element {
    for element in newElements { append(element) }
  }

  /// Appends `element` if it is not present yet; returns whether it was appended. O(1) average.
  @inlinable @discardableResult mutating func append(_ element: Element) -> Bool {
    guard members.insert(element) else { return false }
    elements.append(element)
    return true
  }

  /// Makes room for `extra` more elements without rehashing. O(count) when it grows.
  @inlinable mutating func reserveCapacity(adding extra: Int) {
    members.reserveCapacity(elements.count + extra)
    _reserve(&elements, adding: extra)
  }

  /// Keeps only the elements for which `isIncluded` is true. O(count).
  @inlinable mutating func filter(_ isIncluded: (Element) -> Bool) {
    let kept = elements.filter(isIncluded)
    if kept.count != elements.count {
      elements = kept
      members = _HashPinnedSet()
      for element in kept { members.insert(element) }
    }
  }
}

extension _OrderedIdentifierSet: Sendable where Element: Sendable {}
