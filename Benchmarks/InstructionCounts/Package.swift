// swift-tools-version: 6.1
// Instruction counts of single calls, under callgrind (see BENCHMARKS.md).
// A package of its own so that it can be built against another checkout of OpenDiffable
// (from the rename on):
//   COUNTED_PACKAGE_PATH=/path/to/checkout swift build -c release --scratch-path /tmp/ic-other
// Default: this checkout (../..).
import PackageDescription

let countedPath = Context.environment["COUNTED_PACKAGE_PATH"] ?? "../.."

let package = Package(
  name: "InstructionCounts",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "OpenDiffable", path: countedPath),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
  ],
  targets: [
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        .product(name: "OpenDiffable", package: "OpenDiffable"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    // Draws the chart of BENCHMARKS.md from chart.sh's measurements (no dependencies).
    .executableTarget(name: "BenchmarkChart"),
  ],
  swiftLanguageModes: [.v6]
)
