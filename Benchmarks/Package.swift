// swift-tools-version: 6.1
// Benchmarks live in their own package so `swift test` on OpenDiffable never builds the benchmark
// harness. Run from this folder: `swift package benchmark` (see BENCHMARKS.md at the root).
import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
  .product(name: "OpenDiffable", package: "OpenDiffable"),
  // SplitMix64: the seeded generator that makes every run measure the same inputs.
  .product(name: "OpenDiffableTesting", package: "OpenDiffable"),
  .product(name: "Benchmark", package: "benchmark"),
  .product(name: "OrderedCollections", package: "swift-collections"),
]

let package = Package(
  name: "OpenDiffableBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "OpenDiffable", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
  ],
  targets: [
    .executableTarget(
      name: "SnapshotBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/SnapshotBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ChangesetBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/ChangesetBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "MutationBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/MutationBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ContentBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/ContentBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "RebuildBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/RebuildBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "SectionBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/SectionBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "OutlineBenchmarks",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/OutlineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
