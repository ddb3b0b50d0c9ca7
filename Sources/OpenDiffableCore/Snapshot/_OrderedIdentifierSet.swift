/// Identifiers in the order they were first added, without repeats. Used for reload and
/// reconfigure marks, which are usually few.
@usableFromInline
struct _OrderedIdentifierSet<Element: Hashable> {
  @usableFromInline var elements: [Element] = []
  @usableFromInline var members: Set<Element> = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { elements.isEmpty }

  @inlinable func contains(_ element: Element) -> Bool { members.contains(element) }

  /// Appends the elements not yet present, keeping first-insertion order. O(k) average.
  @inlinable mutating func formUnion<S: Sequence>(_ newElements: S) where S.Element == Element {
    for element in newElements where members.insert(element).inserted {
      elements.append(element)
    }
  }

  /// Keeps only the elements for which `isIncluded` is true. O(count).
  @inlinable mutating func filter(_ isIncluded: (Element) -> Bool) {
    let kept = elements.filter(isIncluded)
    if kept.count != elements.count {
      elements = kept
      members = Set(kept)
    }
  }
}

extension _OrderedIdentifierSet: Sendable where Element: Sendable {}
