#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// Constants that specify the possible types of changes that are reported (Core Data's
/// `NSFetchedResultsChangeType`).
@available(iOS 3.0, macOS 10.12, tvOS 9.0, *)
public enum NSFetchedResultsChangeType: UInt, @unchecked Sendable {
  /// Specifies that an object was inserted.
  case insert = 1
  /// Specifies that an object was deleted.
  case delete = 2
  /// Specifies that an object was moved.
  case move = 3
  /// Specifies that an object was changed.
  case update = 4
}

/// A protocol that defines the interface for section objects vended by a fetched results
/// controller (Core Data's `NSFetchedResultsSectionInfo`).
@available(iOS 3.0, macOS 10.12, tvOS 9.0, *)
public protocol NSFetchedResultsSectionInfo {
  /// The name of the section.
  var name: String { get }
  /// The index title of the section.
  var indexTitle: String? { get }
  /// The number of objects (rows) in the section.
  var numberOfObjects: Int { get }
  /// The array of objects in the section.
  var objects: [Any]? { get }
}

/// A delegate protocol that describes the methods that will be called by the associated fetched
/// results controller when the fetch results have changed (Core Data's
/// `NSFetchedResultsControllerDelegate`).
///
/// Every requirement is optional in Core Data; here each has a default implementation that does
/// nothing (see DECLARATIONS.md).
@available(iOS 3.0, macOS 10.12, tvOS 9.0, *)
public protocol NSFetchedResultsControllerDelegate: NSObjectProtocol {
  /// Notifies the receiver about changes to the content in the fetched results controller, by
  /// using a diffable data source snapshot. If this method is implemented, no other delegate
  /// methods are invoked (the stand-in cannot tell; see DECLARATIONS.md).
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
  func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
    didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference)

  /// Notifies the receiver that a fetched object has been changed due to an add, remove, move,
  /// or update.
  func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any,
    at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?)

  /// Notifies the receiver of the addition or removal of a section.
  func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
    didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int,
    for type: NSFetchedResultsChangeType)

  /// Notifies the receiver that the fetched results controller is about to start processing of
  /// one or more changes due to an add, remove, move, or update.
  func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)

  /// Notifies the receiver that the fetched results controller has completed processing of one
  /// or more changes due to an add, remove, move, or update.
  func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)
}

extension NSFetchedResultsControllerDelegate {
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
  public func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
    didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
  ) {}

  public func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any,
    at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
  ) {}

  public func controller(
    _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
    didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int,
    for type: NSFetchedResultsChangeType
  ) {}

  public func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}

  public func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}
}

/// A controller that you use to manage the results of a Core Data fetch request and to display
/// data to the user (Core Data's `NSFetchedResultsController`).
///
/// Stand-in: fetches the context's objects of the request's entity, sorts them with the
/// request's sort descriptors and groups them by `sectionNameKeyPath` (read with
/// `value(forKey:)`). When its context processes changes and a delegate is set, it works out the
/// change as Core Data documents it — sections inserted and deleted, objects inserted and
/// deleted, an updated object whose position changed reported as a move, one whose position did
/// not as an update, objects that only shifted not reported — and calls the delegate:
/// `controllerWillChangeContent(_:)`, the section changes, the object changes,
/// `controllerDidChangeContent(_:)`, then `controller(_:didChangeContentWith:)` with a snapshot
/// reference (section names and object IDs).
@available(iOS 3.0, macOS 10.12, tvOS 9.0, *)
open class NSFetchedResultsController<ResultType>: NSObject {
  /// The fetch request used to do the fetching.
  public let fetchRequest: NSFetchRequest<ResultType>
  /// The managed object context used to fetch objects.
  public let managedObjectContext: NSManagedObjectContext
  /// The key path on the fetched objects used to determine the section they belong to.
  public let sectionNameKeyPath: String?
  /// The name of the file used to cache section information.
  public let cacheName: String?
  /// The object that is notified when the fetched results changed.
  public unowned(unsafe) var delegate: (any NSFetchedResultsControllerDelegate)?

