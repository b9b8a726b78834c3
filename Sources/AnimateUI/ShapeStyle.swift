internal import Scene
internal import Raster

/// How a shape or text is painted, as SwiftUI's `ShapeStyle`: a colour, a gradient,
/// a material, or the foreground style. Only this module's styles conform.
public protocol ShapeStyle {
    /// The paint this style resolves to; this module's own.
    var _paint: _Paint { get }
}

/// A resolved paint (opaque to users of the module).
public struct _Paint: Sendable {
    /// nil: the foreground style in scope.
    let value: PaintValue?
}

/// The foreground style in scope (black unless `foregroundStyle` sets it), as SwiftUI's `.foreground`.
public struct ForegroundStyle: ShapeStyle, Sendable {
    public init() {}
    public var _paint: _Paint { _Paint(value: nil) }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The foreground style in scope.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// SwiftUI's materials: a blurred, saturated, tinted copy of what lies behind.
public struct Material: ShapeStyle, Sendable {
    let material: Scene.Material

    public static let ultraThinMaterial = Material(material: .ultraThinMaterial)
    public static let thinMaterial = Material(material: .thinMaterial)
    public static let regularMaterial = Material(material: .regularMaterial)
    public static let thickMaterial = Material(material: .thickMaterial)

    public var _paint: _Paint { _Paint(value: .material(material)) }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material.ultraThinMaterial }
    public static var thinMaterial: Material { Material.thinMaterial }
    public static var regularMaterial: Material { Material.regularMaterial }
    public static var thickMaterial: Material { Material.thickMaterial }
}
