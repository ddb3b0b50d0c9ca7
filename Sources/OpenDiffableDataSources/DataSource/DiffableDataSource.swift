import Foundation
import OpenDiffableCore

/// A diffable data source for any ``DiffableListHost``: it owns the list's snapshot, works out
/// the changes when you apply a new one, hands them to the host as one batch update, and keeps
/// the selection attached to identifiers.
///
/// This is the generic core behind every OpenDiffable data source (`CollectionViewDiffableDataSource`
/// on UIKit and AppKit wraps one) and the type to use directly with other hosts: a terminal list,
/// a test double, your own view. Its API is Apple's `UICollectionViewDiffableDataSource`:
///
/// ```swift
/// let listView = SimulatedCollectionView<Section, Contact.ID>()   // or your own host
/// let dataSource = DiffableDataSource<SimulatedCollectionView<Section, Contact.ID>, Section, Contact.ID>(
///   host: listView
/// ) { listView, indexPath, contactID in
///   SimulatedCell(contactID, text: store[contactID].name)
/// }
/// var snapshot = DiffableDataSourceSnapshot<Section, Contact.ID>()
/// snapshot.appendSections([.all])
/// snapshot.appendItems(store.orderedIDs, toSection: .all)
/// await dataSource.apply(snapshot)
/// ```
///
/// ## Applying
/// Applies run one at a time, in call order, on the main actor; each completion runs after the
/// host finished that apply (the `async` forms return then). The first apply of the data source
/// and ``applySnapshotUsingReloadData(_:completion:)`` reload the host without diffing; every
/// other apply diffs (`animatingDifferences: false` only turns animation off, as on iOS 15+).
/// A batch that UIKit is known to mishandle (items moved inside a section that itself moves)
/// is staged as two batches that it handles (items first, then section moves), or reloaded if
/// staging cannot help; the trace says why. Large diffs can be computed off the
/// main actor (``diffsOffMainActorAboveItemCount``), and a burst of applies can be coalesced so
/// that only the newest snapshot is shown (``coalescesPendingApplies``).
///
/// Every completion runs exactly once, in call order, and never before its `apply` returned
/// (an apply that finishes at once completes on a later turn of the main actor). The data
/// source stays alive until its pending applies finished: a diff running off the main actor,
/// a host batch whose completion has not come back and completions waiting for their turn each
/// hold it, so releasing it meanwhile neither drops a completion nor leaves the host half
/// updated; it goes away once they ran.
///
/// ## Content changes
/// Set ``contentProvider`` and the data source finds, on every apply, the items on screen whose
/// content changed since their cell was made, and reconfigures them — comparing only visible
/// items, so the cost does not grow with the list.
///
/// ## Following an observable model
/// Where Swift Observation is available (iOS 17, macOS 14, tvOS 17, visionOS 1, Linux),
/// ``applyObserving(animatingDifferences:completion:_:)`` applies the snapshot a closure builds
/// and applies again whenever an `@Observable` property it read (or, with a ``contentProvider``,
/// one the provider read for a visible item) changes: one apply per turn of the main actor,
/// through the same queue, until the returned ``DiffableDataSourceObservation`` is cancelled or
/// the data source is released.
///
/// ## Selection and focus
/// By default the selected items (and the focused one, on hosts that have a focus) are captured
/// by identifier before every apply and restored after it: an item that moved stays selected, a
/// reloaded item stays selected, an item that disappeared drops out. Turn this off with
/// ``preservesSelection`` and ``preservesFocus``.
///
/// ## Misuse
/// Programmer errors stop the process with a message of the form
/// `OpenDiffable: <operation>: <problem>. <fix>`: applying a snapshot from inside another apply
/// (from the host's batch update, a cell provider or a selection callback), a cell provider that
/// returns nil, an interactive move from or to a position that does not exist.
///
/// ## Diagnostics
/// Set ``traceHandler`` to receive a ``DiffableDataSourceApplyTrace`` after every apply: what
/// changed, how long the diff and the host update took, and whether and why it reloaded.
@MainActor @preconcurrency
public final class DiffableDataSource<
  Host: DiffableListHost, SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
