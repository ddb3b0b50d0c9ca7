/// A partial result of the snapshot result builders (``DiffableDataSourceSnapshotBuilder``,
/// ``SnapshotItemsBuilder`` and ``DiffableDataSourceSectionSnapshotBuilder``): the elements one
/// part of a builder closure produced, in order. The builders make and consume it; you do not use
/// it directly, and it is left out of the documentation.
///
/// One element is stored without an array, so that `for item in items { item }` allocates
/// nothing per element; an array written in the closure is kept as it is (not copied), and the
/// elements of a `for` loop are gathered into one array, sized once.
@_documentation(visibility: internal)
public struct SnapshotBuilderComponent<Element> {
  /// The element, when the component holds exactly one that is not in ``_elements``.
  @usableFromInline var _single: Element?
  /// The elements, when ``_single`` is nil.
  @usableFromInline var _elements: [Element]

  /// A component with no element. O(1).
  @inlinable init() {
    _single = nil
    _elements = []
  }

  /// A component with one element. O(1), no allocation.
  @inlinable init(single: Element) {
    _single = single
    _elements = []
  }

  /// A component holding `elements`, shared (not copied). O(1).
  @inlinable init(elements: [Element]) {
    _single = nil
    _elements = elements
  }

  /// The number of elements. O(1).
  @inlinable var _count: Int { _single == nil ? _elements.count : 1 }

  /// Appends the elements of `other` to `array`. O(k) for k elements of `other`.
  @inlinable static func _append(_ other: Self, to array: inout [Element]) {
    if let single = other._single {
      array.append(single)
    } else {
      array.append(contentsOf: other._elements)
    }
  }

  /// The elements, as one array: the stored array itself when there is one (no copy). O(1), or
  /// one small allocation for a single element.
  @inlinable var _array: [Element] {
    if let single = _single { return [single] }
    return _elements
  }

  /// `first` followed by `next`. O(1) when either is empty, otherwise O(k) for the elements of
  /// both (a block written by hand is short).
  @inlinable static func _concatenate(_ first: consuming Self, _ next: consuming Self) -> Self {
    if next._count == 0 { return first }
    if first._count == 0 { return next }
    var elements = first._single == nil ? first._elements : [first._single!]
    first = Self()  // `elements` is then the only reference to the array: appending does not copy it
    _append(next, to: &elements)
    return Self(elements: elements)
  }

  /// The components of a `for` loop (or any sequence of components) as one, in one array sized
  /// once. O(k) for k elements in all.
  @inlinable static func _joined(_ components: [Self]) -> Self {
    if components.count == 1 { return components[0] }
    var count = 0
    for component in components { count += component._count }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for component in components { _append(component, to: &elements) }
    return Self(elements: elements)
  }
}

extension SnapshotBuilderComponent: Sendable where Element: Sendable {}
