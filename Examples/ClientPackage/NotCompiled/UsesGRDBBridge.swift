import OpenDiffableGRDB

// Uses the GRDB bridge without the package trait `GRDB`. Not part of any target: `.ci/client`
// type-checks it against the client's build and requires the error to name the trait.
struct Contact: Equatable, Sendable {
  var id: Int64
  var name: String
}

func makeBuilder() -> DatabaseSnapshotBuilder<Contact, Int, Int64>? { nil }