> {
  /// Makes the cell for an item: given the host, the item's index path and its identifier,
  /// returns a cell. Must not return nil.
  public typealias CellProvider = (
    _ host: Host, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
  ) -> Host.Cell?

  /// Gives what a cell shows of an item: any `Equatable` value (the item's model, a view model,
  /// a hash of the displayed fields). See ``contentProvider``.
  public typealias ContentProvider = (_ itemIdentifier: ItemIdentifierType) -> any Equatable

  /// The closures called when the user reorders items.
  public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifierType, ItemIdentifierType>

  /// The closures called when the user expands or collapses an outline item.
  public typealias SectionSnapshotHandlers<Item: Hashable> = DiffableDataSourceSectionSnapshotHandlers<Item>

  /// The full snapshot type of this data source.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The section snapshot type of this data source.
  public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>

  /// The list view this data source drives. Held strongly (a host holds its data source weakly,
  /// as UIKit views do).
  public let host: Host

  /// Makes cells; set by the initializer.
  public let cellProvider: CellProvider

  /// Finds content changes by itself: when set, every apply also reconfigures the visible items
  /// whose content differs from what their cell was made or last reconfigured with. nil (the
  /// default) turns it off. Return what a cell shows, or the model it is drawn from, as any
  /// `Equatable` value:
  ///
  /// ```swift
  /// dataSource.contentProvider = { id in store.contact(id) }   // Contact: Equatable
  /// store.rename(id, to: "Ada")
  /// dataSource.apply(dataSource.snapshot())   // reconfigures the row of `id` if it is on screen
  /// ```
  ///
  /// Only visible items that kept their cell are compared: inserted and reloaded items get a new
  /// cell anyway, items off screen get fresh content when they scroll in, and
  /// `applySnapshotUsingReloadData` compares nothing. Changed items are reconfigured together
  /// with your reconfigure marks and counted in ``DiffableDataSourceApplyTrace/contentReconfigures``.
  /// The provider runs on the main actor inside the apply: keep it cheap and read-only; applying
  /// from it stops the process, as from a cell provider.
  /// - Complexity: one call per cell made; per apply O(v) for v visible items (one
  ///   `cellForItem(at:)`, one call and one comparison each), whatever the size of the list.
  public var contentProvider: ContentProvider? {
    didSet {
      _recordedContent.removeAll()
      // While observing (`applyObserving`), the new provider's reads are tracked from its first
      // call: the registrations of the old one's are forgotten (they fire harmlessly).
      _observed?.contentScopes.removeAll()
    }
  }

  /// Gives the title of a section's header, for hosts that draw titled headers (tables,
  /// the terminal host). nil (the default) means no header titles.
  public var sectionHeaderTitleProvider: ((SectionIdentifierType) -> String?)?

  /// Gives the title of a section's footer. nil (the default) means no footer titles.
  public var sectionFooterTitleProvider: ((SectionIdentifierType) -> String?)?

  /// Whether the selection is captured by identifier before every apply and restored after it.
  /// Default: true.
  public var preservesSelection = true

  /// Whether the focused item is captured by identifier before every apply and restored after
  /// it, on hosts that have a focus. Default: true.
  public var preservesFocus = true

  /// When true, an apply of a full snapshot made while earlier full-snapshot applies are still
  /// waiting replaces them: only the newest snapshot is applied (like Android's
  /// `AsyncListDiffer`), and the completions of the replaced applies run, in call order, when it
  /// finishes. Only consecutive full-snapshot applies merge: applies of section snapshots are
  /// never dropped nor merged, and a full apply never replaces one made before a waiting section
  /// apply, so every section apply runs on the state its call order gives it.
  /// Default: false (every apply is shown, in order).
  public var coalescesPendingApplies = false

  /// When set, a diff whose two snapshots together hold more items than this runs off the main
  /// actor; the result is applied on the main actor, in order. Applies made meanwhile wait.
  /// Only identifiers that are `Sendable` can be diffed off the main actor: with others (which
  /// the data source accepts, as AppKit's data sources do) every diff runs on the main actor
  /// whatever this says, and setting a threshold then sends one warning to
  /// ``OpenDiffableDiagnostics/warningHandler`` saying so (this includes setting it through the
  /// generic ``DiffableDataSourceSettings`` on an AppKit data source, which cannot see that its
  /// identifiers are `Sendable`: set it on the concrete type). Default: nil (every diff runs on
  /// the main actor, synchronously).
  public var diffsOffMainActorAboveItemCount: Int? {
    didSet {
      guard diffsOffMainActorAboveItemCount != nil, _offMainDiff == nil, !_warnedThatDiffsStayOnMainActor else {
        return
      }
      _warnedThatDiffsStayOnMainActor = true
      OpenDiffableDiagnostics.warningHandler(
        "OpenDiffable: diffsOffMainActorAboveItemCount: set to \(diffsOffMainActorAboveItemCount!) where the "
          + "identifiers are not known to be Sendable (\(SectionIdentifierType.self), \(ItemIdentifierType.self)), "
          + "so every diff still runs on the main actor. Off-main diffs need Sendable identifiers; on an AppKit "
          + "data source, set it on the concrete type, not through DiffableDataSourceSettings (warned once)")
    }
  }

  /// Whether the warning that diffs stay on the main actor was sent.
  var _warnedThatDiffsStayOnMainActor = false

  /// Diffs off the main actor; set when the identifiers are `Sendable` (nil otherwise: such
  /// snapshots cannot leave the main actor).
  var _offMainDiff:
    (@MainActor (Snapshot, Snapshot) async -> SnapshotChangeset<SectionIdentifierType, ItemIdentifierType>)?

  /// Receives a ``DiffableDataSourceApplyTrace`` after every apply. nil (the default) turns
  /// tracing off, and nothing is measured.
  public var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)?

  /// The closures called when the user reorders items. Reordering is off until
  /// `canReorderItem` is set.
  public var reorderingHandlers = ReorderingHandlers()

  /// The closures called when the user expands or collapses an item of a section that was
  /// applied as a section snapshot.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

  // MARK: State

  /// What the host shows (or, inside a batch, is about to show). No reload marks.
  var _current = Snapshot()
  /// What the host shows, readable from any thread (for `description()` and `snapshot()` off the
  /// main thread), and the applies made off the main thread (see `_submit`).
  nonisolated let _backgroundApplies = _BackgroundApplies<SectionIdentifierType, ItemIdentifierType>()
  /// Section snapshots applied with `apply(_:to:…)`, by section, while still true of `_current`.
  /// (A ``_HashPinnedDictionary``, as `_recordedContent` is: section identifiers whose `==`
  /// disagrees with their hash must not stop the process inside `Dictionary`. Read it through
  /// ``_outline(of:)``.)
  var _sectionSnapshots = _Outlines()
  /// Section snapshots by section, as ``_sectionSnapshots`` holds them.
  typealias _Outlines = _HashPinnedDictionary<SectionIdentifierType, SectionSnapshot>
  /// Applies waiting to run, in call order.
  var _queue: [_ApplyJob] = []
  /// The apply whose diff is being computed off the main actor, if any.
  var _offMainJob: _ApplyJob?
  /// Whether the run loop is active (an apply made from a completion just queues).
  var _isDraining = false
  /// How deep we are inside calls to the host; an apply made then is re-entrant.
  var _hostCallDepth = 0
  /// Incremented whenever `_current` changes.
  var _generation = 0
  /// Whether an apply reached the host: only the first apply reloads it (a later apply to an
  /// empty list animates its inserts, as UIKit's does).
  var _hasLoaded = false
  /// Counts applies, for traces.
  var _applyCount = 0
  /// The content each item's cell was last made or reconfigured with (``contentProvider``),
  /// for items on screen at the last apply or whose cell was made since.
  /// (A ``_HashPinnedDictionary``: identifiers whose `==` disagrees with their hash must not
  /// stop the process inside `Dictionary`.)
  var _recordedContent = _HashPinnedDictionary<ItemIdentifierType, any Equatable>()
  /// The observed apply, if one runs (`applyObserving`); only this reference holds it.
  var _observed: _ObservedApplyState<SectionIdentifierType, ItemIdentifierType>?
  /// Counts observed applies started, for their tokens.
  var _observationCount = 0
  /// Whether an observed apply's snapshot closure is running (an apply from it is misuse).
  var _isMakingObservedSnapshot = false
  /// The connection handed to the host (kept alive here).
  var _connection: DiffableListDataSourceConnection<Host.Cell>?

  /// Creates a data source that drives `host` and makes cells with `cellProvider`, and connects
  /// it to the host (``DiffableListHost/attachDataSource(_:)``). The list starts empty.
  ///
  /// Identifiers need not be `Sendable`: every diff then runs on the main actor (see
  /// ``diffsOffMainActorAboveItemCount``).
  ///
  /// - Parameters:
  ///   - host: the list view to drive; it receives the connection it pulls counts and cells from.
  ///   - cellProvider: makes the cell for an item; must not return nil.
  /// - Complexity: O(1).
  public convenience init(host: Host, cellProvider: @escaping CellProvider) {
    self.init(_host: host, cellProvider: cellProvider)
  }

  init(_host host: Host, cellProvider: @escaping CellProvider) {
    self.host = host
    self.cellProvider = cellProvider
    let connection = DiffableListDataSourceConnection<Host.Cell>(source: self) { [unowned self] indexPath in
      self.cell(forItemAt: indexPath)
    }
    _connection = connection
    host.attachDataSource(connection)
  }

  // MARK: Reading the state

  /// A copy of the current snapshot, without reload or reconfigure marks. Once an apply
  /// started, this is the snapshot it applies. Called off the main thread (by code that applies
  /// from a background queue), it is the snapshot of the newest apply made there until the list
  /// shows it, then what the list shows.
  ///
  /// - Complexity: O(1) (copy on write).
  public func snapshot() -> Snapshot {
    guard _isMainThread() else { return _snapshotOffMainThread() }
    return _current
  }

  /// The identifier of the item at `indexPath`, or nil when there is none.
  ///
  /// - Complexity: O(1).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    _current.itemIdentifier(for: indexPath)
  }

  /// The index path of the item, or nil when it is not in the list.
  ///
  /// - Complexity: O(1) average.
  public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    _current.indexPath(for: itemIdentifier)
  }

  /// The identifier of the section at `index`, or nil when out of range.
  ///
  /// - Complexity: O(1).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    let sections = _current.sectionIdentifiers
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The position of the section, or nil when it is not in the list.
  ///
  /// - Complexity: O(1) average.
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    _current.indexOfSection(sectionIdentifier)
  }

  /// Whether an apply is running or waiting (its completion has not run yet). Tests read it as
  /// OpenDiffableTesting's `hasPendingApplies`.
  ///
  /// - Complexity: O(1).
  package var _hasPendingApplies: Bool { _pendingHead < _pendingCompletions.count }

  /// One entry per apply, in call order (ticket order): those before `_pendingHead` ran, the
  /// others wait.
  var _pendingCompletions: [_PendingCompletion] = []
  /// The index in `_pendingCompletions` of the oldest apply whose completion has not run.
  var _pendingHead = 0
  /// The ticket of `_pendingCompletions[0]`; tickets count applies from 0.
  var _firstPendingTicket = 0
  /// Whether `_runFinishedCompletions` is running completions (one that applies just queues).
  var _isRunningCompletions = false
  /// Whether a later main-actor turn will run the finished completions.
  var _isFinishedCompletionsScheduled = false
  /// How deep we are inside `apply` (`_enqueue`); completions never run then.
  var _applyCallDepth = 0

  // MARK: Answering the host (UIKit's data-source methods)
  // Hosts ask through their DiffableListDataSourceConnection; the UIKit and AppKit adapters
  // answer their views' data-source methods with these.

  /// The number of sections, as `numberOfSections(in:)` answers it.
  ///
  /// - Complexity: O(1).
  package var numberOfSections: Int { _current.numberOfSections }

  /// The number of items in the section at `section`, as
  /// `collectionView(_:numberOfItemsInSection:)` answers it.
  ///
  /// Stops the process when `section` is out of range (UIKit asserts too).
  /// - Complexity: O(1).
  package func numberOfItems(inSection section: Int) -> Int {
    guard let identifier = sectionIdentifier(for: section) else {
      _dataSourceMisuse(
        "numberOfItems(inSection:)", "section \(section) is out of range (\(numberOfSections) sections)",
        fix: "Ask only for sections below numberOfSections")
    }
    return _current.numberOfItems(inSection: identifier)
  }

  /// The cell for the item at `indexPath`, made by the cell provider — what
  /// `collectionView(_:cellForItemAt:)` answers.
  ///
  /// Stops the process when there is no item at `indexPath` or the cell provider returns nil.
  /// - Complexity: O(1) plus the cell provider.
  package func cell(forItemAt indexPath: IndexPath) -> Host.Cell {
    guard let item = _current.itemIdentifier(for: indexPath) else {
      _dataSourceMisuse(
        "cell(forItemAt:)", "there is no item at index path \(indexPath) (\(numberOfSections) sections)",
        fix: "Ask only for index paths the data source reported")
    }
    _hostCallDepth += 1
    defer { _hostCallDepth -= 1 }
    _recordContent(of: item)
    guard let cell = _running(.cellProvider, { cellProvider(host, indexPath, item) }) else {
      _dataSourceMisuse(
        "cell provider", "returned nil for index path \(indexPath) with item identifier \(_describe(item))",
        fix: "Always return a cell: dequeue or make one for every item, even one your store no longer knows")
    }
    return cell
  }
}

