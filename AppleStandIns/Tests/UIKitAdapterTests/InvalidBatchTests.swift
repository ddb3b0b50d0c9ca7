import Foundation
import OpenDiffable
import Testing
import UIKit

/// The stand-in views stop on a batch UIKit would reject, with UIKit's message (exit tests: each
/// runs in a child process).
@Suite("Stand-in views enforce UIKit's batch rules")
struct InvalidBatchTests {
  @Test("Inserting past the data source's items stops with UIKit's message")
  func insertOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (view, dataSource) = makeCollection()
        dataSource.apply(snapshot([("a", [1])]))
        view.insertItems(at: [IndexPath(item: 1, section: 0)])
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains("attempt to insert item 1 into section 0, but there are only 1 items in section 0"))
  }

  @Test("Deleting a row the data source still has stops with UIKit's count message")
  func countMismatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (view, dataSource) = makeTable()
        dataSource.apply(snapshot([("a", [1, 2])]))
        view.deleteRows(at: [IndexPath(item: 0, section: 0)], with: .automatic)
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Invalid update: invalid number of items in section 0"))
  }
}
