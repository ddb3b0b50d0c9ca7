// How a section snapshot reports programmer errors. Every message has the shape
// `OpenDiffable: <operation>: <problem naming the identifiers>. <how to fix>` (see `_misuse`).
// The problem texts follow the wording of Apple's assertions where it is known
// ("Parent item identifier does not exist in section snapshot", "Item identifier to insert before
// does not exist in section snapshot", …).

extension DiffableDataSourceSectionSnapshot {
  /// What a missing identifier was supposed to be, for the stop message.
  @usableFromInline
  enum _Role: Sendable {
    /// The parent of an append, of `snapshot(of:)` or of `replace(childrenOf:using:)`.
    case parent
    /// The destination of `insert(_:before:)`.
    case insertBefore
    /// The destination of `insert(_:after:)`.
    case insertAfter
    /// The argument of `parent(of:)`.
    case child
    /// An item to delete.
    case deleted
    /// The argument of a query (`isExpanded`, `isVisible`, `level(of:)`).
    case item

    @usableFromInline var problem: String {
      switch self {
      case .parent: return "parent item identifier does not exist in the section snapshot"
      case .insertBefore: return "item identifier to insert before does not exist in the section snapshot"
      case .insertAfter: return "item identifier to insert after does not exist in the section snapshot"
      case .child: return "child item identifier does not exist in the section snapshot"
      case .deleted: return "item identifiers to delete do not exist in the section snapshot"
      case .item: return "item identifier does not exist in the section snapshot"
      }
    }

    @usableFromInline var fix: String {
      switch self {
      case .parent, .insertBefore, .insertAfter:
        return "Add that item first, or check with contains(_:) (O(1))."
      case .deleted:
        return
          "Unlike the full snapshot's deleteItems(_:), a section snapshot's delete(_:) requires every item to be "
          + "present: check with contains(_:) (O(1)) first."
      case .child, .item:
        return "Check with contains(_:) (O(1)) before asking about an item."
      }
    }
  }
}

/// Stops: `items` should have been in the section snapshot, in the given role.
@usableFromInline
func _sectionSnapshotMissing<Item: Hashable>(
  _ operation: String, role: DiffableDataSourceSectionSnapshot<Item>._Role, _ items: [Item],
  file: StaticString = #file, line: UInt = #line
) -> Never {
  _misuse(operation, "\(role.problem): \(_describeIdentifiers(items))", fix: role.fix, file: file, line: line)
}

/// Stops: the identifiers handed to one operation repeat `repeated`.
@usableFromInline
func _sectionSnapshotRepeated<Item: Hashable>(
  _ operation: String, _ repeated: [Item], file: StaticString = #file, line: UInt = #line
) -> Never {
  _misuse(
    operation, "the supplied identifiers are not unique; repeated: \(_describeIdentifiers(repeated))",
    fix: "Identifiers in a section snapshot must be unique: remove the repeats.", file: file, line: line)
}

/// Stops: `existing` are already in the section snapshot (at any level).
@usableFromInline
func _sectionSnapshotExisting<Item: Hashable>(
  _ operation: String, _ existing: [Item], file: StaticString = #file, line: UInt = #line
) -> Never {
  _misuse(
    operation, "item identifiers that already exist in the section snapshot: \(_describeIdentifiers(existing))",
    fix:
      "An identifier may appear only once in a section snapshot, at any level: delete the existing item first, "
      + "or leave it out.",
    file: file, line: line)
}
