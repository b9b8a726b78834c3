/// A gradient's colours sampled at `size` evenly spaced locations, premultiplied and
/// scaled by the paint's opacity, so that shading a pixel is one table read.
///
/// Entry k holds the colour at location k / (size − 1), interpolated linearly in
/// premultiplied sRGB between the stops around it; lookups round to the nearest
/// entry, an error below 1/2047 of a stop-to-stop difference (Blend2D uses 256 or
/// 512 entries the same way). Each entry is kept in three forms: in single precision
/// for the blend modes computed in floating point, split into 8.8 halves for
/// source-over (`ShadedRow`), and as a packed RGBA8 pixel (the 8.8 value rounded to
/// a byte) that an opaque gradient at full coverage writes as it is. One more entry,
/// `GradientTable.before` (past the last), holds the colour before the start: the first
/// stop's, as Core Graphics pads (so stops at equal locations make a hard edge where the
/// later stop wins from that location on, and before location 0 the first stop still
/// shows). The storage belongs to the
/// canvas, which keeps the tables of the last few gradients drawn (`Scratch.gradientSlots`):
/// shapes drawn in the same gradient at the same opacity share one table.
struct GradientTable {
    static let size = 1024
    /// The entry of the colour before the start (location below 0).
    static let before = size
    /// Entries a table takes in the storage: `size` and the one before the start.
    static let stride = size + 1
    let entries: UnsafeMutablePointer<SIMD4<Float>>
    let packed: UnsafeMutablePointer<UInt32>
    let even: UnsafeMutablePointer<UInt32>, odd: UnsafeMutablePointer<UInt32>
    /// Whether every packed entry has alpha 255.
    let isOpaque: Bool
    /// The largest change of any channel between neighbouring entries (0…1), from the
    /// stops: the colour difference over the entries between two stops, and all of it at
    /// a hard stop (there the entries beside the jump may differ by a little less).
    let maxStep: Float

    /// The table for `gradient` at `opacity`: one the canvas kept, or one built in the slot
    /// built longest ago. A gradient without stops is transparent.
    static func table(for gradient: Gradient, opacity: Float, scratch: Scratch) -> GradientTable {
        for k in 0..<Scratch.gradientSlots {
            if let kept = scratch.gradientTables[k], kept.opacity == opacity.bitPattern, kept.gradient == gradient { return kept.table }
        }
        let k = scratch.nextGradientSlot
        scratch.nextGradientSlot = (k + 1) % Scratch.gradientSlots
        let offset = k * stride
        let table = build(
            gradient, opacity: opacity, entries: scratch.gradient + offset, packed: scratch.gradient8 + offset,
            even: scratch.gradientEven + offset, odd: scratch.gradientOdd + offset)
        scratch.gradientTables[k] = (gradient, opacity.bitPattern, table)
        return table
    }

