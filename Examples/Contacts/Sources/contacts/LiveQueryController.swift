import OpenDiffableGRDB

/// A side controller whose data comes from a live database query (the side-controller pattern):
/// its screen sets `willChange` and `didChange`, and the query's errors go to `didFail` and
/// `didRecover`.
@MainActor
protocol LiveQueryController: AnyObject {
  /// Called before the data changes (the screen captures its selection).
  var willChange: (() -> Void)? { get }
  /// Called after the data changed (the screen reloads its snapshot).
  var didChange: (() -> Void)? { get }
  /// Called when the live query fails or leaves out rows it cannot decode.
  var didFail: ((DatabaseSnapshotError) -> Void)? { get set }
  /// Called when the live query succeeds cleanly again after ``didFail``.
  var didRecover: (() -> Void)? { get set }
  /// The query delivered a new result: work out what changed, then call ``didChange``.
  func queryDidChange()
}

extension DatabaseSnapshotObserver {
  /// Starts the query with its callbacks going to `controller` (held weakly); the first result
  /// is delivered before this returns.
  func start(reportingTo controller: some LiveQueryController) {
    willChange = { [weak controller] in controller?.willChange?() }
    didChange = { [weak controller] in controller?.queryDidChange() }
    didFail = { [weak controller] error in controller?.didFail?(error) }
    didRecover = { [weak controller] in controller?.didRecover?() }
    start()
  }
}
