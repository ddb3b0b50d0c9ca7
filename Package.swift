// swift-tools-version: 6.1
import PackageDescription

// Layout (see ARCHITECTURE.md):
// - OpenDiffableCore: value types only (snapshots, section snapshots, the diff, transactions,
//   static table data). Knows nothing of hosts or UI frameworks.
// - OpenDiffableDataSources: the list-host protocol, the generic data-source core and the thin
//   UIKit/AppKit adapters (compiled only where those frameworks exist).
// - OpenDiffable: the umbrella module; `import OpenDiffable` gives the whole public API.
// - OpenDiffableTesting: the UIKit batch-update simulator and a simulated list view, for tests.
// - OpenDiffableTerminal / OpenDiffableGRDB: a terminal list host and a GRDB bridge.
// - OpenDiffableCoreData: the Core Data bridge (Apple platforms; compiles to nothing elsewhere).
// The runnable demo is a package of its own, Examples/Contacts.
//
// Dependencies an app pays for: swift-atomics only. GRDB is behind the `GRDB` trait (off by
// default): an app that does not enable it never resolves GRDB, whatever GRDB version it uses
// itself. swift-property-based is used by test targets only, which SwiftPM does not resolve for
// clients; swift-docc-plugin is a command plugin for `.ci/docs`. See ARCHITECTURE.md.
let package = Package(
  name: "OpenDiffable",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .visionOS(.v1)],
  products: [
    .library(name: "OpenDiffable", targets: ["OpenDiffable"]),
    .library(name: "OpenDiffableTesting", targets: ["OpenDiffableTesting"]),
    .library(name: "OpenDiffableTerminal", targets: ["OpenDiffableTerminal"]),
    .library(name: "OpenDiffableGRDB", targets: ["OpenDiffableGRDB"]),
    .library(name: "OpenDiffableCoreData", targets: ["OpenDiffableCoreData"]),
  ],
  traits: [
    .trait(
      name: "GRDB",
      description: "Builds OpenDiffableGRDB, the GRDB bridge (database snapshots and observation); adds GRDB."
    )
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
    // `swift package generate-documentation` (the DocC catalogs under Sources/*/*.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Atomics: the deferred item index is published once and read lock-free (an acquire load)
    // by every lookup; the standard library's Synchronization needs newer Apple OS versions.
    .target(
      name: "OpenDiffableCore", dependencies: [.product(name: "Atomics", package: "swift-atomics")],
      exclude: ["Snapshot/ItemIndex/README.md"]),
    .target(name: "OpenDiffableDataSources", dependencies: ["OpenDiffableCore"]),
    .target(name: "OpenDiffable", dependencies: ["OpenDiffableCore", "OpenDiffableDataSources"]),
    .target(name: "OpenDiffableTesting", dependencies: ["OpenDiffable"]),
    .target(name: "OpenDiffableTerminal", dependencies: ["OpenDiffable"]),
    .target(
      name: "OpenDiffableGRDB",
      dependencies: ["OpenDiffable", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"]))]
    ),
    // Snapshots from a Core Data fetched results controller; compiled only where Core Data exists
    // (empty on Linux, where AppleStandIns compiles it against a stand-in Core Data).
    .target(name: "OpenDiffableCoreData", dependencies: ["OpenDiffable"]),
    .testTarget(
      name: "OpenDiffableCoreTests",
      dependencies: [
        "OpenDiffableCore", "OpenDiffable", "OpenDiffableTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "OpenDiffableChangesetTests",
      dependencies: [
        "OpenDiffable", "OpenDiffableTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "OpenDiffableDataSourcesTests",
      dependencies: [
        "OpenDiffable", "OpenDiffableTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "OpenDiffableTerminalTests",
      dependencies: [
        "OpenDiffableTerminal", "OpenDiffableTesting", .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "OpenDiffableGRDBTests",
      dependencies: [
        "OpenDiffableGRDB", "OpenDiffableTesting",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
      ]
    ),
    // The behaviour the DocC articles (Sources/*/*.docc) describe, asserted at run time. That the
    // articles' code blocks compile as a reader copies them is checked by `.ci/articles`.
    .testTarget(
      name: "DocSnippetsTests",
      dependencies: [
        "OpenDiffable", "OpenDiffableTesting", "OpenDiffableTerminal", "OpenDiffableGRDB",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
      ]
    ),
    .testTarget(
      name: "ContactsDemoTests",
      dependencies: ["OpenDiffable", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"]))]
    ),
  ],
  swiftLanguageModes: [.v6]
)