extension DiffableDataSource: _DiffableListDataSourceConnectionSource {
  var _numberOfSections: Int { _current.numberOfSections }

  func _numberOfItems(inSection section: Int) -> Int {
    guard let identifier = sectionIdentifier(for: section) else { return 0 }
    return _current.numberOfItems(inSection: identifier)
  }

  func _sectionIdentifier(at section: Int) -> AnyHashable? {
    sectionIdentifier(for: section).map { AnyHashable($0) }
  }

  func _itemIdentifier(at indexPath: IndexPath) -> AnyHashable? {
    _current.itemIdentifier(for: indexPath).map { AnyHashable($0) }
  }

  func _titleForHeader(inSection section: Int) -> String? {
    guard let provider = sectionHeaderTitleProvider, let identifier = sectionIdentifier(for: section) else {
      return nil
    }
    return provider(identifier)
  }

  func _titleForFooter(inSection section: Int) -> String? {
    guard let provider = sectionFooterTitleProvider, let identifier = sectionIdentifier(for: section) else {
      return nil
    }
    return provider(identifier)
  }

  func _outlineLevel(ofItemAt indexPath: IndexPath) -> Int { _outlineLevelIfOutlined(ofItemAt: indexPath) ?? 0 }

  func _canMoveItem(at indexPath: IndexPath) -> Bool { canMoveItem(at: indexPath) }

