import DiffableKit

/// The rows of the settings screen: identity and intent only (seed 000, static tables).
enum SettingsCell: Hashable, Sendable {
  case showDetails
  case highlightChanges
  case syncSize
  case contactCount
  case databasePath
}

/// Side controller of the settings screen: owns the settings and derives the static table
/// from them.
@MainActor
final class SettingsController {
  private(set) var showDetails = true
  private(set) var highlightChanges = true
  private(set) var syncSize = 300
  let databasePath: String
  var contactCount: () -> Int = { 0 }

  var willChange: (() -> Void)?
  var didChange: ((_ changed: [SettingsCell]) -> Void)?

  static let syncSizes = [100, 300, 1000]

  init(databasePath: String) {
    self.databasePath = databasePath
  }

  /// The table, derived from the current state: structure only.
  var tableData: TableData<SettingsCell> {
    TableData(sections: [
      TableSection(header: "Display", cells: [.showDetails, .highlightChanges]),
      TableSection(header: "Sync", footer: "How many rows the s key changes at once.", cells: [.syncSize]),
      TableSection(
        header: "Database", footer: "Start with --reset to seed it again.", cells: [.contactCount, .databasePath]),
    ])
  }

  /// Changes the setting behind `cell` (toggles or cycles); info rows do nothing.
  func activate(_ cell: SettingsCell) {
    willChange?()
    switch cell {
    case .showDetails: showDetails.toggle()
    case .highlightChanges: highlightChanges.toggle()
    case .syncSize:
      let index = Self.syncSizes.firstIndex(of: syncSize) ?? 0
      syncSize = Self.syncSizes[(index + 1) % Self.syncSizes.count]
    case .contactCount, .databasePath: break
    }
    didChange?([cell])
  }
}
