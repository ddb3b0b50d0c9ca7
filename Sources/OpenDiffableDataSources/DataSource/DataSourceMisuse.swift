import Foundation

/// Stops the process with a OpenDiffable programmer-error message of the form
/// `OpenDiffable: <operation>: <problem>. <fix>`.
func _dataSourceMisuse(
  _ operation: String, _ problem: String, fix: String,
  file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("OpenDiffable: \(operation): \(problem). \(fix).", file: file, line: line)
}

/// Describes an identifier for a message, shortened when very long.
func _describe(_ value: some Any) -> String {
  let text = String(reflecting: value)
  return text.count > 200 ? String(text.prefix(200)) + "…" : text
}