    /// Fills the storage of a slot (its entries in three forms) for `gradient` at `opacity`.
    private static func build(
        _ gradient: Gradient, opacity: Float, entries: UnsafeMutablePointer<SIMD4<Float>>, packed: UnsafeMutablePointer<UInt32>,
        even: UnsafeMutablePointer<UInt32>, odd: UnsafeMutablePointer<UInt32>
    ) -> GradientTable {
        let stops = gradient.stops.enumerated()
            .map { (index: $0.offset, location: min(max($0.element.location.isFinite ? $0.element.location : 0, 0), 1), color: $0.element.color) }
            .sorted { $0.location != $1.location ? $0.location < $1.location : $0.index < $1.index }
        func premultiplied(_ c: Color) -> SIMD4<Float> {
            let a = Float(min(max(c.alpha, 0), 1)) * opacity
            func channel(_ v: Double) -> Float { Float(min(max(v, 0), 1)) * a }
            return SIMD4(channel(c.red), channel(c.green), channel(c.blue), a)
        }
        let colors = stops.map { premultiplied($0.color) }
        // Both integer forms come from one rounding to 8.8 (the entries lie in 0…1): adding
        // 1.5·2²³ leaves the rounded value in the low mantissa bits; a byte is its top half,
        // rounded.
        @inline(__always) func fixed(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
            unsafeBitCast(v * 65280 + 12_582_912, to: SIMD4<UInt32>.self) & 0xFFFF
        }
        @inline(__always) func byte(_ v: SIMD4<UInt32>) -> SIMD4<UInt32> { (v &+ 128) &>> 8 }
        // Writes entry k in its three forms from its four channels.
        @inline(__always) func put(_ k: Int, _ entry: SIMD4<Float>) {
            entries[k] = entry
            let f = fixed(entry), bytes = byte(f)
            even[k] = f.x | f.z &<< 16
            odd[k] = f.y | f.w &<< 16
            packed[k] = bytes.x | bytes.y &<< 8 | bytes.z &<< 16 | bytes.w &<< 24
        }
        // Writes entries k..<k + 4 in their three forms from each channel's four values.
        @inline(__always) func put(_ k: Int, _ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ a: SIMD4<Float>) {
            for i in 0..<4 { entries[k &+ i] = SIMD4(r[i], g[i], b[i], a[i]) }
            let fr = fixed(r), fg = fixed(g), fb = fixed(b), fa = fixed(a)
            UnsafeMutableRawPointer(even + k).storeBytes(of: fr | fb &<< 16, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(odd + k).storeBytes(of: fg | fa &<< 16, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(packed + k).storeBytes(of: byte(fr) | byte(fg) &<< 8 | byte(fb) &<< 16 | byte(fa) &<< 24, as: SIMD4<UInt32>.self)
        }
        // Entries k..<end: c0 + dc · f with f = (t − a) / (b − a) at each entry's
        // location t, four at a time, then one at a time (a constant colour has dc = 0,
        // f = 0).
        let n = size, locations = GradientTable.locations
        var k = 0
        @inline(__always) func fill(to end: Int, _ c0: SIMD4<Float>, _ dc: SIMD4<Float>, from a: Double = 0, to b: Double = 0) {
            let constant = b == a
            while k &+ 4 <= end {
                let t = UnsafeRawPointer(locations + k).loadUnaligned(as: SIMD4<Double>.self)
                let f = constant ? .zero : SIMD4<Float>((t - a) / (b - a))
                put(k, c0.x + dc.x * f, c0.y + dc.y * f, c0.z + dc.z * f, c0.w + dc.w * f)
                k &+= 4
            }
            while k < end {
                put(k, c0 + dc * (constant ? 0 : Float((locations[k] - a) / (b - a))))
                k &+= 1
            }
        }
        // The first entry from k on whose location is at least `t` (in 0…1): from its
        // estimate, then moved past any rounding.
        @inline(__always) func firstEntry(atLeast t: Double) -> Int {
            var e = min(max(Int((t * Double(n - 1)).rounded(.up)), k), n)
            while e > k && locations[e &- 1] >= t { e &-= 1 }
            while e < n && locations[e] < t { e &+= 1 }
            return e
        }
        if let first = colors.first {
            // Entry k lies at or after every stop whose location is at most k / (size − 1):
            // before the first stop it takes the first colour, between two stops their
            // mix, after the last the last colour.
            fill(to: firstEntry(atLeast: stops[0].location), first, .zero)
            for next in stops.indices.dropFirst() {
                let a = stops[next - 1].location, b = stops[next].location
                fill(to: firstEntry(atLeast: b), colors[next - 1], colors[next] - colors[next - 1], from: a, to: b)
            }
        }
        fill(to: n, colors.last ?? .zero, .zero)
        put(before, colors.first ?? .zero)
        var alphas = SIMD4<UInt32>(repeating: 0xFF00_0000)
        for k in Swift.stride(from: 0, to: n, by: 4) { alphas &= UnsafeRawPointer(packed + k).loadUnaligned(as: SIMD4<UInt32>.self) }
        alphas &= SIMD4(repeating: packed[before] | 0x00FF_FFFF)
        // Between two stops the entries step by the colour difference over the entries
        // between them (a hard stop: all of it at once).
        var maxStep: Float = 0
        for next in stops.indices.dropFirst() {
            let d = colors[next] - colors[next - 1]
            let jump = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            let between = max((stops[next].location - stops[next - 1].location) * Double(n - 1), 1)
            maxStep = max(maxStep, jump / Float(between))
        }
        return GradientTable(
            entries: entries, packed: packed, even: even, odd: odd, isOpaque: alphas == SIMD4(repeating: 0xFF00_0000), maxStep: maxStep)
    }

    /// The location of each entry, k / (size − 1).
    nonisolated(unsafe) private static let locations: UnsafePointer<Double> = {
        let values = UnsafeMutablePointer<Double>.allocate(capacity: size)
        for k in 0..<size { values[k] = Double(k) / Double(size - 1) }
        return UnsafePointer(values)
    }()

    /// The entry for location `t` (padded outside 0…1: below it the entry `before`; NaN
    /// reads as `before`).
    @inline(__always)
    static func index(_ t: Double) -> Int {
        index(scaled: t * Double(size - 1) + 0.5)
    }

    /// The entry for `u = t · (size − 1) + ½`: `before` where `u` is below 0 (half an
    /// entry before location 0, where rounding to the nearest entry would leave the table).
    @inline(__always)
    static func index(scaled u: Double) -> Int {
        u >= 0 ? (u < Double(size - 1) ? Int(u) : size - 1) : before
    }

    /// The colour at location `t` (padded outside 0…1; NaN reads as before the start).
    @inline(__always)
    func color(at t: Double) -> SIMD4<Float> { entries[GradientTable.index(t)] }
}
