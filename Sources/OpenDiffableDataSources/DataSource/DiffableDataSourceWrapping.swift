import OpenDiffableCore

/// A data source that keeps its ``DiffableDataSource`` in `core`. Conforming is all an adapter
/// does to offer ``DiffableDataSourceSettings`` and ``DiffableDataSourceAdapter``: the members
/// below witness those public requirements (a witness may come from an internal protocol's
/// extension), so `core` stays internal and each forwarder is written once. ARCHITECTURE.md,
/// "The public API: what an app sees", says why.
@MainActor
protocol _WrapsDiffableDataSource: DiffableDataSourceAdapter {
  associatedtype _Host: DiffableListHost
  /// The data source doing the work; it stores every setting.
  nonisolated var core: DiffableDataSource<_Host, SectionIdentifierType, ItemIdentifierType> { get }
  /// Called before an observed apply starts; the AppKit table puts its delegate proxy in place.
  func _willApply()
}

extension _WrapsDiffableDataSource {
  func _willApply() {}

  public var preservesSelection: Bool {
    get { core.preservesSelection }
    set { core.preservesSelection = newValue }
  }

  public var preservesFocus: Bool {
    get { core.preservesFocus }
    set { core.preservesFocus = newValue }
  }

  public var coalescesPendingApplies: Bool {
    get { core.coalescesPendingApplies }
    set { core.coalescesPendingApplies = newValue }
  }

  // Named apart (`@_implements`): the AppKit adapters declare a `diffsOffMainActorAboveItemCount`
  // of their own for `Sendable` identifiers, which a witness of the same name would make
  // ambiguous inside this module.
  @_implements(DiffableDataSourceSettings,diffsOffMainActorAboveItemCount)
  public var _diffsOffMainActorAboveItemCountSetting: Int? {
    get { core.diffsOffMainActorAboveItemCount }
    set { core.diffsOffMainActorAboveItemCount = newValue }
  }

  public var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)? {
    get { core.traceHandler }
    set { core.traceHandler = newValue }
  }

  public var contentProvider: ((_ itemIdentifier: ItemIdentifierType) -> any Equatable)? {
    get { core.contentProvider }
    set { core.contentProvider = newValue }
  }

  nonisolated public func description() -> String {
    core._backgroundApplies.describe(type(of: self))
  }

  #if canImport(Observation)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    public func _applyObserving(
      animatingDifferences: Bool, completion: (() -> Void)?,
      _ makeSnapshot: @escaping () -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) -> DiffableDataSourceObservation {
      _willApply()
      return core.applyObserving(animatingDifferences: animatingDifferences, completion: completion, makeSnapshot)
    }
  #endif
}

extension _WrapsDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
  /// Sets ``DiffableDataSource/diffsOffMainActorAboveItemCount`` knowing that the identifiers are
  /// `Sendable`, so diffs may leave the main actor: the AppKit adapters' own property.
  func _setDiffsOffMainActorAboveItemCount(_ count: Int?) {
    core._allowOffMainDiffs()
    core.diffsOffMainActorAboveItemCount = count
  }
}
