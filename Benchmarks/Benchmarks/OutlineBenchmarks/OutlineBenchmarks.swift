import Benchmark
import OpenDiffable

// Issue 4: an outline of 100,110 items, depth 4 (levels 0…3): 10 roots, each with 10 children,
// each with 10 children, each with 99 leaves. A root therefore has 10,010 descendants. Every
// non-root item is expanded and the roots are collapsed, so expanding root 0 makes its 10,010
// descendants visible (10 → 10,020 visible items) and collapsing it hides them again.

let rootCount = 10
let fanOut = (10, 10, 99)

/// Builds the outline with `append(_:to:)`, one call per parent, depth first.
func buildOutline() -> DiffableDataSourceSectionSnapshot<Int> {
  var outline = DiffableDataSourceSectionSnapshot<Int>()
  var next = 0
  func fresh(_ count: Int) -> [Int] {
    defer { next += count }
    return Array(next..<next + count)
  }
  let roots = fresh(rootCount)
  outline.append(roots)
  for root in roots {
    let children = fresh(fanOut.0)
    outline.append(children, to: root)
    for child in children {
      let grandchildren = fresh(fanOut.1)
      outline.append(grandchildren, to: child)
      for grandchild in grandchildren { outline.append(fresh(fanOut.2), to: grandchild) }
    }
  }
  return outline
}

let itemCount = rootCount * (1 + fanOut.0 * (1 + fanOut.1 * (1 + fanOut.2)))

/// Shared, mutable benchmark state (benchmarks run one at a time).
final class OutlineState: @unchecked Sendable {
  var outline = DiffableDataSourceSectionSnapshot<Int>()
  var full = DiffableDataSourceSnapshot<Int, Int>()
  let root = 0

  func prepare() {
    var built = buildOutline()
    let inner = built.items.filter { built.level(of: $0) > 0 }
    built.expand(inner)
    outline = built
    full = DiffableDataSourceSnapshot<Int, Int>()
    full.appendSections([0])
    full.replaceItems(inSection: 0, withVisibleItemsOf: outline)
    precondition(outline.items.count == itemCount)
    precondition(outline.visibleItems.count == rootCount)
  }
}

let benchmarks: @Sendable () -> Void = {
  let state = OutlineState()
  let quick = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(3), maxIterations: 40,
    setup: { state.prepare() })
  let slow = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 10)

  // Baselines, measured in the same run, for ratios on a noisy machine.
  Benchmark("Baseline: build [Int] of 100,110 items by appending", configuration: slow) { _ in
    var array: [Int] = []
    for value in 0..<itemCount { array.append(value) }
    blackHole(array)
  }
  Benchmark("Baseline: materialize [Int] of 10,020 items", configuration: quick) { _ in
    blackHole(Array(0..<(rootCount + 10_010)))
  }

  Benchmark("Outline: build 100,110-item tree (depth 4) with append(_:to:)", configuration: slow) { _ in
    blackHole(buildOutline())
  }

  Benchmark("Outline: expand a root with 10,010 descendants", configuration: quick) { benchmark in
    state.outline.collapse([state.root])
    benchmark.startMeasurement()
    state.outline.expand([state.root])
    benchmark.stopMeasurement()
    precondition(state.outline.isExpanded(state.root))
  }

  Benchmark("Outline: visibleItems after expand (10,020 visible of 100,110)", configuration: quick) { benchmark in
    state.outline.expand([state.root])
    benchmark.startMeasurement()
    let visible = state.outline.visibleItems
    benchmark.stopMeasurement()
    precondition(visible.count == rootCount + 10_010)
  }

  Benchmark("Outline: collapse a root with 10,010 descendants", configuration: quick) { benchmark in
    state.outline.expand([state.root])
    benchmark.startMeasurement()
    state.outline.collapse([state.root])
    benchmark.stopMeasurement()
    precondition(!state.outline.isExpanded(state.root))
  }

  Benchmark("Outline: visibleItems after collapse (10 visible of 100,110)", configuration: quick) { benchmark in
    state.outline.collapse([state.root])
    benchmark.startMeasurement()
    let visible = state.outline.visibleItems
    benchmark.stopMeasurement()
    precondition(visible.count == rootCount)
  }

  Benchmark(
    "Outline: expand + visibleItems + full snapshot replaceItems (data-source path)", configuration: quick
  ) { benchmark in
    state.outline.collapse([state.root])
    state.full.replaceItems(inSection: 0, withVisibleItemsOf: state.outline)
    benchmark.startMeasurement()
    state.outline.expand([state.root])
    state.full.replaceItems(inSection: 0, withVisibleItemsOf: state.outline)
    benchmark.stopMeasurement()
    precondition(state.full.numberOfItems == rootCount + 10_010)
  }

  Benchmark(
    "Outline: expand, then the changeset a data source applies (10,010 row inserts)", configuration: quick
  ) { benchmark in
    state.outline.collapse([state.root])
    state.full.replaceItems(inSection: 0, withVisibleItemsOf: state.outline)
    let before = state.full
    benchmark.startMeasurement()
    state.outline.expand([state.root])
    state.full.replaceItems(inSection: 0, withVisibleItemsOf: state.outline)
    let changeset = SnapshotChangeset(from: before, to: state.full)
    benchmark.stopMeasurement()
    precondition(changeset.itemInserts.count == 10_010 && changeset.itemDeletes.isEmpty)
    precondition(changeset.itemMoves.isEmpty)
  }
}
