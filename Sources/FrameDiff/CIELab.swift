// Colour in CIELAB (D65), from gamma-encoded sRGB.
//
// sRGB components are linearised with the IEC 61966-2-1 transfer function,
// taken to CIE XYZ with the sRGB matrix (D65 white) and to L*a*b* with the CIE
// 15 formulas, including the linear segment near black. That segment matters
// here: perceptual spaces built on a plain cube root (OKLab among them) put
// the first step above black several just-noticeable differences away from
// black, which would turn invisible dark noise into failures.
// Pixels are premultiplied; a translucent pixel has no single colour, so the
// comparator measures it composited over white and over black.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in CIE L*a*b* relative to the D65 white: `l` 0…100, `a` and `b` about −128…128.
public struct CIELab: Sendable, Hashable {
    /// Lightness, 0 (black) to 100 (white).
    public var l: Double
    /// Green (negative) to red (positive).
    public var a: Double
    /// Blue (negative) to yellow (positive).
    public var b: Double

    /// The colour with these coordinates.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The colour of gamma-encoded sRGB components, each 0…1 (values outside are clamped).
    public init(red: Double, green: Double, blue: Double) {
        self.init(linearRed: Self.linear(red), linearGreen: Self.linear(green), linearBlue: Self.linear(blue))
    }

    /// The colour of 8-bit gamma-encoded sRGB components.
    public init(r8: UInt8, g8: UInt8, b8: UInt8) {
        self.init(linearRed: Self.linear8[Int(r8)], linearGreen: Self.linear8[Int(g8)], linearBlue: Self.linear8[Int(b8)])
    }

    /// The colour of linear-light sRGB components.
    init(linearRed r: Double, linearGreen g: Double, linearBlue bl: Double) {
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        l = 116 * fy - 16
        a = 500 * (fx - fy)
        b = 200 * (fy - fz)
    }

    /// CIE 15's companding: a cube root, linear below (6/29)³.
    private static func f(_ t: Double) -> Double {
        t > 216.0 / 24389 ? cbrt(t) : t * (24389.0 / 27 / 116) + 16.0 / 116
    }

    /// The sRGB transfer function's inverse, for one component in 0…1.
    static func linear(_ c: Double) -> Double {
        let c = min(max(c, 0), 1)
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// `linear` of every 8-bit value.
    static let linear8: [Double] = (0..<256).map { linear(Double($0) / 255) }
}
