@_spi(Testing) import OpenDiffableCore
import OpenDiffableTesting
import PropertyBased
import Testing

/// Identifiers that all hash alike — one probe run in the item table, one control tag — some of
/// them not equal to themselves, like `Double.nan`. Every entry is then a candidate for every
/// search, so an entry found by the wrong position shows at once, whatever the process's seed.
private enum AlikeKey: Hashable, CustomStringConvertible {
  case id(Int)
  case notANumber

  static func == (lhs: AlikeKey, rhs: AlikeKey) -> Bool {
    if case .id(let a) = lhs, case .id(let b) = rhs { return a == b }
    return false
  }

  func hash(into hasher: inout Hasher) { hasher.combine(0) }

  /// The identifier's number, or nil for `notANumber`.
  var number: Int? {
    if case .id(let value) = self { return value }
    return nil
  }

  var description: String { number.map { "\($0)" } ?? "nan" }
}

/// Identifiers not equal to themselves share a snapshot with well-behaved ones without ever
/// taking their index entries. (The fuzz target found `insertItems` shifting a well-behaved
/// item's entry onto the location of a `nan` after it, whose re-indexing then took that entry:
/// `indexOfItem` answered one past the item's position.)
@Suite("Identifiers not equal to themselves beside well-behaved ones")
struct NotEqualToItselfTests {
  private typealias Snapshot = DiffableDataSourceSnapshot<Int, AlikeKey>

  /// Every well-behaved item is found at its position; `nan`s are never found.
  private func expectFound(_ snapshot: Snapshot, _ context: String = "") {
    var flat = 0
    for section in snapshot.sectionIdentifiers {
      for (offset, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
        if item.number == nil {
          #expect(snapshot.indexOfItem(item) == nil, "\(context)")
        } else {
          #expect(snapshot.indexOfItem(item) == flat + offset, "index of \(item) \(context)")
          #expect(snapshot.sectionIdentifier(containingItem: item) == section, "section of \(item) \(context)")
        }
      }
      flat += snapshot.numberOfItems(inSection: section)
    }
    snapshot._checkInvariants()
  }

  @Test func insertingBeforeAnItemFollowedByNotANumber() {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems([.id(1), .notANumber])
    snapshot.insertItems([.id(2)], beforeItem: .id(1))
    #expect(snapshot.indexOfItem(.id(2)) == 0)
    #expect(snapshot.indexOfItem(.id(1)) == 1)
    expectFound(snapshot)
  }

  @Test func insertingBeforeARunOfItemsAndNotANumbers() {
    var snapshot = Snapshot()
    snapshot.appendSections([0, 1])
    snapshot.appendItems([.id(9)], toSection: 0)
    snapshot.appendItems([.id(1), .notANumber, .id(3), .notANumber, .notANumber, .id(4)], toSection: 1)
    snapshot.insertItems([.id(5), .id(6), .notANumber], beforeItem: .id(1))
    expectFound(snapshot)
    snapshot.moveItem(.id(4), beforeItem: .id(5))
    expectFound(snapshot)
    snapshot.deleteItems([.id(5), .id(3)])
    expectFound(snapshot)
    snapshot.insertItems([.id(7)], afterItem: .id(9))
    expectFound(snapshot)
    #expect(snapshot.itemIdentifiers.map(\.description) == ["9", "7", "4", "6", "nan", "1", "nan", "nan", "nan"])
  }

  @Test func aSectionSnapshotHoldingNotANumberKeepsItsInvariants() {
    var outline = DiffableDataSourceSectionSnapshot<Double>()
    outline.append([1, .nan, 3])
    outline.append([2, .nan], to: 1)
    outline.expand([1])
    outline._checkInvariants()  // stopped on the nan: it looked every item up by equality
    #expect(outline.items.count == 5)
    #expect(outline.index(of: 3) == 4)
    #expect(outline.parent(of: 2) == 1)
    #expect(!outline.contains(.nan))
  }

  /// 2,000 random sequences of appends, inserts, deletes and moves over colliding identifiers
  /// and `nan`s, against arrays: after every step every well-behaved item is where the arrays
  /// say, and the snapshot's invariants hold.
  @Test func randomSequencesKeepEveryWellBehavedItemInPlace() async {
    OpenDiffableWarningCollector.install()  // appends of present items warn
    await propertyCheck(count: 2000, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...30)) { codes in
      var snapshot = Snapshot()
      var model: [(section: Int, items: [AlikeKey])] = []
      var next = 0
      var nextSection = 0
      func present() -> [AlikeKey] { model.flatMap(\.items).filter { $0.number != nil } }
      func remove(_ item: AlikeKey) {
        for index in model.indices { model[index].items.removeAll { $0 == item } }
      }
      func place(_ new: [AlikeKey], at anchor: AlikeKey, after: Bool) {
        let s = model.firstIndex { $0.items.contains(anchor) }!
        let o = model[s].items.firstIndex(of: anchor)!
        model[s].items.insert(contentsOf: new, at: after ? o + 1 : o)
      }
      for code in codes {
        let a = code / 8 % 1000
        let b = code / 8000 % 1000
        // New identifiers, with a nan among them one time in three.
        var new = (0..<(1 + a % 3)).map { _ in
          AlikeKey.id(
            {
              next += 1; return next
            }())
        }
        if b % 3 == 0 { new.insert(.notANumber, at: b % (new.count + 1)) }
        let items = present()
        switch code % 8 {
        case 0:
          snapshot.appendSections([nextSection])
          model.append((nextSection, []))
          nextSection += 1
        case 1, 2:
          guard !model.isEmpty else { continue }
          let s = a % model.count
          snapshot.appendItems(new, toSection: model[s].section)
          model[s].items += new
        case 3, 4:
          guard !items.isEmpty else { continue }
          let anchor = items[a % items.count]
          if b % 2 == 0 {
            snapshot.insertItems(new, beforeItem: anchor)
          } else {
            snapshot.insertItems(new, afterItem: anchor)
          }
          place(new, at: anchor, after: b % 2 == 1)
        case 5:
          guard !items.isEmpty else { continue }
          let doomed = [items[a % items.count], items[b % items.count]]
          snapshot.deleteItems(doomed[0] == doomed[1] ? [doomed[0]] : doomed)
          doomed.forEach(remove)
        case 6:
          guard items.count >= 2 else { continue }
          let (moved, anchor) = (items[a % items.count], items[b % items.count])
          guard moved != anchor else { continue }
          if code / 4 % 2 == 0 {
            snapshot.moveItem(moved, beforeItem: anchor)
          } else {
            snapshot.moveItem(moved, afterItem: anchor)
          }
          remove(moved)
          place([moved], at: anchor, after: code / 4 % 2 == 1)
        default:
          guard !model.isEmpty else { continue }
          let doomed = model[a % model.count].section
          snapshot.deleteSections([doomed])
          model.removeAll { $0.section == doomed }
        }
        #expect(snapshot.sectionIdentifiers == model.map(\.section))
        #expect(snapshot.itemIdentifiers.map(\.description) == model.flatMap(\.items).map(\.description))
        expectFound(snapshot, "after step \(code % 8) of \(codes)")
      }
    }
  }
}
