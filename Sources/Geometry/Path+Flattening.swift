#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSIMD

/// Flattening: curves become line segments in device space.
///
/// Points are transformed first and curves flattened afterwards, so the tolerance
/// holds in device pixels whatever the scale. A chord over a parameter step h lies
/// within `h²/8 · max|B''·n|` of the curve (its sagitta), `n` being the chord's unit
/// normal: the distance to the chord has that second derivative and is zero at both
/// ends. The points where chords meet are then moved out by two thirds of their
/// sagitta (`balanced`), so the polyline crosses the curve instead of cutting inside it:
/// it keeps the curve's area, and a sagitta of 1.5 times the tolerance keeps every
/// point within the tolerance (fewer segments than chords alone need).
///
/// A quadratic's `B''` is constant, `2(p0 − 2p1 + p2)`: it is split into uniform steps,
/// their number from `|B''|` (Wang's formula). A cubic's `B''` is linear in t,
/// `6((1 − t)·D0 + t·D1)` with `D0 = p0 − 2p1 + p2` and `D1 = p1 − 2p2 + p3`, so
/// `|B''|`, and `|B''·n|`, are largest at an end of any parameter interval. A cubic that
/// bends about evenly (an arc of an ellipse) is cut into up to 8 equal parameter
/// intervals, each with uniform steps from the bound at its ends. One that bends unevenly
/// (`CubicSteps.bendsUnevenly`: where much of `B''` runs along the curve, which does not
/// bend it) takes steps sized from the curvature where each starts, each checked exactly
/// and shortened until its chord's bound holds (`CubicSteps`): about two fifths fewer
/// segments than uniform steps on such curves.
/// Segment counts are capped so degenerate input stays cheap.
extension Path {
    /// The default flattening tolerance: the largest distance, in device pixels, between
    /// a curve and its polyline. At 0.05 no pixel of a filled 900 × 840 ellipse is more than
    /// 15/255 from its coverage with the curves flattened to 0.0005 (4/255 on average over
    /// the pixels that differ); Blend2D at its default 0.2 is up to 42/255 from it (18/255 on
    /// average), cairo at its 0.1 up to 25/255 from cairo at 0.0005.
    public static let defaultTolerance = 0.05

