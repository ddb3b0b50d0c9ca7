/// A problem with the identifiers handed to a snapshot operation, reported as a value instead
/// of stopping the process.
///
/// The stopping operations (``DiffableDataSourceSnapshot/appendItems(_:toSection:)`` and
/// friends) build their crash message from the same value, so a thrown error reads exactly like
/// the message the process would have stopped with.
public struct DiffableDataSourceSnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of problem this is.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// An identifier appears more than once in one identifier array.
    case duplicateIdentifiers
    /// A section that is being appended or inserted is already in the snapshot.
    case sectionAlreadyExists
    /// An item that is being appended or inserted is already in the snapshot. Apple's snapshot
    /// moves such an item and logs a warning; the `check…` functions report it.
    case itemAlreadyExists
    /// Items were appended to a snapshot that has no sections.
    case noSections
    /// A section named by the operation (a target, an anchor, a reload) is not in the snapshot.
    case sectionNotFound
    /// An item named by the operation (an anchor, a move, a reload) is not in the snapshot.
    case itemNotFound
    /// The anchor of an insertion is one of the identifiers being inserted.
    case anchorIsInserted
    /// An item or section is moved relative to itself.
    case moveRelativeToItself
  }

  /// What kind of problem this is.
  public let kind: Kind
  /// The operation that was called, e.g. `appendItems(_:toSection:)`.
  public let operation: String
  /// Descriptions (`String(reflecting:)`) of the first few offending identifiers.
  public let identifiers: [String]
  /// How many identifiers were at fault in all.
  public let count: Int

  /// Creates an error; `identifiers` keeps the descriptions of the first five.
  ///
  /// - Parameters:
  ///   - kind: what kind of problem this is.
  ///   - operation: the operation that was called, with its argument labels, e.g.
  ///     `appendSections(_:)`; it decides whether the fix names the section or the item API
  ///     (``isSectionOperation``).
  ///   - identifiers: every offending identifier; their count is kept in ``count``.
  public init<C: Collection>(kind: Kind, operation: String, identifiers: C) {
    self.kind = kind
    self.operation = operation
    self.identifiers = identifiers.prefix(5).map { String(reflecting: $0) }
    self.count = identifiers.count
  }

  var _list: String {
    var parts = identifiers
    if count > identifiers.count { parts.append("… \(count - identifiers.count) more") }
    return "[\(parts.joined(separator: ", "))] (\(count) identifier\(count == 1 ? "" : "s"))"
  }

  /// What is wrong, naming the identifiers.
  public var problem: String {
    switch kind {
    case .duplicateIdentifiers:
      return "the supplied identifiers are not unique; repeated: \(_list)"
    case .sectionAlreadyExists:
      return "section identifiers that already exist in the snapshot: \(_list)"
    case .itemAlreadyExists:
      return "item identifiers that already exist in the snapshot: \(_list)"
    case .noSections:
      return "there are no sections in the snapshot to append \(_list) to"
    case .sectionNotFound:
      return "section identifier not found in the snapshot: \(_list)"
    case .itemNotFound:
      return "item identifier not found in the snapshot: \(_list)"
    case .anchorIsInserted:
      return "the destination \(_list) is itself in the list of identifiers being inserted"
    case .moveRelativeToItself:
      return "the destination of the move is the identifier being moved: \(_list)"
    }
  }

  /// How to fix the call.
  public var fix: String {
    switch kind {
    case .duplicateIdentifiers where isSectionOperation:
      return
        "Section identifiers in a snapshot must be unique: remove the repeats (appendSectionsDroppingDuplicates(_:) does it and returns what it dropped)."
    case .duplicateIdentifiers:
      return
        "Item identifiers in a snapshot must be unique: remove the repeats (appendItemsDroppingDuplicates(_:toSection:) does it and returns what it dropped)."
    case .sectionAlreadyExists:
      return
        "Delete the section first, move it with moveSection(_:beforeSection:), or leave it out (appendSectionsDroppingDuplicates(_:) leaves out sections already present)."
    case .itemAlreadyExists:
      return
        "Delete the item first, move it with moveItem(_:beforeItem:), or leave it out (appendItemsDroppingDuplicates(_:toSection:) leaves out items already present)."
    case .noSections:
      return "Append a section first with appendSections(_:)."
    case .sectionNotFound:
      return "Check with indexOfSection(_:) (O(1)) or append the section first."
    case .itemNotFound:
      return "Check with indexOfItem(_:) (O(1)) or add the item first."
    case .anchorIsInserted:
      return "Choose a destination that is already in the snapshot and not in the inserted list."
    case .moveRelativeToItself:
      return "Choose a different destination; moving an identifier next to itself is meaningless."
    }
  }

  /// Whether ``operation`` works on section identifiers (`appendSections(_:)`,
  /// `deleteSections(_:)`, `reloadSections(_:)`, …) rather than item identifiers: its base name,
  /// the part before the argument labels, names sections. `appendItems(_:toSection:)` is an item
  /// operation.
  public var isSectionOperation: Bool {
    operation.prefix { $0 != "(" }.contains("Section")
  }

  /// The full message: `OpenDiffable: <operation>: <problem>. <fix>`.
  public var description: String { "OpenDiffable: \(operation): \(problem). \(fix)" }
}

/// Stops the process with the error's message.
@usableFromInline
func _stop(
  _ error: DiffableDataSourceSnapshotError, file: StaticString = #file, line: UInt = #line
) -> Never {
  fatalError(error.description, file: file, line: line)
}

/// The identifiers that occur more than once in `identifiers`, each listed once, in order of
/// their second occurrence. O(k) average; inlinable, so that it is specialized for the caller's
/// identifier type.
@inlinable @inline(__always)
func _repeatedIdentifiers<C: Collection>(_ identifiers: C) -> [C.Element] where C.Element: Hashable {
  // The common one-identifier call: inline, no call, nothing allocated.
  identifiers.count < 2 ? [] : _repeatedIdentifiersAmongSeveral(identifiers)
}

/// ``_repeatedIdentifiers(_:)`` for two identifiers or more.
@inlinable
func _repeatedIdentifiersAmongSeveral<C: Collection>(_ identifiers: C) -> [C.Element] where C.Element: Hashable {
  var seen = _HashPinnedSet<C.Element>(minimumCapacity: identifiers.count)
  var reported = _HashPinnedSet<C.Element>()
  var repeated: [C.Element] = []
  for identifier in identifiers where !seen.insert(identifier) {
    if reported.insert(identifier) { repeated.append(identifier) }
  }
  return repeated
}
