/// An opaque 8-bit sRGB colour, the unit of mattes and palettes.
public struct RGB8: Hashable, Sendable {
    /// Red, green and blue, 0...255.
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    /// The colour's components rounded to 8 bits; its alpha is ignored, since a matte is opaque by definition.
    public init(_ color: Color) {
        func channel(_ c: Double) -> UInt8 { UInt8((min(max(c, 0), 1) * 255).rounded()) }
        self.init(r: channel(color.red), g: channel(color.green), b: channel(color.blue))
    }

    /// The colour of these components.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}
