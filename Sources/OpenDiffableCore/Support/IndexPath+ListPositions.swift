import Foundation

// Foundation's `IndexPath` has no `section`, `item` or `row` of its own: on Apple platforms UIKit
// adds `init(item:section:)`, `init(row:section:)`, `section`, `item` and `row`, AppKit adds
// `init(item:section:)`, `section` and `item` (both as extensions declared in their own modules),
// and Foundation elsewhere (Linux, Windows) adds none. The library's modules do not import UIKit
// or AppKit, so their own code reads and makes index paths through the accessors below, which
// compile on every platform. The stand-in package (AppleStandIns) compiles the library with
// `OPENDIFFABLE_APPLE_FOUNDATION`, which removes the public accessors as Apple's Foundation
// lacks them, so a use of UIKit's spelling in the library fails there as it would on iOS.
extension IndexPath {
  /// The index path `[section, item]`. The library's own spelling of UIKit's and AppKit's
  /// `init(item:section:)`, available on every platform.
  ///
  /// - Complexity: O(1).
  @inlinable package init(_item item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The first index (UIKit's and AppKit's `section`). Stops the process when the path is empty.
  @inlinable package var _section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second index (UIKit's `item` and `row`). Stops the process when the path has fewer than
  /// two indexes.
  @inlinable package var _item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}

#if !canImport(UIKit) && !canImport(AppKit) && !OPENDIFFABLE_APPLE_FOUNDATION
  // UIKit and AppKit add `[section, item]` accessors to IndexPath; Foundation elsewhere (Linux,
  // Windows) does not. These give code written for Apple platforms (screens' logic, their tests,
  // the articles' examples) the same spelling here. Each is `@_disfavoredOverload`: another
  // module that declares the same accessors (any package that gives Linux UIKit's spelling)
  // wins wherever both are imported, instead of making every use ambiguous; both mean
  // `[section, item]`. Examples/ClientPackage checks this (`.ci/client`).
  extension IndexPath {
    /// Creates a two-index path `[section, item]`, as UIKit's and AppKit's initializer does.
    /// Declared on Linux only (UIKit and AppKit declare it on Apple platforms); where another
    /// imported module declares it too, that one is used.
    ///
    /// - Complexity: O(1).
    @_disfavoredOverload
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// Creates a two-index path `[section, row]`, as UIKit's table-view initializer does.
    /// Declared on Linux only, as ``init(item:section:)``.
    ///
    /// - Complexity: O(1).
    @_disfavoredOverload
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// The first index. Stops the process when the path is empty, as Apple's accessor does.
    /// Declared on Linux only, as ``init(item:section:)``.
    @_disfavoredOverload
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The second index. Stops the process when the path has fewer than two indexes. Declared
    /// on Linux only, as ``init(item:section:)``.
    @_disfavoredOverload
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// The second index, named for table views. Same as ``item``. Declared on Linux only, as
    /// ``init(item:section:)``.
    @_disfavoredOverload
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }
#endif
