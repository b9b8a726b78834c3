/// A seeded linear congruential sequence (Knuth's MMIX constants): the same values on every run.
struct SeededSequence {
    var state: UInt64

    /// The next state.
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A value 0…255, from the next state's top bits.
    mutating func byte() -> UInt8 { UInt8(next() >> 56) }

    /// A value uniform in `range`, from the next state's top 53 bits.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
