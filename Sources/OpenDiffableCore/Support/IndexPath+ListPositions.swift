import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
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
