/// Dashing: a path cut into the "on" intervals of a dash pattern, as Core Graphics'
/// `copy(dashingWithPhase:lengths:)` and SwiftUI's `StrokeStyle(dash:dashPhase:)`.
///
/// Overview. The pattern alternates on and off lengths, starting with on; an odd
/// count is repeated once to make it even (as SVG's `stroke-dasharray` does). The
/// pattern restarts at every subpath, shifted by the phase. Each on interval becomes
/// an open subpath cut exactly from the original curves (`PathMeasure`), so the
/// stroker gives every dash its caps; a zero on length gives a dot (a minute
/// segment along the path), as Core Graphics draws it with round or square caps.
/// A closed subpath that a single dash covers
/// entirely is kept closed.
///
/// Degenerate patterns leave the path undashed: an empty pattern, a negative or
/// non-finite length, or a zero total. To bound the work, a subpath that would need
/// more than `maximumDashCount` dashes is left undashed.
extension Path {
    /// The most dashes one subpath may produce before dashing is abandoned for it.
    public static let maximumDashCount = 100_000

    /// The dashes of the path for `pattern` (alternating on and off lengths in path
    /// units) shifted by `phase` (how far into the pattern each subpath starts; it may be
    /// negative or exceed the pattern's length, it is taken modulo that length).
    public func dashed(pattern: [Double], phase: Double = 0) -> Path {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return self }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = lengths.reduce(0, +)
        guard total > 0 else { return self }
        let measure = PathMeasure(self)
        guard measure.length.isFinite else { return Path() }
        var result = Path()
        var start = phase.truncatingRemainder(dividingBy: total)
        if start < 0 { start += total }
        // The pattern entry the phase falls in, and how much of it is left.
        var firstIndex = 0
        var firstRemaining = lengths[0]
        var skip = start
        while skip > 0 {
            if skip < lengths[firstIndex] {
                firstRemaining = lengths[firstIndex] - skip
                break
            }
            skip -= lengths[firstIndex]
            firstIndex = (firstIndex + 1) % lengths.count
            firstRemaining = lengths[firstIndex]
        }
        for (index, contour) in measure.contours.enumerated() {
            guard contour.length > 0 else { continue }
            if contour.length / total * Double(lengths.count) > Double(Path.maximumDashCount) {
                measure.appendContour(index, to: &result)
                continue
            }
            var position = 0.0
            var entry = firstIndex
            var remaining = firstRemaining
            while position < contour.length {
                let end = position + remaining
                if entry % 2 == 0 && remaining == 0 {
                    // A zero-length dash is a dot: a tiny segment along the path keeps its
                    // direction, so that square caps are turned with the path.
                    let (p, tangent) = measure.pointAndTangent(ofContour: index, atLength: position)
                    result.move(to: p)
                    result.addLine(to: p + tangent * (contour.length * 1e-9))
                } else if entry % 2 == 0 {
                    if position <= 0 && end >= contour.length && contour.isClosed {
                        measure.appendContour(index, to: &result)
                    } else {
                        measure.appendPiece(ofContour: index, from: position, to: min(end, contour.length), to: &result)
                    }
                }
                position = end
                entry = (entry + 1) % lengths.count
                remaining = lengths[entry]
            }
        }
        return result
    }
}
