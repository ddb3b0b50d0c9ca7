// swift-tools-version: 6.0
import PackageDescription

// A client of OpenDiffable as an app adds it: by path here (CI builds it from the clone), by git
// URL once published. It uses the `OpenDiffable` product in both language modes, and CI checks
// that its resolved dependency graph holds nothing but OpenDiffable and swift-atomics (no GRDB,
// swift-argument-parser or swift-property-based): `.ci/client`. Two more targets hold the
// package to what it promises clients:
// - IndexPathClient imports OpenDiffable and another module declaring UIKit's `IndexPath`
//   accessors on Linux (OtherIndexPathAccessors, standing for another package): it compiles
//   only if OpenDiffable's Linux accessors give way instead of making each use ambiguous.
// - GRDBTraitOffClient adds the OpenDiffableGRDB product without the `GRDB` trait: GRDB must
//   stay out of the graph, and a use of the bridge must fail naming the trait (`.ci/client`
//   type-checks NotCompiled/UsesGRDBBridge.swift for that).
//
// Tools version 6.0 on purpose (package traits came with 6.1): using the core asks nothing of a
// client's manifest.
let package = Package(
  name: "ClientPackage",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13)],
  dependencies: [
    .package(name: "OpenDiffable", path: "../..")
  ],
  targets: [
    .target(
      name: "Swift5Client",
      dependencies: [.product(name: "OpenDiffable", package: "OpenDiffable")],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .target(
      name: "Swift6Client",
      dependencies: [.product(name: "OpenDiffable", package: "OpenDiffable")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(name: "OtherIndexPathAccessors"),
    .target(
      name: "IndexPathClient",
      dependencies: [.product(name: "OpenDiffable", package: "OpenDiffable"), "OtherIndexPathAccessors"]
    ),
    .target(
      name: "GRDBTraitOffClient",
      dependencies: [
        .product(name: "OpenDiffable", package: "OpenDiffable"),
        .product(name: "OpenDiffableGRDB", package: "OpenDiffable"),
      ]
    ),
  ]
)
