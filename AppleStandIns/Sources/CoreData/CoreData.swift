@_exported import Foundation

#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

// Stand-in for the parts of Core Data that OpenDiffable's Core Data bridge and its tests use; see
// DECLARATIONS.md for the Apple page each declaration is transcribed from. Members whose names
// start with `standIn` are not Apple API. The stand-in keeps its objects in memory: there is no
// model, store or coordinator; an entity is named after its class, and an object keeps its
// attribute values in a dictionary reached with `value(forKey:)` / `setValue(_:forKey:)` (Core
// Data's key-value coding).

/// Describes an entity (Core Data's `NSEntityDescription`; only its name is used).
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
open class NSEntityDescription: NSObject {
  /// The name of the entity.
  open var name: String?

  /// Creates a description with no name.
  public override init() { super.init() }

  init(name: String) {
    self.name = name
    super.init()
  }
}

/// A compact, universal identifier for a managed object (Core Data's `NSManagedObjectID`).
///
/// Stand-in: one permanent identifier per object, made when the object is inserted (Core Data
/// gives a temporary identifier until the first save); equal only to itself.
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
open class NSManagedObjectID: NSObject, @unchecked Sendable {
  private static let counter = StandInCounter()

  /// The entity of the object identified by the receiver.
  public let entity: NSEntityDescription
  private let number: Int

  init(entity: NSEntityDescription) {
    self.entity = entity
    self.number = Self.counter.next()
    super.init()
  }

  /// A URI that provides an archiveable reference to the object the receiver represents.
  open func uriRepresentation() -> URL {
    URL(string: "x-coredata://stand-in/\(entity.name ?? "entity")/p\(number)")!
  }

  open override var description: String { "<\(uriRepresentation().absoluteString)>" }
}

/// Numbers object identifiers.
final class StandInCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

/// A protocol that all types returned by a fetch request conform to (Core Data's
/// `NSFetchRequestResult`).
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
public protocol NSFetchRequestResult: NSObjectProtocol {}

extension NSManagedObjectID: NSFetchRequestResult {}

/// The base class that all Core Data model objects inherit from (Core Data's `NSManagedObject`).
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
open class NSManagedObject: NSObject, NSFetchRequestResult {
  /// The entity description of the receiver.
  public let entity: NSEntityDescription
  /// The object ID of the receiver.
  public let objectID: NSManagedObjectID
  /// The managed object context that the receiver is registered with (`unowned(unsafe)` in
  /// Core Data).
  open private(set) weak var managedObjectContext: NSManagedObjectContext?
  var values: [String: Any] = [:]
  var changedKeys: Set<String> = []

  /// Initializes a managed object from an entity description and inserts it into the specified
  /// managed object context.
  public init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
    self.entity = entity
    self.objectID = NSManagedObjectID(entity: entity)
    super.init()
    context?.insert(self)
  }

  /// Initializes a managed object subclass and inserts it into the specified managed object
  /// context.
  @available(iOS 10.0, macOS 10.12, tvOS 10.0, *)
  public convenience init(context moc: NSManagedObjectContext) {
    self.init(entity: Self.entity(), insertInto: moc)
  }

  /// Returns the entity description for the receiver's class (stand-in: named after the class).
  @available(iOS 10.0, macOS 10.12, tvOS 10.0, *)
  open class func entity() -> NSEntityDescription { NSEntityDescription(name: String(describing: self)) }

  /// Returns the value for the property specified by key.
  open func value(forKey key: String) -> Any? { values[key] }

  /// Sets the specified property of the managed object to the specified value.
  open func setValue(_ value: Any?, forKey key: String) {
    values[key] = value
    changedKeys.insert(key)
    managedObjectContext?.noteUpdated(self)
  }

  /// A Boolean value that indicates whether the managed object has uncommitted changes.
  open var isUpdated: Bool { !changedKeys.isEmpty && managedObjectContext?.isUpdated(self) == true }

  func register(in context: NSManagedObjectContext?) { managedObjectContext = context }
}

/// An object space to manipulate and track changes to managed objects (Core Data's
/// `NSManagedObjectContext`).
///
/// Stand-in: holds its objects in memory. Changes are processed — and fetched results
/// controllers told about them — by `processPendingChanges()` and `save()`, as Core Data posts
/// its objects-did-change notification then.
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
open class NSManagedObjectContext: NSObject {
  /// Constants that indicate the concurrency pattern of a context.
  public enum ConcurrencyType: UInt, @unchecked Sendable {
    /// The context uses the thread confinement pattern (deprecated).
    @available(iOS, introduced: 3.0, deprecated: 9.0)
    @available(macOS, introduced: 10.4, deprecated: 10.11)
    case confinementConcurrencyType = 0
    /// The context creates and manages a private queue.
    case privateQueueConcurrencyType = 1
    /// The context is associated with the main queue.
    case mainQueueConcurrencyType = 2
  }

