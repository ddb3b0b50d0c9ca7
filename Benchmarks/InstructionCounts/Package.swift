// swift-tools-version: 6.1
// Instruction counts of single calls, under callgrind (see BENCHMARKS.md).
// A package of its own so that it can be built against another checkout of OpenDiffable,
// including revisions from before the rename (module DiffableKit):
//   COUNTED_PACKAGE_PATH=/path/to/checkout COUNTED_MODULE=DiffableKit swift build -c release ...
// Defaults: this checkout (../..), module OpenDiffable.
import PackageDescription

let environment = Context.environment
let countedPath = environment["COUNTED_PACKAGE_PATH"] ?? "../.."
let countedModule = environment["COUNTED_MODULE"] ?? "OpenDiffable"
let countedPackage = countedModule == "DiffableKit" ? "DiffableKit" : "OpenDiffable"

let package = Package(
  name: "InstructionCounts",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: countedPackage, path: countedPath),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
  ],
  targets: [
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        .product(name: countedModule, package: countedPackage),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    // Draws the chart of BENCHMARKS.md from chart.sh's measurements (no dependencies).
    .executableTarget(name: "BenchmarkChart"),
  ],
  swiftLanguageModes: [.v6]
)
