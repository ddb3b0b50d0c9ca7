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

  /// Appends `element` if it is not present yet; returns whether it was appended. O(1) average.
  @inlinable @discardableResult mutating func append(_ element: Element) -> Bool {
    guard members.insert(element).inserted else { return false }
    elements.append(element)
    return true
  }

  /// Makes room for `extra` more elements without rehashing. O(count) when it grows.
  @inlinable mutating func reserveCapacity(adding extra: Int) {
    let needed = elements.count + extra
    if needed > members.capacity { members.reserveCapacity(Swift.max(needed, members.capacity * 2)) }
    _reserve(&elements, adding: extra)
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
