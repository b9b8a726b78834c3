import Foundation
import Raster

/// Björn Ottosson's OKLab ("A perceptual color space for image processing", 2020): a
/// space where Euclidean distance follows perceived colour difference far better than
/// in sRGB, which is why palettes are clustered in it.
///
/// Conversion: sRGB8 → linear light (IEC 61966-2-1 curve, one table lookup per channel)
/// → LMS cone response (Ottosson's matrix M1) → cube root → L, a, b (matrix M2).
/// L runs 0…1 from black to white; a and b stay within about ±0.4 for sRGB colours.
struct OKLab: Equatable, Sendable {
    var l: Float
    var a: Float
    var b: Float

    /// The linear-light value of each 8-bit sRGB code.
    private static let linear: [Float] = (0..<256).map { code in
        let c = Double(code) / 255
        return Float(c <= 0.04045 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4))
    }

    init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The colour `r, g, b` (gamma-encoded sRGB, 0…255) in OKLab.
    init(r: UInt8, g: UInt8, b: UInt8) {
        let table = Self.linear
        let (lr, lg, lb) = (table[Int(r)], table[Int(g)], table[Int(b)])
        let l = cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
        let m = cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
        let s = cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
        self.init(
            l: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    init(_ color: RGB8) {
        self.init(r: color.r, g: color.g, b: color.b)
    }

    /// Squared Euclidean distance, the measure of colour difference used throughout.
    @_optimize(speed)
    func distanceSquared(to other: OKLab) -> Float {
        let dl = l - other.l
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }
}
