#if canImport(CoreData)
  import CoreData
  import OpenDiffable

  /// Wraps a Core Data fetched results controller and keeps a OpenDiffable snapshot of its
  /// results on the main actor — the Apple-platform twin of the GRDB bridge's
  /// `DatabaseSnapshotObserver`.
  ///
  /// `import OpenDiffableCoreData` (the `OpenDiffableCoreData` product; `import OpenDiffable`
  /// does not include it).
  ///
  /// Sections are the controller's section names (mapped to your own section identifiers if you
  /// like), items are the objects' `NSManagedObjectID`s. Each time the controller's context
  /// processes a change to the results, the observer calls ``willChange``, replaces
  /// ``snapshot``, then calls ``didChange``; a screen captures selection in `willChange` and
  /// applies the snapshot in `didChange` (the side-controller pattern), and knows nothing of
  /// Core Data's delegate.
  ///
  /// ```swift
  /// let request = NSFetchRequest<Note>(entityName: "Note")
  /// request.sortDescriptors = [NSSortDescriptor(keyPath: \Note.title, ascending: true)]
  /// let observer = FetchedResultsSnapshotObserver(controller: NSFetchedResultsController(
  ///   fetchRequest: request, managedObjectContext: container.viewContext,
  ///   sectionNameKeyPath: nil, cacheName: nil))
  /// observer.didChange = { [weak self] in self?.reloadSnapshot() }
  /// try observer.start()
  /// ```
  ///
  /// ## Updated objects are reconfigured, not reloaded
  /// An object whose attributes changed but which stayed in the results keeps its object ID, so
  /// the observer marks it for reconfigure in the snapshot it delivers
  /// (``DiffableDataSourceSnapshot/reconfiguredItemIdentifiers``): applying the snapshot
  /// refreshes its cell in place. Changes made in the context and changes merged into it from
  /// other contexts both count. Inserted and deleted objects are not marked; the marks belong
  /// to the snapshot of one update.
  ///
  /// ## Threads
  /// The controller's context must be a main-queue context (for example a persistent
  /// container's `viewContext`): Core Data then calls the controller's delegate on the main
  /// thread, and the observer delivers synchronously, inside that call. Creating an observer
  /// for a controller whose context has another concurrency type stops the process with a
  /// message saying so.
  ///
  /// ## Errors
  /// A failing fetch never crashes and never empties the list: ``start()`` throws a
  /// ``FetchedResultsSnapshotError`` (``FetchedResultsSnapshotError/Kind/fetchFailed``), which
  /// ``didFail`` also receives and ``lastError`` keeps. Nothing is left out of a snapshot
  /// silently: section names the mapping cannot name (or names twice), objects that appear more
  /// than once, and entries that are not managed objects are left out and reported the same way
  /// — ``didFail`` is called once per problem, ``problems`` lists them all (each object left out
  /// is named, with its section and position, in ``FetchedResultsSnapshotError/leftOutObjects``),
  /// and ``start()`` still delivers the rest rather than throwing. ``lastError`` goes back to nil
  /// after a clean update.
  @MainActor
  public final class FetchedResultsSnapshotObserver<SectionIdentifierType: Hashable & Sendable> {
    /// The latest results as a snapshot. Reconfigure marks name the objects updated in the
    /// latest change. Empty until ``start()`` succeeds.
    public private(set) var snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, NSManagedObjectID>()
    /// The most recent error, or nil after a clean update.
    public private(set) var lastError: FetchedResultsSnapshotError?
    /// Every problem with the latest delivered results, in the order they were found (empty when
    /// nothing was left out): the sections and objects the snapshot does not show, and why.
    public private(set) var problems: [FetchedResultsSnapshotError] = []
    /// How many snapshots have been delivered (the first by ``start()``).
    public private(set) var updateCount = 0
    /// Called on the main actor before ``snapshot`` changes (capture selection here).
    public var willChange: (() -> Void)?
    /// Called on the main actor after ``snapshot`` changed (apply it here).
    public var didChange: (() -> Void)?
    /// Called on the main actor when the fetch fails, and once for each problem that left
    /// something out of a delivered snapshot (see ``problems``).
    public var didFail: ((FetchedResultsSnapshotError) -> Void)?

    private let performFetch: () throws -> Void
    private let readSections: () -> [(name: String, objects: [Any])]
    private let setDelegate: ((any NSFetchedResultsControllerDelegate)?) -> Void
    /// Clears the controller's delegate if it is still the relay with this identity.
    private let detach: (ObjectIdentifier) -> Void
    private let sectionIdentifier: (String) -> SectionIdentifierType?
    private var relay: _FetchedResultsRelay?
    private var updatedSinceWillChange = Set<NSManagedObjectID>()

    /// Creates an observer of `controller` whose sections are named by `sectionIdentifier`;
    /// nothing is fetched until ``start()``.
    ///
    /// The observer becomes the controller's delegate when started and keeps the controller
    /// alive; do not set the controller's delegate yourself. Releasing the observer (or calling
    /// ``stop()``) clears the controller's delegate.
    ///
    /// ```swift
    /// enum Shelf: Hashable, Sendable { case reading, done }
    /// let observer = FetchedResultsSnapshotObserver(controller: controller) { name in
    ///   name == "1" ? Shelf.done : name == "0" ? .reading : nil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - controller: the fetched results controller; its context must be a main-queue context.
    ///   - sectionIdentifier: the section identifier for a section name (the controller's
    ///     `sectionNameKeyPath` value as text; `""` when it has none). Returning nil leaves that
    ///     section and its objects out and reports ``FetchedResultsSnapshotError/Kind/sectionNotMapped``.
    /// - Precondition: the controller's context is a `.mainQueueConcurrencyType` context;
    ///   otherwise the process stops with a message naming the concurrency type.
    /// - Complexity: O(1).
    public init<ResultType: NSFetchRequestResult>(
      controller: NSFetchedResultsController<ResultType>,
      sectionIdentifier: @escaping (String) -> SectionIdentifierType?
    ) {
      let concurrencyType = controller.managedObjectContext.concurrencyType
      if concurrencyType != .mainQueueConcurrencyType {
        fatalError(
          "OpenDiffable: FetchedResultsSnapshotObserver(controller:): the controller's context has concurrency type "
            + "\(concurrencyType.rawValue), not mainQueueConcurrencyType (2), so its delegate would not be called on "
            + "the main actor. Observe a controller on a main-queue context, such as a persistent container's "
            + "viewContext.")
      }
      self.performFetch = { try controller.performFetch() }
      self.readSections = { (controller.sections ?? []).map { ($0.name, $0.objects ?? []) } }
      self.setDelegate = { controller.delegate = $0 }
      self.detach = { relay in
        if let delegate = controller.delegate, ObjectIdentifier(delegate) == relay { controller.delegate = nil }
      }
      self.sectionIdentifier = sectionIdentifier
    }

    /// Whether the observer is the controller's delegate, tracking changes.
    public var isObserving: Bool { relay != nil }

    /// Fetches the results, delivers the first snapshot (calling ``willChange`` and
    /// ``didChange``) and starts tracking changes.
    ///
    /// Calling it again fetches again (after fixing a failed request, for example).
    ///
    /// - Throws: ``FetchedResultsSnapshotError`` with ``FetchedResultsSnapshotError/Kind/fetchFailed``
    ///   when `performFetch()` throws; ``didFail`` receives it too, the observer stops tracking,
    ///   and the last good snapshot stays.
    /// - Complexity: O(n) for n fetched objects, plus the fetch.
    public func start() throws(FetchedResultsSnapshotError) {
      let relay = self.relay ?? _FetchedResultsRelay(observer: self, detach: detach)
      setDelegate(relay)
      do {
        try performFetch()
      } catch {
        setDelegate(nil)
        self.relay = nil
        let failure = FetchedResultsSnapshotError(fetchError: error)
        report(failure)
        throw failure
      }
      self.relay = relay
      updatedSinceWillChange = []
      deliver(markingUpdated: false)
    }

    /// Stops tracking changes (the controller's delegate is cleared); the current snapshot stays.
    ///
    /// - Complexity: O(1).
    public func stop() {
      setDelegate(nil)
      relay = nil
    }

    // MARK: Called by the relay, on the main actor

    func contentWillChange() {
      updatedSinceWillChange = []
    }

    func objectUpdated(_ objectID: NSManagedObjectID) {
      updatedSinceWillChange.insert(objectID)
    }

    func contentDidChange() {
      deliver(markingUpdated: true)
    }

    // MARK: Building

    private func deliver(markingUpdated: Bool) {
      let previous = snapshot
      var next = DiffableDataSourceSnapshot<SectionIdentifierType, NSManagedObjectID>()
      var problems: [FetchedResultsSnapshotError] = []
      var repeated: [FetchedResultsLeftOutObject] = []
      var invalid: [FetchedResultsLeftOutObject] = []
      var seen = Set<NSManagedObjectID>()
      for (name, objects) in readSections() {
        guard let section = sectionIdentifier(name) else {
          problems.append(
            FetchedResultsSnapshotError(
              kind: .sectionNotMapped,
              message: "no section identifier for section \(String(reflecting: name)); its \(objects.count) "
                + "object(s) were left out", sectionName: name))
          continue
        }
        guard !next.containsSection(section) else {
          problems.append(
            FetchedResultsSnapshotError(
              kind: .duplicateSection,
              message: "section \(String(reflecting: name)) maps to \(String(reflecting: section)), which an "
                + "earlier section already uses; its \(objects.count) object(s) were left out", sectionName: name))
          continue
        }
        next.appendSections([section])
        var fresh: [NSManagedObjectID] = []
        fresh.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
          guard let objectID = (object as? NSManagedObject)?.objectID ?? (object as? NSManagedObjectID) else {
            invalid.append(
              FetchedResultsLeftOutObject(sectionName: name, index: index, object: Self.describeEntry(object)))
            continue
          }
          if seen.insert(objectID).inserted {
            fresh.append(objectID)
          } else {
            repeated.append(FetchedResultsLeftOutObject(sectionName: name, index: index, object: "\(objectID)"))
          }
        }
        if !fresh.isEmpty { next.appendItems(fresh, toSection: section) }
      }
      if !repeated.isEmpty {
        problems.append(
          FetchedResultsSnapshotError(
            kind: .duplicateObject,
            message: "\(repeated.count) object(s) appeared again in the results and were left out: "
              + Self.list(repeated), leftOutObjects: repeated))
      }
      if !invalid.isEmpty {
        problems.append(
          FetchedResultsSnapshotError(
            kind: .invalidObject,
            message: "\(invalid.count) entr\(invalid.count == 1 ? "y" : "ies") of the results "
              + "\(invalid.count == 1 ? "was" : "were") not a managed object and left out: " + Self.list(invalid),
            leftOutObjects: invalid))
      }
      if markingUpdated {
        let updated = updatedSinceWillChange.filter { next.containsItem($0) && previous.containsItem($0) }
        if !updated.isEmpty { next.reconfigureItems(next.itemIdentifiers.filter(updated.contains)) }
      }
      updatedSinceWillChange = []
      willChange?()
      snapshot = next
      updateCount += 1
      self.problems = problems
      didChange?()
      if problems.isEmpty {
        lastError = nil
      } else {
        for problem in problems { report(problem) }
      }
    }

    /// The first entries left out, for a message (all of them are in the error's
    /// `leftOutObjects`).
    private static func list(_ leftOut: [FetchedResultsLeftOutObject]) -> String {
      let shown = leftOut.prefix(5).map(\.description).joined(separator: "; ")
      return leftOut.count > 5 ? shown + "; and \(leftOut.count - 5) more" : shown
    }

    /// An entry that is not a managed object: its type and value, shortened.
    private static func describeEntry(_ entry: Any) -> String {
      let value = String(describing: entry)
      return "\(type(of: entry)) \(value.count > 80 ? String(value.prefix(80)) + "…" : value)"
    }

    private func report(_ error: FetchedResultsSnapshotError) {
      lastError = error
      didFail?(error)
    }
  }

  extension FetchedResultsSnapshotObserver where SectionIdentifierType == String {
    /// Creates an observer of `controller` whose section identifiers are the controller's
    /// section names (`""` for the one section of a controller without `sectionNameKeyPath`) —
    /// the snapshot Core Data's own `controller(_:didChangeContentWith:)` describes, as a
    /// `DiffableDataSourceSnapshot<String, NSManagedObjectID>`.
    ///
    /// - Precondition: the controller's context is a `.mainQueueConcurrencyType` context;
    ///   otherwise the process stops with a message naming the concurrency type.
    /// - Complexity: O(1).
    public convenience init<ResultType: NSFetchRequestResult>(controller: NSFetchedResultsController<ResultType>) {
      self.init(controller: controller, sectionIdentifier: { $0 })
    }
  }

  /// The controller's delegate: forwards Core Data's change tracking to the observer on the
  /// main actor. Core Data calls it on the context's queue, the main queue for the contexts the
  /// observer accepts.
  ///
  /// The controller does not retain its delegate (`unowned(unsafe)`), so when the relay goes
  /// away with its observer it clears the controller's delegate if that is still itself: a
  /// controller that outlives the observer never calls a freed object.
  ///
  /// `@unchecked Sendable`: its state is three constant `@Sendable` closures and `detach`, which
  /// runs once, in `deinit` (`NSObject` keeps the compiler from checking).
  final class _FetchedResultsRelay: NSObject, NSFetchedResultsControllerDelegate, @unchecked Sendable {
    private let willChange: @MainActor @Sendable () -> Void
    private let updated: @MainActor @Sendable (NSManagedObjectID) -> Void
    private let didChange: @MainActor @Sendable () -> Void
    private let detach: (ObjectIdentifier) -> Void

    @MainActor
    init<SectionIdentifierType>(
      observer: FetchedResultsSnapshotObserver<SectionIdentifierType>, detach: @escaping (ObjectIdentifier) -> Void
    ) {
      self.willChange = { [weak observer] in observer?.contentWillChange() }
      self.updated = { [weak observer] in observer?.objectUpdated($0) }
      self.didChange = { [weak observer] in observer?.contentDidChange() }
      self.detach = detach
      super.init()
    }

    deinit { detach(ObjectIdentifier(self)) }

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {
      MainActor.assumeIsolated { willChange() }
    }

    func controller(
      _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any,
      at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
      guard type == .update || type == .move else { return }
      let objectID = (anObject as? NSManagedObject)?.objectID ?? (anObject as? NSManagedObjectID)
      guard let objectID else { return }
      MainActor.assumeIsolated { updated(objectID) }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {
      MainActor.assumeIsolated { didChange() }
    }
  }
#endif
