import Foundation

// Stands for another package that gives Linux UIKit's `IndexPath` spelling, as OpenDiffable
// does: the same public accessors, declared independently. IndexPathClient imports both.
#if os(Linux)
  extension IndexPath {
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }
#endif
