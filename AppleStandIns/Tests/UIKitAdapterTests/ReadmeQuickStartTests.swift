// swift-format-ignore-file: OrderedImports
// The README's collection view example, run against the stand-in UIKit. The code between the
// markers below is a copy of the README's first ```swift block (the README's own block is
// compiled by `.ci/articles UIKit`; `readmeBlockIsThisCopy` fails when the two differ); the
// tests after it drive the list. (The README's imports come after `import Testing`, so the
// imports are not in lexicographic order.)

import Foundation
import Testing

// README example: begin
import OpenDiffable
import UIKit

enum Section: Hashable, Sendable { case pinned, everyone }
struct Person: Identifiable, Sendable { let id: UUID; var name: String; var isPinned: Bool }

@available(iOS 14.0, tvOS 14.0, *)  // list cells; the data source itself runs on iOS 13
@MainActor
final class PeopleList {
  private var people: [Person.ID: Person] = [:]  // your store, by stable identifier
  private var dataSource: CollectionViewDiffableDataSource<Section, Person.ID>!

  init(collectionView: UICollectionView) {  // with your layout: a list layout, say
    collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "person")
    dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
      [weak self] collectionView, indexPath, id in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "person", for: indexPath)
      var content = UIListContentConfiguration.cell()
      content.text = self?.people[id]?.name
      cell.contentConfiguration = content
      return cell
    }
    // What a row shows: an apply reconfigures the rows on screen whose content changed.
    dataSource.contentProvider = { [weak self] id in self?.people[id]?.name }
  }

  /// The one place the list turns state into a snapshot. Selected rows stay selected by
  /// identifier, even when a person moves to the other section.
  func show(_ list: [Person]) async {
    people = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
    var snapshot = DiffableDataSourceSnapshot<Section, Person.ID>()
    snapshot.appendSections([.pinned, .everyone])
    snapshot.appendItems(list.filter(\.isPinned).map(\.id), toSection: .pinned)
    snapshot.appendItems(list.filter { !$0.isPinned }.map(\.id), toSection: .everyone)
    await dataSource.apply(snapshot)
  }
}
// README example: end

/// The text each row of `view` shows, section by section.
@MainActor
private func texts(_ view: UICollectionView) -> [[String?]] {
  view.standIn.cells.map { section in
    section.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
  }
}

/// The README's example block, read from the README itself.
private func readmeExample() throws -> String {
  let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
  let text = try String(contentsOf: readme, encoding: .utf8)
  let start = try #require(text.range(of: "```swift\nimport OpenDiffable\nimport UIKit\n"))
  let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
  return String(text[text.index(start.lowerBound, offsetBy: "```swift\n".count)..<end.lowerBound])
}

@MainActor
@Suite("README: the collection view example")
struct ReadmeQuickStartTests {
  @Test("The README's block is the code these tests run")
  func readmeBlockIsThisCopy() throws {
    let this = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let begin = try #require(this.range(of: "// README example: begin\n"))
    let end = try #require(this.range(of: "// README example: end", range: begin.upperBound..<this.endIndex))
    #expect(String(this[begin.upperBound..<end.lowerBound]) == (try readmeExample()))
  }

  @Test("show(_:) applies the people in their sections; pinning moves a row and keeps its selection")
  func showsThePeopleAndKeepsTheSelection() async {
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let list = PeopleList(collectionView: view)
    let ada = Person(id: UUID(), name: "Ada", isPinned: true)
    var grace = Person(id: UUID(), name: "Grace", isPinned: false)
    let alan = Person(id: UUID(), name: "Alan", isPinned: false)
    await list.show([ada, grace, alan])
    #expect(texts(view) == [["Ada"], ["Grace", "Alan"]])

    view.selectItem(at: [1, 0], animated: false, scrollPosition: [])
    grace.isPinned = true
    await list.show([ada, grace, alan])
    #expect(view.standIn.log.last == "batch(animated)")
    #expect(texts(view) == [["Ada", "Grace"], ["Alan"]])
    #expect(view.indexPathsForSelectedItems == [[0, 1]])
  }

  @Test("A rename reconfigures only that row, found by the content provider")
  func aRenameReconfiguresItsRow() async {
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let list = PeopleList(collectionView: view)
    var ada = Person(id: UUID(), name: "Ada", isPinned: false)
    let grace = Person(id: UUID(), name: "Grace", isPinned: false)
    await list.show([ada, grace])
    view.standIn.cellRequests = []
    ada.name = "Ada Lovelace"
    await list.show([ada, grace])
    #expect(view.standIn.cellRequests == [[1, 0]])
    #expect(texts(view) == [[], ["Ada Lovelace", "Grace"]])
  }

  @Test("Dequeued list cells show their content configuration; an unset one is nil")
  func dequeuedCellsShowTheirConfiguration() {
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "cell")
    let cell = view.dequeueReusableCell(withReuseIdentifier: "cell", for: [0, 0])
    #expect(cell is UICollectionViewListCell)
    #expect(cell.contentConfiguration == nil)
    var content = UIListContentConfiguration.cell()
    content.text = "Ada"
    cell.contentConfiguration = content
    content.text = "Grace"
    cell.contentConfiguration = content
    #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "Grace")
    #expect(cell.subviews.count == 1)
  }

  @Test("A table cell's text label is the fallback before content configurations, nil while one is set")
  func textLabelAndContentConfiguration() {
    let cell = UITableViewCell(frame: .zero)
    cell.textLabel?.text = "Ada"
    #expect(cell.textLabel?.text == "Ada")
    var content = cell.defaultContentConfiguration()
    content.text = "Grace"
    cell.contentConfiguration = content
    #expect(cell.textLabel == nil)
    #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "Grace")
    cell.contentConfiguration = nil
    #expect(cell.contentConfiguration == nil)
    #expect(cell.textLabel?.text == "Ada")
  }
}
