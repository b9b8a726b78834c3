/// What a fill paints with: a shader and an opacity multiplier.
public struct Paint: Sendable, Hashable {
    /// The colour source.
    public var shader: Shader
    /// Multiplies the shader's alpha; 0…1, default 1.
    public var opacity: Double

    public init(_ shader: Shader, opacity: Double = 1) {
        self.shader = shader
        self.opacity = opacity
    }

    /// A solid colour paint.
    public static func solid(_ color: Color) -> Paint { Paint(.solid(color)) }
}

/// A source of colour for each pixel.
public enum Shader: Sendable, Hashable {
    /// One colour everywhere.
    case solid(Color)
}
