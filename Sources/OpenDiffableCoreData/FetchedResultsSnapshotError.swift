#if canImport(CoreData)
  import CoreData

  /// A problem with the fetched results behind a list: the fetch failed, or the results had
  /// sections the observer could not name.
  ///
  /// ``FetchedResultsSnapshotObserver`` throws it from ``FetchedResultsSnapshotObserver/start()``
  /// and delivers it to ``FetchedResultsSnapshotObserver/didFail`` instead of stopping the process
  /// or showing an empty list. In `import OpenDiffableCoreData`, with the observer.
  public struct FetchedResultsSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
      /// `performFetch()` threw (for example, a fetch request without sort descriptors, or a
      /// store that cannot be read). Nothing is observed; the last good snapshot stays. Fix the
      /// request and call ``FetchedResultsSnapshotObserver/start()`` again.
      case fetchFailed = "fetch failed"
      /// The section-identifier mapping returned nil for a section name: that section and its
      /// objects were left out of the snapshot.
      case sectionNotMapped = "section not mapped"
      /// The section-identifier mapping returned the same identifier for two section names: the
      /// later section and its objects were left out of the snapshot.
      case duplicateSection = "duplicate section"
      /// An object appeared more than once in the results (twice in one section, or in two
      /// sections): a snapshot holds each identifier once, so the later occurrences were left out.
      /// ``FetchedResultsSnapshotError/leftOutObjects`` names each one and where it was.
      case duplicateObject = "duplicate object"
      /// An entry of a section was neither an `NSManagedObject` nor an `NSManagedObjectID` (a
      /// fetch request with `.dictionaryResultType` or `.countResultType` returns such entries):
      /// it has no object ID to show, so it was left out.
      /// ``FetchedResultsSnapshotError/leftOutObjects`` names each one and where it was.
      case invalidObject = "invalid object"
    }

    /// What went wrong.
    public let kind: Kind
    /// A message meant for a person.
    public let message: String
    /// The error's domain when Core Data reported an `NSError` (e.g. `NSCocoaErrorDomain`).
    public let domain: String?
    /// The error's code when Core Data reported an `NSError`.
    public let code: Int?
    /// The section name concerned, for ``Kind/sectionNotMapped`` and ``Kind/duplicateSection``.
    public let sectionName: String?
    /// Every entry left out, for ``Kind/duplicateObject`` and ``Kind/invalidObject``: its section
    /// and position in the controller's results, and what it was.
    public let leftOutObjects: [FetchedResultsLeftOutObject]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - message: a description of the problem.
    ///   - domain: the error domain, when Core Data reported an `NSError`.
    ///   - code: the error code, when Core Data reported an `NSError`.
    ///   - sectionName: the section name concerned, for ``Kind/sectionNotMapped`` and
    ///     ``Kind/duplicateSection``.
    ///   - leftOutObjects: the entries left out, for ``Kind/duplicateObject`` and
    ///     ``Kind/invalidObject``.
    /// - Complexity: O(1).
    public init(
      kind: Kind, message: String, domain: String? = nil, code: Int? = nil, sectionName: String? = nil,
      leftOutObjects: [FetchedResultsLeftOutObject] = []
    ) {
      self.kind = kind
      self.message = message
      self.domain = domain
      self.code = code
      self.sectionName = sectionName
      self.leftOutObjects = leftOutObjects
    }

    /// Wraps an error thrown by `performFetch()` as ``Kind/fetchFailed``, keeping its domain,
    /// code and localized description.
    ///
    /// - Complexity: O(length of the error's description).
    public init(fetchError error: any Error) {
      let nsError = error as NSError
      self.init(
        kind: .fetchFailed, message: nsError.localizedDescription, domain: nsError.domain, code: nsError.code)
    }

    /// A one-line description, e.g.
    /// `fetched results fetch failed: … (NSCocoaErrorDomain 134060)`.
    public var description: String {
      var text = "fetched results \(kind.rawValue): \(message)"
      if let domain, let code { text += " (\(domain) \(code))" }
      return text
    }
  }

  /// An entry of a fetched results controller's sections that a snapshot could not hold: a
  /// repeat of an object already shown, or an entry that is not a managed object. In
  /// `import OpenDiffableCoreData`, with the observer.
  public struct FetchedResultsLeftOutObject: Sendable, Equatable, CustomStringConvertible {
    /// The name of the controller's section that held it.
    public let sectionName: String
    /// Its position in that section's `objects` (0 for the first).
    public let index: Int
    /// What it was: the object ID of a repeated object, or the type and value of an entry that
    /// is not a managed object.
    public let object: String

    /// Creates a value.
    ///
    /// - Complexity: O(1).
    public init(sectionName: String, index: Int, object: String) {
      self.sectionName = sectionName
      self.index = index
      self.object = object
    }

    /// The place and the entry, e.g. `"work" at 2: <x-coredata://…/Note/p3>`.
    public var description: String { "\(String(reflecting: sectionName)) at \(index): \(object)" }
  }
#endif
