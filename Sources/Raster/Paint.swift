import Geometry

/// What a fill or stroke paints with: a shader, an opacity, a blend mode, and where
/// the shader sits.
public struct Paint: Sendable, Equatable {
    /// The colour source.
    public var shader: Shader
    /// Multiplies the shader's alpha; 0…1, default 1.
    public var opacity: Double
    /// How the paint combines with the pixels below; default `.normal`.
    public var blendMode: BlendMode
    /// Maps the shader's paint space to device pixels; default identity (paint space is
    /// device space). Independent of the path's transform.
    public var transform: AffineTransform

    /// A paint; see the properties for the parameters' meaning and defaults.
    public init(_ shader: Shader, opacity: Double = 1, blendMode: BlendMode = .normal, transform: AffineTransform = .identity) {
        self.shader = shader
        self.opacity = opacity
        self.blendMode = blendMode
        self.transform = transform
    }

    /// A solid colour paint.
    public static func solid(_ color: Color) -> Paint { Paint(.solid(color)) }
}
