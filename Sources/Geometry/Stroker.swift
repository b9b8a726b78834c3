#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a path and a stroke style into the outline of the stroke, a path to be
/// filled with the non-zero rule.
///
/// Stages: (1) dashing (`Path.dashed`); (2) each subpath is flattened to a polyline
/// within the tolerance (chords balanced about the curve, as `Path.flatten` makes
/// them), with extra steps on curves so that the turn between two
/// steps keeps the offset within the tolerance too (the offset of a curve of radius
/// R at half-width h needs steps of angle at most 2·acos(h / (h + tolerance)));
/// (3) each side of the polyline is offset by half the width. Corners get the
/// style's join on the outer side; on the inner side the two offset lines are cut at
/// their intersection when it lies on both segments, and otherwise joined through
/// the corner point, the standard remedy for short segments (as Skia does), whose
/// overlaps the non-zero rule absorbs. The steps inside a flattened curve are joined
/// smoothly (a miter point where that is within the tolerance of the true offset,
/// else an arc). Open subpaths become one closed outline (one side forward, the end
/// cap, the other side backward, the start cap); closed subpaths become two rings of
/// opposite orientation.
///
/// Round joins and caps are circular arcs stored as cubics of at most an eighth of a
/// turn (within 4·10⁻⁶ of the radius of the true arc), so they are flattened in
/// device space like any curve. A subpath whose segments all have zero length is a
/// dot: a circle for round caps, an axis-aligned square for square caps, nothing
/// for butt caps (as Core Graphics draws it). Non-finite points end nothing well:
/// they are dropped.
public struct Stroker: Sendable {
    /// The stroke's geometry.
    public var style: StrokeStyle
    /// The largest distance, in path units, between the true outline and the one
    /// produced; default `Path.defaultTolerance`. Pass the device tolerance divided by
    /// the transform's scale when the outline is drawn transformed.
    public var tolerance: Double

    /// A stroker for `style` producing outlines within `tolerance` (path units).
    public init(style: StrokeStyle, tolerance: Double = Path.defaultTolerance) {
        self.style = style
        self.tolerance = tolerance
    }

    /// The outline of `path` stroked with `style`; empty for a non-positive width.
    public func outline(of path: Path) -> Path {
        let h = style.lineWidth / 2
        guard h > 0, h.isFinite else { return Path() }
        let source = style.dash.isEmpty ? path : path.dashed(pattern: style.dash, phase: style.dashPhase)
        var builder = OutlineBuilder(halfWidth: h, style: style, tolerance: max(tolerance, 1e-6 * h))
        var i = 0
        var current = Point.zero
        for verb in source.verbs {
            switch verb {
            case .move:
                builder.finishContour(closed: false)
                current = source.points[i]
                builder.start(at: current)
                i += 1
            case .line:
                current = source.points[i]
                builder.lineTo(current)
                i += 1
            case .quad:
                let c = source.points[i], p = source.points[i + 1]
                builder.cubicTo(current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p)
                current = p
                i += 2
            case .cubic:
                let c1 = source.points[i], c2 = source.points[i + 1], p = source.points[i + 2]
                builder.cubicTo(c1, c2, p)
                current = p
                i += 3
            case .close:
                builder.finishContour(closed: true)
            }
        }
        builder.finishContour(closed: false)
        return builder.output
    }
}

extension Path {
    /// The outline of this path stroked with `style` (see `Stroker`), to be filled with
    /// the non-zero rule; `tolerance` in path units.
    public func strokedPath(_ style: StrokeStyle, tolerance: Double = Path.defaultTolerance) -> Path {
        Stroker(style: style, tolerance: tolerance).outline(of: self)
    }
}

/// The polyline of the subpath being stroked and the outline built so far.
struct OutlineBuilder {
    let h: Double
    let style: StrokeStyle
    let tolerance: Double
    var output = Path()
    var points: [Point] = []
    /// Whether each point lies inside a flattened curve (joined smoothly).
    var smooth: [Bool] = []
    /// The unit direction and length of each segment of the finished contour.
    var directions: [Point] = []
    var lengths: [Double] = []
    var hasSegments = false
    var open = false
    private var needsMove = true

