import Foundation
import OpenDiffable
import OpenDiffableTesting

#if canImport(UIKit)
  import UIKit
#else
  import AppKit
#endif

// Code written for Apple's data sources on iOS 13–17: Swift 5 mode, minimal concurrency checking,
// calling `apply` and `snapshot()` from whatever queue it runs on (Apple documented: "You can
// safely call this method from a background queue, but you must do so consistently in your
// app"). The tests call these from background queues.

/// A data source's apply and read members, callable from any thread as Swift 5 code calls them.
public final class AnyThreadCalls: @unchecked Sendable {
  public typealias Snapshot = DiffableDataSourceSnapshot<String, Int>
  public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<Int>

  private let applyFull: (Snapshot, Bool, (() -> Void)?) -> Void
  private let applyAsync: (Snapshot, Bool) async -> Void
  private let reloadFull: (Snapshot, (() -> Void)?) -> Void
  private let applySection: ((SectionSnapshot, String, Bool, (() -> Void)?) -> Void)?
  private let readSnapshot: () -> Snapshot
  private let readSection: ((String) -> SectionSnapshot)?

  /// A collection view adapter's members.
  public init(_ dataSource: CollectionViewDiffableDataSource<String, Int>) {
    applyFull = { dataSource.apply($0, animatingDifferences: $1, completion: $2) }
    #if canImport(UIKit)
      applyAsync = { await dataSource.apply($0, animatingDifferences: $1) }
      reloadFull = { dataSource.applySnapshotUsingReloadData($0, completion: $1) }
      applySection = { dataSource.apply($0, to: $1, animatingDifferences: $2, completion: $3) }
      readSection = { dataSource.snapshot(for: $0) }
    #else
      applyAsync = Self.awaiting(applyFull)
      reloadFull = { dataSource.apply($0, animatingDifferences: false, completion: $1) }
      applySection = nil
      readSection = nil
    #endif
    readSnapshot = { dataSource.snapshot() }
  }

  /// A table view adapter's members.
  public init(_ dataSource: TableViewDiffableDataSource<String, Int>) {
    #if canImport(UIKit)
      applyFull = { dataSource.apply($0, animatingDifferences: $1, completion: $2) }
      applyAsync = { await dataSource.apply($0, animatingDifferences: $1) }
      reloadFull = { dataSource.applySnapshotUsingReloadData($0, completion: $1) }
    #else
      applyFull = { dataSource.apply($0, animatingDifferences: $1, completion: $2) }
      applyAsync = Self.awaiting(applyFull)
      reloadFull = { dataSource.apply($0, animatingDifferences: false, completion: $1) }
    #endif
    applySection = nil
    readSnapshot = { dataSource.snapshot() }
    readSection = nil
  }

  /// The generic data source's members, on a simulated collection view.
  public init(_ dataSource: DiffableDataSource<SimulatedCollectionView<String, Int>, String, Int>) {
    applyFull = { dataSource.apply($0, animatingDifferences: $1, completion: $2) }
    applyAsync = { await dataSource.apply($0, animatingDifferences: $1) }
    reloadFull = { dataSource.applySnapshotUsingReloadData($0, completion: $1) }
    applySection = { dataSource.apply($0, to: $1, animatingDifferences: $2, completion: $3) }
    readSnapshot = { dataSource.snapshot() }
    readSection = { dataSource.snapshot(for: $0) }
  }

  #if canImport(UIKit)
    /// UIKit's reference collection view data source, fed Apple's Objective-C snapshots.
    public init(_ dataSource: CollectionViewDiffableDataSourceReference) {
      applyFull = { dataSource.applySnapshot(Self.reference($0), animatingDifferences: $1, completion: $2) }
      applyAsync = Self.awaiting(applyFull)
      reloadFull = { dataSource.applySnapshot(usingReloadData: Self.reference($0), completion: $1) }
      applySection = {
        dataSource.applySnapshot(Self.reference($0), toSection: $1, animatingDifferences: $2, completion: $3)
      }
      readSnapshot = { Snapshot(dataSource.snapshot()) }
      readSection = { Self.typed(dataSource.snapshot(forSection: $0)) }
    }

