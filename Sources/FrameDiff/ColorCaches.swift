// Caches of colour conversions and differences for the comparator.
//
// Frames hold few distinct colours, and a lossy encoding's noise repeats the
// same few pairs of colours over smooth areas, so the cube roots of CIELAB and
// the trigonometry of CIEDE2000 are mostly looked up rather than computed.
// Both caches are direct-mapped: a new entry replaces whatever shared its slot.

/// A direct-mapped cache of 8-bit sRGB → CIELAB.
struct LabCache {
    private var keys = [UInt32](repeating: .max, count: 4096)
    private var values = [CIELab](repeating: CIELab(l: 0, a: 0, b: 0), count: 4096)

    mutating func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> CIELab {
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let slot = Int((key ^ (key >> 12) ^ (key >> 5)) & 4095)
        if keys[slot] == key { return values[slot] }
        let lab = CIELab(r8: r, g8: g, b8: b)
        keys[slot] = key
        values[slot] = lab
        return lab
    }
}

/// A direct-mapped cache of the CIEDE2000 differences of pairs of premultiplied pixels,
/// keyed by both pixels' bytes.
struct DeltaECache {
    private static let slots = 1 << 16
    private var keys = [UInt64](repeating: .max, count: slots)
    private var values = [Double](repeating: 0, count: slots)

    /// The difference stored for `key` (the two pixels' bytes, expected then actual), if any.
    func value(for key: UInt64) -> Double? {
        let slot = Self.slot(key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Stores `value` for `key`, in place of whatever shared its slot.
    mutating func store(_ value: Double, for key: UInt64) {
        let slot = Self.slot(key)
        keys[slot] = key
        values[slot] = value
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 48)
    }
}
