import Foundation

/// A color (UIKit's `UIColor`; only the class is used, as the type of a tint).
@available(iOS 2.0, *)
open class UIColor: NSObject, @unchecked Sendable {}

/// An accessory of a list cell (UIKit's `UICellAccessory`; the outline disclosure only).
@available(iOS 14.0, tvOS 14.0, *)
public struct UICellAccessory {
  /// A closure that the system calls when a user taps a cell accessory.
  public typealias ActionHandler = () -> Void

  /// The cell-editing states in which an accessory appears (`Hashable`, not `Sendable`, in the
  /// UIKit overlay).
  public enum DisplayedState: Hashable {
    /// Always.
    case always
    /// Only while editing.
    case whenEditing
    /// Only while not editing.
    case whenNotEditing
  }

  /// A layout width (neither `Sendable` nor `Hashable` in the UIKit overlay).
  public enum LayoutDimension {
    /// The accessory's actual width.
    case actual
    /// The standard width.
    case standard
    /// A custom width.
    case custom(_ width: CGFloat)
  }

  /// Configuration options for an outline disclosure.
  public struct OutlineDisclosureOptions {
    /// The style of an outline disclosure (`Hashable`, not `Sendable`, in the UIKit overlay).
    public enum Style: Hashable {
      /// Chosen by the system.
      case automatic
      /// For a cell with nested children.
      case cell
      /// For a section header.
      case header
    }

    /// The style.
    public var style: UICellAccessory.OutlineDisclosureOptions.Style
    /// Whether the accessory is hidden.
    public var isHidden: Bool
    /// The width reserved for the accessory.
    public var reservedLayoutWidth: UICellAccessory.LayoutDimension
    /// The tint color.
    public var tintColor: UIColor?

    /// Creates options.
    public init(
      style: UICellAccessory.OutlineDisclosureOptions.Style? = nil, isHidden: Bool? = nil,
      reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, tintColor: UIColor? = nil
    ) {
      self.style = style ?? .automatic
      self.isHidden = isHidden ?? false
      self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
      self.tintColor = tintColor
    }
  }

  /// The kind of a cell accessory.
  public enum AccessoryType: Hashable {
    /// A disclosure indicator.
    case disclosureIndicator
    /// An outline disclosure.
    case outlineDisclosure
    /// A checkmark.
    case checkmark
    /// A delete control.
    case delete
    /// An insert control.
    case insert
    /// A reorder control.
    case reorder
    /// A multiselect control.
    case multiselect
    /// A label.
    case label
    /// A custom view.
    case customView(UIView)
  }

  /// The accessory's type.
  public let accessoryType: UICellAccessory.AccessoryType

  /// Stand-in only: what the accessory does when tapped.
  public let standInActionHandler: ActionHandler?

  /// An outline disclosure accessory.
  @available(iOS 14.0, *)
  @available(tvOS, unavailable)
  public static func outlineDisclosure(
    displayed: UICellAccessory.DisplayedState = .always,
    options: UICellAccessory.OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: UICellAccessory.ActionHandler? = nil
  ) -> UICellAccessory {
    UICellAccessory(accessoryType: .outlineDisclosure, standInActionHandler: actionHandler)
  }

  /// Stand-in only: the user taps the accessory.
  public func standInTap() { standInActionHandler?() }
}
