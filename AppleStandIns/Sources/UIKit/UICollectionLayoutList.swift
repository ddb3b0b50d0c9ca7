import Foundation

// Stand-in for UIKit's list layout (iOS 14): the list configuration and the compositional layout
// made from it, as the iOS 18.1 UIKit Swift interface and `UICollectionViewCompositionalLayout.h`
// declare them (see DECLARATIONS.md, "UIKit: list screens"). The stand-in lays nothing out: the
// layout keeps its configuration, which tests read (`standInListConfiguration`).

/// The configuration of a list layout (UIKit's `UICollectionLayoutListConfiguration`; its
/// appearance, header and footer modes, separators, background color and header padding).
@available(iOS 14.0, tvOS 14.0, *)
public struct UICollectionLayoutListConfiguration {
  /// The overall appearance of a list (`Hashable`, not `Sendable`, in the UIKit overlay).
  public enum Appearance: Hashable {
    /// A plain list.
    case plain
    /// A grouped list.
    case grouped
    /// A grouped list with rounded, inset sections.
    @available(tvOS, unavailable)
    case insetGrouped
    /// A sidebar.
    @available(tvOS, unavailable)
    case sidebar
    /// A plain sidebar.
    @available(tvOS, unavailable)
    case sidebarPlain
  }

  /// How a section shows its header (`Hashable`, not `Sendable`, in the UIKit overlay).
  public enum HeaderMode: Hashable {
    /// No header.
    case none
    /// A supplementary view of kind `UICollectionView.elementKindSectionHeader`.
    case supplementary
    /// The section's first item is its header.
    case firstItemInSection
  }

  /// How a section shows its footer (`Hashable`, not `Sendable`, in the UIKit overlay).
  public enum FooterMode: Hashable {
    /// No footer.
    case none
    /// A supplementary view (of kind `UICollectionView.elementKindSectionFooter`).
    case supplementary
  }

  /// Creates a configuration with `appearance`: no header, no footer, separators shown.
  public init(appearance: UICollectionLayoutListConfiguration.Appearance) {
    self.appearance = appearance
  }

  /// The overall appearance.
  public private(set) var appearance: UICollectionLayoutListConfiguration.Appearance

  /// Whether the list shows separators between rows; true by default.
  @available(tvOS, unavailable)
  public var showsSeparators: Bool {
    get { standInShowsSeparators }
    set { standInShowsSeparators = newValue }
  }

  private var standInShowsSeparators = true

  /// The background color; nil for the appearance's default.
  public var backgroundColor: UIColor?

  /// How sections show their headers.
  public var headerMode: UICollectionLayoutListConfiguration.HeaderMode = .none

  /// How sections show their footers.
  public var footerMode: UICollectionLayoutListConfiguration.FooterMode = .none

  /// The padding above each header; nil for the system's.
  @available(iOS 15.0, tvOS 15.0, *)
  public var headerTopPadding: CGFloat? {
    get { standInHeaderTopPadding }
    set { standInHeaderTopPadding = newValue }
  }

  private var standInHeaderTopPadding: CGFloat?
}

/// A layout made of sections (UIKit's `UICollectionViewCompositionalLayout`; made only with
/// ``list(using:)`` here: sections, groups and items are not declared).
@available(iOS 13.0, tvOS 13.0, *)
@MainActor @preconcurrency
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  /// Stand-in only: the list configuration the layout was made with.
  public let standInListConfiguration: UICollectionLayoutListConfiguration?

  init(standInListConfiguration: UICollectionLayoutListConfiguration?) {
    self.standInListConfiguration = standInListConfiguration
    super.init()
  }
}

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewCompositionalLayout {
  /// A layout whose every section is a list with `configuration`.
  public static func list(using configuration: UICollectionLayoutListConfiguration)
    -> UICollectionViewCompositionalLayout
  {
    UICollectionViewCompositionalLayout(standInListConfiguration: configuration)
  }
}

@available(iOS 6.0, *)
extension UICollectionView {
  /// The element kind of a section header (`UICollectionElementKindSectionHeader`).
  nonisolated public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
}
