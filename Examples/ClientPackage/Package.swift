// swift-tools-version: 6.0
import PackageDescription

// A client of OpenDiffable as an app adds it: by path here (CI builds it from the clone), by git
// URL once published. It uses the `OpenDiffable` product only, in both language modes, and CI
// checks that its resolved dependency graph holds nothing but OpenDiffable and swift-atomics
// (no GRDB, swift-argument-parser or swift-property-based): `.ci/client`.
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
  ]
)