    /// Calls `body` with every line segment of the transformed, flattened path.
    ///
    /// With `closeSubpaths` (the fill convention) every subpath gets a closing segment
    /// back to its start; without it only explicit `close` verbs do. Non-finite points
    /// are skipped with their segments.
    public func flatten(
        transform: AffineTransform, tolerance: Double = Path.defaultTolerance, closeSubpaths: Bool = true,
        _ body: (Point, Point) -> Void
    ) {
        var start = Point.zero
        var current = Point.zero
        var open = false
        var i = 0
        let tol = max(tolerance, 1e-4)
        // Chords may fall `sagitta` short of the curve: their shared points move out by two
        // thirds of that, so no point is farther than `tol` from the curve (see `balanced`).
        let sagitta = 1.5 * tol
        @inline(__always) func emit(_ a: Point, _ b: Point) {
            if a != b, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite { body(a, b) }
        }
        for verb in verbs {
            switch verb {
            case .move:
                if open && closeSubpaths { emit(current, start) }
                start = transform.apply(points[i])
                current = start
                open = true
                i += 1
            case .line:
                let p = transform.apply(points[i])
                emit(current, p)
                current = p
                i += 1
            case .quad:
                let c = transform.apply(points[i]), p = transform.apply(points[i + 1])
                let d = current - c * 2 + p
                let n = Path.segmentCount(d.length / (4 * sagitta))
                var prev = current
                let step = 1 / Double(n)
                // B' = 2·b1, B'' = 2·d: the shift is −(step²/6)·(b1 × d)/|b1|²·b1⊥.
                let shift = -step * step / 6
                for k in 1..<n {
                    let t = Double(k) * step, mt = 1 - t
                    let b1 = (c - current) * mt + (p - c) * t
                    let q = Path.balanced(current * (mt * mt) + c * (2 * mt * t) + p * (t * t), b1, d, shift, limit: tol)
                    emit(prev, q)
                    prev = q
                }
                emit(prev, p)
                current = p
                i += 2
            case .cubic:
                let c1 = transform.apply(points[i]), c2 = transform.apply(points[i + 1]), p = transform.apply(points[i + 2])
                let d0 = current - c1 * 2 + c2, d1 = c1 - c2 * 2 + p
                let whole = Path.segmentCount(0.75 * max(d0.length, d1.length) / sagitta)
                var prev = current
                var steps = CubicSteps(current, c1, c2, p, sagitta: sagitta, shortest: 1 / Double(whole))
                if steps.bendsUnevenly(comparedWith: whole) {
                    steps.forEachJoint(limit: tol) { q in
                        emit(prev, q)
                        prev = q
                    }
                } else {
                    // Long curves are bounded piece by piece (see the overview).
                    let pieces = min(max(whole / 12, 1), 8)
                    for piece in 0..<pieces {
                        let a = Double(piece) / Double(pieces), b = Double(piece + 1) / Double(pieces)
                        let n: Int
                        if pieces == 1 {
                            n = whole
                        } else {
                            let dd = max((d0 * (1 - a) + d1 * a).length, (d0 * (1 - b) + d1 * b).length)
                            n = Path.segmentCount(0.75 * dd * (b - a) * (b - a) / sagitta)
                        }
                        let step = (b - a) / Double(n)
                        // B' = 3·b1, B'' = 6·b2: the shift is −(step²/2)·(b1 × b2)/|b1|²·b1⊥.
                        let shift = -step * step / 2
                        for k in 1...n {
                            if piece == pieces - 1 && k == n { break }
                            let t = a + Double(k) * step
                            let q = Path.balanced(steps.point(t), steps.b1(t), steps.b2(t), shift, limit: tol)
                            emit(prev, q)
                            prev = q
                        }
                    }
                }
                emit(prev, p)
                current = p
                i += 3
            case .close:
                emit(current, start)
                current = start
                open = false
            }
        }
        if open && closeSubpaths { emit(current, start) }
    }

    /// `q`, a point where two chords of a curve meet, moved away from the curve's centre
    /// of curvature so that the polyline encloses the curve's own area.
    ///
    /// A chord over a parameter step `h` falls short of the curve by its sagitta, `h²/8`
    /// times the normal part of `B''`, and the sliver between them holds two thirds of the
    /// sagitta times the chord's length. Moving the points by two thirds of the sagitta,
    /// along the normal, balances the sliver: the polyline then lies within a third of
    /// the sagitta inside the curve at the middle of a chord and two thirds outside at its
    /// ends, and the area it encloses is the curve's to the fourth order in `h` (chords
    /// alone lose it to the second order, all on one side). Callers pass the curve's
    /// derivatives as `b1` and `b2` (any common positive factors folded into `shift`,
    /// which is negative) with `shift·(b1 × b2)/|b1|²·b1⊥` that move. A move longer than
    /// `limit` (near a cusp, where the normal turns fast) is not made.
    @inline(__always)
    static func balanced(_ q: Point, _ b1: Point, _ b2: Point, _ shift: Double, limit: Double) -> Point {
        let speed = b1.x * b1.x + b1.y * b1.y
        let k = shift * (b1.x * b2.y - b1.y * b2.x) / speed
        let move = Point(x: -b1.y * k, y: b1.x * k)
        return move.x * move.x + move.y * move.y <= limit * limit ? q + move : q
    }

    /// `ceil(sqrt(x))`, at least 1 and at most 1,000 segments per curve.
    @inline(__always)
    static func segmentCount(_ x: Double) -> Int {
        guard x.isFinite, x > 1 else { return 1 }
        // Clamped before converting: a huge but finite curve must not overflow `Int`.
        return Int(min(x.squareRoot().rounded(.up), 1000))
    }
}

