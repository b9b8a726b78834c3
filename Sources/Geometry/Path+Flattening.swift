/// Flattening: curves become line segments in device space.
///
/// Points are transformed first and curves flattened afterwards, so the tolerance
/// holds in device pixels whatever the scale. Each curve is split into `n` uniform
/// parameter steps, with `n` from the curve's second difference: a quadratic's chord
/// error after `n` steps is at most `|p0 − 2p1 + p2| / (4n²)`, and a cubic's at most
/// `3/4 · max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|) / n²` (the bound on the second
/// derivative, times h²/8). The segment count is capped so degenerate input stays cheap.
extension Path {
    /// The default flattening tolerance: the largest distance, in device pixels, between
    /// a curve and its polyline.
    public static let defaultTolerance = 0.02

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
                let dd = (current - c * 2 + p).length
                let n = Path.segmentCount(dd / (4 * tol))
                var prev = current
                let step = 1 / Double(n)
                for k in 1..<n {
                    let t = Double(k) * step, mt = 1 - t
                    let q = current * (mt * mt) + c * (2 * mt * t) + p * (t * t)
                    emit(prev, q)
                    prev = q
                }
                emit(prev, p)
                current = p
                i += 2
            case .cubic:
                let c1 = transform.apply(points[i]), c2 = transform.apply(points[i + 1]), p = transform.apply(points[i + 2])
                let dd = max((current - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = Path.segmentCount(0.75 * dd / tol)
                var prev = current
                let step = 1 / Double(n)
                for k in 1..<n {
                    let t = Double(k) * step, mt = 1 - t
                    let a = mt * mt * mt, b = 3 * mt * mt * t, cc = 3 * mt * t * t, d = t * t * t
                    let q = Point(
                        x: current.x * a + c1.x * b + c2.x * cc + p.x * d,
                        y: current.y * a + c1.y * b + c2.y * cc + p.y * d)
                    emit(prev, q)
                    prev = q
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

    /// `ceil(sqrt(x))`, at least 1 and at most 1,000 segments per curve.
    @inline(__always)
    static func segmentCount(_ x: Double) -> Int {
        guard x.isFinite, x > 1 else { return 1 }
        // Clamped before converting: a huge but finite curve must not overflow `Int`.
        return Int(min(x.squareRoot().rounded(.up), 1000))
    }
}