  /// The results of the fetch.
  open fileprivate(set) var fetchedObjects: [ResultType]?
  fileprivate var fetchedSections: [StandInSectionInfo] = []
  private var observing = false

  /// Returns a fetch request controller initialized using the given arguments.
  public init(
    fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
    sectionNameKeyPath: String?, cacheName name: String?
  ) {
    self.fetchRequest = fetchRequest
    self.managedObjectContext = context
    self.sectionNameKeyPath = sectionNameKeyPath
    self.cacheName = name
    super.init()
  }

  /// The sections for the fetch results.
  open var sections: [any NSFetchedResultsSectionInfo]? { fetchedObjects == nil ? nil : fetchedSections }

  /// Returns the object at the given index path in the fetch results.
  open func object(at indexPath: IndexPath) -> ResultType {
    fetchedSections[indexPath.section].objects![indexPath.item] as! ResultType
  }

  /// Returns the index path of a given object.
  open func indexPath(forObject object: ResultType) -> IndexPath? {
    for (section, info) in fetchedSections.enumerated() {
      if let row = info.managedObjects.firstIndex(where: { $0 === (object as AnyObject) }) {
        return IndexPath(item: row, section: section)
      }
    }
    return nil
  }

  /// Executes the fetch request. Throws when the request has no sort descriptors, as Core Data
  /// requires at least one.
  open func performFetch() throws {
    guard let descriptors = fetchRequest.sortDescriptors, !descriptors.isEmpty else {
      throw NSError(
        domain: "NSCocoaErrorDomain", code: 134_060,
        userInfo: [
          NSLocalizedDescriptionKey:
            "An instance of NSFetchedResultsController requires a fetch request with sort descriptors"
        ])
    }
    fetchedSections = currentSections()
    fetchedObjects = fetchedSections.flatMap(\.managedObjects).map { $0 as! ResultType }
    if contextObserver == nil {
      let observer = StandInFetchObserver(controller: self)
      contextObserver = observer
      managedObjectContext.addObserver(observer)
    }
  }

  /// Kept alive by the controller; the context holds it weakly.
  private var contextObserver: (any StandInContextObserver)?
  /// The controller as its delegate sees it (see `erased`).
  private var erasedProxy: NSFetchedResultsController<any NSFetchRequestResult>?

  /// The controller typed as the delegate methods take it. Objective-C generics are erased, so
  /// Core Data passes the controller itself; Swift generics are not, so unless `ResultType` is
  /// `any NSFetchRequestResult` the stand-in passes a proxy that shares the request, context and
  /// results (see DECLARATIONS.md).
  private var erased: NSFetchedResultsController<any NSFetchRequestResult> {
    if let same = self as? NSFetchedResultsController<any NSFetchRequestResult> { return same }
    let proxy: NSFetchedResultsController<any NSFetchRequestResult>
    if let erasedProxy {
      proxy = erasedProxy
    } else {
      let request = NSFetchRequest<any NSFetchRequestResult>()
      request.entityName = fetchRequest.entityName
      request.sortDescriptors = fetchRequest.sortDescriptors
      proxy = NSFetchedResultsController<any NSFetchRequestResult>(
        fetchRequest: request, managedObjectContext: managedObjectContext, sectionNameKeyPath: sectionNameKeyPath,
        cacheName: cacheName)
      erasedProxy = proxy
    }
    proxy.fetchedSections = fetchedSections
    proxy.fetchedObjects = fetchedObjects?.map { $0 as! any NSFetchRequestResult }
    return proxy
  }

