extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// A readable outline of the snapshot: a summary line, then each section with its items.
  ///
  /// Large snapshots are truncated: at most 20 sections and 10 items per section are listed,
  /// with a count of what was left out.
  ///
  /// ```
  /// DiffableDataSourceSnapshot(2 sections, 5 items)
  ///   "favorites" (2 items): [1, 2]
  ///   "all" (3 items): [3, 4, 5]
  /// ```
  ///
  /// - Complexity: O(1) in the size of the snapshot (bounded output), once its appended items
  ///   are checked; a snapshot being built builds its item index first (O(n), once).
  public var description: String { _render(maxSections: 20, maxItems: 10, marks: false) }

  /// Like ``description``, with more of each section (up to 50 sections of 50 items) and the
  /// reload and reconfigure marks.
  public var debugDescription: String { _render(maxSections: 50, maxItems: 50, marks: true) }

  func _render(maxSections: Int, maxItems: Int, marks: Bool) -> String {
    guard _index.deferred == nil else {
      return _withCheckedSections { $0._renderStored(maxSections: maxSections, maxItems: maxItems, marks: marks) }
    }
    return _renderStored(maxSections: maxSections, maxItems: maxItems, marks: marks)
  }

  func _renderStored(maxSections: Int, maxItems: Int, marks: Bool) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var lines = ["DiffableDataSourceSnapshot(\(plural(numberOfSections, "section")), \(plural(numberOfItems, "item")))"]
    for position in _sectionIDs.indices.prefix(maxSections) {
      let items = _items(atPosition: position)
      var listed = items.prefix(maxItems).map { String(reflecting: $0) }
      if items.count > maxItems { listed.append("… \(items.count - maxItems) more") }
      lines.append(
        "  \(String(reflecting: _sectionIDs[position])) (\(plural(items.count, "item"))): [\(listed.joined(separator: ", "))]"
      )
    }
    if numberOfSections > maxSections { lines.append("  … \(numberOfSections - maxSections) more sections") }
    if marks, let m = _marks {
      if !m.reloadedSections.isEmpty {
        lines.append("  reloaded sections: \(_describeIdentifiers(m.reloadedSections.elements))")
      }
      if !m.reloadedItems.isEmpty {
        lines.append("  reloaded items: \(_describeIdentifiers(m.reloadedItems.elements))")
      }
      if !m.reconfiguredItems.isEmpty {
        lines.append("  reconfigured items: \(_describeIdentifiers(m.reconfiguredItems.elements))")
      }
    }
    return lines.joined(separator: "\n")
  }
}
