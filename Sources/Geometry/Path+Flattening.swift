/// Flattening: curves become line segments in device space.
///
/// Points are transformed first and curves flattened afterwards, so the tolerance
/// holds in device pixels whatever the scale. Each curve is split into uniform
/// parameter steps, their number from the curve's second derivative (Wang's formula):
/// a chord over a parameter step h lies within `h²/8 · max|B''|` of the curve, its
/// sagitta. The points where chords meet are then moved out by two thirds of their
/// sagitta (`balanced`), so the polyline crosses the curve instead of cutting inside it:
/// it keeps the curve's area, and a sagitta of 1.5 times the tolerance keeps every
/// point within the tolerance (fewer segments than chords alone need). A
/// quadratic's `B''` is constant, `2(p0 − 2p1 + p2)`; a cubic's is linear in t,
/// `6((1 − t)·D0 + t·D1)` with `D0 = p0 − 2p1 + p2` and `D1 = p1 − 2p2 + p3`, so its
/// length is largest at an end of any parameter interval. A long cubic is therefore
/// cut into up to 8 equal parameter intervals, each with its own step from the bound
/// at its ends: the same guarantee with about a fifth fewer segments for curves whose
/// bend is uneven. The segment count is capped so degenerate input stays cheap.
extension Path {
    /// The default flattening tolerance: the largest distance, in device pixels, between
    /// a curve and its polyline. At 0.03 the balanced polyline's coverage is as close to
    /// the curve's, on average, as that of chords within 0.02, with a third fewer segments.
    public static let defaultTolerance = 0.03

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
                // Long curves are bounded piece by piece (see the overview).
                let pieces = min(max(whole / 12, 1), 8)
                var prev = current
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
                        let t = a + Double(k) * step, mt = 1 - t
                        let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
                        let onCurve = Point(
                            x: current.x * w0 + c1.x * w1 + c2.x * w2 + p.x * w3,
                            y: current.y * w0 + c1.y * w1 + c2.y * w2 + p.y * w3)
                        let b1 = (c1 - current) * (mt * mt) + (c2 - c1) * (2 * mt * t) + (p - c2) * (t * t)
                        let q = Path.balanced(onCurve, b1, d0 * mt + d1 * t, shift, limit: tol)
                        emit(prev, q)
                        prev = q
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
