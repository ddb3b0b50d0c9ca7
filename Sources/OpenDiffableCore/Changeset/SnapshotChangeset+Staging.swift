extension SnapshotChangeset {
  /// One batch of a staged update: the changeset to perform and the snapshot the list shows
  /// after it, carrying the reload and reconfigure marks this batch carries out.
  public struct Stage {
    /// The snapshot the list shows after this batch, with the marks this batch carries out (a
    /// data source stores it without them: `target.removingReloadMarks()`).
    public let target: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The batch that turns the previous stage's target (or the old snapshot) into ``target``.
    public let changeset: SnapshotChangeset

    /// A stage.
    ///
    /// - Parameters:
    ///   - target: the snapshot the list shows after the batch, with the marks it carries out.
    ///   - changeset: the batch that turns the previous stage's target into `target`.
    public init(
      target: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, changeset: SnapshotChangeset
    ) {
      self.target = target
      self.changeset = changeset
    }
  }

  /// Why performing this changeset as one batch is unsafe on UIKit, or nil when it is safe.
  ///
  /// UIKit mishandles a batch that moves items inside (into or out of) sections that move in the
  /// same batch: it may raise an inconsistency or animate the wrong rows, although the batch is
  /// valid by its documented rules. The reason names how many such item moves there are and the
  /// first one.
  ///
  /// - Complexity: O(s + m) for s section moves and m item moves.
  public var unsafeBatchReason: String? {
    guard !sectionMoves.isEmpty, !itemMoves.isEmpty else { return nil }
    let movedFrom = Set(sectionMoves.map(\.from))
    let movedTo = Set(sectionMoves.map(\.to))
    let risky = itemMoves.filter { movedFrom.contains($0.from._section) || movedTo.contains($0.to._section) }
    guard let first = risky.first else { return nil }
    return
      "\(risky.count) item move(s) inside sections that also move (first: \(first.from) -> \(first.to)); "
      + "UIKit is known to mishandle such batches"
  }

  /// The batches that take a list from `old` to `new`, in order, each safe for UIKit: one batch
  /// when the direct changeset is safe (see ``unsafeBatchReason``), otherwise two — every item
  /// change with the surviving sections in their old order and new ones at the end (reloads
  /// happen here), then only the section moves (reconfigures happen here). The last stage's
  /// target shows exactly `new`.
  ///
  /// ```swift
  /// guard let stages = SnapshotChangeset.staged(from: old, to: new) else { return reload(new) }
  /// for stage in stages { perform(stage.changeset) }
  /// ```
  ///
  /// - Parameters:
  ///   - old: the snapshot the list shows.
  ///   - new: the snapshot to show.
  /// - Returns: the stages, in order, or nil when even a stage would be unsafe: reload the list
  ///   instead (`reloadData()`).
  /// - Complexity: O(n) for the direct diff; when staging, O(n) more and two more diffs.
  public static func staged(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) -> [Stage]? {
    let direct = SnapshotChangeset(from: old, to: new)
    guard direct.unsafeBatchReason != nil else { return [Stage(target: new, changeset: direct)] }
    return stagedAvoidingSectionMoves(from: old, to: new)
  }

  /// The two-stage form of ``staged(from:to:)``, or nil when a stage would still be unsafe.
  ///
  /// - Parameters:
  ///   - old: the snapshot the list shows.
  ///   - new: the snapshot to show.
  /// - Returns: two stages (item changes with the sections in their old order, then the section
  ///   moves), or nil when a stage would still be unsafe.
  /// - Complexity: O(n) to build the middle snapshot plus two diffs.
  public static func stagedAvoidingSectionMoves(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) -> [Stage]? {
    let sections =
      old.sectionIdentifiers.filter { new.containsSection($0) }
      + new.sectionIdentifiers.filter { !old.containsSection($0) }
    var middle = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    middle.appendSections(sections)
    for section in sections { middle.appendItems(new.itemIdentifiers(inSection: section), toSection: section) }
    let middleStored = middle
    if !new.reloadedItemIdentifiers.isEmpty { middle.reloadItems(new.reloadedItemIdentifiers) }
    if !new.reloadedSectionIdentifiers.isEmpty { middle.reloadSections(new.reloadedSectionIdentifiers) }
    var final = new.removingReloadMarks()
    if !new.reconfiguredItemIdentifiers.isEmpty { final.reconfigureItems(new.reconfiguredItemIdentifiers) }
    let first = SnapshotChangeset(from: old, to: middle)
    let second = SnapshotChangeset(from: middleStored, to: final)
    guard first.unsafeBatchReason == nil, second.unsafeBatchReason == nil else { return nil }
    return [Stage(target: middle, changeset: first), Stage(target: final, changeset: second)]
  }
}

extension SnapshotChangeset.Stage: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension SnapshotChangeset.Stage: Equatable {}
