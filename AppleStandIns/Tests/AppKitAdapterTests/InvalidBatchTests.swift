import AppKit
import Foundation
import OpenDiffable
import Testing

/// The stand-in views stop on an update AppKit would reject (exit tests: each runs in a child
/// process).
@Suite("Stand-in AppKit views enforce the update rules")
struct InvalidBatchTests {
  @Test("A collection view batch that breaks the count rule stops with UIKit's (and AppKit's) message")
  func collectionCountMismatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (view, dataSource) = makeCollection()
        dataSource.apply(snapshot([("a", [1, 2])]))
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Invalid update: invalid number of items in section 0"))
  }

  @Test("A table whose rows disagree with the data source at endUpdates stops")
  func tableCountMismatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (view, dataSource) = makeTable()
        dataSource.apply(snapshot([("a", [1, 2])]), animatingDifferences: true)
        view.beginUpdates()
        view.insertRows(at: [2])
        view.endUpdates()
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("the data source reports [2] items per section but the view shows [3]"))
  }
}
