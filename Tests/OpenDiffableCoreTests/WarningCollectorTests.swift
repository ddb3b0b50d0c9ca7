import Dispatch
import Foundation
import OpenDiffableCore
import OpenDiffableTesting
import Testing

/// Raises one OpenDiffable warning naming `item`: appended again to another section, it moves
/// there with a warning (given at the latest when the snapshot's index is built).
private func raiseWarning(_ item: String) {
  var snapshot = DiffableDataSourceSnapshot<String, String>()
  snapshot.appendSections(["a", "b"])
  snapshot.appendItems([item], toSection: "a")
  snapshot.appendItems([item], toSection: "b")
  precondition(snapshot.indexOfItem(item) == 0)
}

/// A count and a stop flag shared with code running beside a test.
private final class Neighbour: @unchecked Sendable {
  private let lock = NSLock()
  private var _raised = 0
  private var _stopped = false
  var raised: Int { lock.withLock { _raised } }
  var stopped: Bool { lock.withLock { _stopped } }
  func didRaise() { lock.withLock { _raised += 1 } }
  func stop() { lock.withLock { _stopped = true } }
}

@Suite("OpenDiffableWarningCollector.collect")
struct WarningCollectorTests {
  @Test("The warnings raised in the body are returned with its result, and kept process-wide")
  func bodyWarningsAreReturned() throws {
    let (position, warnings) = OpenDiffableWarningCollector.collect { () -> Int? in
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["a", "b"])
      snapshot.appendItems(["scope-5310-body"], toSection: "a")
      snapshot.appendItems(["scope-5310-body"], toSection: "b")
      return snapshot.indexOfItem("scope-5310-body")
    }
    #expect(position == 0)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("appendItems(_:toSection:)") == true)
    #expect(warnings.first?.contains("scope-5310-body") == true)
    #expect(OpenDiffableWarningCollector.messages(containing: "scope-5310-body") == warnings)
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try OpenDiffableWarningCollector.collect { throw Stop() }
    }
  }

  @Test("Child tasks and tasks the body creates are in its scope; detached tasks are not")
  func childTasksAreCollected() async {
    let (_, warnings) = await OpenDiffableWarningCollector.collect {
      raiseWarning("scope-5310-own")
      async let child: Void = raiseWarning("scope-5310-async-let")
      await child
      await withTaskGroup(of: Void.self) { group in
        group.addTask { raiseWarning("scope-5310-group") }
      }
      await Task { raiseWarning("scope-5310-task") }.value
      await Task.detached { raiseWarning("scope-5310-detached") }.value
    }
    let tokens = ["scope-5310-own", "scope-5310-async-let", "scope-5310-group", "scope-5310-task"]
    #expect(warnings.count == tokens.count, "\(warnings)")
    for (warning, token) in zip(warnings, tokens) {
      #expect(warning.contains(token), "\(warning)")
    }
    #expect(OpenDiffableWarningCollector.messages(containing: "scope-5310-detached").count == 1)
  }

  @Test("Warnings of a task running beside the scope are not collected")
  func concurrentTaskIsNotCollected() async {
    let neighbour = Neighbour()
    let running = Task.detached {
      var count = 0
      while !neighbour.stopped {
        raiseWarning("scope-5310-neighbour-\(count)")
        neighbour.didRaise()
        count += 1
        await Task.yield()
      }
    }
    let (raisedBeside, warnings) = await OpenDiffableWarningCollector.collect {
      let before = neighbour.raised
      raiseWarning("scope-5310-first")
      while neighbour.raised < before + 20 { await Task.yield() }
      raiseWarning("scope-5310-second")
      return neighbour.raised - before
    }
    neighbour.stop()
    await running.value
    #expect(raisedBeside >= 20, "the neighbour warned while the body ran")
    #expect(warnings.count == 2, "\(warnings.prefix(5))")
    #expect(warnings.first?.contains("scope-5310-first") == true)
    #expect(warnings.last?.contains("scope-5310-second") == true)
    #expect(!warnings.contains { $0.contains("scope-5310-neighbour") })
  }

  @Test("Warnings raised on another queue while a synchronous scope runs are not collected")
  func otherQueueIsNotCollected() {
    let neighbour = Neighbour()
    let done = DispatchSemaphore(value: 0)
    let (raisedBeside, warnings) = OpenDiffableWarningCollector.collect { () -> Int in
      DispatchQueue.global().async {
        for count in 0..<20 {
          raiseWarning("scope-5310-queue-\(count)")
          neighbour.didRaise()
        }
        done.signal()
      }
      raiseWarning("scope-5310-caller")
      done.wait()
      return neighbour.raised
    }
    #expect(raisedBeside == 20)
    #expect(warnings.count == 1, "\(warnings.prefix(5))")
    #expect(warnings.first?.contains("scope-5310-caller") == true)
    #expect(OpenDiffableWarningCollector.messages(containing: "scope-5310-queue-").count == 20)
  }

  @Test("A nested scope returns its warnings; each enclosing scope returns them too")
  func nestedScopes() {
    let (inner, outer) = OpenDiffableWarningCollector.collect { () -> [String] in
      raiseWarning("scope-5310-outer-before")
      let (_, inner) = OpenDiffableWarningCollector.collect { raiseWarning("scope-5310-inner") }
      raiseWarning("scope-5310-outer-after")
      return inner
    }
    #expect(inner.count == 1 && inner.first?.contains("scope-5310-inner") == true, "\(inner)")
    let tokens = ["scope-5310-outer-before", "scope-5310-inner", "scope-5310-outer-after"]
    #expect(outer.count == tokens.count, "\(outer)")
    for (warning, token) in zip(outer, tokens) {
      #expect(warning.contains(token), "\(warning)")
    }
  }
}
