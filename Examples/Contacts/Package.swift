// swift-tools-version: 6.1
import PackageDescription

// The runnable demo: a contacts app in the terminal, on SQLite through GRDB, built on
// OpenDiffable's terminal list host and GRDB bridge. A package of its own so that the library
// package declares no dependency an app does not need (swift-argument-parser is the demo's alone;
// GRDB is behind the library's `GRDB` trait). Run it from the repository root:
//
//     swift run --package-path Examples/Contacts contacts
//
// Its end-to-end tests live in the library package (Tests/ContactsDemoTests), which builds this
// package when the binary is missing.
let package = Package(
  name: "Contacts",
  // macOS 14: the settings screen follows an `@Observable` model (`applyObserving`, where Swift
  // Observation is). The library itself still supports macOS 10.15.
  platforms: [.macOS(.v14)],
  products: [.executable(name: "contacts", targets: ["contacts"])],
  dependencies: [
    .package(name: "OpenDiffable", path: "../..", traits: ["GRDB"]),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "contacts",
      dependencies: [
        .product(name: "OpenDiffable", package: "OpenDiffable"),
        .product(name: "OpenDiffableTerminal", package: "OpenDiffable"),
        .product(name: "OpenDiffableGRDB", package: "OpenDiffable"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
