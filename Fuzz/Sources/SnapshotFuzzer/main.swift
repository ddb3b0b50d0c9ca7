import Foundation
import FuzzRunsA
import FuzzRunsB
import OpenDiffable
@_spi(Testing) import OpenDiffableCore

// libFuzzer's driver, called from this executable's own entry point (SwiftPM links executables
// with their module's entry point as `main`, so libFuzzer's `main` is not used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs one input. The first byte chooses the identifier types (the kind, run by FuzzRunsA or
/// FuzzRunsB); every other byte drives the steps, as many as the input holds (so `-max_len` sets
/// how long a sequence can be). Bytes below 200 choose as they did before kinds 5–7 came.
///
/// The item table's hash seed is a hash of the whole input (FNV-1a), so the input decides where
/// keys land in the table: with `SWIFT_DETERMINISTIC_HASHING` set (as `.ci/run` does), a finding
/// replays from its input alone, and each mutation of an input also tries another layout.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  _fuzzingHashSeed = bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  let kind = bytes[0] < 200 ? Int(bytes[0] % 5) : 5 + Int(bytes[0] - 200) % 3
  if kind < 4 { FuzzRunsA.fuzzKind(kind, bytes) } else { FuzzRunsB.fuzzKind(kind, bytes) }
  return 0
}

OpenDiffableDiagnostics.warningHandler = { _ in }
checkStringClasses()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) })
