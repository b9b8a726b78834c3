/// SwiftUI's boolean shape operations (iOS 17's `Shape.union(_:eoFill:)` and the rest).
///
/// The region operations treat both paths as filled regions (by the non-zero rule, or
/// even-odd with `eoFill`) and return the outline of the combined region, a real path
/// whose stroke draws that outline alone. The line operations keep the parts of the
/// first path's outline (as drawn, open subpaths open) that lie inside, or outside, the
/// second path's region.
///
/// Curves are flattened first (`BooleanOperation.tolerance`), so the result is made of
/// line segments. The method, one file per stage:
/// 1. `OperandEdges`: both paths flattened and snapped to a grid of 1/1024 point, so
///    that coincident edges and touching points are exactly equal.
/// 2. `EdgeSplitting`: every edge split at every point where another edge (of either
///    path, itself included) crosses, touches or overlaps it.
/// 3. `EdgeWinding`: coincident pieces merged into one, each piece given the winding
///    number of each path on both of its sides (a ray cast from its midpoint).
/// 4. The pieces where the operation's inside differs across the edge are the boundary,
///    oriented with the inside on the same side; `ContourChaining` joins them into
///    closed contours. Any way of joining them gives the same winding numbers, so the
///    result fills the same under either rule.
/// This is winding-number based subdivision, as in Hobby's and in Martinez–Rueda's
/// methods without their sweep: each stage is quadratic in the number of edges at worst.
public enum PathOperation: String, Sendable, CaseIterable {
    case union, intersection, subtracting, symmetricDifference

    /// Whether a point inside `a` (the path operated on) and/or `b` is in the result.
    @inline(__always)
    func contains(_ a: Bool, _ b: Bool) -> Bool {
        switch self {
        case .union: a || b
        case .intersection: a && b
        case .subtracting: a && !b
        case .symmetricDifference: a != b
        }
    }
}

/// SwiftUI's line operations: the first path's outline inside, or outside, the second's region.
public enum LineOperation: String, Sendable, CaseIterable {
    case lineIntersection, lineSubtraction
}

/// Constants of the boolean operations.
public enum BooleanOperation {
    /// The flattening tolerance of the operands, in path units (points): the default
    /// drawing tolerance (0.05 device pixel) at up to 4× scale.
    public static let tolerance = Path.defaultTolerance / 4
    /// Grid steps per path unit: coordinates are snapped to 1/1024 point, so
    /// products of coordinates within ±8,192 points are exact in `Double`.
    static let grid = 1024.0
}

extension Path {
    /// Both operands' edges (this path's subpaths closed or left open), split where they
    /// meet, each piece with both operands' winding numbers on its sides.
    private func classifiedPieces(with other: Path, closingSelf: Bool) -> [EdgeWinding.Piece] {
        var edges = OperandEdges()
        edges.add(self, operand: 0, closing: closingSelf)
        edges.add(other, operand: 1, closing: true)
        return EdgeWinding.classify(EdgeSplitting.split(edges.edges))
    }

    /// The region operation `operation` of this path with `other`, both filled by the
    /// non-zero rule, or even-odd with `eoFill`; the result fills the same by either rule.
    public func applying(_ operation: PathOperation, _ other: Path, eoFill: Bool = false) -> Path {
        let classified = classifiedPieces(with: other, closingSelf: true)
        var boundary: [DirectedEdge] = []
        for piece in classified {
            func inside(_ w: SIMD2<Int>) -> Bool {
                let a = eoFill ? w[0] & 1 != 0 : w[0] != 0, b = eoFill ? w[1] & 1 != 0 : w[1] != 0
                return operation.contains(a, b)
            }
            let left = inside(piece.left), right = inside(piece.right)
            guard left != right else { continue }
            // The inside on the left of the direction walked.
            boundary.append(left ? DirectedEdge(from: piece.a, to: piece.b) : DirectedEdge(from: piece.b, to: piece.a))
        }
        return ContourChaining.path(boundary, closed: true)
    }

    /// The parts of this path's outline (open subpaths open) inside `other`'s region
    /// (`lineIntersection`) or outside it (`lineSubtraction`). A part along `other`'s
    /// outline counts as inside when the region lies on either side of it.
    public func applying(_ operation: LineOperation, _ other: Path, eoFill: Bool = false) -> Path {
        let classified = classifiedPieces(with: other, closingSelf: false)
        var kept: [DirectedEdge] = []
        for piece in classified where piece.lines != 0 {
            func inside(_ w: Int) -> Bool { eoFill ? w & 1 != 0 : w != 0 }
            let isInside = inside(piece.left[1]) || inside(piece.right[1])
            guard isInside == (operation == .lineIntersection) else { continue }
            for _ in 0..<abs(piece.lines) {
                kept.append(piece.lines > 0 ? DirectedEdge(from: piece.a, to: piece.b) : DirectedEdge(from: piece.b, to: piece.a))
            }
        }
        return ContourChaining.path(kept, closed: false)
    }
}
