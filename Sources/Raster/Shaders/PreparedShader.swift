#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// A shader resolved for one drawing: everything that does not change from pixel to
/// pixel (the device-to-paint mapping, the gradient table, the opacity) is computed
/// once, and a span is shaded at pixel centres as premultiplied colours in 0…1
/// (`shade`, for the blend modes computed in floating point), in the split 8.8 form
/// source-over blends (`shadeSplit`), or as packed RGBA8 pixels written straight to
/// the destination (`shadePacked`, opaque gradients at full coverage).
///
/// The kinds are an enum so the compositor switches once per span, never per pixel.
enum PreparedShader {
    case solid(SIMD4<Float>)
    case linear(LinearGradientShader)
    case radial(RadialGradientShader)
    case angular(AngularGradientShader)
    case image(ImageShader)
    case pixels(PixelShader)

    /// Writes the colours of pixels `x..<x + count` on row `y` to `out`.
    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        switch self {
        case .solid(let c): out.update(repeating: c, count: count)
        case .linear(let s): s.forEachEntry(x: x, y: y, count: count) { i, k in out[i] = s.table.entries[k] }
        case .radial(let s): s.forEachEntry(x: x, y: y, count: count) { i, k in out[i] = s.table.entries[k] }
        case .angular(let s): s.forEachEntry(x: x, y: y, count: count) { i, k in out[i] = s.table.entries[k] }
        case .image(let s): s.shade(x: x, y: y, count: count, into: out)
        case .pixels(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }

    /// Writes the colours of pixels `x..<x + count` on row `y` to `out` in split 8.8
    /// form; `floats` holds `count` colours of scratch space. Not for `.pixels`, which
    /// source-over reads in place.
    @inline(__always)
    func shadeSplit(x: Int, y: Int, count: Int, into out: ShadedRow, floats: UnsafeMutablePointer<SIMD4<Float>>) {
        switch self {
        case .linear(let s): s.shadeSplit(x: x, y: y, count: count, into: out, floats: floats)
        case .radial(let s): s.shadeSplit(x: x, y: y, count: count, into: out, floats: floats)
        case .angular(let s): s.shadeSplit(x: x, y: y, count: count, into: out, floats: floats)
        case .image(let s): s.shadeSplit(x: x, y: y, count: count, into: out, floats: floats)
        case .solid, .pixels:
            shade(x: x, y: y, count: count, into: floats)
            for i in 0..<count { out.store(i, floats[i]) }
        }
    }

    /// Writes the colours of pixels `x..<x + count` on row `y` as packed RGBA8 to `out`;
    /// for opaque gradients at full coverage, whose bytes need no blending. A linear
    /// gradient's pixels are written four at a time: a destination the frame has not
    /// touched lately then takes a quarter of the stores in flight.
    @inline(__always)
    func shadePacked(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer) {
        @inline(__always) func put(_ i: Int, _ p: UInt32) { out.storeBytes(of: p, toByteOffset: i &* 4, as: UInt32.self) }
        switch self {
        case .linear(let s): s.shadePacked(x: x, y: y, count: count, into: out)
        case .radial(let s): s.shadePacked(x: x, y: y, count: count, into: out)
        case .angular(let s): s.shadePacked(x: x, y: y, count: count, into: out)
        case .solid(let c):
            let p = packedPixel(c)
            for i in 0..<count { put(i, p) }
        case .image, .pixels:
            preconditionFailure("only gradients and solid colours are shaded packed")
        }
    }

    /// Whether every colour the shader gives is opaque.
    var isOpaque: Bool {
        switch self {
        case .solid(let c): return packedPixel(c) >> 24 == 255
        case .linear(let s): return s.table.isOpaque
        case .radial(let s): return s.table.isOpaque
        case .angular(let s): return s.table.isOpaque
        case .image, .pixels: return false
        }
    }

    /// Whether the shader is transparent everywhere (nothing to draw).
    var isTransparent: Bool {
        if case .solid(let c) = self { return c.w <= 0 }
        return false
    }

    /// Resolves `paint` for drawing; `scratch` holds the canvas's gradient storage.
    static func prepare(_ paint: Paint, scratch: Scratch) -> PreparedShader {
        let opacity = Float(min(max(paint.opacity.isFinite ? paint.opacity : 0, 0), 1))
        func solid(_ c: Color) -> PreparedShader {
            let p = c.multipliedAlpha(Double(opacity))
            let a = Float(min(max(p.alpha, 0), 1))
            func channel(_ v: Double) -> Float { Float(min(max(v, 0), 1)) * a }
            return .solid(SIMD4(channel(p.red), channel(p.green), channel(p.blue), a))
        }
        func lastColor(_ g: Gradient) -> PreparedShader {
            let sorted = g.stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            return sorted.last.map { solid($0.element.color) } ?? .solid(.zero)
        }
        switch paint.shader {
        case .solid(let color):
            return solid(color)
        case .linearGradient(let g, let start, let end):
            let d = end - start
            let l2 = d.x * d.x + d.y * d.y
            guard l2 > 0, l2.isFinite, let m = paint.transform.inverted else { return lastColor(g) }
            let gradient = GradientTable.table(for: g, opacity: opacity, scratch: scratch)
            let dx = d.x / l2, dy = d.y / l2
            return .linear(
                LinearGradientShader(
                    table: gradient, dtdx: dx * m.a + dy * m.b, dtdy: dx * m.c + dy * m.d,
                    t0: dx * (m.tx - start.x) + dy * (m.ty - start.y)))
        case .radialGradient(let g, let center, let r0, let r1):
            guard let m = paint.transform.inverted, r0.isFinite, r1.isFinite else { return lastColor(g) }
            let gradient = GradientTable.table(for: g, opacity: opacity, scratch: scratch)
            return .radial(RadialGradientShader(table: gradient, inverse: m.concatenating(AffineTransform(translationX: -center.x, y: -center.y)), r0: r0, r1: r1))
        case .angularGradient(let g, let center, let a0, let a1):
            guard let m = paint.transform.inverted, a0.isFinite, a1.isFinite else { return lastColor(g) }
            let gradient = GradientTable.table(for: g, opacity: opacity, scratch: scratch)
            return .angular(AngularGradientShader(table: gradient, inverse: m.concatenating(AffineTransform(translationX: -center.x, y: -center.y)), start: a0, end: a1))
        case .image(let pixmap, let quality):
            guard let m = paint.transform.inverted else { return .solid(.zero) }
            return .image(ImageShader(pixmap: pixmap, inverse: m, quality: quality, opacity: opacity))
        }
    }
}

/// A shader of one kind, shading spans for a sink that is compiled for that kind
/// (`ShadedSink`): no switch over the kinds per span.
protocol SpanShader {
    /// Whether every colour the shader gives is opaque.
    var isOpaque: Bool { get }
    /// `PreparedShader.shadeSplit`.
    func shadeSplit(x: Int, y: Int, count: Int, into out: ShadedRow, floats: UnsafeMutablePointer<SIMD4<Float>>)
    /// `PreparedShader.shadePacked`; only for opaque shaders.
    func shadePacked(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer)
    /// Where pixel x of each row has the packed colour of pixel x + `rowShift` of the row
    /// above, closely enough to be copied from it (see `ShiftedRows`); nil elsewhere.
    var rowShift: Double? { get }
}

extension SpanShader {
    var rowShift: Double? { nil }
}

/// A gradient: an entry of its table for each pixel.
protocol GradientSpanShader: SpanShader {
    var table: GradientTable { get }
    func forEachEntry(x: Int, y: Int, count: Int, _ body: (Int, Int) -> Void)
}

extension GradientSpanShader {
    var isOpaque: Bool { table.isOpaque }

