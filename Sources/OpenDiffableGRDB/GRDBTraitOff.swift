#if !GRDB
  // Without the package trait `GRDB` this module has none of its declarations (so that apps that
  // do not use the bridge never resolve GRDB). These placeholders, unavailable, carry the public
  // types' names, so that a client that uses the bridge without the trait is told at compile
  // time how to turn it on, instead of "cannot find type". They compile to nothing and warn
  // about nothing in the package's own builds; `.ci/client` checks the message.

  /// The GRDB bridge's observer; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public final class DatabaseSnapshotObserver<Record, SectionID, ItemID> {}

  /// The GRDB bridge's snapshot builder; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public struct DatabaseSnapshotBuilder<Record, SectionID, ItemID> {}

  /// The GRDB bridge's snapshot of records; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public struct DatabaseRecordsSnapshot<Record, SectionID, ItemID> {}

  /// The GRDB bridge's error; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public struct DatabaseSnapshotError {}

  /// A row the GRDB bridge skipped; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public struct DatabaseSkippedRow {}

  /// A row the GRDB bridge left out as a repeat; needs the package trait `GRDB`.
  @available(
    *, unavailable,
    message: "OpenDiffableGRDB needs the package trait GRDB: .package(url: ..., from: \"0.1.0\", traits: [\"GRDB\"])"
  )
  public struct DatabaseRepeatedRow {}
#endif
