import Foundation
import OpenDiffable
import OpenDiffableTesting
import Testing

// The code of MigratingFromUIKitAndAppKit.md: the users screen of the guidance OpenDiffable was
// built from (a side controller with willChange/didChange, one reloadSnapshot, selection by
// identifier), after the move to OpenDiffable. On Linux the list view is a
// SimulatedCollectionView; on iOS it is a UICollectionView and the data source a
// CollectionViewDiffableDataSource, with the same calls.

struct User: Identifiable, Equatable, Sendable {
  let id: UUID
  var name: String
}

struct UserGroup: Identifiable, Equatable, Sendable {
  let id: String
  var users: [User]
}

/// The side controller: owns the groups, says when they change.
@MainActor
final class UsersController {
  private(set) var groups: [UserGroup] = []
  var willChange: (() -> Void)?
  var didChange: (() -> Void)?

  func name(of id: User.ID) -> String {
    for group in groups { if let user = group.users.first(where: { $0.id == id }) { return user.name } }
    return ""
  }

  func load(_ loaded: [UserGroup]) {
    willChange?()
    groups = loaded
    didChange?()
  }

  func move(_ id: User.ID, toGroup target: UserGroup.ID) {
    guard let from = groups.firstIndex(where: { $0.users.contains { $0.id == id } }),
      let to = groups.firstIndex(where: { $0.id == target })
    else { return }
    willChange?()
    let user = groups[from].users.first { $0.id == id }!
    groups[from].users.removeAll { $0.id == id }
    groups[to].users.append(user)
    didChange?()
  }
}

@MainActor
final class UsersScreen {
  typealias ListView = SimulatedCollectionView<UserGroup.ID, User.ID>

  private let usersController: UsersController
  let collectionView = ListView()
  private var dataSource: DiffableDataSource<ListView, UserGroup.ID, User.ID>!

  init(usersController: UsersController) {
    self.usersController = usersController
    dataSource = DiffableDataSource(host: collectionView) { [unowned self] _, _, id in
      SimulatedCell(id, text: self.usersController.name(of: id))
    }
    usersController.didChange = { [weak self] in
      self?.reloadSnapshot()
    }
  }

  private func reloadSnapshot(animated: Bool = true) {
    var snapshot = DiffableDataSourceSnapshot<UserGroup.ID, User.ID>()
    snapshot.appendSections(usersController.groups.map(\.id))
    for group in usersController.groups {
      snapshot.appendItems(group.users.map(\.id), toSection: group.id)
    }
    dataSource.apply(snapshot, animatingDifferences: animated)
  }

  func settle() async {
    while dataSource.hasPendingApplies { await Task.yield() }
  }
}

@MainActor
@Suite("Migration: the users screen after the move")
struct MigrationTests {
  @Test func selectionFollowsAUserIntoAnotherGroupWithoutScreenCode() async {
    let ada = User(id: UUID(), name: "Ada")
    let linus = User(id: UUID(), name: "Linus")
    let usersController = UsersController()
    let screen = UsersScreen(usersController: usersController)
    usersController.load([
      UserGroup(id: "admins", users: [ada]), UserGroup(id: "members", users: [linus]),
    ])
    await screen.settle()
    screen.collectionView.userSelects(IndexPath(item: 0, section: 1))
    usersController.move(linus.id, toGroup: "admins")
    await screen.settle()
    #expect(screen.collectionView.itemIdentifiers == [[ada.id, linus.id], []])
    #expect(screen.collectionView.selectedItemIdentifiers == [linus.id])
  }

  @Test func snapshotsAreValues() {
    var shown = DiffableDataSourceSnapshot<String, Int>()
    shown.appendSections(["all"])
    shown.appendItems([1, 2, 3])
    var rebuilt = DiffableDataSourceSnapshot<String, Int>()
    rebuilt.appendSections(["all"])
    rebuilt.appendItems([1, 2, 3])
    rebuilt.reloadItems([2])
    #expect(rebuilt == shown)  // equality compares sections and items, not reload marks
    #expect(rebuilt.reloadedItemIdentifiers == [2])
  }

  @Test func misuseNamesTheOperationAndTheIdentifiers() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["all"])
      snapshot.reloadItems([42])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("OpenDiffable: reloadItems(_:)"))
    #expect(message.contains("42"))
  }
}
