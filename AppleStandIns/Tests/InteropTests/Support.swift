import CoreData
import OpenDiffable

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// A stand-in Core Data entity: a note in a group, ordered by rank.
final class Note: NSManagedObject {
  var title: String {
    get { value(forKey: "title") as? String ?? "" }
    set { setValue(newValue, forKey: "title") }
  }
  var group: String {
    get { value(forKey: "group") as? String ?? "" }
    set { setValue(newValue, forKey: "group") }
  }
  var rank: Int {
    get { value(forKey: "rank") as? Int ?? 0 }
    set { setValue(newValue, forKey: "rank") }
  }
}
