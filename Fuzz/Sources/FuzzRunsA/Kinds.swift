import Foundation

// Kinds 0–3 of the fuzz target (see Fuzz/README.md). The kinds are split between two modules,
// FuzzRunsA and FuzzRunsB, that compile the same sources (Fuzz/Shared) in parallel: each kind is
// one specialization of the whole snapshot, and one module holding all eight built in 64 s
// where the five before took 33 s.

/// Runs kind `kind` (0–3) on the input's bytes after the first.
public func fuzzKind(_ kind: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
  var input = Input(bytes: bytes, position: 1)
  switch kind {
  case 0: drive(Run<UInt8, Item>(), &input)
  case 1: drive(Run<UInt8, Int>(), &input)
  case 2: drive(Run<UInt8, UUID>(), &input)
  default: drive(Run<Section, Int>(), &input)
  }
}
