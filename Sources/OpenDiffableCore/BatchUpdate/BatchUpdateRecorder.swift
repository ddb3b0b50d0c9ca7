import Foundation

/// One batch call a list view receives, in UIKit's spelling (a table's rows are its items).
package enum BatchUpdateCall {
  case insertSections(IndexSet)
  case deleteSections(IndexSet)
  case reloadSections(IndexSet)
  case moveSection(Int, to: Int)
  case insertItems([IndexPath])
  case deleteItems([IndexPath])
  case reloadItems([IndexPath])
  case moveItem(IndexPath, to: IndexPath)
  case reconfigureItems([IndexPath])
}

/// How every list host records its batches: the calls made between `begin()` and `end()` are
/// collected into one ``BatchUpdateOperations``, which the host reads with
/// ``BatchUpdateOperations/placement(oldItemCounts:newItemCounts:)`` (directly, through
/// `applying(to:newItemCounts:_:)` or through the testing module's simulator). Batches may
/// nest: the outermost `end()` hands the batch over. A call outside a batch is handed over
/// alone, as UIKit performs it as a batch of its own.
package struct BatchUpdateRecorder {
  private var pending = BatchUpdateOperations()
  private var depth = 0

  package init() {}

  /// Whether a batch is being recorded.
  package var isRecording: Bool { depth > 0 }

  /// Starts recording a batch (or a batch nested in the one being recorded).
  package mutating func begin() { depth += 1 }

  /// Ends the batch started last: the calls recorded since the outermost `begin()` when this
  /// ends it, nil when it ends a nested one.
  package mutating func end() -> BatchUpdateOperations? {
    assert(depth > 0, "OpenDiffable: a list host ended a batch it did not begin")
    depth -= 1
    guard depth == 0 else { return nil }
    defer { pending = BatchUpdateOperations() }
    return pending
  }

  /// Records `call` into the running batch and returns nil; outside a batch, returns a batch of
  /// `call` alone, for the host to perform at once.
  package mutating func record(_ call: BatchUpdateCall) -> BatchUpdateOperations? {
    if isRecording {
      pending.record(call)
      return nil
    }
    var alone = BatchUpdateOperations()
    alone.record(call)
    return alone
  }
}

extension BatchUpdateOperations {
  /// Adds `call` to the lists.
  package mutating func record(_ call: BatchUpdateCall) {
    switch call {
    case .insertSections(let sections): sectionInserts += sections
    case .deleteSections(let sections): sectionDeletes += sections
    case .reloadSections(let sections): sectionReloads += sections
    case .moveSection(let from, let to): sectionMoves.append(ChangesetMove(from: from, to: to))
    case .insertItems(let paths): itemInserts += paths
    case .deleteItems(let paths): itemDeletes += paths
    case .reloadItems(let paths): itemReloads += paths
    case .moveItem(let from, let to): itemMoves.append(ChangesetMove(from: from, to: to))
    case .reconfigureItems(let paths): itemReconfigures += paths
    }
  }
}