  /// The concurrency type for the context.
  public let concurrencyType: ConcurrencyType
  var objects: [NSManagedObject] = []
  var pendingInserted: [NSManagedObject] = []
  var pendingUpdated: [NSManagedObject] = []
  var pendingDeleted: [NSManagedObject] = []
  var unsaved: Set<ObjectIdentifier> = []
  var observers: [StandInWeakObserver] = []

  /// Initializes a context with a given concurrency type.
  @available(iOS 5.0, macOS 10.7, tvOS 9.0, *)
  public init(concurrencyType ct: ConcurrencyType) {
    self.concurrencyType = ct
    super.init()
  }

  /// A Boolean value that indicates whether the context has uncommitted changes.
  open var hasChanges: Bool { !unsaved.isEmpty || !pendingInserted.isEmpty || !pendingDeleted.isEmpty }

  /// Registers an object to be inserted in the context's persistent store the next time changes
  /// are saved.
  open func insert(_ object: NSManagedObject) {
    guard !objects.contains(where: { $0 === object }) else { return }
    object.register(in: self)
    objects.append(object)
    pendingInserted.append(object)
    unsaved.insert(ObjectIdentifier(object))
  }

  /// Specifies an object that should be removed from its persistent store when changes are
  /// committed.
  open func delete(_ object: NSManagedObject) {
    guard let index = objects.firstIndex(where: { $0 === object }) else { return }
    objects.remove(at: index)
    pendingInserted.removeAll { $0 === object }
    pendingUpdated.removeAll { $0 === object }
    pendingDeleted.append(object)
  }

  /// Returns the object for a specified ID (stand-in: only objects registered in this context).
  open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
    guard let object = objects.first(where: { $0.objectID == objectID }) else {
      fatalError("stand-in NSManagedObjectContext: no object with ID \(objectID) in this context")
    }
    return object
  }

  /// Forces the context to process changes to the object graph.
  open func processPendingChanges() {
    let inserted = pendingInserted
    let updated = pendingUpdated
    let deleted = pendingDeleted
    pendingInserted = []
    pendingUpdated = []
    pendingDeleted = []
    guard !(inserted.isEmpty && updated.isEmpty && deleted.isEmpty) else { return }
    observers.removeAll { $0.observer == nil }
    for entry in observers {
      entry.observer?.standInContext(self, didChange: Set(updated.map { ObjectIdentifier($0) }))
    }
  }

  /// Attempts to commit unsaved changes to registered objects to the context's parent store.
  open func save() throws {
    processPendingChanges()
    unsaved.removeAll()
    for object in objects { object.changedKeys.removeAll() }
  }

  func noteUpdated(_ object: NSManagedObject) {
    guard objects.contains(where: { $0 === object }) else { return }
    unsaved.insert(ObjectIdentifier(object))
    if !pendingUpdated.contains(where: { $0 === object }) { pendingUpdated.append(object) }
  }

  func isUpdated(_ object: NSManagedObject) -> Bool {
    unsaved.contains(ObjectIdentifier(object)) && !pendingInserted.contains { $0 === object }
  }

  func addObserver(_ observer: any StandInContextObserver) {
    observers.append(StandInWeakObserver(observer: observer))
  }
}

/// Told by a stand-in context when it processed changes. Not Apple API.
protocol StandInContextObserver: AnyObject {
  func standInContext(_ context: NSManagedObjectContext, didChange updated: Set<ObjectIdentifier>)
}

struct StandInWeakObserver {
  weak var observer: (any StandInContextObserver)?
}

/// An abstract base class for requests to a persistent store (Core Data's
/// `NSPersistentStoreRequest`; only the class is used).
@available(iOS 5.0, macOS 10.7, tvOS 9.0, *)
open class NSPersistentStoreRequest: NSObject {}

/// A description of search criteria used to retrieve data from a persistent store (Core Data's
/// `NSFetchRequest`).
@available(iOS 3.0, macOS 10.4, tvOS 9.0, *)
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest {
  /// The name of the entity the request is configured to fetch.
  open internal(set) var entityName: String?
  /// The sort descriptors of the fetch request.
  open var sortDescriptors: [NSSortDescriptor]?

  /// Initializes a fetch request configured with a given entity name.
  @available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
  public convenience init(entityName: String) {
    self.init()
    self.entityName = entityName
  }

  /// Creates a fetch request with no entity.
  public override init() { super.init() }
}
