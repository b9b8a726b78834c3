/// Stage 3 of the boolean operations: coincident pieces merged, and each piece given
/// both operands' winding numbers on its two sides.
///
/// After splitting, pieces meet only at their ends or coincide entirely, so a piece's
/// midpoint lies on no other piece. Pieces with the same two ends (in either direction)
/// are one piece whose crossings add up. The winding number of each operand just to one
/// side of the midpoint is counted along a ray that leaves the midpoint away from the
/// piece (along +x for a steep piece, +y for a flat one; half-open in the other
/// coordinate, so a ray through a vertex counts it once); the other side differs by
/// the piece's own crossing.
enum EdgeWinding {
    /// A piece with its windings: `left` is the side to the left walking from `a` to `b`
    /// on screen (y down), `right` the other; index 0 is the path operated on, 1 the other.
    struct Piece {
        var a: SIMD2<Double>, b: SIMD2<Double>
        var left: SIMD2<Int>, right: SIMD2<Int>
        /// How many times operand 0 runs along the piece from `a` to `b` (negative: from `b` to `a`).
        var lines: Int
    }

    static func classify(_ edges: [OperandEdges.Edge]) -> [Piece] {
        // Coincident pieces merged: the crossing count of each operand, from the
        // smaller end (lexicographically) to the larger.
        struct Key: Hashable { var ax, ay, bx, by: Double }
        var index: [Key: Int] = [:]
        var merged: [(a: SIMD2<Double>, b: SIMD2<Double>, count: SIMD2<Int>)] = []
        for e in edges {
            let forward = e.a.x < e.b.x || (e.a.x == e.b.x && e.a.y < e.b.y)
            let a = forward ? e.a : e.b, b = forward ? e.b : e.a
            let key = Key(ax: a.x, ay: a.y, bx: b.x, by: b.y)
            var delta = SIMD2<Int>(0, 0)
            delta[e.operand] = forward ? 1 : -1
            if let k = index[key] {
                merged[k].count &+= delta
            } else {
                index[key] = merged.count
                merged.append((a, b, delta))
            }
        }
        var pieces: [Piece] = []
        pieces.reserveCapacity(merged.count)
        for (k, m) in merged.enumerated() {
            let d = m.b - m.a
            let steep = abs(d.y) >= abs(d.x)
            // Swapping x and y makes the +y ray a +x ray (and mirrors the plane, which
            // negates every winding number alike).
            @inline(__always) func axis(_ p: SIMD2<Double>) -> SIMD2<Double> { steep ? p : SIMD2(p.y, p.x) }
            let mid = axis((m.a + m.b) * 0.5)
            var beyond = SIMD2<Int>(0, 0)
            for (j, o) in merged.enumerated() where j != k && o.count != .zero {
                let p = axis(o.a), q = axis(o.b)
                // Half-open in y: [min, max).
                let upward = p.y > q.y
                let y0 = upward ? q.y : p.y, y1 = upward ? p.y : q.y
                guard mid.y >= y0, mid.y < y1 else { continue }
                let x = p.x + (mid.y - p.y) / (q.y - p.y) * (q.x - p.x)
                guard x > mid.x else { continue }
                // Along the ray, an edge running toward +y (from p to q) counts +1.
                beyond &+= upward ? 0 &- o.count : o.count
            }
            // Crossing this piece (in the ray's frame) from the ray's far side to its near side.
            let a = axis(m.a), b = axis(m.b)
            let own = b.y > a.y ? m.count : (b.y < a.y ? 0 &- m.count : SIMD2<Int>(0, 0))
            let far = beyond, near = beyond &+ own
            // `far` lies toward +x of the piece in the ray's frame. Walking a → b with b
            // further along +y, +x is on the left on screen (y down) — mirrored if swapped.
            let towardPlusY = b.y > a.y
            let farIsLeft = towardPlusY != !steep
            pieces.append(Piece(
                a: m.a, b: m.b, left: farIsLeft ? far : near, right: farIsLeft ? near : far, lines: m.count[0]))
        }
        return pieces
    }
}