/// Where a cubic is cut into chords: each chord within `sagitta` of the curve (see the
/// overview of `Path.flatten`), and each step turning the tangent by at most `maximumTurn`
/// radians. `next()` gives the parameters in order, ending with 1; `forEachJoint` the
/// points where chords meet, as drawn.
struct CubicSteps {
    /// The curve in powers of t: its start (`p0`), `B'/3` at t = 0 (`e0`), `B''/6` at t = 0 (`d0`), and the
    /// change of `B''/6` from t = 0 to t = 1 (`dd`). Evaluated by Horner's rule, which
    /// takes fewer dependent steps than the Bernstein form (see `next`).
    private let p0: Point, e0: Point, d0: Point, dd: Point
    /// `0.75 / (0.95² · sagitta)`: the step's length is `√(|b1| / (|b1 × b2| · stepScale))`.
    private let stepScale: Double
    let sagitta: Double
    /// The largest turn per step (at most π), and its cosine.
    let maximumTurn: Double, leastCosine: Double
    /// No step is shorter, but the last: a uniform step that keeps every chord within the
    /// sagitta (Wang's, from `max|B''|`).
    let shortest: Double
    private var t = 0.0
    /// The point and derivatives at the start of the last step given: `B`, `B'/3`, `B''/6`.
    private var startPoint = Point.zero, startB1 = Point.zero, startB2 = Point.zero
    /// `B` and `B''/6` where the last step ended, at `endT` (−1 when not evaluated there).
    private var endT = -1.0, endPoint = Point.zero, endB2 = Point.zero

    init(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, sagitta: Double, maximumTurn: Double = .pi, shortest: Double) {
        self.p0 = p0
        e0 = c1 - p0
        d0 = p0 - c1 * 2 + c2
        dd = c1 - c2 * 2 + p3 - d0
        stepScale = 0.75 / (0.9025 * sagitta)
        self.sagitta = sagitta
        self.maximumTurn = min(maximumTurn, Double.pi)
        leastCosine = self.maximumTurn < Double.pi ? cos(self.maximumTurn) : -1
        self.shortest = shortest
    }

    /// Whether steps sized to the curvature pay on this cubic against `uniformSteps` equal
    /// ones: when an estimate of how many they take, `∫ √(0.75·|b2 across the curve| /
    /// sagitta) dt` by Simpson's rule on five points, is under 70 % of that.
    func bendsUnevenly(comparedWith uniformSteps: Int) -> Bool {
        guard uniformSteps > 4 else { return false }
        var sum = 0.0
        for k in 0...4 {
            let t = Double(k) / 4
            let weight: Double = k == 0 || k == 4 ? 1 : (k == 2 ? 2 : 4)
            sum += weight * (0.75 * CubicSteps.across(b1(t), b2(t)) / sagitta).squareRoot()
        }
        return sum / 12 < 0.7 * Double(uniformSteps)
    }

    /// The part of `b2` across the curve, whose tangent is along `b1`; all of `b2` where the
    /// curve stops (a cusp).
    @inline(__always)
    static func across(_ b1: Point, _ b2: Point) -> Double {
        let speed = b1.length
        return speed > 0 ? abs(b1.x * b2.y - b1.y * b2.x) / speed : b2.length
    }

    /// Calls `body` with each point where two chords meet, in order, moved out from the
    /// curve as `Path.balanced` does (by at most `limit`); the curve's ends are the caller's.
    mutating func forEachJoint(limit: Double, _ body: (Point) -> Void) {
        var t0 = 0.0, t1 = next()
        while t1 < 1 {
            let t2 = next()
            // B' = 3·b1, B'' = 6·b2: the shift is −(h²/2)·(b1 × b2)/|b1|²·b1⊥, with h² the
            // product of the steps on either side of the point.
            body(Path.balanced(startPoint, startB1, startB2, -(t1 - t0) * (t2 - t1) / 2, limit: limit))
            t0 = t1
            t1 = t2
        }
    }

