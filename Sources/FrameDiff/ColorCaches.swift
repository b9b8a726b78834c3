// Caches of colour conversions and differences for the comparator.
//
// Frames hold few distinct colours, and a lossy encoding's noise repeats the
// same few pairs of colours over smooth areas, so the cube roots of CIELAB and
// the trigonometry of CIEDE2000 are mostly looked up rather than computed.
// Both caches are direct-mapped: a new entry replaces whatever shared its slot.
// `ColorDifferences` holds both; the comparator's pixel loop takes it as a local
// value for a frame, so that the caches are not shared state to check on every
// lookup.

/// CIEDE2000 differences of premultiplied pixels, through both caches.
struct ColorDifferences {
    private var labs = LabCache()
    private var pairs = DeltaECache()

    /// The CIEDE2000 difference of two premultiplied colours; translucent colours are
    /// measured over white and over black, and the larger kept.
    mutating func deltaE(_ e: SIMD4<UInt8>, _ a: SIMD4<UInt8>) -> Double {
        let key = UInt64(unsafeBitCast(e, to: UInt32.self)) << 32 | UInt64(unsafeBitCast(a, to: UInt32.self))
        if let known = pairs.value(for: key) { return known }
        let measured = measure(e, a)
        pairs.store(measured, for: key)
        return measured
    }

    private mutating func measure(_ e: SIMD4<UInt8>, _ a: SIMD4<UInt8>) -> Double {
        let overBlack = labs.lab(e.x, e.y, e.z).deltaE2000(labs.lab(a.x, a.y, a.z))
        if e.w == 255 && a.w == 255 { return overBlack }
        let overWhite = labs.lab(Self.overWhite(e.x, e.w), Self.overWhite(e.y, e.w), Self.overWhite(e.z, e.w))
            .deltaE2000(labs.lab(Self.overWhite(a.x, a.w), Self.overWhite(a.y, a.w), Self.overWhite(a.z, a.w)))
        return max(overBlack, overWhite)
    }

    /// A premultiplied component composited over white (clamped, should the pixel be invalid).
    private static func overWhite(_ c: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8(min(Int(c) + 255 - Int(alpha), 255))
    }
}

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
