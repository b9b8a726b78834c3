// "Did you mean" suggestions: the candidate nearest to a misspelt word by
// Levenshtein distance, compared case-insensitively, offered only when the
// distance is at most a third of the word's length (at least 1, at most 3),
// so that unrelated words are never suggested.

enum Suggestion {
    /// The candidate closest to `word`, or nil when none is close enough.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = min(max(target.count / 3, 1), 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ` (did you mean "x"?)` or the empty string.
    static func hint(for word: String, in candidates: [String]) -> String {
        guard let match = closest(to: word, in: candidates) else { return "" }
        return " (did you mean \"\(match)\"?)"
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
