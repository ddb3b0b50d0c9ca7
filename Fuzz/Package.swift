// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for OpenDiffable's snapshots, section snapshots and changesets, kept out of
// the main package: it links only with `-sanitize=fuzzer`, which provides `main`. The library
// targets are the main package's own source folders, reached through symbolic links in
// Fuzz/Sources, so the fuzzer instruments exactly the code that ships. See Fuzz/README.md.
let package = Package(
  name: "OpenDiffableFuzz",
  platforms: [.macOS(.v10_15)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0")
  ],
  targets: [
    .target(
      name: "OpenDiffableCore", dependencies: [.product(name: "Atomics", package: "swift-atomics")],
      exclude: ["Snapshot/ItemIndex/README.md"],
      // Lets each input choose the item table's hash seed (see _fuzzingHashSeed).
      swiftSettings: [.define("OPENDIFFABLE_FUZZING")]),
    .target(name: "OpenDiffableDataSources", dependencies: ["OpenDiffableCore"]),
    .target(name: "OpenDiffable", dependencies: ["OpenDiffableCore", "OpenDiffableDataSources"]),
    .target(name: "OpenDiffableTesting", dependencies: ["OpenDiffable"]),
    // The runs and their model (Fuzz/Shared, linked into both), half of the identifier kinds
    // each: the two compile in parallel. OpenDiffableCore directly: the runs call its
    // `@_spi(Testing)` `_checkInvariants()`.
    .target(name: "FuzzRunsA", dependencies: ["OpenDiffable", "OpenDiffableCore", "OpenDiffableTesting"]),
    .target(name: "FuzzRunsB", dependencies: ["OpenDiffable", "OpenDiffableCore", "OpenDiffableTesting"]),
    // `_fuzzingHashSeed` is OpenDiffableCore's `@_spi(Testing)` too.
    .executableTarget(
      name: "SnapshotFuzzer", dependencies: ["FuzzRunsA", "FuzzRunsB", "OpenDiffable", "OpenDiffableCore"]),
  ],
  swiftLanguageModes: [.v6]
)
