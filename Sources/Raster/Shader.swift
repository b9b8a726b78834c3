import Geometry

/// A source of colour for each pixel, in paint space (mapped to device pixels by
/// `Paint.transform`).
///
/// Gradients pad beyond their ends. Angles are in radians, measured clockwise on
/// screen from the positive x axis (y points down), as SwiftUI's `Angle` on screen.
public enum Shader: Sendable, Equatable {
    /// One colour everywhere.
    case solid(Color)
    /// Colours along the line from `start` to `end`, constant across it, as
    /// SwiftUI's `LinearGradient`. A zero-length line paints the last stop's colour.
    case linearGradient(Gradient, start: Point, end: Point)
    /// Colours by distance from `center`, from `startRadius` (location 0) to `endRadius`
    /// (location 1), as SwiftUI's `RadialGradient`; an elliptical gradient is this under
    /// a non-uniform transform. Equal radii paint the last colour outside and the first inside.
    case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double)
    /// Colours by angle around `center`, from `startAngle` (location 0) to `endAngle`
    /// (location 1), as SwiftUI's `AngularGradient`: beyond a full turn only the last turn
    /// shows; a shorter sweep fills the rest of the circle with the end colour up to its
    /// middle and the start colour after it.
    case angularGradient(Gradient, center: Point, startAngle: Double, endAngle: Double)
    /// An image whose pixel (i, j) covers the unit square at (i, j) of paint space; the
    /// edge pixels extend beyond it (pad), so fill the image's rectangle to draw it.
    case image(Pixmap, quality: FilterQuality)
}

/// How an image is sampled between its pixels, as SwiftUI's `Image.interpolation`.
public enum FilterQuality: String, Sendable, Hashable, CaseIterable {
    /// The nearest pixel (`interpolation(.none)`).
    case nearest
    /// Bilinear interpolation of the four nearest pixels, premultiplied.
    case bilinear
}
