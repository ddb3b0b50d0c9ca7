// Draws BENCHMARKS.md's chart from chart.sh's measurements: an SVG with one panel per scenario
// (two per row), instructions per item against the item count (logarithmic), one line per
// implementation.
// Usage: BenchmarkChart <measurements.csv> > chart.svg
// Input lines: scenario,implementation,items,instructions (a header line is skipped).
import Foundation

struct Point {
  var items: Double
  var perItem: Double
}

guard CommandLine.arguments.count == 2,
  let text = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
else {
  FileHandle.standardError.write(Data("usage: BenchmarkChart <measurements.csv>\n".utf8))
  exit(2)
}

var scenarios: [String] = []
var implementations: [String] = []
var series: [String: [String: [Point]]] = [:]  // scenario → implementation → points
for line in text.split(separator: "\n").dropFirst() {
  let fields = line.split(separator: ",").map(String.init)
  guard fields.count == 4, let items = Double(fields[2]), let instructions = Double(fields[3]) else {
    FileHandle.standardError.write(Data("skipped line: \(line)\n".utf8))
    continue
  }
  if !scenarios.contains(fields[0]) { scenarios.append(fields[0]) }
  if !implementations.contains(fields[1]) { implementations.append(fields[1]) }
  series[fields[0], default: [:]][fields[1], default: []].append(Point(items: items, perItem: instructions / items))
}

guard !scenarios.isEmpty else {
  FileHandle.standardError.write(Data("no measurements in \(CommandLine.arguments[1])\n".utf8))
  exit(1)
}

let colors = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
let panelWidth = 420.0
let panelHeight = 260.0
let margin = (left: 60.0, right: 20.0, top: 40.0, bottom: 50.0)
let legendHeight = 24.0 * Double(implementations.count) + 10
let columns = min(2, scenarios.count)
let rows = (scenarios.count + columns - 1) / columns
let width = Double(columns) * (panelWidth + margin.left + margin.right)
let rowHeight = margin.top + panelHeight + margin.bottom
let height = Double(rows) * rowHeight + legendHeight

/// The smallest of 1, 2, 5 times a power of ten at or above `value`: the axis' top.
func niceCeiling(_ value: Double) -> Double {
  let power = pow(10, floor(log10(value)))
  return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value } ?? 10 * power
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }
func label(_ items: Double) -> String {
  items >= 1_000_000 ? "\(Int(items / 1_000_000))M" : items >= 1_000 ? "\(Int(items / 1_000))k" : "\(Int(items))"
}

var svg = """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
  font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="12">
  <rect width="100%" height="100%" fill="white"/>

  """
@MainActor func drawLine(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String = "black") {
  svg += "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" "
  svg += "stroke=\"\(color)\"/>\n"
}
@MainActor func drawText(_ string: String, _ x: Double, _ y: Double, anchor: String = "middle", extra: String = "") {
  svg += "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor)\"\(extra)>\(string)</text>\n"
}

for (panel, scenario) in scenarios.enumerated() {
  let lines = series[scenario] ?? [:]
  let all = lines.values.flatMap { $0 }
  guard let minItems = all.map(\.items).min(), let maxItems = all.map(\.items).max(),
    let maxPerItem = all.map(\.perItem).max()
  else { continue }
  let top = niceCeiling(maxPerItem * 1.05)
  let x0 = Double(panel % columns) * (panelWidth + margin.left + margin.right) + margin.left
  let y0 = Double(panel / columns) * rowHeight
  func x(_ items: Double) -> Double {
    guard maxItems > minItems else { return x0 }
    return x0 + (log10(items) - log10(minItems)) / (log10(maxItems) - log10(minItems)) * panelWidth
  }
  func y(_ perItem: Double) -> Double { y0 + margin.top + panelHeight - perItem / top * panelHeight }
  drawText(scenario, x0 + panelWidth / 2, y0 + 20, extra: " font-weight=\"bold\"")
  for step in 0...4 {
    let value = top * Double(step) / 4
    drawText("\(Int(value.rounded()))", x0 - 6, y(value) + 4, anchor: "end")
    drawLine(x0, y(value), x0 + panelWidth, y(value), color: "#ddd")
  }
  drawLine(x0, y(0), x0 + panelWidth, y(0))
  drawLine(x0, y(0), x0, y(top))
  for items in Set(all.map(\.items)).sorted() { drawText(label(items), x(items), y(0) + 18) }
  drawText("items", x0 + panelWidth / 2, y(0) + 38)
  svg += "<text transform=\"translate(\(format(x0 - 44)),\(format(y(top / 2)))) rotate(-90)\" "
  svg += "text-anchor=\"middle\">instructions per item</text>\n"
  for (index, implementation) in implementations.enumerated() {
    guard let points = lines[implementation]?.sorted(by: { $0.items < $1.items }) else { continue }
    let color = colors[index % colors.count]
    let path = points.map { "\(format(x($0.items))),\(format(y($0.perItem)))" }.joined(separator: " ")
    svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
    for point in points {
      svg += "<circle cx=\"\(format(x(point.items)))\" cy=\"\(format(y(point.perItem)))\" r=\"3\" "
      svg += "fill=\"\(color)\"/>\n"
    }
  }
}
for (index, implementation) in implementations.enumerated() {
  let top = Double(rows) * rowHeight + 24 * Double(index)
  let color = colors[index % colors.count]
  svg += "<rect x=\"\(format(margin.left))\" y=\"\(format(top))\" width=\"14\" height=\"14\" fill=\"\(color)\"/>\n"
  drawText(implementation, margin.left + 20, top + 12, anchor: "start")
}
svg += "</svg>\n"
print(svg, terminator: "")
