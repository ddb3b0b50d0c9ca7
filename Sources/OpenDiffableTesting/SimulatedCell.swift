import Foundation
import OpenDiffable

/// A cell of a simulated list: the item identifier it was made for and any text the cell
/// provider put in it.
public struct SimulatedCell<ItemIdentifierType: Hashable & Sendable>: Hashable, Sendable {
  /// The item the cell was made for.
  public var itemIdentifier: ItemIdentifierType
  /// Free text a cell provider may fill in.
  public var text: String

  /// A cell for `itemIdentifier`.
  public init(_ itemIdentifier: ItemIdentifierType, text: String = "") {
    self.itemIdentifier = itemIdentifier
    self.text = text
  }
}