  func _moveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    moveItem(at: sourceIndexPath, to: destinationIndexPath)
  }

  func _setOutlineExpanded(_ expanded: Bool, ofItemAt indexPath: IndexPath) -> Bool {
    guard let item = _current.itemIdentifier(for: indexPath) else { return false }
    return expanded ? expandItem(item) : collapseItem(item)
  }

  func _outlineExpansion(ofItemAt indexPath: IndexPath) -> Bool? {
    guard !_sectionSnapshots.isEmpty, let item = _current.itemIdentifier(for: indexPath),
      let section = sectionIdentifier(for: indexPath._section),
      let outline = _outline(of: section), outline.contains(item),
      !outline.snapshot(of: item).items.isEmpty
    else { return nil }
    return outline.isExpanded(item)
  }
}

extension DiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
  /// Creates a data source that drives `host` and makes cells with `cellProvider`, and connects
  /// it to the host (``DiffableListHost/attachDataSource(_:)``). The list starts empty. Its
  /// identifiers are `Sendable`, so large diffs can run off the main actor
  /// (``diffsOffMainActorAboveItemCount``).
  ///
  /// - Parameters:
  ///   - host: the list view to drive; it receives the connection it pulls counts and cells from.
  ///   - cellProvider: makes the cell for an item; must not return nil.
  /// - Complexity: O(1).
  public convenience init(host: Host, cellProvider: @escaping CellProvider) {
    self.init(_host: host, cellProvider: cellProvider)
    _allowOffMainDiffs()
  }

  /// Lets ``diffsOffMainActorAboveItemCount`` move diffs off the main actor (the identifiers are
  /// `Sendable`). Adapters whose identifiers need only be `Hashable` call it where they know more.
  func _allowOffMainDiffs() {
    _offMainDiff = { old, new in await _diffOffMainActor(old, new) }
  }
}
