/// The drivers between coverage and the compositor: `SweepCompositing` turns an
/// accumulated path into spans row by row, `RectCompositing` walks the rows of a
/// rectangle (a layer, a filtered backdrop). Both apply the clip mask to coverage,
/// shade each span once and composite it with the blend mode they are specialised on
/// (they are `BlendModeVisitor`s, dispatched once per drawing).
///
/// Source-over, the normal mode, runs on packed bytes (`SourceOver`): constant spans
/// of an opaque colour are filled in bulk, opaque gradients at full coverage are
/// shaded straight into the destination. The other modes convert coverage to
/// floating point and use `Compositor`.
struct SweepCompositing: BlendModeVisitor {
    let accumulator: CoverageAccumulator
    let rule: FillRule
    let shader: PreparedShader
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let scratch: Scratch
    let mask: ClipMask?

    func visit<B: BlendFunction>(_ function: B.Type) {
        let coverage = scratch.coverage16, spans = scratch.spans
        let shader = self.shader, scratch = self.scratch, mask = self.mask, destination = self.destination, rowBytes = self.rowBytes
        let solid = shader.solid
        accumulator.sweep(rule: rule, coverage: coverage, spans: spans) { y, count in
            let row = destination + y * rowBytes
            for k in 0..<count {
                let span = spans[k]
                let x = Int(span.x0), n = Int(span.x1) - x
                if let mask {
                    applyMask(mask, x: x, y: y, count: n, constant: span.coverage, into: coverage + x)
                    compositeSpan(B.self, shader: shader, solid: solid, x: x, y: y, count: n, coverage: UnsafePointer(coverage + x), constant: 0, row: row, scratch: scratch)
                } else if span.isConstant {
                    compositeSpan(B.self, shader: shader, solid: solid, x: x, y: y, count: n, coverage: nil, constant: UInt32(span.coverage), row: row, scratch: scratch)
                } else {
                    compositeSpan(B.self, shader: shader, solid: solid, x: x, y: y, count: n, coverage: UnsafePointer(coverage + x), constant: 0, row: row, scratch: scratch)
                }
            }
        }
    }
}

struct RectCompositing: BlendModeVisitor {
    let rect: PixelRect
    let shader: PreparedShader
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let scratch: Scratch
    let mask: ClipMask?

    func visit<B: BlendFunction>(_ function: B.Type) {
        let n = rect.width
        guard n > 0 else { return }
        let coverage = scratch.coverage16 + rect.x0
        let solid = shader.solid
        for y in rect.y0..<rect.y1 {
            let row = destination + y * rowBytes
            if let mask {
                applyMask(mask, x: rect.x0, y: y, count: n, constant: 65535, into: coverage)
                compositeSpan(B.self, shader: shader, solid: solid, x: rect.x0, y: y, count: n, coverage: UnsafePointer(coverage), constant: 0, row: row, scratch: scratch)
            } else {
                compositeSpan(B.self, shader: shader, solid: solid, x: rect.x0, y: y, count: n, coverage: nil, constant: 65535, row: row, scratch: scratch)
            }
        }
    }
}

/// Multiplies coverage (per pixel in `values`, or `constant` for all when it is
/// 0…65,535) by the mask's bytes, into `values`.
@inline(__always)
func applyMask(_ mask: ClipMask, x: Int, y: Int, count: Int, constant: Int32, into values: UnsafeMutablePointer<UInt16>) {
    let m = mask.pointer(x: x, y: y)
    // c · m / 255, rounded: m·257 is m/255 as a fraction of 65,535.
    @inline(__always) func times(_ c: UInt32, _ m: UInt8) -> UInt16 { UInt16(truncatingIfNeeded: (c &* (UInt32(m) &* 257) &+ 32767) / 65535) }
    if constant >= 0 {
        let c = UInt32(constant)
        for i in 0..<count { values[i] = times(c, m[i]) }
    } else {
        for i in 0..<count { values[i] = times(UInt32(values[i]), m[i]) }
    }
}

/// Composites `count` pixels from column `x` of `row` (row `y`): coverage per pixel
/// from `coverage`, or `constant` (1…65,535) for all when it is nil. `solid` is the
/// shader's colour prepared for source-over, when the shader is one colour.
@inline(__always)
func compositeSpan<B: BlendFunction>(
    _: B.Type, shader: PreparedShader, solid: SourceOver.Solid?, x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>?,
    constant: UInt32, row: UnsafeMutablePointer<UInt8>, scratch: Scratch
) {
    let dst = UnsafeMutableRawPointer(row + 4 * x)
    if B.self == SourceOverBlend.self {
        if let solid {
            if let coverage {
                SourceOver.solid(dst, count: count, solid, coverage: coverage)
            } else {
                SourceOver.solid(dst, count: count, solid, coverage: constant)
            }
            return
        }
        if case .pixels(let p) = shader {
            if let coverage {
                SourceOver.pixels(dst, p.pointer(x: x, y: y), count: count, opacity: p.fixedOpacity, coverage: coverage)
            } else {
                SourceOver.pixels(dst, p.pointer(x: x, y: y), count: count, opacity: p.fixedOpacity, coverage: constant)
            }
            return
        }
        if coverage == nil && constant == 65535 && shader.isOpaque {
            shader.shadePacked(x: x, y: y, count: count, into: dst)
            return
        }
        shader.shadeSplit(x: x, y: y, count: count, into: scratch.shaded, floats: scratch.source)
        if let coverage {
            SourceOver.row(dst, scratch.shaded, count: count, coverage: coverage)
        } else {
            SourceOver.row(dst, scratch.shaded, count: count, coverage: constant)
        }
        return
    }
    var perPixel: UnsafePointer<Float>? = nil
    if let coverage {
        let values = scratch.coverage
        for i in 0..<count { values[i] = Float(coverage[i]) * (1 / 65535) }
        perPixel = UnsafePointer(values)
    }
    let bytes = row + 4 * x
    let c = Float(constant) * (1 / 65535)
    if case .solid(let color) = shader {
        Compositor.blendSolid(B.self, color, coverage: perPixel, constantCoverage: c, dst: bytes, count: count)
    } else {
        shader.shade(x: x, y: y, count: count, into: scratch.source)
        Compositor.blendRow(B.self, scratch.source, coverage: perPixel, constantCoverage: c, dst: bytes, count: count)
    }
}
