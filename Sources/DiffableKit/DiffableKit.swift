// The umbrella module: `import DiffableKit` gives the whole public API.
@_exported import DiffableKitCore
@_exported import DiffableKitDataSources