  private func currentSections() -> [StandInSectionInfo] {
    let descriptors = fetchRequest.sortDescriptors ?? []
    let matching = managedObjectContext.objects.filter { $0.entity.name == fetchRequest.entityName }
    let sorted = matching.sorted { left, right in
      for descriptor in descriptors {
        switch descriptor.compare(left, to: right) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: continue
        }
      }
      return false
    }
    var sections: [StandInSectionInfo] = []
    for object in sorted {
      let name = sectionNameKeyPath.map { object.value(forKey: $0).map { "\($0)" } ?? "" } ?? ""
      if sections.last?.name == name {
        sections[sections.count - 1].managedObjects.append(object)
      } else {
        sections.append(StandInSectionInfo(name: name, managedObjects: [object]))
      }
    }
    return sections
  }

  func contextDidChange(updated: Set<ObjectIdentifier>) {
    guard fetchedObjects != nil, let delegate else { return }
    let old = fetchedSections
    let new = currentSections()
    func paths(_ sections: [StandInSectionInfo]) -> [ObjectIdentifier: IndexPath] {
      var result: [ObjectIdentifier: IndexPath] = [:]
      for (section, info) in sections.enumerated() {
        for (row, object) in info.managedObjects.enumerated() {
          result[ObjectIdentifier(object)] = IndexPath(item: row, section: section)
        }
      }
      return result
    }
    let oldPaths = paths(old)
    let newPaths = paths(new)
    let oldNames = old.map(\.name)
    let newNames = new.map(\.name)
    let updatedInResult = updated.filter { oldPaths[$0] != nil && newPaths[$0] != nil }
    guard
      oldPaths.keys.count != newPaths.keys.count || Set(oldPaths.keys) != Set(newPaths.keys)
        || oldNames != newNames || !updatedInResult.isEmpty || oldPaths != newPaths
    else { return }
    fetchedSections = new
    fetchedObjects = new.flatMap(\.managedObjects).map { $0 as! ResultType }
    let erased = self.erased

    delegate.controllerWillChangeContent(erased)
    for (index, info) in old.enumerated() where !newNames.contains(info.name) {
      delegate.controller(erased, didChange: info, atSectionIndex: index, for: .delete)
    }
    for (index, info) in new.enumerated() where !oldNames.contains(info.name) {
      delegate.controller(erased, didChange: info, atSectionIndex: index, for: .insert)
    }
    for info in old {
      for object in info.managedObjects where newPaths[ObjectIdentifier(object)] == nil {
        delegate.controller(
          erased, didChange: object, at: oldPaths[ObjectIdentifier(object)], for: .delete, newIndexPath: nil)
      }
    }
    for info in new {
      for object in info.managedObjects {
        let id = ObjectIdentifier(object)
        guard let newPath = newPaths[id] else { continue }
        if let oldPath = oldPaths[id] {
          guard updated.contains(id) else { continue }
          let moved = oldNames[oldPath.section] != newNames[newPath.section] || oldPath.item != newPath.item
          delegate.controller(
            erased, didChange: object, at: oldPath, for: moved ? .move : .update, newIndexPath: moved ? newPath : nil)
        } else {
          delegate.controller(erased, didChange: object, at: nil, for: .insert, newIndexPath: newPath)
        }
      }
    }
    delegate.controllerDidChangeContent(erased)
    if #available(iOS 13.0, macOS 10.15, tvOS 13.0, *) {
      let reference = NSDiffableDataSourceSnapshotReference()
      reference.appendSections(withIdentifiers: newNames)
      for info in new {
        reference.appendItems(
          withIdentifiers: info.managedObjects.map(\.objectID), intoSectionWithIdentifier: info.name)
      }
      delegate.controller(erased, didChangeContentWith: reference)
    }
  }
}

/// One section of a stand-in fetched results controller.
struct StandInSectionInfo: NSFetchedResultsSectionInfo {
  var name: String
  var managedObjects: [NSManagedObject]
  var indexTitle: String? { name.first.map { String($0).uppercased() } }
  var numberOfObjects: Int { managedObjects.count }
  var objects: [Any]? { managedObjects }
}

/// Forwards a context's changes to a controller without keeping it alive.
final class StandInFetchObserver<ResultType>: StandInContextObserver {
  weak var controller: NSFetchedResultsController<ResultType>?

  init(controller: NSFetchedResultsController<ResultType>) { self.controller = controller }

  func standInContext(_ context: NSManagedObjectContext, didChange updated: Set<ObjectIdentifier>) {
    controller?.contextDidChange(updated: updated)
  }
}
