/// Stage 1 of the boolean operations: the operands' outlines as line segments on a
/// grid of `1 / BooleanOperation.grid` points.
///
/// Curves are flattened to `BooleanOperation.tolerance`, then every point is rounded to
/// the grid (in grid units, whole numbers held in `Double`), so that edges which
/// coincide in the input coincide exactly here. Segments that round to a point vanish.
struct OperandEdges {
    /// One segment of an operand, in grid units.
    struct Edge {
        var a: SIMD2<Double>, b: SIMD2<Double>
        /// 0 for the path operated on, 1 for the other.
        var operand: Int
    }

    private(set) var edges: [Edge] = []

    /// Adds `path`'s segments as `operand`; with `closing`, every subpath is closed (a region).
    mutating func add(_ path: Path, operand: Int, closing: Bool) {
        let g = BooleanOperation.grid
        path.flatten(transform: .identity, tolerance: BooleanOperation.tolerance, closeSubpaths: closing) { p, q in
            let a = SIMD2((p.x * g).rounded(), (p.y * g).rounded()), b = SIMD2((q.x * g).rounded(), (q.y * g).rounded())
            if a != b { edges.append(Edge(a: a, b: b, operand: operand)) }
        }
    }
}

/// An output segment, in grid units.
struct DirectedEdge {
    var from: SIMD2<Double>, to: SIMD2<Double>
}
