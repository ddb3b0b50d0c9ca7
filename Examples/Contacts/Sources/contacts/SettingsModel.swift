import Observation
import OpenDiffable

/// The rows of the settings screen: identity and intent only (a static table described as structural data).
enum SettingsCell: Hashable, Sendable {
  case showDetails
  case highlightChanges
  case syncSize
  case contactCount
  case databasePath
}

/// The settings, as an `@Observable` model: the settings screen follows it by itself (its data
/// source's `applyObserving`, see ``SettingsScreen``), with no call from here.
///
/// Settings are app-wide, and the other screens keep the side-controller style: the app is the
/// one listener of `willChange` and `didChange` and passes every change on to them. Both styles
/// read the same model.
@MainActor
@Observable
final class SettingsModel {
  @ObservationIgnored private let store: ContactStore
  private(set) var showDetails = true
  private(set) var highlightChanges = true
  private(set) var syncSize = 300
  /// How many contacts the database held when last counted (``refreshContactCount()``).
  private(set) var contactCount = 0
  var databasePath: String { store.path }

  /// For the side-controller screens (through the app); the settings screen needs neither.
  @ObservationIgnored var willChange: (() -> Void)?
  /// Called after a change with the rows whose value changed.
  @ObservationIgnored var didChange: ((_ changed: [SettingsCell]) -> Void)?

  static let syncSizes = [100, 300, 1000]

  init(store: ContactStore) {
    self.store = store
  }

  /// Counts the contacts and hands the side-controller screens their first table (no row
  /// changed yet).
  func load() {
    willChange?()
    contactCount = (try? store.count()) ?? 0
    didChange?([])
  }

  /// The table, derived from the current state: structure only.
  var tableData: StaticTableData<SettingsCell> {
    StaticTableData(sections: [
      StaticTableSection(header: "Display", cells: [.showDetails, .highlightChanges]),
      StaticTableSection(header: "Sync", footer: "How many rows the s key changes at once.", cells: [.syncSize]),
      StaticTableSection(
        header: "Database", footer: "Start with --reset to seed it again.", cells: [.contactCount, .databasePath]),
    ])
  }

  /// Changes the setting behind `cell` (toggles or cycles); on the contact count, counts again;
  /// on the file row, does nothing.
  func activate(_ cell: SettingsCell) {
    switch cell {
    case .showDetails: change(cell) { showDetails.toggle() }
    case .highlightChanges: change(cell) { highlightChanges.toggle() }
    case .syncSize:
      let index = Self.syncSizes.firstIndex(of: syncSize) ?? 0
      change(cell) { syncSize = Self.syncSizes[(index + 1) % Self.syncSizes.count] }
    case .contactCount: refreshContactCount()
    case .databasePath: break
    }
  }

  /// Counts the contacts again; a new count is a change of the `contactCount` row.
  func refreshContactCount() {
    let count = (try? store.count()) ?? 0
    if count != contactCount { change(.contactCount) { contactCount = count } }
  }

  private func change(_ cell: SettingsCell, _ update: () -> Void) {
    willChange?()
    update()
    didChange?([cell])
  }
}
