/// Trimming: the part of a path between two fractions of its length, as SwiftUI's
/// `Shape.trim(from:to:)` and `Path.trimmedPath(from:to:)`.
///
/// The fractions are of the whole path's arc length, all subpaths end to end in
/// order (a closed subpath's closing line included). Each subpath the range meets
/// contributes one open piece cut exactly from its curves (see `PathMeasure`); a
/// closed subpath lying wholly inside the range stays closed, so its corners keep
/// their joins when stroked.
extension Path {
    /// The part of the path from fraction `from` to fraction `to` of its length.
    ///
    /// Both fractions are clamped to 0…1; `from ≥ to` gives an empty path and
    /// `from = 0, to = 1` the path itself. Non-finite fractions give an empty path.
    public func trimmedPath(from: Double, to: Double) -> Path {
        guard from.isFinite, to.isFinite else { return Path() }
        let a = min(max(from, 0), 1), b = min(max(to, 0), 1)
        guard b > a else { return Path() }
        if a == 0 && b == 1 { return self }
        let measure = PathMeasure(self)
        guard measure.length > 0, measure.length.isFinite else { return Path() }
        let s0 = a * measure.length, s1 = b * measure.length
        var result = Path()
        var offset = 0.0
        for (index, contour) in measure.contours.enumerated() {
            let start = offset, end = offset + contour.length
            offset = end
            guard end > s0, start < s1, contour.length > 0 else { continue }
            if contour.isClosed && s0 <= start && s1 >= end {
                measure.appendContour(index, to: &result)
            } else {
                measure.appendPiece(ofContour: index, from: s0 - start, to: s1 - start, to: &result)
            }
        }
        return result
    }
}
