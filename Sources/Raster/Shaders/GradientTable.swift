/// A gradient's colours sampled at `size` evenly spaced locations, premultiplied and
/// scaled by the paint's opacity, so that shading a pixel is one table read.
///
/// Entry k holds the colour at location k / (size − 1), interpolated linearly in
/// premultiplied sRGB between the stops around it; lookups round to the nearest
/// entry, an error below 1/2047 of a stop-to-stop difference (Blend2D uses 256 or
/// 512 entries the same way). The storage belongs to the canvas and is rebuilt for
/// each gradient drawn.
struct GradientTable {
    static let size = 1024
    let entries: UnsafeMutablePointer<SIMD4<Float>>

    /// Fills the table for `gradient` at `opacity`; a gradient without stops is transparent.
    static func build(_ gradient: Gradient, opacity: Float, into entries: UnsafeMutablePointer<SIMD4<Float>>) -> GradientTable {
        let stops = gradient.stops.enumerated()
            .map { (index: $0.offset, location: min(max($0.element.location.isFinite ? $0.element.location : 0, 0), 1), color: $0.element.color) }
            .sorted { $0.location != $1.location ? $0.location < $1.location : $0.index < $1.index }
        func premultiplied(_ c: Color) -> SIMD4<Float> {
            let a = Float(min(max(c.alpha, 0), 1)) * opacity
            func channel(_ v: Double) -> Float { Float(min(max(v, 0), 1)) * a }
            return SIMD4(channel(c.red), channel(c.green), channel(c.blue), a)
        }
        let n = size
        guard let firstStop = stops.first else {
            entries.update(repeating: .zero, count: n)
            return GradientTable(entries: entries)
        }
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
        return GradientTable(entries: entries)
    }

    /// The colour at location `t` (padded outside 0…1; NaN reads as 0).
    @inline(__always)
    func color(at t: Float) -> SIMD4<Float> {
        let clamped = t > 0 ? (t < 1 ? t : 1) : 0
        return entries[Int(clamped * Float(GradientTable.size - 1) + 0.5)]
    }
}