    @inline(__always)
    func shadeSplit(x: Int, y: Int, count: Int, into out: ShadedRow, floats: UnsafeMutablePointer<SIMD4<Float>>) {
        let table = self.table
        forEachEntry(x: x, y: y, count: count) { i, k in out.store(i, even: table.even[k], odd: table.odd[k]) }
    }

    @inline(__always)
    func shadePacked(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer) {
        let packed = table.packed
        forEachEntry(x: x, y: y, count: count) { i, k in out.storeBytes(of: packed[k], toByteOffset: i &* 4, as: UInt32.self) }
    }
}

/// `t` is affine in device coordinates: `t = t0 + dtdx·x + dtdy·y` at pixel centres.
struct LinearGradientShader: GradientSpanShader {
    let table: GradientTable
    let dtdx: Double, dtdy: Double, t0: Double

    /// Calls `body(i, entry)` for pixels `x + i`, `i` in `0..<count`, on row `y`.
    ///
    /// The entry position steps in 32.32 fixed point (exact to 2⁻³² of an entry per
    /// pixel); the pixels that pad to an end entry are counted beforehand, so the loop
    /// over the others needs no clamping. Positions too far outside the table for that
    /// step in floating point.
    @inline(__always)
    func forEachEntry(x: Int, y: Int, count: Int, _ body: (Int, Int) -> Void) {
        forEachEntry(x: x, y: y, count: count, body) { i, k in
            for j in 0..<4 { body(i &+ j, k[j]) }
        }
    }

