/// Stage 2 of the boolean operations: every edge split where any other edge crosses,
/// touches or overlaps it, so that afterwards two pieces meet only at their ends or
/// coincide entirely.
///
/// Coordinates are whole grid units. Parallel edges are tested for overlap with exact
/// products (collinear edges split at each other's ends); crossing edges at the crossing
/// rounded to the grid. Rounding moves a piece by up to half a grid unit, which can make
/// it cross an edge it missed before, so the pass repeats (at most four times) until it
/// splits nothing. Candidate pairs come from a sort by the edges' smallest x.
enum EdgeSplitting {
    /// The pieces of `edges`, each keeping its operand.
    static func split(_ edges: [OperandEdges.Edge]) -> [OperandEdges.Edge] {
        var current = edges
        for _ in 0..<4 {
            let (pieces, changed) = pass(current)
            current = pieces
            if !changed { break }
        }
        return current
    }

    /// One pass: the split points of every edge, then its pieces.
    static func pass(_ edges: [OperandEdges.Edge]) -> ([OperandEdges.Edge], Bool) {
        let n = edges.count
        var cuts = [[SIMD2<Double>]](repeating: [], count: n)
        let order = (0..<n).sorted { min(edges[$0].a.x, edges[$0].b.x) < min(edges[$1].a.x, edges[$1].b.x) }
        for (position, i) in order.enumerated() {
            let e = edges[i]
            let maxX = max(e.a.x, e.b.x), minY = min(e.a.y, e.b.y), maxY = max(e.a.y, e.b.y)
            for j in order[(position + 1)...] {
                let f = edges[j]
                if min(f.a.x, f.b.x) > maxX { break }
                if max(f.a.y, f.b.y) < minY || min(f.a.y, f.b.y) > maxY { continue }
                intersect(e.a, e.b, f.a, f.b, i, j, into: &cuts)
            }
        }
        var pieces: [OperandEdges.Edge] = []
        pieces.reserveCapacity(n)
        var changed = false
        for (i, e) in edges.enumerated() {
            let d = e.b - e.a
            let points = cuts[i].filter { $0 != e.a && $0 != e.b }
                .sorted { ($0 - e.a).dot(d) < ($1 - e.a).dot(d) }
            var start = e.a
            for p in points where p != start {
                pieces.append(OperandEdges.Edge(a: start, b: p, operand: e.operand))
                start = p
                changed = true
            }
            if start != e.b { pieces.append(OperandEdges.Edge(a: start, b: e.b, operand: e.operand)) }
        }
        return (pieces, changed)
    }

    /// Adds to the cuts of edges i (a → b) and j (c → d) the points where the other meets it.
    @inline(__always)
    static func intersect(
        _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>, _ i: Int, _ j: Int,
        into cuts: inout [[SIMD2<Double>]]
    ) {
        let r = b - a, s = d - c, ca = c - a
        let denominator = r.cross(s)
        if denominator == 0 {
            guard ca.cross(r) == 0 else { return }  // parallel, apart
            // Collinear: each end strictly inside the other edge splits it.
            let rr = r.dot(r), ss = s.dot(s)
            for p in [c, d] {
                let t = (p - a).dot(r)
                if t > 0 && t < rr { cuts[i].append(p) }
            }
            for p in [a, b] {
                let t = (p - c).dot(s)
                if t > 0 && t < ss { cuts[j].append(p) }
            }
            return
        }
        let t = ca.cross(s) / denominator, u = ca.cross(r) / denominator
        guard t >= 0, t <= 1, u >= 0, u <= 1 else { return }
        // An end lying on the other edge is exact; a crossing is rounded to the grid.
        let p: SIMD2<Double>
        if t == 0 { p = a } else if t == 1 { p = b } else if u == 0 { p = c } else if u == 1 { p = d } else {
            p = (a + r * t).rounded(.toNearestOrEven)
        }
        cuts[i].append(p)
        cuts[j].append(p)
    }
}

extension SIMD2 where Scalar == Double {
    /// The z component of the cross product: positive when `other` turns clockwise from
    /// `self` on screen (y down).
    @inline(__always)
    func cross(_ other: SIMD2<Double>) -> Double { x * other.y - y * other.x }

    @inline(__always)
    func dot(_ other: SIMD2<Double>) -> Double { x * other.x + y * other.y }
}
