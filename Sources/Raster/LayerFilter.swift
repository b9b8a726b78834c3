import Geometry

/// An effect applied to a layer's content when the layer is composited
/// (`Canvas.endLayer(opacity:blendMode:filters:)`).
///
/// Radii are Gaussian standard deviations in device pixels (the convention of CSS
/// `blur()` and of Core Animation's `shadowRadius`); the blur is the SVG
/// `feGaussianBlur` one (see `GaussianBlur`).
public enum LayerFilter: Sendable, Equatable {
    /// Blurs the content (transparent outside the canvas), as SwiftUI's `blur(radius:)`.
    case blur(radius: Double)
    /// Draws under the content its silhouette, blurred, in `color` (whose alpha scales the
    /// shadow) and moved by `offset` device pixels, as SwiftUI's `shadow(color:radius:x:y:)`.
    case dropShadow(color: Color, radius: Double, offset: Point)
}
