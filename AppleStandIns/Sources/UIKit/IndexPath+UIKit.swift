import Foundation

// UIKit's additions to Foundation's `IndexPath`, declared in UIKit's Swift overlay (Apple's
// documentation lists them under Foundation's `IndexPath`, with precise identifiers
// `s:10Foundation9IndexPathV5UIKitE…`: an extension in the UIKit module). Code that does not
// import UIKit does not see them on iOS; the library compiled here with
// `OPENDIFFABLE_APPLE_FOUNDATION` has none of its own, as on Apple platforms.
@available(iOS 7.0, tvOS 9.0, *)
extension IndexPath {
  /// An index path for the row `row` of the section `section`.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// An index path for the item `item` of the section `section`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The section element of the index path.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row element of the index path.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The item element of the index path.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
