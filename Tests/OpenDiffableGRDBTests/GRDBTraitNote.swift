#if !GRDB
  import Foundation
  import Testing

  /// Says why the GRDB bridge's tests did not run: they need the package's `GRDB` trait, off by
  /// default so that apps not using the bridge never resolve GRDB.
  @Test(
    .disabled("the GRDB bridge, its tests and the demo's database tests need the GRDB trait: swift test --traits GRDB"))
  func grdbTestsNeedTheGRDBTrait() {}

  /// Where every test must run (CI sets `OPENDIFFABLE_REQUIRE_GRDB`), a build without the trait
  /// fails instead of passing with the GRDB tests compiled out.
  @Test func theGRDBTraitIsOnWhereRequired() {
    #expect(
      ProcessInfo.processInfo.environment["OPENDIFFABLE_REQUIRE_GRDB"] == nil,
      "OPENDIFFABLE_REQUIRE_GRDB is set but the GRDB trait is off: the GRDB tests were compiled out; run swift test --traits GRDB"
    )
  }
#endif
