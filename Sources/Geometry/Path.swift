#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path: subpaths of lines, quadratic and cubic Bézier curves, as SwiftUI's `Path`.
///
/// Elements are stored as a verb list and a flat point list, so a path costs two
/// arrays however many segments it has. A subpath starts with `move(to:)`; drawing
/// calls made before any `move` start a subpath at the origin.
public struct Path: Hashable, Sendable {
    /// One drawing instruction and how many points it consumes.
    public enum Verb: UInt8, Sendable {
        case move  // 1 point
        case line  // 1 point
        case quad  // 2 points: control, end
        case cubic  // 3 points: control 1, control 2, end
        case close  // 0 points
    }

    /// The drawing instructions in order.
    public private(set) var verbs: [Verb] = []
    /// The instructions' points, in order (see `Verb` for how many each takes).
    public private(set) var points: [Point] = []
    private var subpathStart = Point.zero
    private var needsMove = true

    /// An empty path.
    public init() {}

    /// Makes room for `verbs` instructions and `points` points.
    mutating func reserveCapacity(verbs: Int, points: Int) {
        self.verbs.reserveCapacity(verbs)
        self.points.reserveCapacity(points)
    }

    /// Whether the path has no instructions.
    public var isEmpty: Bool { verbs.isEmpty }

    /// The last point added, or the origin for an empty path.
    public var currentPoint: Point { points.last ?? .zero }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        verbs.append(.move)
        points.append(p)
        subpathStart = p
        needsMove = false
    }

    private mutating func ensureSubpath() {
        if needsMove { move(to: needsMoveTarget) }
    }

    private var needsMoveTarget: Point { verbs.last == .close ? subpathStart : currentPoint }

    /// Adds a straight line from the current point to `p`.
    public mutating func addLine(to p: Point) {
        ensureSubpath()
        verbs.append(.line)
        points.append(p)
    }

    /// Adds a quadratic Bézier curve to `p` with control point `c`.
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        ensureSubpath()
        verbs.append(.quad)
        points.append(c)
        points.append(p)
    }

    /// Adds a cubic Bézier curve to `p` with control points `c1` and `c2`.
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureSubpath()
        verbs.append(.cubic)
        points.append(c1)
        points.append(c2)
        points.append(p)
    }

    /// Closes the current subpath with a line back to its start; the next drawing call starts there.
    public mutating func closeSubpath() {
        guard !needsMove else { return }
        verbs.append(.close)
        needsMove = true
    }

    /// Appends a closed rectangle, clockwise from its top-left corner (as Core Graphics does).
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Appends the ellipse inscribed in `r` as four cubic Béziers, clockwise from its
    /// rightmost point, as Core Graphics' `addEllipse(in:)` does.
    ///
    /// The control-point factor 0.5522847498 = 4(√2 − 1)/3 puts each quarter's midpoint
    /// exactly on the ellipse; the radial error elsewhere is below 0.03 % of the radius.
    public mutating func addEllipse(in r: Rect) {
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let ox = rx * k, oy = ry * k
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + oy), control2: Point(x: cx + ox, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - ox, y: cy + ry), control2: Point(x: cx - rx, y: cy + oy))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - oy), control2: Point(x: cx - ox, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + ox, y: cy - ry), control2: Point(x: cx + rx, y: cy - oy))
        closeSubpath()
    }

    /// Appends a circular arc around `center`, from `startAngle` to `endAngle` (radians,
    /// measured clockwise on screen from the positive x axis), as SwiftUI's `addArc`.
    ///
    /// `clockwise` follows SwiftUI's convention, which in y-down coordinates sweeps
    /// counterclockwise on screen. A line joins the current point to the arc's start
    /// (or the arc starts a subpath). Arcs are split into pieces of at most 90°, each a
    /// cubic Bézier.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            if sweep > 0 { sweep -= full * (sweep / full).rounded(.up) }
            sweep = max(sweep, -full)
        } else {
            if sweep < 0 { sweep += full * (-sweep / full).rounded(.up) }
            sweep = min(sweep, full)
        }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if needsMove { move(to: start) } else { addLine(to: start) }
        addArcSegments(center: center, rx: radius, ry: radius, rotation: 0, startAngle: startAngle, sweep: sweep)
    }

    /// Appends cubic pieces approximating an elliptical arc (radii `rx`, `ry`, the
    /// ellipse rotated by `rotation` radians) from `startAngle` through `sweep`; the
    /// current point must already be the arc's start. Each piece sweeps at most
    /// `pieceSweep`: a cubic strays from its circle by up to 2.7·10⁻⁴ of the radius over a
    /// quarter turn (as Core Graphics draws arcs), a sixty-fourth of that over an eighth.
    mutating func addArcSegments(
        center: Point, rx: Double, ry: Double, rotation: Double, startAngle: Double, sweep: Double, pieceSweep: Double = .pi / 2
    ) {
        addArcSegments(
            center: center, rx: rx, ry: ry, rotation: rotation, startCosine: cos(startAngle), startSine: sin(startAngle), sweep: sweep,
            pieceSweep: pieceSweep)
    }

    /// `addArcSegments` from the start angle's cosine and sine (for a stroke's caps and
    /// joins, the unit normal there: no angle to take).
    mutating func addArcSegments(
        center: Point, rx: Double, ry: Double, rotation: Double, startCosine: Double, startSine: Double, sweep: Double,
        pieceSweep: Double = .pi / 2
    ) {
        guard sweep != 0, sweep.isFinite else { return }
        let pieces = max(1, Int((abs(sweep) / pieceSweep - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        let cr = rotation == 0 ? 1 : cos(rotation), sr = rotation == 0 ? 0 : sin(rotation)
        func map(_ ux: Double, _ uy: Double) -> Point {
            let x = ux * rx, y = uy * ry
            return Point(x: center.x + x * cr - y * sr, y: center.y + x * sr + y * cr)
        }
        // Each piece's end is its start turned by `step`: one rotation instead of a cosine
        // and a sine per piece (the round caps and joins of a stroke are many short arcs).
        let cs = cos(step), ss = sin(step)
        var c0 = startCosine, s0 = startSine
        for _ in 0..<pieces {
            let c1 = c0 * cs - s0 * ss, s1 = s0 * cs + c0 * ss
            addCurve(
                to: map(c1, s1),
                control1: map(c0 - k * s0, s0 + k * c0),
                control2: map(c1 + k * s1, s1 - k * c1))
            c0 = c1
            s0 = s1
        }
    }

    /// Appends every subpath of `other`, transformed by `transform`.
    public mutating func addPath(_ other: Path, transform: AffineTransform = .identity) {
        var i = 0
        for verb in other.verbs {
            switch verb {
            case .move:
                move(to: transform.apply(other.points[i])); i += 1
            case .line:
                addLine(to: transform.apply(other.points[i])); i += 1
            case .quad:
                addQuadCurve(to: transform.apply(other.points[i + 1]), control: transform.apply(other.points[i])); i += 2
            case .cubic:
                addCurve(
                    to: transform.apply(other.points[i + 2]), control1: transform.apply(other.points[i]),
                    control2: transform.apply(other.points[i + 1])); i += 3
            case .close:
                closeSubpath()
            }
        }
    }

    /// The path with every point transformed.
    public func applying(_ transform: AffineTransform) -> Path {
        var copy = self
        copy.points = points.map(transform.apply)
        copy.subpathStart = transform.apply(subpathStart)
        return copy
    }

    /// The smallest rectangle containing every point, control points included
    /// (so it contains the path; it may be larger than the exact bounds).
    public var controlPointBounds: Rect {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return .zero }
        var x1 = x0, y1 = y0
        for p in points {
            x0 = min(x0, p.x); x1 = max(x1, p.x)
            y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
