#if !GRDB
  import Testing

  /// Says why the GRDB bridge's tests did not run: they need the package's `GRDB` trait, off by
  /// default so that apps not using the bridge never resolve GRDB.
  @Test(
    .disabled("the GRDB bridge, its tests and the demo's database tests need the GRDB trait: swift test --traits GRDB"))
  func grdbTestsNeedTheGRDBTrait() {}
#endif
