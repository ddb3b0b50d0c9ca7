/// OpenDiffable's additions to Apple's data-source API, offered identically by every data source:
/// ``DiffableDataSource``, ``TableHostDiffableDataSource`` and the UIKit and AppKit
/// `CollectionViewDiffableDataSource` and `TableViewDiffableDataSource`. Each of these stores
/// the settings in the ``DiffableDataSource`` it wraps, so a setting means the same everywhere.
///
/// ```swift
/// dataSource.preservesSelection = false
/// dataSource.traceHandler = { print($0) }
/// ```
///
/// Every member is O(1). Reading or writing them off the main actor is a compile error.
@MainActor
public protocol DiffableDataSourceSettings: AnyObject {
  /// Whether the selection is captured by identifier before every apply and restored after it.
  /// Default: true. See ``DiffableDataSource/preservesSelection``.
  var preservesSelection: Bool { get set }

  /// Whether the focused item is kept by identifier across applies, on hosts that have a focus.
  /// Default: true. See ``DiffableDataSource/preservesFocus``.
  var preservesFocus: Bool { get set }

  /// Whether waiting full-snapshot applies are replaced by the newest. Default: false. See
  /// ``DiffableDataSource/coalescesPendingApplies``.
  var coalescesPendingApplies: Bool { get set }

  /// Item count above which diffs run off the main actor. Default: nil. See
  /// ``DiffableDataSource/diffsOffMainActorAboveItemCount``.
  var diffsOffMainActorAboveItemCount: Int? { get set }

  /// Receives a ``DiffableDataSourceApplyTrace`` after every apply; nil (the default) turns
  /// tracing off. See ``DiffableDataSource/traceHandler``.
  var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)? { get set }
}

extension DiffableDataSource: DiffableDataSourceSettings {}
