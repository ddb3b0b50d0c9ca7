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
  // Windows) does not. These give code written for Apple platforms the same spelling here.
  extension IndexPath {
    /// Creates a two-index path `[section, item]`, as UIKit's and AppKit's initializer does.
    ///
    /// - Complexity: O(1).
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// Creates a two-index path `[section, row]`, as UIKit's table-view initializer does.
    ///
    /// - Complexity: O(1).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// The first index. Stops the process when the path is empty, as Apple's accessor does.
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The second index. Stops the process when the path has fewer than two indexes.
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// The second index, named for table views. Same as ``item``.
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }
#endif
