import Foundation

// AppKit's additions to Foundation's `IndexPath`, declared in AppKit's Swift overlay (Apple's
// documentation lists them under Foundation's `IndexPath`, with precise identifiers
// `s:10Foundation9IndexPathV6AppKitE…`: an extension in the AppKit module). AppKit has no `row`
// and no `init(row:section:)`. Code that does not import AppKit does not see them on macOS; the
// library compiled here with `OPENDIFFABLE_APPLE_FOUNDATION` has none of its own, as on Apple
// platforms.
@available(macOS 10.9, *)
extension IndexPath {
  /// Initialize for use with `NSCollectionView`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The item of this index path, when used with `NSCollectionView`.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The section of this index path, when used with `NSCollectionView`.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}
