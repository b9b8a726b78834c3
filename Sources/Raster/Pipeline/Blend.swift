/// Source-over compositing of premultiplied RGBA8, in gamma-encoded sRGB.
///
/// `result = source · c + destination · (1 − αₛ · c)` per channel, where `c` is the
/// pixel's coverage (or layer opacity) and αₛ the source alpha in 0…1; computed in
/// single precision and rounded to nearest, so a full-coverage opaque source is
/// written exactly and a zero-coverage pixel is left untouched.
enum Blend {
    /// Composites one premultiplied colour through a row of coverage values.
    @inline(__always)
    static func sourceOverSolid(
        _ s: PremultipliedRGBA8, coverage: UnsafeBufferPointer<Float>, into pixels: UnsafeMutableBufferPointer<UInt8>, offset: Int
    ) {
        let sr = Float(s.r), sg = Float(s.g), sb = Float(s.b), sa = Float(s.a)
        let opaque = s.a == 255
        var i = offset
        for c in coverage {
            if c > 0 {
                if c >= 1 && opaque {
                    pixels[i] = s.r
                    pixels[i + 1] = s.g
                    pixels[i + 2] = s.b
                    pixels[i + 3] = 255
                } else {
                    let k = 1 - sa * c / 255
                    pixels[i] = UInt8(sr * c + Float(pixels[i]) * k + 0.5)
                    pixels[i + 1] = UInt8(sg * c + Float(pixels[i + 1]) * k + 0.5)
                    pixels[i + 2] = UInt8(sb * c + Float(pixels[i + 2]) * k + 0.5)
                    pixels[i + 3] = UInt8(sa * c + Float(pixels[i + 3]) * k + 0.5)
                }
            }
            i += 4
        }
    }

    /// Composites `count` premultiplied pixels of `source` (at the same offset) scaled by `opacity`.
    @inline(__always)
    static func sourceOverPixels(
        _ source: UnsafeBufferPointer<UInt8>, into pixels: UnsafeMutableBufferPointer<UInt8>, offset: Int, count: Int, opacity: Float
    ) {
        var i = offset
        for _ in 0..<count {
            let a = source[i + 3]
            if a != 0 {
                let sa = Float(a) * opacity
                let k = 1 - sa / 255
                pixels[i] = UInt8(min(Float(source[i]) * opacity + Float(pixels[i]) * k + 0.5, 255))
                pixels[i + 1] = UInt8(min(Float(source[i + 1]) * opacity + Float(pixels[i + 1]) * k + 0.5, 255))
                pixels[i + 2] = UInt8(min(Float(source[i + 2]) * opacity + Float(pixels[i + 2]) * k + 0.5, 255))
                pixels[i + 3] = UInt8(min(sa + Float(pixels[i + 3]) * k + 0.5, 255))
            }
            i += 4
        }
    }
}
