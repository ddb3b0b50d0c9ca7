extension DiffableDataSourceSectionSnapshot {
  /// A multi-line picture of the outline, in the format of Apple's `visualDescription()`: a line
  /// naming the type and counting the items, then one line per item in ``items`` order (two
  /// spaces per level, `+` expanded or `-` collapsed, `*` visible or a space, a space, the
  /// identifier), then `>`.
  ///
  /// ```
  /// <DiffableDataSourceSectionSnapshot: 4 items, 3 visible
  /// +* Documents
  ///   -* Invoices
  ///     -  2024
  /// -* Music
  /// >
  /// ```
  ///
  /// - Complexity: O(n).
  public func visualDescription() -> String {
    var lines: [String] = []
    var visibleCount = 0
    // For the most recent item at each level: whether its children are visible.
    var childrenVisible: [Bool] = []
    _walk(descendingInto: { _ in true }) { node in
      let visible = node.level == 0 || childrenVisible[node.level - 1]
      if visible { visibleCount += 1 }
      childrenVisible.removeSubrange(node.level...)
      childrenVisible.append(visible && node.isExpanded)
      let indentation = String(repeating: "  ", count: node.level)
      let marks = (node.isExpanded ? "+" : "-") + (visible ? "*" : " ")
      lines.append("\(indentation)\(marks) \(String(describing: node.item!))")
    }
    let count = _nodeByItem.count
    let header = "<DiffableDataSourceSectionSnapshot: \(count) item\(count == 1 ? "" : "s"), \(visibleCount) visible"
    return ([header] + lines + [">"]).joined(separator: "\n")
  }
}

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// A one-line outline: the items in brackets, each parent followed by its children in nested
  /// brackets, marked `+` when expanded and `-` when collapsed. Items without children carry
  /// no mark.
  ///
  /// ```
  /// DiffableDataSourceSectionSnapshot(["Documents"+ ["Invoices"- ["2024"]], "Music"])
  /// ```
  ///
  /// Only the first 100 items are listed. - Complexity: O(1) in the size of the snapshot
  /// (bounded output).
  public var description: String { _render(limit: 100) }

  /// Like ``description``, listing up to 1,000 items.
  public var debugDescription: String { _render(limit: 1_000) }

  func _render(limit: Int) -> String {
    var text = "DiffableDataSourceSectionSnapshot(["
    var previousLevel = -1
    var listed = 0
    var truncated = false
    _nodes.withUnsafeBufferPointer { nodes in
      var node = _firstRoot
      while node >= 0 {
        if listed == limit {
          truncated = true
          break
        }
        let current = nodes[node]
        if previousLevel >= 0 {
          if current.level > previousLevel {
            text += " ["
          } else {
            text += String(repeating: "]", count: previousLevel - current.level) + ", "
          }
        }
        text += String(reflecting: current.item!)
        if current.firstChild >= 0 { text += current.isExpanded ? "+" : "-" }
        previousLevel = current.level
        listed += 1
        node = _successor(of: node, within: -1, descend: true, in: nodes)
      }
    }
    if previousLevel > 0 { text += String(repeating: "]", count: previousLevel) }
    if truncated { text += ", … \(_nodeByItem.count - listed) more" }
    return text + "])"
  }
}
