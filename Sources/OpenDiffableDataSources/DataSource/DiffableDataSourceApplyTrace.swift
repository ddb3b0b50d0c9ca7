import Foundation

/// What one apply did, for a developer watching a data source at work: what changed, how long
/// the diff and the host update took, and whether and why the host was reloaded instead of
/// animated.
///
/// Turn tracing on with a data source's `traceHandler`:
///
/// ```swift
/// dataSource.traceHandler = { trace in print(trace) }
/// // apply #12 apply(_:animatingDifferences:completion:): batch, 3 sections, 120 items;
/// //   sections -0 +0 ↻0 ⇄0; items -3 +5 ↻0 ⇄1 ~2; diff 0.05 ms; host 0.30 ms
/// ```
public struct DiffableDataSourceApplyTrace: Sendable, Hashable, CustomStringConvertible {
  /// How the host was updated.
  public enum Method: String, Sendable, Hashable {
    /// One animated batch update.
    case animatedBatch
    /// One batch update with animations turned off.
    case batchWithoutAnimation
    /// `reloadData()`: no diff was handed to the host (see ``reloadReason``).
    case reloadData
    /// Nothing changed: the host was not called.
    case none
  }

  /// Why the host was reloaded instead of updated with a batch.
  public enum ReloadReason: Sendable, Hashable, CustomStringConvertible {
    /// `applySnapshotUsingReloadData` was called.
    case requested
    /// The first apply of the data source loads the host (later applies to an empty list are
    /// batches).
    case initialLoad
    /// The batch is valid but UIKit is known to mishandle it and it could not be staged; the
    /// payload explains.
    case unsafeBatch(String)

    /// A short explanation.
    public var description: String {
      switch self {
      case .requested: "requested with applySnapshotUsingReloadData"
      case .initialLoad: "first apply: the host has not loaded"
      case .unsafeBatch(let why): "unsafe batch: \(why)"
      }
    }
  }

  /// 1 for the first apply of this data source, then 2, 3, …
  public var sequenceNumber: Int
  /// The API that was called, e.g. `apply(_:animatingDifferences:completion:)`.
  public var operation: String
  /// How the host was updated.
  public var method: Method
  /// Why the host was reloaded; nil unless ``method`` is ``Method/reloadData``.
  public var reloadReason: ReloadReason?
  /// Sections and items in the applied snapshot.
  public var numberOfSections: Int
  /// Items in the applied snapshot.
  public var numberOfItems: Int
  /// Sections deleted, inserted, reloaded and moved by the batches (0 for a reload).
  public var sectionDeletes = 0, sectionInserts = 0, sectionReloads = 0, sectionMoves = 0
  /// Items deleted, inserted, reloaded, moved and reconfigured by the batch (0 for a reload).
  public var itemDeletes = 0, itemInserts = 0, itemReloads = 0, itemMoves = 0, itemReconfigures = 0
  /// Items reconfigured because their content changed on screen (a data source's
  /// `contentProvider`), on top of the app's own reconfigure marks counted in
  /// ``itemReconfigures``; 0 without a content provider.
  public var contentReconfigures = 0
  /// How long the diff took, in seconds; nil when there was no diff.
  public var diffDuration: TimeInterval?
  /// Whether the diff ran off the main actor.
  public var diffedOffMainActor = false
  /// How long the host took to take the update (the synchronous part: the batch, reconfigures
  /// and selection restore; animations run later), in seconds.
  public var hostUpdateDuration: TimeInterval = 0
  /// How many batches the host received: 1, or 2 when a batch UIKit mishandles was staged
  /// (see ``stagingReason``); 0 for a reload or no change.
  public var batchCount = 0
  /// Why the change was split into two batches instead of one; nil when it was not.
  public var stagingReason: String?
  /// How many earlier applies this one replaced (``DiffableDataSource/coalescesPendingApplies``).
  public var coalescedApplies = 0

  /// A one-or-two-line summary.
  public var description: String {
    var text = "apply #\(sequenceNumber) \(operation): "
    switch method {
    case .animatedBatch: text += "batch"
    case .batchWithoutAnimation: text += "batch without animation"
    case .reloadData: text += "reloadData (\(reloadReason?.description ?? "?"))"
    case .none: text += "no change"
    }
    text += ", \(numberOfSections) sections, \(numberOfItems) items"
    if method == .animatedBatch || method == .batchWithoutAnimation {
      text +=
        "; sections -\(sectionDeletes) +\(sectionInserts) ↻\(sectionReloads) ⇄\(sectionMoves)"
        + "; items -\(itemDeletes) +\(itemInserts) ↻\(itemReloads) ⇄\(itemMoves) ~\(itemReconfigures)"
    }
    if contentReconfigures > 0 { text += "; content changes ~\(contentReconfigures)" }
    if let stagingReason { text += "; staged in \(batchCount) batches (\(stagingReason))" }
    if let diffDuration {
      text += "; diff \(Self.milliseconds(diffDuration))\(diffedOffMainActor ? " (off main)" : "")"
    }
    text += "; host \(Self.milliseconds(hostUpdateDuration))"
    if coalescedApplies > 0 { text += "; replaced \(coalescedApplies) pending" }
    return text
  }

  static func milliseconds(_ seconds: TimeInterval) -> String {
    String(format: "%.2f ms", seconds * 1000)
  }
}

/// Monotonic time in seconds (no newer-OS clock API).
func _now() -> TimeInterval {
  TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
}
