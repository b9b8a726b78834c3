/// The drivers between coverage and the compositor: `SweepCompositing` turns an
/// accumulated path into spans row by row, `RectCompositing` walks the rows of a
/// rectangle (a layer, a filtered backdrop). Both apply the clip mask to coverage,
/// shade each span once and composite it with the blend mode they are specialised on
/// (they are `BlendModeVisitor`s, dispatched once per drawing).
struct SweepCompositing: BlendModeVisitor {
    let accumulator: CoverageAccumulator
    let rule: FillRule
    let shader: PreparedShader
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let scratch: Scratch
    let mask: ClipMask?

    func visit<B: BlendFunction>(_ function: B.Type) {
        let coverage = scratch.coverage, spans = scratch.spans
        let left = accumulator.x0
        accumulator.sweep(rule: rule, coverage: coverage, spans: spans) { y, count in
            let row = destination + y * rowBytes
            for k in 0..<count {
                let span = spans[k]
                let x0 = Int(span.x0), n = Int(span.x1) - x0
                let values = coverage + (x0 - left)
                var perPixel: UnsafePointer<Float>? = span.isConstant ? nil : UnsafePointer(values)
                if let mask {
                    applyMask(mask, x: x0, y: y, count: n, constant: span.isConstant ? span.coverage : nil, into: values)
                    perPixel = UnsafePointer(values)
                }
                compositeSpan(B.self, shader: shader, x: x0, y: y, count: n, coverage: perPixel, constant: span.coverage, row: row, source: scratch.source)
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
        for y in rect.y0..<rect.y1 {
            let row = destination + y * rowBytes
            var perPixel: UnsafePointer<Float>? = nil
            if let mask {
                applyMask(mask, x: rect.x0, y: y, count: n, constant: 1, into: scratch.coverage)
                perPixel = UnsafePointer(scratch.coverage)
            }
            compositeSpan(B.self, shader: shader, x: rect.x0, y: y, count: n, coverage: perPixel, constant: 1, row: row, source: scratch.source)
        }
    }
}

/// Multiplies coverage (per pixel in `values`, or `constant` for all) by the mask.
@inline(__always)
func applyMask(_ mask: ClipMask, x: Int, y: Int, count: Int, constant: Float?, into values: UnsafeMutablePointer<Float>) {
    let m = mask.pointer(x: x, y: y)
    let scale: Float = 1 / 255
    if let constant {
        let k = constant * scale
        for i in 0..<count { values[i] = Float(m[i]) * k }
    } else {
        for i in 0..<count { values[i] *= Float(m[i]) * scale }
    }
}

@inline(__always)
func compositeSpan<B: BlendFunction>(
    _: B.Type, shader: PreparedShader, x: Int, y: Int, count: Int, coverage: UnsafePointer<Float>?, constant: Float,
    row: UnsafeMutablePointer<UInt8>, source: UnsafeMutablePointer<SIMD4<Float>>
) {
    let dst = row + 4 * x
    if case .solid(let color) = shader {
        Compositor.blendSolid(B.self, color, coverage: coverage, constantCoverage: constant, dst: dst, count: count)
    } else {
        shader.shade(x: x, y: y, count: count, into: source)
        Compositor.blendRow(B.self, source, coverage: coverage, constantCoverage: constant, dst: dst, count: count)
    }
}
