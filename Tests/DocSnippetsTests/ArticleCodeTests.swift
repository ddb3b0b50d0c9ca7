import Foundation
import Testing

// Every ```swift block of every DocC article and landing page (Sources/*/*.docc/*.md) must be a
// run of consecutive lines of one of the Swift files of this test target, which `swift test`
// compiles and runs, or of the stand-in package's tests (AppleStandIns/Tests), which `.ci/run`
// compiles and runs against the stand-in UIKit and Core Data. Lines are compared without their leading and trailing spaces, and blank
// lines are ignored, so an article may show a member without its enclosing type's indentation.
//
// The only exception is code written against Apple's SDK (the "before" side of the migration
// article), which cannot be compiled on Linux: such a block starts with the line
// `// Apple SDK (not compiled here)`. Its OpenDiffable counterpart is compiled here.

private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Where compiled snippet code lives: this target, and the stand-in package's tests, which
/// `.ci/run` builds and runs against the stand-in UIKit, AppKit and Core Data (the only place
/// the UIKit adapters and the Core Data bridge compile on Linux).
private let compiledSnippetFolders = ["Tests/DocSnippetsTests", "AppleStandIns/Tests"]

private let appleSDKMarker = "// Apple SDK (not compiled here)"

private func normalizedLines(_ text: some StringProtocol) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty }
}

/// The ```swift blocks of a Markdown file, with the line each starts on.
func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
  var blocks: [(line: Int, code: String)] = []
  var current: [Substring]?
  var start = 0
  for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if current == nil, trimmed == "```swift" {
      current = []
      start = number + 2
    } else if current != nil, trimmed == "```" {
      blocks.append((start, current!.joined(separator: "\n")))
      current = nil
    } else if current != nil {
      current!.append(line)
    }
  }
  return blocks
}

/// Whether `block` (normalized) is a run of consecutive lines of `file` (normalized).
func isRun(_ block: [String], of file: [String]) -> Bool {
  guard !block.isEmpty, block.count <= file.count else { return block.isEmpty }
  for start in 0...(file.count - block.count) where file[start] == block[0] {
    if Array(file[start..<(start + block.count)]) == block { return true }
  }
  return false
}

private func files(under folder: URL, withExtension ext: String) -> [URL] {
  guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
    return []
  }
  return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
    .sorted { $0.path < $1.path }
}

@Suite("Documentation: every article snippet is compiled code")
struct ArticleCodeTests {
  @Test func everySwiftBlockOfTheArticlesIsCompiledHere() throws {
    let sourceFiles = compiledSnippetFolders.flatMap {
      files(under: packageRoot.appendingPathComponent($0), withExtension: "swift")
    }
    let sources = try sourceFiles.map { try normalizedLines(String(contentsOf: $0, encoding: .utf8)) }
    let catalogs = try FileManager.default.contentsOfDirectory(
      at: packageRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: nil
    ).flatMap { target in
      (try? FileManager.default.contentsOfDirectory(at: target, includingPropertiesForKeys: nil))?
        .filter { $0.pathExtension == "docc" } ?? []
    }
    let articles = catalogs.flatMap { files(under: $0, withExtension: "md") }
    #expect(articles.count >= 8, "the catalogs' articles were not found under \(packageRoot.path)/Sources")
    var checked = 0
    for article in articles {
      let text = try String(contentsOf: article, encoding: .utf8)
      for block in swiftBlocks(in: text) {
        let lines = normalizedLines(block.code)
        if lines.first == appleSDKMarker { continue }
        checked += 1
        #expect(
          sources.contains { isRun(lines, of: $0) },
          "\(article.lastPathComponent):\(block.line): this swift block is not in Tests/DocSnippetsTests or AppleStandIns/Tests, so CI does not compile it"
        )
      }
    }
    #expect(checked >= 10, "only \(checked) swift blocks were found in the articles")
  }

  @Test func theCheckRejectsCodeThatIsNotInTheSources() {
    let file = normalizedLines("struct A {\n  var x = 1\n\n  var y = 2\n}\n")
    #expect(isRun(normalizedLines("var x = 1\nvar y = 2"), of: file))
    #expect(!isRun(normalizedLines("var x = 1\nvar z = 3"), of: file))
    #expect(!isRun(normalizedLines("var y = 2\nvar x = 1"), of: file))
    let markdown = "Text\n\n```swift\nlet a = 1\n```\n\n```sh\nls\n```\n"
    #expect(swiftBlocks(in: markdown).map(\.code) == ["let a = 1"])
    #expect(swiftBlocks(in: markdown).map(\.line) == [4])
  }
}
