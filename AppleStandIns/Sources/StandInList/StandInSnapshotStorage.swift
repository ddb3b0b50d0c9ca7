/// What the stand-in `NSDiffableDataSourceSnapshot`, `NSDiffableDataSourceSnapshotReference` and
/// `NSDiffableDataSourceSectionSnapshot` keep. Not Apple API.
///
/// Deliberately simple and independent of OpenDiffable's own snapshot (arrays, linear searches),
/// so that converting between the two tests the conversions and not one implementation against
/// itself. Misuse that Apple's implementation reports with an exception stops the process with a
/// message naming the identifiers.
public struct StandInSnapshotStorage<Section: Hashable, Item: Hashable> {
  /// The sections, in order, each with its items in order.
  public private(set) var sections: [(section: Section, items: [Item])] = []
  /// Items marked with `reloadItems`, in the order first marked.
  public private(set) var reloadedItems: [Item] = []
  /// Items marked with `reconfigureItems`, in the order first marked.
  public private(set) var reconfiguredItems: [Item] = []
  /// Sections marked with `reloadSections`, in the order first marked.
  public private(set) var reloadedSections: [Section] = []

  /// An empty snapshot.
  public init() {}

  /// Every item, section by section.
  public var items: [Item] { sections.flatMap(\.items) }

  /// The position of a section, or nil.
  public func index(ofSection section: Section) -> Int? { sections.firstIndex { $0.section == section } }

  /// The items of a section; stops when the section is unknown, as Apple's snapshot does.
  public func items(inSection section: Section) -> [Item] {
    guard let index = index(ofSection: section) else { stop("no section \(section)") }
    return sections[index].items
  }

  /// The section holding an item, or nil.
  public func section(containing item: Item) -> Section? {
    sections.first { $0.items.contains(item) }?.section
  }

  /// Appends sections; stops on a section already present or repeated.
  public mutating func appendSections(_ identifiers: [Section]) {
    for section in identifiers {
      if index(ofSection: section) != nil { stop("section \(section) is already in the snapshot") }
      sections.append((section, []))
    }
  }

  /// Appends items to a section (the last one when nil); stops without sections, on an unknown
  /// section, or on an item already present.
  public mutating func appendItems(_ identifiers: [Item], toSection section: Section?) {
    guard let target = section.map({ index(ofSection: $0) }) ?? (sections.isEmpty ? nil : sections.count - 1)
    else { stop("no section to append items \(identifiers) to") }
    for item in identifiers {
      if self.section(containing: item) != nil { stop("item \(item) is already in the snapshot") }
      sections[target].items.append(item)
    }
  }

  /// Removes items (unknown ones are ignored) and their marks.
  public mutating func deleteItems(_ identifiers: [Item]) {
    let gone = Set(identifiers)
    for index in sections.indices { sections[index].items.removeAll { gone.contains($0) } }
    reloadedItems.removeAll { gone.contains($0) }
    reconfiguredItems.removeAll { gone.contains($0) }
  }

  /// Removes every section and item.
  public mutating func deleteAllItems() { self = Self() }

  /// Marks items for reload; stops on an unknown item.
  public mutating func reloadItems(_ identifiers: [Item]) {
    for item in identifiers {
      if section(containing: item) == nil { stop("cannot reload item \(item): it is not in the snapshot") }
      if !reloadedItems.contains(item) { reloadedItems.append(item) }
    }
  }

  /// Marks items for reconfigure; stops on an unknown item.
  public mutating func reconfigureItems(_ identifiers: [Item]) {
    for item in identifiers {
      if section(containing: item) == nil { stop("cannot reconfigure item \(item): it is not in the snapshot") }
      if !reconfiguredItems.contains(item) { reconfiguredItems.append(item) }
    }
  }

  /// Marks sections for reload; stops on an unknown section.
  public mutating func reloadSections(_ identifiers: [Section]) {
    for section in identifiers {
      if index(ofSection: section) == nil { stop("cannot reload section \(section): it is not in the snapshot") }
      if !reloadedSections.contains(section) { reloadedSections.append(section) }
    }
  }

  private func stop(_ message: String) -> Never {
    fatalError("stand-in NSDiffableDataSourceSnapshot: \(message)")
  }
}

/// What the stand-in `NSDiffableDataSourceSectionSnapshot` keeps: items in outline order
/// (depth first, parents before their children), each with its parent and expansion state.
/// Not Apple API; as simple as possible (linear searches).
public struct StandInOutlineStorage<Item: Hashable> {
  /// Every item in outline order.
  public private(set) var items: [Item] = []
  /// Each item's parent (absent for roots).
  public private(set) var parents: [Item: Item] = [:]
  /// The expanded items.
  public private(set) var expanded: Set<Item> = []

  /// An empty outline.
  public init() {}

  /// The depth of an item (0 for roots).
  public func level(of item: Item) -> Int {
    var level = 0
    var current = item
    while let parent = parents[current] {
      level += 1
      current = parent
    }
    return level
  }

  /// Appends items as the last children of `parent` (as roots when nil); stops on an unknown
  /// parent or an item already present.
  public mutating func append(_ newItems: [Item], to parent: Item?) {
    var position = items.count
    if let parent {
      guard let parentIndex = items.firstIndex(of: parent) else {
        fatalError("stand-in NSDiffableDataSourceSectionSnapshot: parent \(parent) is not in the section snapshot")
      }
      let parentLevel = level(of: parent)
      position = parentIndex + 1
      while position < items.count, level(of: items[position]) > parentLevel { position += 1 }
    }
    for item in newItems {
      if items.contains(item) {
        fatalError("stand-in NSDiffableDataSourceSectionSnapshot: item \(item) is already in the section snapshot")
      }
      items.insert(item, at: position)
      parents[item] = parent
      position += 1
    }
  }

  /// Marks items expanded (unknown ones are ignored).
  public mutating func expand(_ identifiers: [Item]) {
    for item in identifiers where items.contains(item) { expanded.insert(item) }
  }

  /// Marks items collapsed.
  public mutating func collapse(_ identifiers: [Item]) {
    for item in identifiers { expanded.remove(item) }
  }

  /// Whether an item and all its ancestors' chain is shown: every ancestor expanded.
  public func isVisible(_ item: Item) -> Bool {
    var current = item
    while let parent = parents[current] {
      if !expanded.contains(parent) { return false }
      current = parent
    }
    return true
  }
}

extension StandInSnapshotStorage: Sendable where Section: Sendable, Item: Sendable {}
extension StandInOutlineStorage: Sendable where Item: Sendable {}
