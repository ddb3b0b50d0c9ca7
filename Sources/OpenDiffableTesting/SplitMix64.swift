/// A small, fast, seeded random number generator (SplitMix64), for reproducible test data: the
/// same seed gives the same sequence on every platform and every run, so a failing random case
/// can be rebuilt from the seed a property test reports, and benchmarks measure the same inputs
/// each time.
///
/// The standard library's `SystemRandomNumberGenerator` cannot be seeded; pass this generator to
/// any API that takes `using: inout some RandomNumberGenerator` (`shuffled(using:)`,
/// `randomElement(using:)`, `Int.random(in:using:)`) instead.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let shuffled = items.shuffled(using: &random)
/// ```
///
/// Not for cryptography. - Complexity: O(1) per value.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state; advances by a fixed odd constant per value.
  public var state: UInt64

  /// A generator whose sequence is determined by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
