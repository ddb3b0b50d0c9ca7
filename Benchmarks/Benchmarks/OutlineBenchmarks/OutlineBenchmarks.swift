import Benchmark
import DiffableKit

let benchmarks: @Sendable () -> Void = {
  Benchmark("OutlineBenchmarks placeholder") { benchmark in
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    blackHole(snapshot)
  }
}
