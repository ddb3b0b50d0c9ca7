import OpenDiffableCore

/// A data source that wraps a ``DiffableDataSource`` for one kind of list view: the UIKit and
/// AppKit `CollectionViewDiffableDataSource` and `TableViewDiffableDataSource`, and
/// ``TableHostDiffableDataSource``. Each offers the same OpenDiffable additions to Apple's API,
/// kept in the data source it wraps, so they behave as that data source's pages say.
///
/// ```swift
/// dataSource.contentProvider = { id in store.contact(id) }
/// dataSource.applyObserving { [store] in store.snapshot() }
/// ```
///
/// Reading a member is O(1); setting ``contentProvider`` drops the content recorded for the
/// visible items; ``applyObserving(animatingDifferences:completion:_:)`` costs an apply per
/// change. Using them off the main actor is a compile error, except ``description()``.
@MainActor
public protocol DiffableDataSourceAdapter<SectionIdentifierType, ItemIdentifierType>: DiffableDataSourceSettings {
  /// The type of the section identifiers.
  associatedtype SectionIdentifierType: Hashable
  /// The type of the item identifiers.
  associatedtype ItemIdentifierType: Hashable

  /// Gives what an item's cell shows; when set, every apply also reconfigures the visible items
  /// whose content changed since their cell was made or last reconfigured (AppKit's data
  /// sources reload them: AppKit has no in-place reconfigure). O(visible items) per apply.
  /// Default: nil. See ``DiffableDataSource/contentProvider``.
  var contentProvider: ((_ itemIdentifier: ItemIdentifierType) -> any Equatable)? { get set }

  /// The type and a summary of the current snapshot, for example
  /// `CollectionViewDiffableDataSource<String, Int>(2 sections, 5 items)`. A method, as in
  /// UIKit's and AppKit's Swift interfaces (on their data sources, the `description` property
  /// is `NSObject`'s). O(1), from any thread.
  nonisolated func description() -> String

  #if canImport(Observation)
    /// What ``applyObserving(animatingDifferences:completion:_:)`` calls; call that instead.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func _applyObserving(
      animatingDifferences: Bool, completion: (() -> Void)?,
      _ makeSnapshot: @escaping () -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) -> DiffableDataSourceObservation
  #endif
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  extension DiffableDataSourceAdapter {
    /// Applies the snapshot `makeSnapshot` returns, and again whenever an observable property it
    /// read (or, with a ``contentProvider``, one the provider read for a visible item) changes:
    /// the list follows an `@Observable` model. Changes within one turn of the main actor make
    /// one apply; calling this again replaces the observation; releasing the data source or
    /// cancelling the returned handle ends it. `animatingDifferences: false` diffs without
    /// animation, also on AppKit, whose `apply` reloads then. See
    /// ``DiffableDataSource/applyObserving(animatingDifferences:completion:_:)`` for the rules,
    /// the misuse that stops the process and the complexity.
    @discardableResult
    public func applyObserving(
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
      _ makeSnapshot: @escaping () -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) -> DiffableDataSourceObservation {
      _applyObserving(animatingDifferences: animatingDifferences, completion: completion, makeSnapshot)
    }
  }
#endif
