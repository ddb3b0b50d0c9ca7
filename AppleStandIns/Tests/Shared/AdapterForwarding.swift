import OpenDiffable
import Testing

@testable import OpenDiffableDataSources

// Shared by the main package's tests and both stand-in test targets (each links this file).

/// The values of what an adapter forwards, as a test can compare them.
private struct Values: Equatable {
  var preservesSelection = true
  var preservesFocus = true
  var coalescesPendingApplies = false
  var diffsOffMainActorAboveItemCount: Int?
  var tracing = false
  var content: Int?
}

/// Checks that each member `adapter` forwards (the five settings, `contentProvider`,
/// `description()`, `applyObserving`) reaches `core`, the data source it wraps, and nothing else:
/// one at a time, each is written through the adapter and read in `core`, then written in `core`
/// and read through the adapter. Fails when an adapter keeps a setting of its own or wires one
/// to another.
@MainActor
func expectForwarding<Adapter: DiffableDataSourceAdapter, Host>(
  _ adapter: Adapter, to core: DiffableDataSource<Host, String, Int>,
  sourceLocation: SourceLocation = #_sourceLocation
) where Adapter.SectionIdentifierType == String, Adapter.ItemIdentifierType == Int {
  func read(_ settings: some DiffableDataSourceSettings, _ content: ((Int) -> any Equatable)?) -> Values {
    Values(
      preservesSelection: settings.preservesSelection, preservesFocus: settings.preservesFocus,
      coalescesPendingApplies: settings.coalescesPendingApplies,
      diffsOffMainActorAboveItemCount: settings.diffsOffMainActorAboveItemCount,
      tracing: settings.traceHandler != nil, content: content?(1) as? Int)
  }
  func write(_ values: Values, to settings: some DiffableDataSourceSettings) -> ((Int) -> any Equatable)? {
    settings.preservesSelection = values.preservesSelection
    settings.preservesFocus = values.preservesFocus
    settings.coalescesPendingApplies = values.coalescesPendingApplies
    settings.diffsOffMainActorAboveItemCount = values.diffsOffMainActorAboveItemCount
    settings.traceHandler = values.tracing ? { _ in } : nil
    return values.content.map { factor in { $0 * factor } }
  }
  let defaults = Values()
  let edits: [(String, (inout Values) -> Void)] = [
    ("preservesSelection", { $0.preservesSelection = false }),
    ("preservesFocus", { $0.preservesFocus = false }),
    ("coalescesPendingApplies", { $0.coalescesPendingApplies = true }),
    ("diffsOffMainActorAboveItemCount", { $0.diffsOffMainActorAboveItemCount = 12_345 }),
    ("traceHandler", { $0.tracing = true }),
    ("contentProvider", { $0.content = 7 }),
  ]
  #expect(read(adapter, adapter.contentProvider) == defaults, sourceLocation: sourceLocation)
  for (name, edit) in edits {
    var edited = defaults
    edit(&edited)
    adapter.contentProvider = write(edited, to: adapter)
    #expect(read(core, core.contentProvider) == edited, "\(name) set on the adapter", sourceLocation: sourceLocation)
    core.contentProvider = write(defaults, to: core)
    #expect(read(adapter, adapter.contentProvider) == defaults, "\(name) reset", sourceLocation: sourceLocation)
    core.contentProvider = write(edited, to: core)
    #expect(read(adapter, adapter.contentProvider) == edited, "\(name) set on the core", sourceLocation: sourceLocation)
    core.contentProvider = write(defaults, to: core)
  }

  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  snapshot.appendSections(["a"])
  snapshot.appendItems([1, 2])
  core.applySnapshotUsingReloadData(snapshot)
  #expect(adapter.description() == "\(type(of: adapter))(1 section, 2 items)", sourceLocation: sourceLocation)

  #if canImport(Observation)
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
      snapshot.appendItems([3])
      let observation = adapter.applyObserving(animatingDifferences: false) { snapshot }
      #expect(core.snapshot().itemIdentifiers == [1, 2, 3], sourceLocation: sourceLocation)
      #expect(observation.isActive, sourceLocation: sourceLocation)
      observation.cancel()
    }
  #endif
}
