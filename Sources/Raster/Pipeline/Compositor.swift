/// The compositing loops: a span of premultiplied RGBA8 destination pixels combined
/// with a source (one colour, or a row of colours) through coverage.
///
/// Every loop computes `d' = B(s·c, d)` in single precision on 0…1 values and rounds
/// to nearest; for every blend mode this equals the W3C shape interpolation
/// `d + c·(B(s, d) − d)` (see `BlendMode`). Pixels of zero coverage are not touched,
/// so drawing never changes pixels outside its shape. Loops are generic over the
/// blend function and specialised per mode; source-over has byte-level fast paths,
/// including a bulk fill of runs where an opaque colour fully covers.
enum Compositor {
    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)) * (1 / 255)
    }

    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        let scaled = (v * 255 + 0.5).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(scaled, rounding: .towardZero)), as: SIMD4<UInt8>.self)
    }

    /// Blends one colour (premultiplied, 0…1) into `count` pixels at `dst`; coverage per
    /// pixel from `coverage`, or `constantCoverage` for all when `coverage` is nil.
    @inline(__always)
    static func blendSolid<B: BlendFunction>(
        _: B.Type, _ color: SIMD4<Float>, coverage: UnsafePointer<Float>?, constantCoverage: Float,
        dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        if B.self == SourceOverBlend.self {
            sourceOverSolid(color, coverage: coverage, constantCoverage: constantCoverage, dst: dst, count: count)
            return
        }
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
                if B.self == SourceOverBlend.self && c >= 1 && s.w >= 1 {
                    store(s, p)
                } else {
                    store(B.blend(s * c, load(p)), p)
                }
            }
        }
    }

    /// Source-over of one colour: `d' = s·c + d·(1 − αs·c)`, on bytes.
    @inline(__always)
    private static func sourceOverSolid(
        _ color: SIMD4<Float>, coverage: UnsafePointer<Float>?, constantCoverage: Float, dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let s = color * 255
        let opaque = color.w >= 1
        if let coverage {
            let solid = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(s + 0.5, rounding: .towardZero))
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let p = dst + 4 * i
                if c >= 1 && opaque {
                    UnsafeMutableRawPointer(p).storeBytes(of: solid, as: SIMD4<UInt8>.self)
                } else {
                    let d = SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
                    let r = s * c + d * (1 - color.w * c) + 0.5
                    UnsafeMutableRawPointer(p).storeBytes(
                        of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(r.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)), rounding: .towardZero)),
                        as: SIMD4<UInt8>.self)
                }
            }
        } else {
            let c = constantCoverage
            if c >= 1 && opaque {
                let solid = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(s + 0.5, rounding: .towardZero))
                let packed = unsafeBitCast(solid, to: UInt32.self)
                let raw = UnsafeMutableRawPointer(dst)
                for i in 0..<count { raw.storeBytes(of: packed, toByteOffset: 4 * i, as: UInt32.self) }
                return
            }
            let sc = s * c + 0.5
            let k = 1 - color.w * c
            for i in 0..<count {
                let p = dst + 4 * i
                let d = SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
                let r = (sc + d * k).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                UnsafeMutableRawPointer(p).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(r, rounding: .towardZero)), as: SIMD4<UInt8>.self)
            }
        }
    }
}
