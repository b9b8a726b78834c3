// "Did you mean" suggestions for misspelt names.
//
// The distance is the optimal string alignment distance (Levenshtein plus
// transposition of two adjacent characters, Damerau 1964), over lower-cased
// Unicode scalars, computed over a diagonal band only. A candidate is
// close when its distance is at most a third of the longer name (at least 1,
// at most 3) and smaller than the shorter name's length, so `t` never
// suggests `w` but `elipse` suggests `ellipse`. The limit is at most 3, so the
// band is at most 7 cells wide and each candidate costs O(length): a very long
// misspelt name is cheap to reject.

/// The candidate closest to `name`, ignoring case, or `nil` when none is close
/// enough to be a plausible misspelling.
///
/// Ties go to the candidate that comes first. A candidate equal to `name` is
/// never returned (the name was not misspelt); one that differs only in case is.
public func suggestion(for name: String, among candidates: [String]) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
        let other = Array(candidate.lowercased().unicodeScalars)
        let longer = max(target.count, other.count)
        let shorter = min(target.count, other.count)
        let allowed = min(3, max(1, longer / 3), shorter - 1)
        let limit = min(allowed, (best?.distance ?? Int.max) - 1)
        if let distance = alignmentDistance(target, other, limit: limit) {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// The optimal string alignment distance between two scalar sequences, or
/// `nil` when it exceeds `limit`.
///
/// Only the diagonal band of cells within `limit` of the main diagonal can
/// hold a distance ≤ `limit` (Ukkonen 1985), so the table is computed over
/// that band alone, in O(min(n, m) · limit) time and O(limit) memory, and the
/// computation stops as soon as a whole row exceeds the limit.
func alignmentDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
    // Cell (i, j) of the full table lives at band index j - i + limit.
    let width = 2 * limit + 1
    let beyond = limit + 1
    var twoRowsUp = [Int](repeating: beyond, count: width)
    var previous = [Int](repeating: beyond, count: width)
    var current = [Int](repeating: beyond, count: width)
    for d in limit..<width where d - limit <= b.count {
        previous[d] = d - limit
    }
    if !a.isEmpty {
        for i in 1...a.count {
            var rowMinimum = beyond
            for d in 0..<width {
                let j = i + d - limit
                guard j >= 0, j <= b.count else {
                    current[d] = beyond
                    continue
                }
                var value: Int
                if j == 0 {
                    value = i
                } else {
                    value = previous[d] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    if d + 1 < width { value = min(value, previous[d + 1] + 1) }
                    if d > 0 { value = min(value, current[d - 1] + 1) }
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, twoRowsUp[d] + 1)
                    }
                }
                current[d] = min(value, beyond)
                rowMinimum = min(rowMinimum, current[d])
            }
            if rowMinimum > limit { return nil }
            swap(&twoRowsUp, &previous)
            swap(&previous, &current)
        }
    }
    let distance = previous[b.count - a.count + limit]
    return distance <= limit ? distance : nil
}

/// ` (did you mean "x"?)` when a suggestion exists, otherwise empty; ready to
/// append to a message.
func didYouMean(_ name: String, among candidates: [String]) -> String {
    guard let match = suggestion(for: name, among: candidates) else { return "" }
    return " (did you mean \(quoted(match))?)"
}
