// The same-work baseline of SectionBenchmarks' one-call-at-either-end cases, also compiled into
// the instruction-count harness (`Benchmarks/InstructionCounts`, through a link to this file).
import OrderedCollections

/// The state a snapshot of sections holds, in standard collections: the sections in an
/// `OrderedSet`, each section's items in an array, every item's section in a `Dictionary`. The
/// same-work baseline of one section operation in SectionBenchmarks (`sbench-model-*`).
struct SectionsModel {
  var sections: OrderedSet<Int>
  var items: [[Int]]
  var sectionOfItem: [Int: Int]

  /// `count` sections (0..<count) of one item each (the section + 10,000,000), with room for two
  /// more sections (as a snapshot has: a copy and one insertion grow nothing).
  init(count: Int) {
    sections = roomySections(count)
    items = []
    items.reserveCapacity(count + 2)
    items.append(contentsOf: (0..<count).map { [10_000_000 + $0] })
    sectionOfItem = Dictionary(uniqueKeysWithValues: (0..<count).map { (10_000_000 + $0, $0) })
  }

  /// Inserts an empty section at `position`.
  mutating func insert(_ section: Int, at position: Int) {
    sections.insert(section, at: position)
    items.insert([], at: position)
  }

  /// Removes `section` and forgets its items.
  mutating func remove(_ section: Int) {
    let position = sections.firstIndex(of: section)!
    sections.remove(at: position)
    for item in items.remove(at: position) { sectionOfItem.removeValue(forKey: item) }
  }

  /// Moves `section` to `position` (counted after its removal).
  mutating func move(_ section: Int, to position: Int) {
    let from = sections.firstIndex(of: section)!
    sections.remove(at: from)
    let moved = items.remove(at: from)
    let to = position > from ? position - 1 : position
    sections.insert(section, at: to)
    items.insert(moved, at: to)
  }
}

/// The sections 0..<count in an `OrderedSet` with room for two more (its hash table and its
/// array): a copy and one insertion grow nothing, as in a snapshot.
func roomySections(_ count: Int) -> OrderedSet<Int> {
  var sections = OrderedSet<Int>(minimumCapacity: count + 2)
  sections.append(contentsOf: 0..<count)
  return sections
}
