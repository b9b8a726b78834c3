/// A gradient's colours sampled at `size` evenly spaced locations, premultiplied and
/// scaled by the paint's opacity, so that shading a pixel is one table read.
///
/// Entry k holds the colour at location k / (size − 1), interpolated linearly in
/// premultiplied sRGB between the stops around it; lookups round to the nearest
/// entry, an error below 1/2047 of a stop-to-stop difference (Blend2D uses 256 or
/// 512 entries the same way). Each entry is kept in three forms: in single precision
/// for the blend modes computed in floating point, split into 8.8 halves for
/// source-over (`ShadedRow`), and as a packed RGBA8 pixel (the 8.8 value rounded to
/// a byte) that an opaque gradient at full coverage writes as it is. The storage belongs to the
/// canvas and is rebuilt for each gradient drawn.
struct GradientTable {
    static let size = 1024
    let entries: UnsafeMutablePointer<SIMD4<Float>>
    let packed: UnsafeMutablePointer<UInt32>
    let even: UnsafeMutablePointer<UInt32>, odd: UnsafeMutablePointer<UInt32>
    /// Whether every packed entry has alpha 255.
    let isOpaque: Bool

    /// Fills the table for `gradient` at `opacity`; a gradient without stops is transparent.
    static func build(_ gradient: Gradient, opacity: Float, scratch: Scratch) -> GradientTable {
        let entries = scratch.gradient, packed = scratch.gradient8
        let split = ShadedRow(even: UnsafeMutableRawPointer(scratch.gradientEven), odd: UnsafeMutableRawPointer(scratch.gradientOdd))
        let stops = gradient.stops.enumerated()
            .map { (index: $0.offset, location: min(max($0.element.location.isFinite ? $0.element.location : 0, 0), 1), color: $0.element.color) }
            .sorted { $0.location != $1.location ? $0.location < $1.location : $0.index < $1.index }
        func premultiplied(_ c: Color) -> SIMD4<Float> {
            let a = Float(min(max(c.alpha, 0), 1)) * opacity
            func channel(_ v: Double) -> Float { Float(min(max(v, 0), 1)) * a }
            return SIMD4(channel(c.red), channel(c.green), channel(c.blue), a)
        }
        let n = size
        if let firstStop = stops.first {
            let colors = stops.map { premultiplied($0.color) }
            var next = 0  // the first stop whose location is above the entry's
            for k in 0..<n {
                let t = Double(k) / Double(n - 1)
                while next < stops.count && stops[next].location <= t { next += 1 }
                if next == 0 {
                    entries[k] = premultiplied(firstStop.color)
                } else if next == stops.count {
                    entries[k] = colors[stops.count - 1]
                } else {
                    let a = stops[next - 1], b = stops[next]
                    let f = Float((t - a.location) / (b.location - a.location))
                    entries[k] = colors[next - 1] + (colors[next] - colors[next - 1]) * f
                }
            }
        } else {
            entries.update(repeating: .zero, count: n)
        }
        // Both integer forms from one rounding to 8.8 (the entries lie in 0…1): adding
        // 1.5·2²³ leaves the rounded value in the low mantissa bits.
        var alphas: UInt32 = 255
        let even = split.even, odd = split.odd
        for k in 0..<n {
            let fixed = unsafeBitCast(entries[k] * 65280 + 12_582_912, to: SIMD4<UInt32>.self) & 0xFFFF
            even.storeBytes(of: fixed.x | fixed.z &<< 16, toByteOffset: k &* 4, as: UInt32.self)
            odd.storeBytes(of: fixed.y | fixed.w &<< 16, toByteOffset: k &* 4, as: UInt32.self)
            let bytes = (fixed &+ 128) &>> 8
            packed[k] = bytes.x | bytes.y &<< 8 | bytes.z &<< 16 | bytes.w &<< 24
            alphas &= bytes.w
        }
        let opaque = alphas == 255
        return GradientTable(entries: entries, packed: packed, even: scratch.gradientEven, odd: scratch.gradientOdd, isOpaque: opaque)
    }

    /// The entry for location `t` (padded outside 0…1; NaN reads as 0).
    @inline(__always)
    static func index(_ t: Double) -> Int {
        index(scaled: t * Double(size - 1) + 0.5)
    }

    /// The entry for `u = t · (size − 1) + ½`.
    @inline(__always)
    static func index(scaled u: Double) -> Int {
        u > 0 ? (u < Double(size - 1) ? Int(u) : size - 1) : 0
    }

    /// The colour at location `t` (padded outside 0…1; NaN reads as 0).
    @inline(__always)
    func color(at t: Double) -> SIMD4<Float> { entries[GradientTable.index(t)] }
}
