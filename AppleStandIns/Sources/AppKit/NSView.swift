@_exported import Foundation
import StandInList

// Stand-in for the parts of AppKit that OpenDiffable's AppKit adapters use; see DECLARATIONS.md
// for the Apple page each declaration is transcribed from. Members whose names start with
// `standIn` are not Apple API: they let tests drive the views and read what they show.

/// An object that can respond to events (AppKit's `NSResponder`; only the class is used).
@available(macOS 10.0, *)
@MainActor @preconcurrency
open class NSResponder: NSObject {}

/// An object whose property changes can be animated through a proxy (AppKit's
/// `NSAnimatablePropertyContainer`; only `animator()` is used).
@MainActor @preconcurrency
public protocol NSAnimatablePropertyContainer {
  /// The proxy through which changes are animated. The stand-in returns the object itself and
  /// marks its next change as animated.
  func animator() -> Self
}

/// A rectangular area of a window (AppKit's `NSView`).
@available(macOS 10.0, *)
@MainActor @preconcurrency
open class NSView: NSResponder, NSAnimatablePropertyContainer {
  /// Creates a view with the given frame rectangle.
  public init(frame frameRect: NSRect) {
    self.frame = frameRect
    super.init()
  }

  /// Creates a view with a zero frame (Objective-C's inherited `init`).
  public convenience override init() { self.init(frame: .zero) }

  /// The frame rectangle.
  open var frame: NSRect

  /// The part of the view not clipped by its superviews: ``standInVisibleRect`` when set,
  /// otherwise the whole frame, at the origin.
  open var visibleRect: NSRect { standInVisibleRect ?? NSRect(origin: .zero, size: frame.size) }

  /// Stand-in only: what ``visibleRect`` answers (tests set it to scroll).
  public var standInVisibleRect: NSRect?

  /// Stand-in only: set by `animator()`, cleared by the next change.
  public var standInAnimatesNextChange = false

  /// The animator proxy: here the view itself, with its next change marked as animated.
  public func animator() -> Self {
    standInAnimatesNextChange = true
    return self
  }
}

/// A controller of a view (AppKit's `NSViewController`; only the class is used).
@available(macOS 10.5, *)
@MainActor @preconcurrency
open class NSViewController: NSResponder {
  /// Creates a view controller.
  public override init() { super.init() }
}

/// A control (AppKit's `NSControl`; only the class is used).
@available(macOS 10.0, *)
@MainActor @preconcurrency
open class NSControl: NSView {}

/// The identifier of a user interface item (AppKit's `NSUserInterfaceItemIdentifier`).
@available(macOS 10.7, *)
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
  /// The identifier.
  public var rawValue: String
  /// Creates an identifier.
  public init(_ rawValue: String) { self.rawValue = rawValue }
  /// Creates an identifier.
  public init(rawValue: String) { self.rawValue = rawValue }
}
