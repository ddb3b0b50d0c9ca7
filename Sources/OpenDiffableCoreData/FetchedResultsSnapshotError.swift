#if canImport(CoreData)
  import CoreData

  /// A problem with the fetched results behind a list: the fetch failed, or the results had
  /// sections the observer could not name.
  ///
  /// ``FetchedResultsSnapshotObserver`` throws it from ``FetchedResultsSnapshotObserver/start()``
  /// and delivers it to ``FetchedResultsSnapshotObserver/didFail`` instead of stopping the process
  /// or showing an empty list.
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

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - message: a description of the problem.
    ///   - domain: the error domain, when Core Data reported an `NSError`.
    ///   - code: the error code, when Core Data reported an `NSError`.
    ///   - sectionName: the section name concerned, for ``Kind/sectionNotMapped`` and
    ///     ``Kind/duplicateSection``.
    /// - Complexity: O(1).
    public init(kind: Kind, message: String, domain: String? = nil, code: Int? = nil, sectionName: String? = nil) {
      self.kind = kind
      self.message = message
      self.domain = domain
      self.code = code
      self.sectionName = sectionName
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
#endif
