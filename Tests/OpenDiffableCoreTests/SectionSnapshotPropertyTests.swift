@_spi(Testing) import OpenDiffableCore
import PropertyBased
import Testing

// A property test: random sequences of section-snapshot operations are run against
// `DiffableDataSourceSectionSnapshot` and against a deliberately naive reference model (a plain
// recursive tree of values), and every observable property is compared after every step.

/// One node of the reference tree.
private struct ReferenceNode: Equatable {
  var id: Int
  var isExpanded = false
  var children: [ReferenceNode] = []
}

/// An item of the reference tree with what the section snapshot should say about it.
private struct ReferenceEntry {
  var id: Int
  var level: Int
  var parent: Int?
  var isVisible: Bool
  var isExpanded: Bool
}

/// The reference model: a forest of value nodes, changed through index paths.
private struct ReferenceOutline {
  var roots: [ReferenceNode] = []

  /// Every item in depth-first order.
  var entries: [ReferenceEntry] {
    var result: [ReferenceEntry] = []
    func visit(_ nodes: [ReferenceNode], level: Int, parent: Int?, visible: Bool) {
      for node in nodes {
        result.append(
          ReferenceEntry(id: node.id, level: level, parent: parent, isVisible: visible, isExpanded: node.isExpanded))
        visit(node.children, level: level + 1, parent: node.id, visible: visible && node.isExpanded)
      }
    }
    visit(roots, level: 0, parent: nil, visible: true)
    return result
  }

  func path(of id: Int) -> [Int]? {
    func search(_ nodes: [ReferenceNode]) -> [Int]? {
      for (index, node) in nodes.enumerated() {
        if node.id == id { return [index] }
        if let rest = search(node.children) { return [index] + rest }
      }
      return nil
    }
    return search(roots)
  }

  func node(_ id: Int) -> ReferenceNode {
    var nodes = roots
    var found: ReferenceNode?
    for index in path(of: id)! {
      found = nodes[index]
      nodes = nodes[index].children
    }
    return found!
  }

  /// Calls `body` with the sibling array that holds `id` and its index there.
  mutating func withSiblings(of id: Int, _ body: (inout [ReferenceNode], Int) -> Void) {
    func descend(_ nodes: inout [ReferenceNode], _ path: ArraySlice<Int>) {
      if path.count == 1 {
        body(&nodes, path.first!)
      } else {
        descend(&nodes[path.first!].children, path.dropFirst())
      }
    }
    let location = path(of: id)!
    descend(&roots, location[...])
  }

  mutating func withNode(_ id: Int, _ body: (inout ReferenceNode) -> Void) {
    withSiblings(of: id) { nodes, index in body(&nodes[index]) }
  }

  mutating func delete(_ id: Int) {
    guard path(of: id) != nil else { return }
    withSiblings(of: id) { nodes, index in _ = nodes.remove(at: index) }
  }
}

/// Builds the section snapshot of a reference forest with `append` and `expand` only.
private func makeSnapshot(_ roots: [ReferenceNode]) -> DiffableDataSourceSectionSnapshot<Int> {
  var snapshot = DiffableDataSourceSectionSnapshot<Int>()
  func add(_ nodes: [ReferenceNode], to parent: Int?) {
    snapshot.append(nodes.map(\.id), to: parent)
    for node in nodes {
      if node.isExpanded { snapshot.expand([node.id]) }
      add(node.children, to: node.id)
    }
  }
  add(roots, to: nil)
  return snapshot
}

/// Runs one encoded operation on both models. `next` hands out fresh identifiers.
private func perform(
  _ code: Int, on sut: inout DiffableDataSourceSectionSnapshot<Int>, _ reference: inout ReferenceOutline,
  next: inout Int
) {
  let entries = reference.entries
  let kind = code % 10
  let count = (code / 10) % 4 + 1
  let pick = code / 40
  func fresh(_ count: Int) -> [Int] {
    defer { next += count }
    return Array(next..<next + count)
  }
  /// A small forest of new items: the first one is a root with the next ones as children,
  /// sometimes expanded, and one more root.
  func freshForest() -> [ReferenceNode] {
    let ids = fresh(count + 1)
    var first = ReferenceNode(id: ids[0], isExpanded: pick % 2 == 0)
    first.children = ids[1..<count].map { ReferenceNode(id: $0, isExpanded: pick % 3 == 0) }
    return [first, ReferenceNode(id: ids[count])]
  }
  guard !entries.isEmpty, kind != 0 else {
    // Append new roots.
    let ids = fresh(count)
    sut.append(ids)
    reference.roots += ids.map { ReferenceNode(id: $0) }
    return
  }
  let target = entries[pick % entries.count].id
  let other = entries[(pick / 7) % entries.count].id
  switch kind {
  case 1:
    let ids = fresh(count)
    sut.append(ids, to: target)
    reference.withNode(target) { $0.children += ids.map { ReferenceNode(id: $0) } }
  case 2:
    let ids = fresh(count)
    sut.insert(ids, before: target)
    reference.withSiblings(of: target) { nodes, index in
      nodes.insert(contentsOf: ids.map { ReferenceNode(id: $0) }, at: index)
    }
  case 3:
    let ids = fresh(count)
    sut.insert(ids, after: target)
    reference.withSiblings(of: target) { nodes, index in
      nodes.insert(contentsOf: ids.map { ReferenceNode(id: $0) }, at: index + 1)
    }
  case 4:
    // Delete one or two items (possibly an item and its descendant).
    let victims = target == other ? [target] : [target, other]
    sut.delete(victims)
    for victim in victims { reference.delete(victim) }
  case 5:
    sut.expand([target, other, -1])
    reference.withNode(target) { $0.isExpanded = true }
    reference.withNode(other) { $0.isExpanded = true }
  case 6:
    sut.collapse([target, -2])
    reference.withNode(target) { $0.isExpanded = false }
  case 7:
    // Replace the children of `target`, reusing one of its current children when it has any.
    var forest = freshForest()
    if let reused = reference.node(target).children.last {
      forest.append(ReferenceNode(id: reused.id, isExpanded: pick % 5 == 0))
    }
    sut.replace(childrenOf: target, using: makeSnapshot(forest))
    reference.withNode(target) { $0.children = forest }
  case 8:
    let forest = freshForest()
    if pick % 2 == 0 {
      sut.insert(makeSnapshot(forest), before: target)
      reference.withSiblings(of: target) { nodes, index in nodes.insert(contentsOf: forest, at: index) }
    } else {
      sut.insert(makeSnapshot(forest), after: target)
      reference.withSiblings(of: target) { nodes, index in nodes.insert(contentsOf: forest, at: index + 1) }
    }
  default:
    // Rarely start over.
    if pick % 4 == 0 {
      sut.deleteAll()
      reference.roots = []
    } else {
      sut.expand(entries.map(\.id).filter { $0 % 3 == pick % 3 })
      for entry in entries where entry.id % 3 == pick % 3 { reference.withNode(entry.id) { $0.isExpanded = true } }
    }
  }
}

