import OpenDiffable
import OpenDiffableGRDB

// A client that adds the OpenDiffableGRDB product without the package trait `GRDB`: importing
// it compiles, and GRDB is not resolved (`.ci/client` checks the graph). Using one of its types
// fails with a message naming the trait: NotCompiled/UsesGRDBBridge.swift, which `.ci/client`
// type-checks and requires to fail so.

/// Whether this client's snapshot is empty.
public func isEmpty(_ snapshot: DiffableDataSourceSnapshot<String, Int>) -> Bool { snapshot.numberOfItems == 0 }
