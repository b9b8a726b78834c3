/// The floating-point compositing loops, for every blend mode but source-over (which
/// `SourceOver` does on bytes): a span of premultiplied RGBA8 destination pixels
/// combined with a source (one colour, or a row of colours) through coverage.
///
/// Every loop computes `d' = B(s·c, d)` in single precision on 0…1 values and rounds
/// to nearest; for every blend mode this equals the W3C shape interpolation
/// `d + c·(B(s, d) − d)` (see `BlendMode`). Pixels of zero coverage are not touched,
/// so drawing never changes pixels outside its shape. Loops are generic over the
/// blend function and specialised per mode.
enum Compositor {
    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        unpack(UnsafePointer(p)) * (1 / 255)
    }

    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        pack(v * 255, p)
    }

    /// Blends one colour (premultiplied, 0…1) into `count` pixels at `dst`; coverage per
    /// pixel from `coverage`, or `constantCoverage` for all when `coverage` is nil.
    @inline(__always)
    static func blendSolid<B: BlendFunction>(
        _: B.Type, _ color: SIMD4<Float>, coverage: UnsafePointer<Float>?, constantCoverage: Float,
        dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        if let coverage {
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let p = dst + 4 * i
                store(B.blend(color * c, load(p)), p)
            }
        } else {
            let s = color * constantCoverage
            for i in 0..<count {
                let p = dst + 4 * i
                store(B.blend(s, load(p)), p)
            }
        }
    }

    /// Blends a row of colours (premultiplied, 0…1) into `count` pixels at `dst`.
    @inline(__always)
    static func blendRow<B: BlendFunction>(
        _: B.Type, _ src: UnsafePointer<SIMD4<Float>>, coverage: UnsafePointer<Float>?, constantCoverage: Float,
        dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        if let coverage {
            for i in 0..<count {
                let c = coverage[i]
                let s = src[i]
                if c <= 0 || s.w <= 0 { continue }
                let p = dst + 4 * i
                store(B.blend(s * c, load(p)), p)
            }
        } else {
            let c = constantCoverage
            for i in 0..<count {
                let s = src[i]
                if s.w <= 0 { continue }
                let p = dst + 4 * i
                store(B.blend(s * c, load(p)), p)
            }
        }
    }
}