    /// UIKit's reference table data source, fed Apple's Objective-C snapshots.
    public init(_ dataSource: TableViewDiffableDataSourceReference) {
      applyFull = { dataSource.applySnapshot(Self.reference($0), animatingDifferences: $1, completion: $2) }
      applyAsync = Self.awaiting(applyFull)
      reloadFull = { dataSource.applySnapshot(usingReloadData: Self.reference($0), completion: $1) }
      applySection = nil
      readSnapshot = { Snapshot(dataSource.snapshot()) }
      readSection = nil
    }

    /// Apple's Objective-C section snapshot with this outline.
    static func reference(_ outline: SectionSnapshot) -> NSDiffableDataSourceSectionSnapshotReference {
      let reference = NSDiffableDataSourceSectionSnapshotReference()
      for item in outline.items { reference.appendItems([item], intoParentItem: outline.parent(of: item)) }
      reference.expandItems(outline.items.filter(outline.isExpanded))
      return reference
    }

    /// The outline of Apple's Objective-C section snapshot.
    static func typed(_ reference: NSDiffableDataSourceSectionSnapshotReference) -> SectionSnapshot {
      var outline = SectionSnapshot()
      for item in reference.items {
        outline.append([item as! Int], to: reference.parent(ofChildItem: item).map { $0 as! Int })
      }
      outline.expand(reference.items.filter(reference.isExpanded).map { $0 as! Int })
      return outline
    }
  #else
    /// AppKit's reference table data source (no section header rows), fed AppKit's Objective-C
    /// snapshots.
    public init(_ dataSource: TableViewDiffableDataSourceReference<NSObject, NSObject>) {
      applyFull = { dataSource.applySnapshot(Self.reference($0), animatingDifferences: $1, completion: $2) }
      applyAsync = Self.awaiting(applyFull)
      reloadFull = { dataSource.applySnapshot(Self.reference($0), animatingDifferences: false, completion: $1) }
      applySection = nil
      readSnapshot = { Snapshot(dataSource.snapshot()) }
      readSection = nil
    }
  #endif

  /// Apple's Objective-C snapshot with the sections, items and reload marks of `snapshot`.
  static func reference(_ snapshot: Snapshot) -> NSDiffableDataSourceSnapshotReference {
    let reference = NSDiffableDataSourceSnapshotReference()
    reference.appendSections(withIdentifiers: snapshot.sectionIdentifiers)
    for section in snapshot.sectionIdentifiers {
      reference.appendItems(
        withIdentifiers: snapshot.itemIdentifiers(inSection: section), intoSectionWithIdentifier: section)
    }
    if !snapshot.reloadedItemIdentifiers.isEmpty {
      reference.reloadItems(withIdentifiers: snapshot.reloadedItemIdentifiers)
    }
    return reference
  }

  /// An `async` apply made of a completion-handler one (AppKit's data sources have no `async` apply).
  private static func awaiting(
    _ apply: @escaping (Snapshot, Bool, (() -> Void)?) -> Void
  ) -> (Snapshot, Bool) async -> Void {
    { snapshot, animated in
      await withCheckedContinuation { continuation in apply(snapshot, animated) { continuation.resume() } }
    }
  }

  /// Whether the data source has section snapshots.
  public var hasSectionSnapshots: Bool { applySection != nil }

  /// `apply(_:animatingDifferences:completion:)`.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
    applyFull(snapshot, animatingDifferences, completion)
  }

  /// `await apply(_:animatingDifferences:)`.
  public func applyAndWait(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    await applyAsync(snapshot, animatingDifferences)
  }

  /// `applySnapshotUsingReloadData(_:completion:)` (AppKit: `apply(_:animatingDifferences: false)`).
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    reloadFull(snapshot, completion)
  }

  /// `apply(_:to:animatingDifferences:completion:)`; only where ``hasSectionSnapshots``.
  public func apply(
    _ snapshot: SectionSnapshot, to section: String, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    applySection!(snapshot, section, animatingDifferences, completion)
  }

  /// `snapshot()`.
  public func snapshot() -> Snapshot { readSnapshot() }

  /// `snapshot(for:)`; only where ``hasSectionSnapshots``.
  public func snapshot(for section: String) -> SectionSnapshot { readSection!(section) }
}
