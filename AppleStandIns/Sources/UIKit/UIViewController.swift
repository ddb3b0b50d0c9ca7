import Foundation

/// An object that manages a view hierarchy (UIKit's `UIViewController`; loading its view only).
/// See DECLARATIONS.md for the declarations transcribed.
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UIViewController: UIResponder {
  /// Creates a view controller; the stand-in has no nibs, so both arguments are ignored.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// Creates a view controller without a nib (Objective-C's inherited `init`).
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  /// Creates a view controller from an archive (`NSCoding`); the stand-in loads no archives and
  /// stops. A subclass that declares its own designated initializer must implement it, as with
  /// UIKit.
  public required init?(coder: NSCoder) {
    preconditionFailure("UIViewController stand-in: init(coder:) is not supported (no archives on Linux)")
  }

  private var standInView: UIView?

  /// The root view. Reading it when it is not loaded calls ``loadView()``, then
  /// ``viewDidLoad()``, as UIKit does; setting nil unloads it (`null_resettable`).
  open var view: UIView! {
    get {
      if standInView == nil {
        loadView()
        viewDidLoad()
      }
      return standInView
    }
    set { standInView = newValue }
  }

  /// Creates the root view. UIKit's makes a plain view (the stand-in's has a zero frame).
  open func loadView() { view = UIView(frame: .zero) }

  /// Called after the root view has loaded.
  open func viewDidLoad() {}

  /// Whether the root view is loaded; reading it loads nothing.
  @available(iOS 3.0, *)
  open var isViewLoaded: Bool { standInView != nil }

  /// Loads the root view if it is not loaded yet.
  @available(iOS 9.0, *)
  open func loadViewIfNeeded() { _ = view }
}
