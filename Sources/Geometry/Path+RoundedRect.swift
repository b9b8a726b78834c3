/// Rounded rectangles and capsules, with SwiftUI's two corner styles.
///
/// Circular corners are quarter ellipses (one cubic each, κ = 0.5523 as in
/// `addEllipse`). Continuous corners follow Apple's smooth-curvature corner of
/// iOS 7 and later: each corner starts 1.52866483 radii before the corner point
/// and is three cubics joined by two tiny lines, so that curvature grows smoothly
/// from the straight edge instead of jumping to 1/r. The coefficients are the
/// widely published reverse-engineered values of `UIBezierPath`'s corner, from
/// Matej Dunik's `UIBezierPath+IOS7RoundedRect` (PixelCut, 2013; reproduced in
/// many projects, e.g. `NSBezierPath+IOS7RoundedRect.m`), used as published: per
/// corner a cubic, a short line, a cubic, a cubic (the dump of the system's path is
/// slightly asymmetric and has kinks of a few degrees where the pieces meet; we keep
/// them rather than invent a "corrected" curve). The radius is limited to
/// `min(width, height) / 2 / 1.52866483`, as there, so the curve always fits.
///
/// Every outline is one closed subpath, clockwise on screen from the top edge,
/// as Core Graphics builds rounded rectangles.
extension Path {
    /// Appends a rounded rectangle whose corners are `cornerRadius` wide and tall.
    ///
    /// - Parameters:
    ///   - rect: the rectangle; an empty one adds nothing.
    ///   - cornerRadius: in the rectangle's units; negative or non-finite values act as 0,
    ///     and the radius is limited so that opposite corners never overlap (see
    ///     `addRoundedRect(in:cornerSize:style:)`).
    ///   - style: `.circular` (default) or `.continuous`.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .circular) {
        addRoundedRect(in: rect, cornerSize: Size(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// Appends a rounded rectangle with elliptical corners `cornerSize.width` wide and
    /// `cornerSize.height` tall, as SwiftUI's `RoundedRectangle(cornerSize:style:)`.
    ///
    /// Circular corners are limited to half the rectangle's shorter side when they are
    /// equal (so a large radius gives a capsule), else each axis to half its side. Continuous corners are limited to `side / 2 / 1.52866483`, the
    /// longest corner the smooth curve fits in; for equal radii both axes use the
    /// shorter side, as the published curve does, so the corner keeps its shape.
    /// A zero corner gives a plain rectangle.
    public mutating func addRoundedRect(in rect: Rect, cornerSize: Size, style: RoundedCornerStyle = .circular) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        func sanitized(_ v: Double) -> Double { v.isFinite ? max(v, 0) : 0 }
        var rx = sanitized(cornerSize.width), ry = sanitized(cornerSize.height)
        switch style {
        case .circular:
            if rx == ry {
                rx = min(rx, min(rect.width, rect.height) / 2)
                ry = rx
            } else {
                rx = min(rx, rect.width / 2)
                ry = min(ry, rect.height / 2)
            }
        case .continuous:
            let extent = ContinuousCorner.extent
            if rx == ry {
                let limit = min(rect.width, rect.height) / 2 / extent
                rx = min(rx, limit)
                ry = rx
            } else {
                rx = min(rx, rect.width / 2 / extent)
                ry = min(ry, rect.height / 2 / extent)
            }
        }
        guard rx > 0, ry > 0 else {
            addRect(rect)
            return
        }
        // Each corner is drawn in a frame whose origin is the rectangle's corner point,
        // with `u` along the edge the outline arrives on and `v` along the edge it leaves by.
        let corners: [(corner: Point, u: Point, v: Point)] = [
            (Point(x: rect.maxX, y: rect.minY), Point(x: -rx, y: 0), Point(x: 0, y: ry)),
            (Point(x: rect.maxX, y: rect.maxY), Point(x: 0, y: -ry), Point(x: -rx, y: 0)),
            (Point(x: rect.minX, y: rect.maxY), Point(x: rx, y: 0), Point(x: 0, y: -ry)),
            (Point(x: rect.minX, y: rect.minY), Point(x: 0, y: ry), Point(x: rx, y: 0)),
        ]
        func map(_ c: (corner: Point, u: Point, v: Point), _ a: Double, _ b: Double) -> Point {
            c.corner + c.u * a + c.v * b
        }
        switch style {
        case .circular:
            let k = 0.5522847498307936
            move(to: map(corners[3], 0, 1))
            for c in corners {
                addLine(to: map(c, 1, 0))
                addCurve(to: map(c, 0, 1), control1: map(c, 1 - k, 0), control2: map(c, 0, 1 - k))
            }
        case .continuous:
            let q = ContinuousCorner.self
            move(to: map(corners[3], 0, q.extent))
            for c in corners {
                addLine(to: map(c, q.extent, 0))
                addCurve(to: map(c, q.d, q.e), control1: map(c, q.b, 0), control2: map(c, q.c, 0))
                addLine(to: map(c, q.f, q.g))
                addCurve(to: map(c, q.g, q.f), control1: map(c, q.h, q.i), control2: map(c, q.i, q.h))
                addCurve(to: map(c, 0, q.extent), control1: map(c, 0, q.c), control2: map(c, 0, q.b))
            }
        }
        closeSubpath()
    }

    /// Appends a capsule: a rounded rectangle whose corner radius is half its shorter
    /// side, as SwiftUI's `Capsule(style:)` (whose default style is `.circular`).
    ///
    /// With `.continuous` the radius is limited as for any continuous rounded
    /// rectangle, so the ends are smooth-curvature corners rather than half circles.
    public mutating func addCapsule(in rect: Rect, style: RoundedCornerStyle = .circular) {
        addRoundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2, style: style)
    }
}

/// How a rounded rectangle's corners are shaped, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: String, Sendable, CaseIterable {
    /// Apple's smooth-curvature ("squircle-like") corners.
    case continuous
    /// Quarter circles (quarter ellipses for unequal corner sizes).
    case circular
}

/// The continuous corner's coefficients, in corner radii, for the corner at the
/// origin with the arriving edge along `u` and the leaving edge along `v`.
enum ContinuousCorner {
    /// How far from the corner point the curve leaves the straight edge.
    static let extent = 1.52866483
    static let b = 1.08849299, c = 0.86840701
    static let d = 0.66993427, e = 0.06549600
    static let f = 0.63149399, g = 0.07491100
    static let h = 0.37282401, i = 0.16906001
}
