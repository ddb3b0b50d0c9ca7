@_exported import Foundation
import StandInList

// Stand-in for the parts of UIKit that OpenDiffable's UIKit adapters use; see DECLARATIONS.md for
// the Apple page each declaration is transcribed from. Members whose names start with `standIn`
// are not Apple API: they let tests drive the views (user gestures) and read what they show.

/// An object that can respond to events (UIKit's `UIResponder`; only the class is used).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UIResponder: NSObject {}

/// A rectangular area of the screen (UIKit's `UIView`).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UIView: UIResponder {
  /// Creates a view with the given frame rectangle.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Creates a view with a zero frame (Objective-C's inherited `init`).
  public convenience override init() { self.init(frame: .zero) }

  /// Creates a view from an archive (`NSCoding`); the stand-in loads no archives and stops. A
  /// subclass that declares its own designated initializer must implement it, as with UIKit.
  public required init?(coder: NSCoder) {
    preconditionFailure("UIView stand-in: init(coder:) is not supported (no archives on Linux)")
  }

  /// The frame rectangle.
  open var frame: CGRect

  /// The bounds rectangle: the view's own coordinate system. Its size is the frame's (set
  /// together, as in UIKit); its origin is zero unless set.
  open var bounds: CGRect {
    get { CGRect(origin: standInBoundsOrigin, size: frame.size) }
    set {
      standInBoundsOrigin = newValue.origin
      frame.size = newValue.size
    }
  }

  private var standInBoundsOrigin = CGPoint.zero

  /// The view that contains this one, or nil.
  open var superview: UIView? { standInSuperview }

  /// The views this view contains, back to front.
  open var subviews: [UIView] { standInSubviews }

  private weak var standInSuperview: UIView?
  private var standInSubviews: [UIView] = []

  /// Adds `view` on top of this view's subviews, removing it from its previous superview.
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    standInSubviews.append(view)
    view.standInSuperview = self
  }

  /// Removes this view from its superview.
  open func removeFromSuperview() {
    guard let superview = standInSuperview else { return }
    superview.standInSubviews.removeAll { $0 === self }
    standInSuperview = nil
  }

  /// Runs `actionsWithoutAnimation` with animations turned off.
  @available(iOS 7.0, *)
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    StandInAnimation.withoutAnimation(actionsWithoutAnimation)
  }
}

/// A view that scrolls (UIKit's `UIScrollView`; only the class is used).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UIScrollView: UIView {}
