/// How a path is stroked, as SwiftUI's `StrokeStyle` and Core Graphics' line state.
///
/// Lengths are in the path's own units (they scale with the path's transform).
public struct StrokeStyle: Hashable, Sendable {
    /// The line's width; default 1. Zero draws a hairline one device pixel wide;
    /// negative or non-finite widths draw nothing.
    public var lineWidth: Double
    /// The shape of open subpaths' ends; default `.butt`.
    public var lineCap: LineCap
    /// The shape of corners; default `.miter`.
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of the line width, before a miter join is drawn
    /// as a bevel; default 10 (Core Graphics' default). A miter's length is
    /// `1 / sin(α / 2)` line widths for a corner of interior angle α.
    public var miterLimit: Double
    /// Alternating on and off lengths, starting with on; empty (default) for a solid line.
    /// See `Path.dashed(pattern:phase:)`.
    public var dash: [Double]
    /// How far into the dash pattern each subpath starts; default 0.
    public var dashPhase: Double

    /// A stroke style; every parameter defaults as documented on its property.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// The end of an open subpath, as Core Graphics' `CGLineCap`.
public enum LineCap: String, Sendable, CaseIterable {
    /// Squared off at the end point.
    case butt
    /// A half circle of the line's width around the end point.
    case round
    /// Squared off half a line width beyond the end point.
    case square
}

/// The corner between two segments, as Core Graphics' `CGLineJoin`.
public enum LineJoin: String, Sendable, CaseIterable {
    /// The outer edges extended until they meet (a bevel beyond the miter limit).
    case miter
    /// A circular arc around the corner point.
    case round
    /// The outer edges' ends joined by a straight line.
    case bevel
}
