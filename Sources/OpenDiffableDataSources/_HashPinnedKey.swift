/// A dictionary key that keeps `Dictionary` safe from identifiers that break `Hashable`'s
/// contract: it stores the identifier's hash taken when it was made, and two keys are equal only
/// when their stored hashes are equal and their identifiers are `==`.
///
/// Equal keys therefore always hash alike, whatever the identifier's `==` and `hash(into:)` do
/// (disagree, or change after the key was stored), so a `Dictionary` never finds two equal keys
/// in different buckets — the state in which it stops the process inside the standard library
/// ("Duplicate keys of type … were found in a Dictionary"). Identifiers equal by `==` whose
/// hashes differ are separate keys, as the snapshot holds them. O(1) plus one hash to make.
///
/// `package`: the data source keys its recorded content and its section snapshots by it, and
/// OpenDiffableTesting's simulated views their cells.
package struct _HashPinnedKey<Base: Hashable>: Hashable {
  package let base: Base
  package let hash: Int

  package init(_ base: Base) {
    self.base = base
    self.hash = base.hashValue
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.base == rhs.base }
  package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension _HashPinnedKey: Sendable where Base: Sendable {}