    /// Room for a short stroke from the start, so that its arrays do not grow step by
    /// step from empty.
    static let initialCapacity = 64

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        h = halfWidth
        self.style = style
        self.tolerance = tolerance
        let n = OutlineBuilder.initialCapacity
        points.reserveCapacity(n)
        smooth.reserveCapacity(n)
        directions.reserveCapacity(n)
        lengths.reserveCapacity(n)
        output.reserveCapacity(verbs: 4 * n, points: 8 * n)
    }

    mutating func start(at p: Point) {
        points.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        hasSegments = false
        open = true
        append(p, smooth: false)
    }

    private mutating func append(_ p: Point, smooth isSmooth: Bool) {
        guard p.x.isFinite, p.y.isFinite else { return }
        if let last = points.last, last == p { return }
        points.append(p)
        smooth.append(isSmooth)
    }

    mutating func lineTo(_ p: Point) {
        if !open { start(at: points.last ?? .zero) }
        hasSegments = true
        append(p, smooth: false)
    }

    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        if !open { start(at: points.last ?? .zero) }
        hasSegments = true
        guard let p0 = points.last else {
            append(p, smooth: false)
            return
        }
        // Chord error bound (as in `Path.flatten`, chords balanced about the curve) and the
        // turning bound for the offset: uniform steps from both (the turning from the control
        // polygon's), or, on a curve that bends unevenly, steps sized to where they start
        // and checked against both (`CubicSteps`), none shorter than the uniform one.
        let d0 = p0 - c1 * 2 + c2, d1 = c1 - c2 * 2 + p
        var n = (0.5 * max(d0.length, d1.length) / tolerance).squareRoot()
        let turn = OutlineBuilder.turning(p0, c1, c2, p)
        let step = 2 * acos(h / (h + tolerance))
        if step > 0 { n = max(n, turn / step) }
        let count = n.isFinite ? Int(min(max(n.rounded(.up), 1), 10_000)) : 1
        var steps = CubicSteps(p0, c1, c2, p, sagitta: 1.5 * tolerance, maximumTurn: step > 0 ? step : .pi, shortest: 1 / Double(count))
        if steps.bendsUnevenly(comparedWith: count) {
            steps.forEachJoint(limit: tolerance) { append($0, smooth: true) }
        } else {
            let shift = -0.5 / Double(count * count)
            for k in 1..<count {
                let t = Double(k) / Double(count)
                append(Path.balanced(steps.point(t), steps.b1(t), steps.b2(t), shift, limit: tolerance), smooth: true)
            }
        }
        append(p, smooth: false)
    }

    /// The total turning of the control polygon, which bounds the curve's (radians).
    static func turning(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        // The legs of non-zero length, in order; the turn between each and the next.
        var total = 0.0
        var previous: Point?
        func leg(_ u: Point, _ v: Point) {
            guard u != v else { return }
            let leg = v - u
            if let p = previous { total += abs(atan2(p.x * leg.y - p.y * leg.x, p.x * leg.x + p.y * leg.y)) }
            previous = leg
        }
        leg(a, b)
        leg(b, c)
        leg(c, d)
        return total
    }

    mutating func finishContour(closed: Bool) {
        guard open else { return }
        open = false
        if closed, points.count > 1, points.first == points.last {
            points.removeLast()
            smooth.removeLast()
        }
        if points.count == 1 {
            if hasSegments { dot(points[0]) }
            return
        }
        guard points.count > 1 else { return }
        measureSegments(closed: closed)
        if closed {
            ring(reversed: false)
            ring(reversed: true)
        } else {
            let m = points.count
            needsMove = true
            side(reversed: false)
            cap(points[m - 1], directions[m - 2])
            side(reversed: true)
            cap(points[0], directions[0] * -1)
            output.closeSubpath()
        }
    }

    /// Finds the unit direction and length of each segment of the contour (from point i
    /// to the next; for a closed one also from the last point to the first), once for both
    /// sides: going backwards, a segment's direction is the negation.
    private mutating func measureSegments(closed: Bool) {
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        let m = points.count
        for i in 0..<(closed ? m : m - 1) {
            let d = points[i + 1 == m ? 0 : i + 1] - points[i]
            let l = d.length
            directions.append(l > 0 ? d * (1 / l) : Point(x: 1, y: 0))
            lengths.append(l)
        }
    }

    @inline(__always) private func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    private mutating func emit(_ p: Point) {
        if needsMove {
            output.move(to: p)
            needsMove = false
        } else {
            output.addLine(to: p)
        }
    }

    /// The offset on the left (+normal) side of the open polyline, with joins, walking it
    /// forwards or backwards.
    private mutating func side(reversed: Bool) {
        let m = points.count
        // Point i of the walk, and segment k (from its point k to k + 1).
        @inline(__always) func index(_ i: Int) -> Int { reversed ? m - 1 - i : i }
        @inline(__always) func direction(_ k: Int) -> Point { reversed ? directions[m - 2 - k] * -1 : directions[k] }
        @inline(__always) func length(_ k: Int) -> Double { lengths[reversed ? m - 2 - k : k] }
        let d0 = direction(0)
        emit(points[index(0)] + normal(d0) * h)
        var dIn = d0
        var lenIn = length(0)
        for i in 1..<(m - 1) {
            let dOut = direction(i)
            let lenOut = length(i)
            join(points[index(i)], dIn, dOut, lenIn, lenOut, smooth: smooth[index(i)])
            dIn = dOut
            lenIn = lenOut
        }
        emit(points[index(m - 1)] + normal(dIn) * h)
    }

    /// The offset on the left side of the closed polygon, walking it forwards or
    /// backwards, as its own closed subpath.
    private mutating func ring(reversed: Bool) {
        let m = points.count
        needsMove = true
        for i in 0..<m {
            // The point, and the segments before and after it in the polygon's own order.
            let j = reversed ? m - 1 - i : i
            let before = j == 0 ? m - 1 : j - 1
            if reversed {
                join(points[j], directions[j] * -1, directions[before] * -1, lengths[j], lengths[before], smooth: smooth[j])
            } else {
                join(points[j], directions[before], directions[j], lengths[before], lengths[j], smooth: smooth[j])
            }
        }
        output.closeSubpath()
    }

    /// Connects the offset of the incoming segment to that of the outgoing one at `p`.
    private mutating func join(_ p: Point, _ d0: Point, _ d1: Point, _ lenIn: Double, _ lenOut: Double, smooth: Bool) {
        let n0 = normal(d0), n1 = normal(d1)
        let a = p + n0 * h, b = p + n1 * h
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 {
            emit(a)
            return
        }
        let uTurn = abs(cross) < 1e-12
        if cross > 0 && !uTurn {
            // Inner side: cut at the offset lines' intersection if both segments reach it.
            let back = h * cross / (1 + dot)
            if back <= lenIn && back <= lenOut {
                emit(p + (n0 + n1) * (h / (1 + dot)))
            } else {
                emit(a)
                emit(p)
                emit(b)
            }
            return
        }
        let halfCos = ((1 + dot) / 2).squareRoot()  // cos of half the turning angle
        var kind = style.lineJoin
        if smooth {
            kind = !uTurn && h * (1 / halfCos - 1) <= tolerance ? .miter : .round
        }
        switch kind {
        case .miter:
            if !uTurn && (smooth || 1 / halfCos <= style.miterLimit) {
                // The offset lines run on to their intersection: `a` and `b` lie on them,
                // so the miter point alone gives the same outline.
                emit(p + (n0 + n1) * (h / (1 + dot)))
            } else {
                emit(a)
                emit(b)
            }
        case .round:
            emit(a)
            let sweep = uTurn ? -Double.pi : atan2(cross, dot)
            output.addArcSegments(center: p, rx: h, ry: h, rotation: 0, startCosine: n0.x, startSine: n0.y, sweep: sweep, pieceSweep: .pi / 4)
        case .bevel:
            emit(a)
            emit(b)
        }
    }

    /// The cap at end point `p` of a line arriving with direction `d`, from the left
    /// offset to the right one.
    private mutating func cap(_ p: Point, _ d: Point) {
        let n = normal(d)
        switch style.lineCap {
        case .butt:
            emit(p - n * h)
        case .square:
            emit(p + n * h + d * h)
            emit(p - n * h + d * h)
            emit(p - n * h)
        case .round:
            // The side ended at p + n·h, the arc's start.
            output.addArcSegments(center: p, rx: h, ry: h, rotation: 0, startCosine: n.x, startSine: n.y, sweep: -Double.pi, pieceSweep: .pi / 4)
        }
    }

    private mutating func dot(_ p: Point) {
        switch style.lineCap {
        case .butt:
            break
        case .round:
            output.addEllipse(in: Rect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h))
        case .square:
            output.addRect(Rect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h))
        }
    }
}
