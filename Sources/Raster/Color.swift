/// A colour in gamma-encoded sRGB with straight (non-premultiplied) alpha.
///
/// Components are in 0...1. Compositing happens in this gamma-encoded space with
/// premultiplied alpha, as Core Graphics does by default, so colours match what
/// SwiftUI shows.
public struct Color: Hashable, Sendable {
    /// Red, 0…1, gamma-encoded.
    public var red: Double
    /// Green, 0…1, gamma-encoded.
    public var green: Double
    /// Blue, 0…1, gamma-encoded.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque), not premultiplied.
    public var alpha: Double

    /// A colour from its components (0…1); opaque by default.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 8-bit sRGB components and an alpha in 0...1.
    public init(r8: Int, g8: Int, b8: Int, alpha: Double = 1) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: alpha)
    }

    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour with its alpha multiplied by `opacity` (clamped to 0...1).
    public func multipliedAlpha(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha = alpha * min(max(opacity, 0), 1)
        return copy
    }

    /// The premultiplied 8-bit pixel for this colour, rounded to nearest with ties to
    /// even, as the compositing loops round, so a colour drawn opaque gives these bytes.
    public var premultiplied: PremultipliedRGBA8 {
        let a = min(max(alpha, 0), 1)
        func channel(_ c: Double) -> UInt8 { UInt8((min(max(c, 0), 1) * a * 255).rounded(.toNearestOrEven)) }
        return PremultipliedRGBA8(r: channel(red), g: channel(green), b: channel(blue), a: UInt8((a * 255).rounded(.toNearestOrEven)))
    }
}

/// One pixel: 8-bit sRGB components premultiplied by alpha (each ≤ `a`).
public struct PremultipliedRGBA8: Hashable, Sendable {
    /// Red times alpha, 0…255.
    public var r: UInt8
    /// Green times alpha, 0…255.
    public var g: UInt8
    /// Blue times alpha, 0…255.
    public var b: UInt8
    /// Alpha, 0…255.
    public var a: UInt8

    /// A pixel from premultiplied components (each colour component at most `a`).
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The transparent pixel.
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The four bytes as one word whose bytes in memory are r, g, b, a: a pixmap's pixel.
    var packed: UInt32 { UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24) }
}
