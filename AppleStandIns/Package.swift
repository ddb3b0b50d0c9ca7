// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Stand-ins for the parts of UIKit and AppKit that OpenDiffable's platform adapters use, so that
// the adapter files (Sources/OpenDiffableDataSources/UIKit and AppKit in the main package) are
// compiled and run on Linux. Never a dependency of the main package. See DECLARATIONS.md.
//
// The library targets are the main package's own source folders, reached through symbolic
// links in Sources/, so `canImport(UIKit)` (or `canImport(AppKit)`) becomes true for the real,
// unchanged adapter files. One build may contain only one of the two stand-ins: SwiftPM puts
// every module of a build on every target's search path, so with both built `canImport` would
// be true for both and the UIKit and AppKit adapters (same class names) would clash in one
// module. The flavour is chosen with OPENDIFFABLE_STANDIN (UIKit, the default, or AppKit), each
// flavour in its own scratch directory:
//
//   OPENDIFFABLE_STANDIN=UIKit  swift test --package-path AppleStandIns --scratch-path AppleStandIns/.build/uikit
//   OPENDIFFABLE_STANDIN=AppKit swift test --package-path AppleStandIns --scratch-path AppleStandIns/.build/appkit
let flavour = Context.environment["OPENDIFFABLE_STANDIN"] ?? "UIKit"
precondition(["UIKit", "AppKit"].contains(flavour), "OPENDIFFABLE_STANDIN must be UIKit or AppKit, not \(flavour)")

// Foundation on Apple platforms has no `IndexPath.section`, `.item`, `.row` or their
// initializers: UIKit and AppKit add them (the stand-ins transcribe those extensions). The library
// declares them for Linux only; compiled with this flag it does not, as on Apple platforms, so a
// library module that used UIKit's spelling without importing UIKit fails to compile here as it
// would on iOS (and the result no longer depends on whether SwiftPM built the stand-in first).
let appleFoundation: [SwiftSetting] = [.define("OPENDIFFABLE_APPLE_FOUNDATION")]

// The Getting started article's code (Sources/OpenDiffable/OpenDiffable.docc/GettingStarted.md),
// copied verbatim and run with tests of its UIKit screen. A target of its own: the article's
// top-level types and `@Test` functions must not meet other test files' (the README's screen).
let gettingStartedTests = Target.testTarget(
  name: "GettingStartedTests",
  dependencies: ["OpenDiffable", "UIKit", "OpenDiffableTesting"],
  swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
)

let package = Package(
  name: "AppleStandIns",
  platforms: [.macOS(.v10_15)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "OpenDiffableCore", dependencies: [.product(name: "Atomics", package: "swift-atomics")],
      exclude: ["Snapshot/ItemIndex/README.md"], swiftSettings: appleFoundation),
    // UIKit's batch-update rules (the main package's BatchUpdateSimulator, compiled on its own
    // so that the stand-in views can use it without depending on the data sources).
    .target(name: "BatchUpdateRules", dependencies: ["OpenDiffableCore"]),
    // What the stand-in list views share: rows kept through BatchUpdateRules.
    .target(name: "StandInList", dependencies: ["BatchUpdateRules", "OpenDiffableCore"]),
    .target(name: flavour, dependencies: ["StandInList", "BatchUpdateRules", "OpenDiffableCore"]),
    // The explicit dependency on the stand-in makes SwiftPM build it first, so that
    // `canImport` sees it.
    .target(
      name: "OpenDiffableDataSources", dependencies: ["OpenDiffableCore", .target(name: flavour)],
      swiftSettings: appleFoundation),
    .target(
      name: "OpenDiffable", dependencies: ["OpenDiffableCore", "OpenDiffableDataSources"], swiftSettings: appleFoundation),
    // Stand-in Core Data. Its fetched results controller's delegate protocol names the snapshot
    // reference class that UIKit or AppKit declares, hence the dependency on the flavour.
    .target(name: "CoreData", dependencies: [.target(name: flavour)]),
    // The main package's Core Data bridge, compiled for real against the stand-in.
    .target(name: "OpenDiffableCoreData", dependencies: ["OpenDiffable", "CoreData"], swiftSettings: appleFoundation),
    // The testing and terminal modules, compiled as on Apple platforms (no `IndexPath`
    // accessors of the library's own, no UIKit import): they must not use UIKit's spelling
    // either. InteropTests depends on them so that `swift test` builds them.
    .target(name: "OpenDiffableTesting", dependencies: ["OpenDiffable"], swiftSettings: appleFoundation),
    .target(name: "OpenDiffableTerminal", dependencies: ["OpenDiffable"], swiftSettings: appleFoundation),
    // Calls the adapters from non-isolated code in Swift 5 mode: compiles only if the adapter
    // classes are `@MainActor @preconcurrency`, as Apple's are.
    .target(
      name: "Swift5Client", dependencies: ["OpenDiffable", "OpenDiffableTesting", .target(name: flavour)],
      path: "Sources/Swift5Client/\(flavour)",
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Uses the adapters from Swift 6 code with complete checking: AppKit's with identifiers that
    // are not Sendable (AppKit's classes require Hashable only), both with `description()`.
    .target(
      name: "Swift6Client", dependencies: ["OpenDiffable", .target(name: flavour)],
      path: "Sources/Swift6Client/\(flavour)",
      // A `Sendable` requirement the adapters add is only a warning under `@preconcurrency`;
      // Apple's AppKit classes have none, so any warning here fails the build.
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .testTarget(
      name: "\(flavour)AdapterTests",
      dependencies: [
        "OpenDiffable", .target(name: flavour), "Swift5Client", "Swift6Client", "OpenDiffableTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // Swift Testing declares cross-import overlays for the real UIKit and AppKit
      // (`_Testing_UIKit`, for attachments); the stand-ins have none.
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
    ),
    // The snapshot conversions and the Core Data bridge, in both flavours.
    .testTarget(
      name: "InteropTests",
      dependencies: [
        "OpenDiffable", "OpenDiffableCoreData", "CoreData", .target(name: flavour), "OpenDiffableTesting",
        "OpenDiffableTerminal",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
    ),
  ] + (flavour == "UIKit" ? [gettingStartedTests] : []),
  swiftLanguageModes: [.v6]
)
