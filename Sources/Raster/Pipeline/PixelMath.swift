/// Conversions between premultiplied RGBA8 bytes and `SIMD4<Float>`, and element-wise
/// minimum and maximum, written per component.
///
/// The standard library's generic SIMD conversions (`SIMD4<Float>(SIMD4<UInt8>)`,
/// `init(_:rounding:)`), `clamped` and `pointwiseMin` are not reliably specialised and
/// cost tens of nanoseconds per pixel; these spelled-out versions compile to a few
/// instructions, so every per-pixel loop uses them.
@inline(__always)
func unpack(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
    SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
}

@inline(__always)
func unpack(_ p: UnsafeRawPointer, byteOffset: Int) -> SIMD4<Float> {
    let q = p.assumingMemoryBound(to: UInt8.self) + byteOffset
    return SIMD4(Float(q[0]), Float(q[1]), Float(q[2]), Float(q[3]))
}

/// Stores `v` (0…255 scale) clamped to 0…255 and rounded to nearest (ties to even).
///
/// Rounding adds 1.5 · 2²³, which leaves the integer part in the low mantissa bits:
/// branch-free, and without the range checks of a trapping conversion. NaN stores 0.
@inline(__always)
func pack(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
    @inline(__always) func byte(_ x: Float) -> UInt8 {
        let c = x > 0 ? (x < 255 ? x : 255) : 0
        return UInt8(truncatingIfNeeded: (c + 12_582_912).bitPattern)
    }
    p[0] = byte(v.x)
    p[1] = byte(v.y)
    p[2] = byte(v.z)
    p[3] = byte(v.w)
}

@inline(__always)
func elementMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z, a.w < b.w ? a.w : b.w)
}

@inline(__always)
func elementMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z, a.w > b.w ? a.w : b.w)
}

/// `v` (premultiplied, 0…1) as a packed pixel (r in the low byte), clamped to 0…255 and
/// rounded to nearest as `pack` does.
@inline(__always)
func packedPixel(_ v: SIMD4<Float>) -> UInt32 {
    @inline(__always) func byte(_ x: Float) -> UInt32 {
        let c = x > 0 ? (x < 255 ? x : 255) : 0
        return (c + 12_582_912).bitPattern & 0xFF
    }
    let s = v * 255
    return byte(s.x) | byte(s.y) << 8 | byte(s.z) << 16 | byte(s.w) << 24
}
