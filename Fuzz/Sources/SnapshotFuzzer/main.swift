import Foundation
import OpenDiffable

// libFuzzer's driver, called from this executable's own entry point (SwiftPM links executables
// with their module's entry point as `main`, so libFuzzer's `main` is not used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

OpenDiffableDiagnostics.warningHandler = { _ in }
// The String alphabet is what the model assumes: the spellings of one class are ==, those of two
// classes are not; one class for each value of a byte's top five bits, eight spellings at most.
if stringClasses.count != 32 || stringClasses.contains(where: { $0.count > 8 }) { fatalError("string classes") }
for (i, spellings) in stringClasses.enumerated() {
  for (j, others) in stringClasses.enumerated() {
    for a in spellings {
      for b in others {
        if (a == b) != (i == j) {
          fatalError("string classes \(i) and \(j): \(a.debugDescription), \(b.debugDescription)")
        }
      }
    }
  }
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) })
