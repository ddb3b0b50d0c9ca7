import Foundation

// Kinds 4–7 of the fuzz target (see Fuzz/README.md and FuzzRunsA/Kinds.swift).

/// Runs kind `kind` (4–7) on the input's bytes after the first.
public func fuzzKind(_ kind: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
  var input = Input(bytes: bytes, position: 1)
  pointerRowsEnabled = kind != 6
  switch kind {
  case 4: drive(Run<Section, Item>(), &input)
  case 5: drive(Run<SectionName, String>(), &input)
  case 6: driveTwins(Run<UInt8, DeclaredRow>(), Run<UInt8, PointerRow>(), &input)
  default: drive(Run<UInt8, PointerRow>(), &input)
  }
}

/// Stops unless the String alphabet is what the model assumes: the spellings of one class are
/// ==, those of two classes are not; one class for each value of a byte's top five bits, eight
/// spellings at most.
public func checkStringClasses() {
  if stringClasses.count != 32 || stringClasses.contains(where: { $0.count > 8 }) { fatalError("string classes") }
  for (i, spellings) in stringClasses.enumerated() {
    for (j, others) in stringClasses.enumerated() {
      for a in spellings {
        for b in others where (a == b) != (i == j) {
          fatalError("string classes \(i) and \(j): \(a.debugDescription), \(b.debugDescription)")
        }
      }
    }
  }
}
