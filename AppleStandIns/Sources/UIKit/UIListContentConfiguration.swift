import Foundation

// Stand-in for UIKit's content configurations (iOS 14) and the text label of a table cell: what
// a cell provider uses to say what a row shows. See DECLARATIONS.md for the declarations
// transcribed (the iOS 18.1 UIKit Swift interface, and the UITableViewCell and UILabel headers).

/// A view that displays text (UIKit's `UILabel`; its text only).
@available(iOS 2.0, *)
@MainActor @preconcurrency
open class UILabel: UIView {
  /// The text shown; nil by default.
  open var text: String?
}

/// The state of a view for a configuration (UIKit's `UIConfigurationState`). The stand-in has no
/// trait collections, so its requirements (`init(traitCollection:)`, `traitCollection`, a
/// subscript by custom key) are left out.
@available(iOS 14.0, tvOS 14.0, *)
public protocol UIConfigurationState {}

/// The requirements for a content configuration (UIKit's `UIContentConfiguration`).
@available(iOS 14.0, tvOS 14.0, *)
public protocol UIContentConfiguration {
  /// Makes a content view showing this configuration.
  @MainActor func makeContentView() -> any UIView & UIContentView

  /// This configuration updated for `state`.
  func updated(for state: any UIConfigurationState) -> Self
}

/// The requirements for a view made by a content configuration (UIKit's `UIContentView`).
@available(iOS 14.0, tvOS 14.0, *)
@MainActor
public protocol UIContentView: NSObjectProtocol {
  /// The configuration the view shows.
  @MainActor var configuration: any UIContentConfiguration { get set }

  /// Whether the view can show `configuration`.
  @available(iOS 16.0, tvOS 16.0, *)
  @MainActor func supports(_ configuration: any UIContentConfiguration) -> Bool
}

@available(iOS 16.0, tvOS 16.0, *)
extension UIContentView {
  /// Not implemented: a view supports configurations of the type it shows.
  @MainActor public func supports(_ configuration: any UIContentConfiguration) -> Bool {
    type(of: configuration) == type(of: self.configuration)
  }
}

/// The content of a list row (UIKit's `UIListContentConfiguration`; its text only).
@available(iOS 14.0, tvOS 14.0, *)
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  /// The configuration of a list cell.
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }

  /// Makes a ``UIListContentView`` showing this configuration.
  @MainActor public func makeContentView() -> any UIView & UIContentView {
    UIListContentView(configuration: self)
  }

  /// This configuration: the stand-in has no state-dependent styling.
  public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }

  /// The primary text.
  public var text: String?
}

/// The content view of a list row (UIKit's `UIListContentView`).
@available(iOS 14.0, tvOS 14.0, *)
@MainActor @preconcurrency
open class UIListContentView: UIView, UIContentView {
  private var listConfiguration: UIListContentConfiguration

  /// Creates a view showing `configuration`.
  public init(configuration: UIListContentConfiguration) {
    listConfiguration = configuration
    super.init(frame: .zero)
  }

  /// Creates a content view from an archive; the stand-in loads no archives and stops.
  public required init?(coder: NSCoder) {
    preconditionFailure("UIListContentView stand-in: init(coder:) is not supported (no archives on Linux)")
  }

  /// The configuration shown; setting one that is not a ``UIListContentConfiguration`` stops
  /// the process, as UIKit's view raises an exception.
  public var configuration: any UIContentConfiguration {
    get { listConfiguration }
    set(config) {
      guard let config = config as? UIListContentConfiguration else {
        preconditionFailure("UIListContentView: \(type(of: config)) is not a UIListContentConfiguration")
      }
      listConfiguration = config
    }
  }
}

@available(iOS 14.0, tvOS 14.0, *)
extension UITableViewCell {
  /// The content configuration, nil by default. Setting one replaces the cell's content view
  /// with the configuration's ``UIContentConfiguration/makeContentView()``; the text label is
  /// then nil.
  @available(iOS 14.0, tvOS 14.0, *)
  public var contentConfiguration: (any UIContentConfiguration)? {
    get { standInContentConfiguration }
    set(config) { standInContentConfiguration = config }
  }

  /// A list content configuration for the cell's style (the stand-in has the default style).
  @available(iOS 14.0, tvOS 14.0, *)
  public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

  /// What ``UITableViewCell/textLabel`` returns: nil while a content configuration is set, else
  /// the cell's label, made when first asked for.
  var standInTextLabel: UILabel? {
    if standInContentView != nil { return nil }
    if let label = subviews.lazy.compactMap({ $0 as? UILabel }).first { return label }
    let label = UILabel(frame: .zero)
    addSubview(label)
    return label
  }
}

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewCell {
  /// The content configuration, nil by default. Setting one replaces the cell's content view
  /// with the configuration's ``UIContentConfiguration/makeContentView()``.
  @available(iOS 14.0, tvOS 14.0, *)
  public var contentConfiguration: (any UIContentConfiguration)? {
    get { standInContentConfiguration }
    set(config) { standInContentConfiguration = config }
  }
}

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewListCell {
  /// A list content configuration for the cell (the stand-in has one style: a list cell's, for
  /// a header as for a row).
  @available(iOS 14.0, tvOS 14.0, *)
  public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

extension UIView {
  /// The content view a content configuration made: a subview of the cell (the stand-in has no
  /// separate `contentView`).
  var standInContentView: (any UIView & UIContentView)? {
    subviews.lazy.compactMap { $0 as? any UIView & UIContentView }.first
  }

  /// What a cell's `contentConfiguration` reads and writes: the configuration of its content
  /// view; setting one replaces that view with the configuration's own.
  var standInContentConfiguration: (any UIContentConfiguration)? {
    get { standInContentView?.configuration }
    set(config) {
      standInContentView.map { ($0 as UIView).removeFromSuperview() }
      if let config { addSubview(config.makeContentView()) }
    }
  }
}
