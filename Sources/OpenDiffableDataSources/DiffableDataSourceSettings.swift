/// Where OpenDiffable's own settings live: the generic ``DiffableDataSource``, whose stored
/// properties are the only storage. Wrappers reach it through ``DiffableDataSourceSettings``.
@MainActor
public protocol DiffableDataSourceSettingsStorage: AnyObject {
  /// See ``DiffableDataSource/preservesSelection``.
  var preservesSelection: Bool { get set }
  /// See ``DiffableDataSource/preservesFocus``.
  var preservesFocus: Bool { get set }
  /// See ``DiffableDataSource/coalescesPendingApplies``.
  var coalescesPendingApplies: Bool { get set }
  /// See ``DiffableDataSource/diffsOffMainActorAboveItemCount``.
  var diffsOffMainActorAboveItemCount: Int? { get set }
  /// See ``DiffableDataSource/traceHandler``.
  var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)? { get set }
}

extension DiffableDataSource: DiffableDataSourceSettingsStorage {}

/// OpenDiffable's additions to Apple's data-source API, offered identically by every data source
/// that wraps a ``DiffableDataSource`` (``TableHostDiffableDataSource``, the UIKit and AppKit
/// `CollectionViewDiffableDataSource` and `TableViewDiffableDataSource`): each setting is
/// written once, here, and stored in the wrapped data source.
///
/// ```swift
/// dataSource.preservesSelection = false
/// dataSource.traceHandler = { print($0) }
/// ```
///
/// Every member is O(1). Reading or writing them off the main actor is a compile error.
@MainActor
public protocol DiffableDataSourceSettings: AnyObject {
  /// The data source that stores the settings.
  var settingsStorage: any DiffableDataSourceSettingsStorage { get }
}

extension DiffableDataSourceSettings {
  /// Whether the selection is captured by identifier before every apply and restored after it.
  /// Default: true.
  public var preservesSelection: Bool {
    get { settingsStorage.preservesSelection }
    set { settingsStorage.preservesSelection = newValue }
  }

  /// Whether the focused item is kept by identifier across applies, on hosts that have a focus.
  /// Default: true.
  public var preservesFocus: Bool {
    get { settingsStorage.preservesFocus }
    set { settingsStorage.preservesFocus = newValue }
  }

  /// Whether waiting full-snapshot applies are replaced by the newest; see
  /// ``DiffableDataSource/coalescesPendingApplies``. Default: false.
  public var coalescesPendingApplies: Bool {
    get { settingsStorage.coalescesPendingApplies }
    set { settingsStorage.coalescesPendingApplies = newValue }
  }

  /// Item count above which diffs run off the main actor; see
  /// ``DiffableDataSource/diffsOffMainActorAboveItemCount``. Default: nil.
  public var diffsOffMainActorAboveItemCount: Int? {
    get { settingsStorage.diffsOffMainActorAboveItemCount }
    set { settingsStorage.diffsOffMainActorAboveItemCount = newValue }
  }

  /// Receives a ``DiffableDataSourceApplyTrace`` after every apply; nil (the default) turns
  /// tracing off.
  public var traceHandler: ((DiffableDataSourceApplyTrace) -> Void)? {
    get { settingsStorage.traceHandler }
    set { settingsStorage.traceHandler = newValue }
  }
}
