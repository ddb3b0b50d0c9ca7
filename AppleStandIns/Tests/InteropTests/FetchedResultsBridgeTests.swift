import CoreData
import Foundation
import OpenDiffable
import OpenDiffableCoreData
import PropertyBased
import Testing

/// A main-queue context holding notes, a controller over them grouped by `group` and ordered by
/// group then rank, and an observer of that controller.
@MainActor
final class NotesFixture {
  let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
  let controller: NSFetchedResultsController<Note>
  let observer: FetchedResultsSnapshotObserver<String>
  var events: [String] = []
  /// The notes in the context, in the order they were added.
  var notes: [Note] = []

  init(_ notes: [(title: String, group: String, rank: Int)], sorted: Bool = true) {
    let request = NSFetchRequest<Note>(entityName: "Note")
    if sorted {
      request.sortDescriptors = [
        NSSortDescriptor(keyPath: \Note.group, ascending: true), NSSortDescriptor(keyPath: \Note.rank, ascending: true),
      ]
    }
    controller = NSFetchedResultsController(
      fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "group", cacheName: nil)
    observer = FetchedResultsSnapshotObserver(controller: controller)
    observer.willChange = { [unowned self] in events.append("will \(observer.updateCount)") }
    observer.didChange = { [unowned self] in events.append("did \(observer.updateCount)") }
    for note in notes { add(note.title, group: note.group, rank: note.rank) }
    try! context.save()
  }

  @discardableResult
  func add(_ title: String, group: String, rank: Int) -> Note {
    let note = Note(context: context)
    note.title = title
    note.group = group
    note.rank = rank
    notes.append(note)
    return note
  }

  func delete(_ note: Note) {
    notes.removeAll { $0 === note }
    context.delete(note)
  }

  func note(_ title: String) -> Note {
    notes.first { $0.title == title }!
  }

  func id(_ title: String) -> NSManagedObjectID { note(title).objectID }

  /// The snapshot's sections and items, items named by title.
  func layout() -> [String: [String]] {
    let snapshot = observer.snapshot
    var result: [String: [String]] = [:]
    for section in snapshot.sectionIdentifiers {
      result[section] = snapshot.itemIdentifiers(inSection: section).map { id in
        (context.object(with: id) as! Note).title
      }
    }
    return result
  }

  func reconfigured() -> Set<String> {
    Set(observer.snapshot.reconfiguredItemIdentifiers.map { (context.object(with: $0) as! Note).title })
  }
}

@Suite("The Core Data bridge turns fetched results changes into snapshots")
@MainActor
struct FetchedResultsBridgeTests {
  @Test("start() delivers the grouped results once, between willChange and didChange, with no marks")
  func start() throws {
    let fixture = NotesFixture([("b", "work", 2), ("a", "work", 1), ("c", "home", 1)])
    try fixture.observer.start()
    #expect(fixture.observer.snapshot.sectionIdentifiers == ["home", "work"])
    #expect(fixture.layout() == ["home": ["c"], "work": ["a", "b"]])
    #expect(!fixture.observer.snapshot.hasReloadOrReconfigureMarks)
    #expect(fixture.events == ["will 0", "did 1"])
    #expect(fixture.observer.isObserving)
    #expect(fixture.observer.lastError == nil)
  }

  @Test("Inserts and deletes change the items; neither is marked")
  func insertsAndDeletes() throws {
    let fixture = NotesFixture([("a", "work", 1), ("b", "work", 2)])
    try fixture.observer.start()
    fixture.add("c", group: "work", rank: 3)
    fixture.delete(fixture.note("a"))
    try fixture.context.save()
    #expect(fixture.layout() == ["work": ["b", "c"]])
    #expect(fixture.reconfigured().isEmpty)
    #expect(fixture.events == ["will 0", "did 1", "will 1", "did 2"])
  }

  @Test("An object updated in place keeps its place and is marked for reconfigure, not reload")
  func updateInPlace() throws {
    let fixture = NotesFixture([("a", "work", 1), ("b", "work", 2)])
    try fixture.observer.start()
    let before = fixture.observer.snapshot
    fixture.note("a").setValue("a", forKey: "body")  // not a sort key: reported as an update
    try fixture.context.save()
    #expect(fixture.observer.snapshot == before)
    #expect(fixture.reconfigured() == ["a"])
    #expect(fixture.observer.snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(fixture.observer.updateCount == 2)
  }

  @Test("An object whose sort key changed moves and is marked for reconfigure; objects it passed are not")
  func move() throws {
    let fixture = NotesFixture([("a", "work", 1), ("b", "work", 2), ("c", "work", 3)])
    try fixture.observer.start()
    fixture.note("a").rank = 4
    try fixture.context.save()
    #expect(fixture.layout() == ["work": ["b", "c", "a"]])
    #expect(fixture.reconfigured() == ["a"])
  }