    /// `B = p0 + t·(3·e0 + t·(3·d0 + t·dd))`.
    @inline(__always)
    func point(_ t: Double) -> Point { p0 + (e0 * 3 + (d0 * 3 + dd * t) * t) * t }

    /// `B'/3 = e0 + t·(2·d0 + t·dd)`.
    @inline(__always)
    func b1(_ t: Double) -> Point { e0 + (d0 * 2 + dd * t) * t }

    /// `B''/6 = d0 + t·dd`.
    @inline(__always)
    func b2(_ t: Double) -> Point { d0 + dd * t }

    /// The end of the next step (1 for the last, and after it); `startPoint`, `startB1` and
    /// `startB2` then hold the curve at the step's start.
    ///
    /// Each step's length depends on where the last one ended, so the steps form one chain
    /// of dependent arithmetic; it is kept short: the curve in powers of t, and two
    /// estimates of reciprocal roots for the step's length (no root or division).
    private mutating func next() -> Double {
        guard t < 1 else { return 1 }
        // The last step's check evaluated the curve where this one starts.
        let evaluated = endT == t
        let a1 = b1(t), a2 = evaluated ? endB2 : b2(t), start = evaluated ? endPoint : point(t)
        endT = -1
        startPoint = start
        startB1 = a1
        startB2 = a2
        let speed2 = a1.x * a1.x + a1.y * a1.y
        // The sagitta is 0.75·h²·|b2 across the curve|, sized a little short of what the
        // start allows, so that most steps pass the check below (four in five on random
        // cubics): h = 0.95·√(sagitta / (0.75 · |b1 × b2| / |b1|)), computed as
        // `1/√(bend · stepScale · (1/√|b1|²))` from two estimates of reciprocal roots (within
        // 0.04 % each, well inside the 5 % margin), since each step's start waits for it.
        // The tangent turns at 2·|b1 × b2|/|b1|² radians per unit of t.
        // Where the curve stops (a cusp), all of b2 bends it.
        let cross = abs(a1.x * a2.y - a1.y * a2.x)
        let (speed2OrOne, bend) = speed2 > 0 ? (speed2, cross) : (1, a2.length)
        var h = 1.0
        if bend > 0 {
            let inverseSpeed = animate_reciprocal_sqrt(Float(speed2OrOne))
            h = Double(animate_reciprocal_sqrt(Float(bend * stepScale) * inverseSpeed))
        }
        if leastCosine > -1 && cross > 0 { h = min(h, maximumTurn * speed2 / (2 * cross)) }
        h = max(h, shortest)
        // A step that would leave less than a third of itself is first tried to the end.
        var last = t + 1.3 * h >= 1
        while true {
            if last { h = 1 - t }
            let end = last ? 1 : t + h
            if h <= shortest { break }
            let endsAt = point(end)
            let chord = endsAt - start
            let e2 = b2(end)
            // The check 0.75·h²·bend ≤ sagitta, `bend` the larger part of b2 across the chord
            // at its ends, with both sides times the chord's length (the parts as cross
            // products with the chord) and squared: no root or division unless it fails.
            // An empty chord takes all of b2, at length 1.
            let length2 = chord.x * chord.x + chord.y * chord.y
            let chordLength2 = length2 > 0 ? length2 : 1
            let across = length2 > 0
                ? max(abs(a2.y * chord.x - a2.x * chord.y), abs(e2.y * chord.x - e2.x * chord.y)) : max(a2.length, e2.length)
            let scaled = 0.75 * h * h * across
            var fits = scaled * scaled <= sagitta * sagitta * chordLength2
            if fits && leastCosine > -1 {
                let e1 = b1(end)
                fits = a1.x * e1.x + a1.y * e1.y >= leastCosine * speed2.squareRoot() * e1.length
            }
            if fits {
                (endT, endPoint, endB2) = (end, endsAt, e2)
                break
            }
            let deviation = scaled / chordLength2.squareRoot()
            h = max(shortest, h * min(0.9, 0.95 * (sagitta / deviation).squareRoot()))
            last = false
        }
        t = last ? 1 : t + h
        return t
    }
}