/// Compares every observable property of `sut` with the reference; true when all agree.
private func agree(_ sut: DiffableDataSourceSectionSnapshot<Int>, _ reference: ReferenceOutline) -> Bool {
  sut._checkInvariants()
  let entries = reference.entries
  var ok = true
  func check(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition {
      Issue.record("\(what())\nsnapshot: \(sut.visualDescription())")
      ok = false
    }
  }
  check(sut.items == entries.map(\.id), "items differ: \(sut.items) vs \(entries.map(\.id))")
  check(sut.visibleItems == entries.filter(\.isVisible).map(\.id), "visibleItems differ")
  check(sut.expandedItems == entries.filter(\.isExpanded).map(\.id), "expandedItems differ")
  check(sut.rootItems == reference.roots.map(\.id), "rootItems differ")
  for (position, entry) in entries.enumerated() where ok {
    check(sut.contains(entry.id), "contains(\(entry.id))")
    check(sut.level(of: entry.id) == entry.level, "level(of: \(entry.id))")
    check(sut.parent(of: entry.id) == entry.parent, "parent(of: \(entry.id))")
    check(sut.isVisible(entry.id) == entry.isVisible, "isVisible(\(entry.id))")
    check(sut.isExpanded(entry.id) == entry.isExpanded, "isExpanded(\(entry.id))")
    // index(of:) walks the outline, so check it on a spread of positions only.
    if position % 7 == 0 || position == entries.count - 1 {
      check(sut.index(of: entry.id) == position, "index(of: \(entry.id))")
    }
  }
  check(!sut.contains(-1), "contains(-1)")
  check(sut == makeSnapshot(reference.roots), "== a snapshot built from the reference")
  if let first = entries.first, ok {
    // The subtree below the first root, rebased.
    let subtree = ReferenceOutline(roots: reference.roots[0].children)
    let below = sut.snapshot(of: first.id)
    below._checkInvariants()
    check(below == makeSnapshot(subtree.roots), "snapshot(of: \(first.id))")
    let including = sut.snapshot(of: first.id, includingParent: true)
    check(including == makeSnapshot([reference.roots[0]]), "snapshot(of: \(first.id), includingParent: true)")
  }
  return ok
}

@Suite("Section snapshot: property test against a reference tree")
struct SectionSnapshotPropertyTests {
  @Test func randomOperationSequencesAgreeWithTheReferenceTree() async {
    await propertyCheck(count: 1_000, input: Gen.int(in: 0...1_000_000).array(of: 1...40)) { codes in
      var sut = DiffableDataSourceSectionSnapshot<Int>()
      var reference = ReferenceOutline()
      var full = DiffableDataSourceSnapshot<String, Int>()
      full.appendSections(["before", "outline"])
      // Items 0...2 are made by the first operations; while they have never been visible they
      // stay in "before", and the first time they are, they are pulled out of it.
      full.appendItems([0, 1, 2], toSection: "before")
      var everVisible = Set<Int>()
      var next = 0
      for code in codes {
        perform(code, on: &sut, &reference, next: &next)
        guard agree(sut, reference) else {
          Issue.record("after operations \(codes)")
          return
        }
        // The full snapshot's section follows the visible items, whatever happened before.
        full.replaceItems(inSection: "outline", withVisibleItemsOf: sut)
        full._checkInvariants()
        #expect(full.itemIdentifiers(inSection: "outline") == sut.visibleItems)
        #expect(full.sectionIdentifiers == ["before", "outline"])
        everVisible.formUnion(sut.visibleItems)
        #expect(full.itemIdentifiers(inSection: "before") == [0, 1, 2].filter { !everVisible.contains($0) })
      }
    }
  }
}
