// swift-tools-version: 6.1
import PackageDescription

// Layout (see ARCHITECTURE.md):
// - DiffableKitCore: value types only (snapshots, section snapshots, the diff, transactions,
//   static table data). Knows nothing of hosts or UI frameworks.
// - DiffableKitDataSources: the list-host protocol, the generic data-source core and the thin
//   UIKit/AppKit adapters (compiled only where those frameworks exist).
// - DiffableKit: the umbrella module; `import DiffableKit` gives the whole public API.
// - DiffableKitTesting: the UIKit batch-update simulator and a simulated list view, for tests.
// - DiffableKitTerminal / DiffableKitGRDB: a terminal list host and a GRDB bridge.
// - DiffableKitCoreData: the Core Data bridge (Apple platforms; compiles to nothing elsewhere).
// - contacts: the runnable demo.
let package = Package(
  name: "DiffableKit",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .visionOS(.v1)],
  products: [
    .library(name: "DiffableKit", targets: ["DiffableKit"]),
    .library(name: "DiffableKitTesting", targets: ["DiffableKitTesting"]),
    .library(name: "DiffableKitTerminal", targets: ["DiffableKitTerminal"]),
    .library(name: "DiffableKitGRDB", targets: ["DiffableKitGRDB"]),
    .library(name: "DiffableKitCoreData", targets: ["DiffableKitCoreData"]),
    .executable(name: "contacts", targets: ["contacts"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
    // `swift package generate-documentation` (the DocC catalogs under Sources/*/*.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Atomics: the deferred item index is published once and read lock-free (an acquire load)
    // by every lookup; the standard library's Synchronization needs newer Apple OS versions.
    .target(name: "DiffableKitCore", dependencies: [.product(name: "Atomics", package: "swift-atomics")]),
    .target(name: "DiffableKitDataSources", dependencies: ["DiffableKitCore"]),
    .target(name: "DiffableKit", dependencies: ["DiffableKitCore", "DiffableKitDataSources"]),
    .target(name: "DiffableKitTesting", dependencies: ["DiffableKit"]),
    .target(name: "DiffableKitTerminal", dependencies: ["DiffableKit"]),
    .target(
      name: "DiffableKitGRDB",
      dependencies: ["DiffableKit", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // Snapshots from a Core Data fetched results controller; compiled only where Core Data exists
    // (empty on Linux, where AppleStandIns compiles it against a stand-in Core Data).
    .target(name: "DiffableKitCoreData", dependencies: ["DiffableKit"]),
    .executableTarget(
      name: "contacts",
      dependencies: [
        "DiffableKit", "DiffableKitTerminal", "DiffableKitGRDB",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "DiffableKitCoreTests",
      dependencies: [
        "DiffableKitCore", "DiffableKit", "DiffableKitTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "DiffableKitChangesetTests",
      dependencies: [
        "DiffableKit", "DiffableKitTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "DiffableKitDataSourcesTests",
      dependencies: [
        "DiffableKit", "DiffableKitTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "DiffableKitTerminalTests",
      dependencies: [
        "DiffableKitTerminal", "DiffableKitTesting", .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "DiffableKitGRDBTests",
      dependencies: ["DiffableKitGRDB", "DiffableKitTesting", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // The code of the DocC articles (Sources/*/*.docc): every `swift` block of an article is a
    // run of lines of a file here, which `ArticleCodeTests` checks, so `swift test` compiles and
    // runs every snippet the documentation shows.
    .testTarget(
      name: "DocSnippetsTests",
      dependencies: [
        "DiffableKit", "DiffableKitTesting", "DiffableKitTerminal", "DiffableKitGRDB",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "ContactsDemoTests",
      dependencies: ["DiffableKit", .product(name: "GRDB", package: "GRDB.swift")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