  @Test("Section changes: a section appears, an emptied one disappears, the moved object is reconfigured")
  func sectionChanges() throws {
    let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1)])
    try fixture.observer.start()
    fixture.note("a").group = "zoo"
    fixture.add("c", group: "garden", rank: 1)
    try fixture.context.save()
    #expect(fixture.observer.snapshot.sectionIdentifiers == ["garden", "work", "zoo"])
    #expect(fixture.layout() == ["garden": ["c"], "work": ["b"], "zoo": ["a"]])
    #expect(fixture.reconfigured() == ["a"])
  }

  @Test("Marks belong to one update: the next update's snapshot has only its own")
  func marksDoNotLinger() throws {
    let fixture = NotesFixture([("a", "work", 1), ("b", "work", 2)])
    try fixture.observer.start()
    fixture.note("a").title = "a"
    try fixture.context.save()
    #expect(fixture.reconfigured() == ["a"])
    fixture.note("b").title = "b"
    try fixture.context.save()
    #expect(fixture.reconfigured() == ["b"])
  }

  @Test("A change outside the results delivers nothing")
  func unrelatedChange() throws {
    let fixture = NotesFixture([("a", "work", 1)])
    try fixture.observer.start()
    let other = Other(context: fixture.context)
    other.setValue(1, forKey: "x")
    try fixture.context.save()
    #expect(fixture.observer.updateCount == 1)
  }

  @Test("stop() ends tracking; the snapshot stays")
  func stop() throws {
    let fixture = NotesFixture([("a", "work", 1)])
    try fixture.observer.start()
    fixture.observer.stop()
    fixture.add("b", group: "work", rank: 2)
    try fixture.context.save()
    #expect(!fixture.observer.isObserving)
    #expect(fixture.layout() == ["work": ["a"]])
    #expect(fixture.observer.updateCount == 1)
  }

  @Test("Releasing the observer clears the controller's delegate, so later changes reach no freed object")
  func releaseClearsDelegate() throws {
    let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
    let request = NSFetchRequest<Note>(entityName: "Note")
    request.sortDescriptors = [NSSortDescriptor(keyPath: \Note.rank, ascending: true)]
    let controller = NSFetchedResultsController(
      fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
    var observer: FetchedResultsSnapshotObserver<String>? = FetchedResultsSnapshotObserver(controller: controller)
    try observer?.start()
    #expect(controller.delegate != nil)
    observer = nil
    #expect(controller.delegate == nil)
    let note = Note(context: context)
    note.title = "after"
    try context.save()
    #expect(controller.fetchedObjects?.count == 0, "without a delegate a controller tracks no changes")
  }

  @Test("A failing fetch throws a typed error, reaches didFail, and leaves the snapshot empty")
  func fetchFailure() {
    let fixture = NotesFixture([("a", "work", 1)], sorted: false)
    var reported: [FetchedResultsSnapshotError] = []
    fixture.observer.didFail = { reported.append($0) }
    #expect(throws: FetchedResultsSnapshotError.self) { try fixture.observer.start() }
    do {
      try fixture.observer.start()
    } catch {
      #expect(error.kind == .fetchFailed)
      #expect(error.code == 134_060)
      #expect(error.message.contains("sort descriptors"))
    }
    #expect(reported.count == 2)
    #expect(fixture.observer.lastError?.kind == .fetchFailed)
    #expect(!fixture.observer.isObserving)
    #expect(fixture.observer.snapshot.numberOfItems == 0)
    #expect(fixture.observer.updateCount == 0)
  }

  @Test("Typed sections through a mapping; an unmapped or doubly mapped section is left out and reported")
  func mappedSections() throws {
    enum Shelf: Hashable, Sendable { case home, work }
    let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1), ("c", "attic", 1)])
    let observer = FetchedResultsSnapshotObserver(controller: fixture.controller) { name -> Shelf? in
      switch name {
      case "home": .home
      case "work": .work
      default: nil
      }
    }
    var reported: [FetchedResultsSnapshotError] = []
    observer.didFail = { reported.append($0) }
    try observer.start()
    #expect(observer.snapshot.sectionIdentifiers == [.home, .work])
    #expect(observer.snapshot.itemIdentifiers(inSection: .work) == [fixture.id("b")])
    #expect(reported.map(\.kind) == [.sectionNotMapped])
    #expect(reported.first?.sectionName == "attic")

    let merged = FetchedResultsSnapshotObserver(controller: fixture.controller) { _ in Shelf.home }
    try merged.start()
    #expect(merged.lastError?.kind == .duplicateSection)
    #expect(merged.snapshot.itemIdentifiers == [fixture.id("c")], "attic comes first; later sections left out")
  }

  /// A controller whose sections hold what Core Data can hand over besides distinct managed
  /// objects: the same object twice (within a section and across sections) and entries that are
  /// not managed objects (a request with `.dictionaryResultType` returns dictionaries).
  final class TamperedController: NSFetchedResultsController<Note> {
    struct Section: NSFetchedResultsSectionInfo {
      var name: String
      var indexTitle: String? { nil }
      var numberOfObjects: Int { objects?.count ?? 0 }
      var objects: [Any]?
    }
    var tampered: [Section] = []
    override var sections: [any NSFetchedResultsSectionInfo]? { tampered }
  }

  @Test("Repeated objects and entries that are not managed objects are left out and reported, naming each")
  func repeatedAndForeignObjects() throws {
    let fixture = NotesFixture([("a", "home", 1), ("b", "work", 1), ("c", "work", 2)])
    let request = NSFetchRequest<Note>(entityName: "Note")
    request.sortDescriptors = [NSSortDescriptor(keyPath: \Note.rank, ascending: true)]
    let controller = TamperedController(
      fetchRequest: request, managedObjectContext: fixture.context, sectionNameKeyPath: "group", cacheName: nil)
    let (a, b, c) = (fixture.note("a"), fixture.note("b"), fixture.note("c"))
    controller.tampered = [
      .init(name: "home", objects: [a, a.objectID]),
      .init(name: "work", objects: [b, ["title": "a dictionary"] as NSDictionary, a, c]),
    ]
    let observer = FetchedResultsSnapshotObserver(controller: controller)
    var reported: [FetchedResultsSnapshotError] = []
    observer.didFail = { reported.append($0) }
    try observer.start()
    #expect(observer.snapshot.itemIdentifiers(inSection: "home") == [a.objectID])
    #expect(observer.snapshot.itemIdentifiers(inSection: "work") == [b.objectID, c.objectID])
    // Every entry left out is reported: two repeats of a, and the dictionary, each with its place.
    let described = reported.map(\.description).joined(separator: "\n")
    #expect(described.contains("\"home\" at 1"), "\(described)")
    #expect(described.contains("\"work\" at 2"), "\(described)")
    #expect(described.contains("\"work\" at 1"), "\(described)")
    #expect(described.contains("NSDictionary"), "\(described)")
    #expect(observer.lastError != nil)
  }

  @Test("200 random change sequences: the snapshot is the results, and exactly the updated survivors are marked")
  func randomSequences() async {
    await propertyCheck(count: 200, input: Gen.uint64(in: 0 ... .max)) { seed in
      var random = SplitMix64(seed: seed)
      let groups = ["g0", "g1", "g2"]
      let fixture = NotesFixture(
        (0..<Int.random(in: 0...8, using: &random)).map {
          ("n\($0)", groups.randomElement(using: &random)!, Int.random(in: 0...20, using: &random))
        })
      try! fixture.observer.start()
      var next = 100
      for _ in 0..<6 {
        let before = fixture.observer.snapshot
        let deliveries = fixture.observer.updateCount
        var updated = Set<NSManagedObjectID>()
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let notes = fixture.notes
          switch Int.random(in: 0..<4, using: &random) {
          case 0:
            fixture.add(
              "n\(next)", group: groups.randomElement(using: &random)!, rank: Int.random(in: 0...20, using: &random))
            next += 1
          case 1:
            if let note = notes.randomElement(using: &random) {
              updated.remove(note.objectID)
              fixture.delete(note)
            }
          case 2:
            if let note = notes.randomElement(using: &random) {
              note.rank = Int.random(in: 0...20, using: &random)
              updated.insert(note.objectID)
            }
          default:
            if let note = notes.randomElement(using: &random) {
              note.setValue(Int.random(in: 0...9, using: &random), forKey: "body")
              updated.insert(note.objectID)
            }
          }
        }
        try! fixture.context.save()
        let sections = fixture.controller.sections ?? []
        let expected = sections.map { section in
          (section.name, (section.objects ?? []).map { ($0 as! Note).objectID })
        }
        let snapshot = fixture.observer.snapshot
        #expect(snapshot.sectionIdentifiers == expected.map(\.0))
        #expect(snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) } == expected.map(\.1))
        guard fixture.observer.updateCount > deliveries else {
          // Nothing in the results changed (say, an object inserted and deleted before the
          // save): Core Data calls no delegate method, and the last update's snapshot stays.
          #expect(updated.isEmpty)
          #expect(snapshot.reconfiguredItemIdentifiers == before.reconfiguredItemIdentifiers)
          continue
        }
        #expect(fixture.observer.updateCount == deliveries + 1)
        let survivors = updated.filter { before.containsItem($0) && snapshot.containsItem($0) }
        #expect(Set(snapshot.reconfiguredItemIdentifiers) == survivors)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
      }
    }
  }

  @Test("A controller on a private-queue context stops with a message naming the concurrency type")
  func privateQueueContext() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        let request = NSFetchRequest<Note>(entityName: "Note")
        let controller = NSFetchedResultsController(
          fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        _ = FetchedResultsSnapshotObserver(controller: controller)
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "OpenDiffable: FetchedResultsSnapshotObserver(controller:): the controller's context has concurrency type 1, "
          + "not mainQueueConcurrencyType (2)"))
  }
}

/// An entity the notes controller does not fetch.
final class Other: NSManagedObject {}
