import OpenDiffable
import Testing

@Suite struct StaticTableTests {
  enum SettingsCell: Hashable { case displayName, marketingEmails, signOut }

  @Test func makesSnapshotAndTitles() throws {
    let table = StaticTableData<SettingsCell>(sections: [
      StaticTableSection(header: "Account", cells: [.displayName, .marketingEmails]),
      StaticTableSection(footer: "You can sign in again later.", cells: [.signOut]),
    ])
    let content = try table.makeSnapshot()
    #expect(content.snapshot.sectionIdentifiers == [0, 1])
    #expect(content.snapshot.itemIdentifiers(inSection: 0) == [.displayName, .marketingEmails])
    #expect(content.snapshot.itemIdentifiers(inSection: 1) == [.signOut])
    #expect(content.titleForHeader(inSection: 0) == "Account")
    #expect(content.titleForHeader(inSection: 1) == nil)
    #expect(content.titleForFooter(inSection: 1) == "You can sign in again later.")
    #expect(content.titleForFooter(inSection: 7) == nil)
  }

  @Test func repeatedCellIsATypedErrorNotACrash() {
    let table = StaticTableData<SettingsCell>(sections: [
      StaticTableSection(cells: [.signOut]), StaticTableSection(cells: [.displayName, .signOut]),
    ])
    #expect(throws: DiffableDataSourceSnapshotError.self) { try table.makeSnapshot() }
    let repeated = StaticTableData<SettingsCell>(sections: [StaticTableSection(cells: [.signOut, .signOut])])
    do {
      _ = try repeated.makeSnapshot()
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .duplicateIdentifiers)
    }
  }
}
