/// Frames one side of a comparison lacks, gathered into runs so that a long gap is one line:
/// "frame 3 missing in seq/", "frames 10…19 missing in a/ and b/".
struct MissingFrames {
    private var runs: [(frames: ClosedRange<Int>, sides: [String])] = []

    /// Notes frame `n` missing from `sides` (their names); frames arrive in ascending order.
    mutating func add(_ n: Int, in sides: [String]) {
        if let last = runs.last, last.sides == sides, last.frames.upperBound == n - 1 {
            runs[runs.count - 1].frames = last.frames.lowerBound...n
        } else {
            runs.append((n...n, sides))
        }
    }

    /// One line per run.
    var descriptions: [String] {
        runs.map { run in
            let frames = run.frames.count == 1 ? "frame \(run.frames.lowerBound)" : "frames \(run.frames.lowerBound)…\(run.frames.upperBound)"
            return "\(frames) missing in \(run.sides.joined(separator: " and "))"
        }
    }
}
