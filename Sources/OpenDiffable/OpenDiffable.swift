// The umbrella module: `import OpenDiffable` gives the whole public API.
@_exported import OpenDiffableCore
@_exported import OpenDiffableDataSources