    /// Four pixels at a time where there are four: whole groups, as source-over reads them
    /// back (a read of four pixels written one by one would wait for the four stores).
    @inline(__always)
    func shadeSplit(x: Int, y: Int, count: Int, into out: ShadedRow, floats: UnsafeMutablePointer<SIMD4<Float>>) {
        let even = table.even, odd = table.odd
        forEachEntry(x: x, y: y, count: count, { i, k in out.store(i, even: even[k], odd: odd[k]) }) { i, k in
            out.even.storeBytes(of: SIMD4(even[k[0]], even[k[1]], even[k[2]], even[k[3]]), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            out.odd.storeBytes(of: SIMD4(odd[k[0]], odd[k[1]], odd[k[2]], odd[k[3]]), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
        }
    }

    /// Pixel x of row y has the colour of pixel x + (y − y₀)·dtdy/dtdx of row y₀. Rows copied
    /// with that distance rounded to whole columns take each pixel's colour at most half a
    /// pixel from its centre along the row, `|dtdx|·(size − 1)/2` entries of the table
    /// away. Offered where those entries differ by at most half a code value in any
    /// channel, so that a copied pixel is within one code value of the pixel shaded in
    /// place (and the same where it does not lie near a rounding tie); and where rows move
    /// by at most `ShiftedRows.maxShift` columns. A gradient with a hard stop, or too
    /// steep along the row, is shaded pixel by pixel.
    var rowShift: Double? {
        let entriesPerPixel = abs(dtdx) * Double(GradientTable.size - 1)
        let entries = (entriesPerPixel / 2).rounded(.down) + 1
        guard dtdx != 0, entries * Double(table.maxStep) <= 0.5 / 255 else { return nil }
        let shift = dtdy / dtdx
        return abs(shift) <= ShiftedRows.maxShift ? shift : nil
    }

    /// Four pixels at a time where there are four: a destination the frame has not touched
    /// lately then takes a quarter of the stores in flight.
    @inline(__always)
    func shadePacked(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer) {
        let packed = table.packed
        forEachEntry(x: x, y: y, count: count, { i, k in out.storeBytes(of: packed[k], toByteOffset: i &* 4, as: UInt32.self) }) { i, k in
            out.storeBytes(of: SIMD4(packed[k[0]], packed[k[1]], packed[k[2]], packed[k[3]]), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
        }
    }

    /// `forEachEntry`, with the pixels between the padded ones handed over four at a time
    /// where there are four: `groups(i, entries)` for pixels `x + i ..< x + i + 4`.
    @inline(__always)
    func forEachEntry(x: Int, y: Int, count: Int, _ body: (Int, Int) -> Void, groups: (Int, SIMD4<Int>) -> Void) {
        let scale = Double(GradientTable.size - 1)
        var u = (t0 + dtdx * (Double(x) + 0.5) + dtdy * (Double(y) + 0.5)) * scale + 0.5
        let du = dtdx * scale
        let end = u + du * Double(count)
        let limit = 1_073_741_824.0  // 2³⁰ entries
        if abs(u) < limit && abs(end) < limit {
            let fixed = Int(u * 4_294_967_296), step = Int(du * 4_294_967_296)
            let last = GradientTable.size - 1
            // Pixels before `inside` and from `beyond` on pad to an end entry; those
            // between need no clamping.
            let low = 0, high = (last + 1) << 32  // positions inside: low ≤ p < high
            var inside = 0, beyond = count
            let final = fixed &+ step &* (count &- 1)
            if fixed >= low && fixed < high && final >= low && final < high {
                // The whole span inside (the positions are monotonic): no padding.
            } else if step > 0 {
                if fixed < low { inside = (low - fixed + step - 1) / step }
                beyond = fixed >= high ? 0 : (high - fixed + step - 1) / step
            } else if step < 0 {
                if fixed >= high { inside = (fixed - high) / -step + 1 }
                beyond = fixed < low ? 0 : (fixed - low) / -step + 1
            } else if fixed < low || fixed >= high {
                inside = count
            }
            inside = min(max(inside, 0), count)
            beyond = min(max(beyond, inside), count)
            let start = GradientTable.before
            let before = step > 0 || fixed < low ? start : last, after = step > 0 ? last : start
            for i in 0..<inside { body(i, before) }
            var p = fixed &+ step &* inside
            var i = inside
            let steps = SIMD4<Int>(0, step, step &* 2, step &* 3), four = step &* 4
            while i &+ 4 <= beyond {
                groups(i, (SIMD4(repeating: p) &+ steps) &>> 32)
                p &+= four
                i &+= 4
            }
            while i < beyond {
                body(i, p >> 32)
                p &+= step
                i &+= 1
            }
            for i in beyond..<count { body(i, after) }
            return
        }
        for i in 0..<count {
            body(i, GradientTable.index(scaled: u))
            u += du
        }
    }
}

/// `t = (|p − c| − r0) / (r1 − r0)` with p the pixel centre in paint space.
struct RadialGradientShader: GradientSpanShader {
    let table: GradientTable
    /// Device to paint space, with the centre at the origin.
    let inverse: AffineTransform
    let r0: Double, r1: Double

    /// Calls `body(i, entry)` for pixels `x + i`, `i` in `0..<count`, on row `y`.
    @inline(__always)
    func forEachEntry(x: Int, y: Int, count: Int, _ body: (Int, Int) -> Void) {
        let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        var px = p.x, py = p.y
        let span = r1 - r0
        for i in 0..<count {
            let d = (px * px + py * py).squareRoot()
            let t: Double = span != 0 ? (d - r0) / span : (d < r0 ? 0 : 1)
            body(i, GradientTable.index(t))
            px += inverse.a
            py += inverse.b
        }
    }
}

/// `t` from the angle of the pixel centre around the centre (see `Shader.angularGradient`).
struct AngularGradientShader: GradientSpanShader {
    let table: GradientTable
    let inverse: AffineTransform
    let start: Double, end: Double

    /// Calls `body(i, entry)` for pixels `x + i`, `i` in `0..<count`, on row `y`.
    @inline(__always)
    func forEachEntry(x: Int, y: Int, count: Int, _ body: (Int, Int) -> Void) {
        let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        var px = p.x, py = p.y
        let turn = 2 * Double.pi
        // A negative sweep runs counterclockwise: measure angles the other way.
        let sign: Double = end >= start ? 1 : -1
        let span = abs(end - start)
        let lastTurn = span - turn
        for i in 0..<count {
            var a = sign * (atan2(py, px) - start)
            a -= turn * (a / turn).rounded(.down)
            let t: Double
            if span >= turn {
                var s = a - (lastTurn - turn * (lastTurn / turn).rounded(.down))
                s -= turn * (s / turn).rounded(.down)
                t = (lastTurn + s) / span
            } else if a <= span && span > 0 {
                t = a / span
            } else {
                t = (a - span) / (turn - span) < 0.5 ? 1 : 0
            }
            body(i, GradientTable.index(t))
            px += inverse.a
            py += inverse.b
        }
    }
}
