// Comparing parameter traces.
//
// For each parameter present in both traces, the common frames are compared
// component by component with an absolute-plus-relative allowance (exact
// equality is too strict across machines whose libm rounds differently; the
// default allowance, 1e-6, is far above that and far below anything visible).
// A departing parameter is described by:
// - the first frame where it departs, with both values there;
// - its largest deviation and where;
// - whether it is a timing change (the same values at the first and the last
//   frame, so the motion goes to the same place at a different pace, or a
//   whole-frame shift explains it, below) or a change of values (it ends
//   elsewhere);
// - the whole number of frames by which the actual motion is late (positive)
//   or early (negative) from the departing frame on, when such a shift
//   explains the following second of motion (or what is left of it) within
//   the tolerance. Looking at that window only, rather than at the whole
//   trace, finds a delayed animation among others that did not move. Shifts
//   up to ten seconds are tried, smallest first.
// Parameters present in only one trace, a changed component count, a changed
// frame rate or frame count are differences too.

/// How far two parameter values may be apart and still count as equal.
public struct TraceTolerance: Sendable, Hashable, Codable {
    /// Allowed absolute difference, in the parameter's own unit; default 1e-6.
    public var absolute: Double
    /// Allowed difference relative to the larger magnitude; default 1e-6.
    public var relative: Double

    /// Values `a` and `b` are equal when `|a − b| ≤ absolute + relative × max(|a|, |b|)`.
    public init(absolute: Double = 1e-6, relative: Double = 1e-6) {
        self.absolute = absolute
        self.relative = relative
    }

    /// The defaults described above.
    public static let `default` = TraceTolerance()

    /// Whether `a` and `b` are equal within the allowance (two NaNs are equal).
    public func accepts(_ a: Double, _ b: Double) -> Bool {
        if a == b || (a.isNaN && b.isNaN) { return true }
        return abs(a - b) <= absolute + relative * max(abs(a), abs(b))
    }

    func accepts(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Bool {
        zip(a, b).allSatisfy { accepts($0, $1) }
    }
}

/// How one parameter's motion differs.
public struct TraceDifference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of difference.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The parameter is missing from the actual trace.
        case removed
        /// The parameter is only in the actual trace.
        case added
        /// The parameter has a different number of components.
        case componentsChanged
        /// The same values at the first and last frames, or the same motion shifted in time: the pace changed.
        case timing
        /// Different values at the first or the last frame: the motion goes elsewhere.
        case values
    }

    /// The parameter's name.
    public var param: String
    /// What kind of difference.
    public var kind: Kind
    /// The first frame where the values depart; nil for `removed`, `added`, `componentsChanged`.
    public var firstFrame: Int?
    /// The expected value at `firstFrame`.
    public var expected: [Double]?
    /// The actual value at `firstFrame`.
    public var actual: [Double]?
    /// The largest difference of any component at any common frame.
    public var maxDeviation: Double
    /// The frame of `maxDeviation`.
    public var maxDeviationFrame: Int?
    /// For a timing change that a whole-frame shift explains: frames late (positive) or early (negative).
    public var shiftFrames: Int?
    /// Frames per second, to print frames as times.
    public var fps: Int

    /// One line: the parameter, the kind, where it departs and with which values.
    public var description: String {
        switch kind {
        case .removed: return "param \(param) is missing"
        case .added: return "param \(param) is new"
        case .componentsChanged: return "param \(param) has \(actual?.count ?? 0) components, expected \(expected?.count ?? 0)"
        case .timing, .values:
            var text = kind == .timing ? "timing of \(param) changed" : "values of \(param) changed"
            if let frame = firstFrame {
                text += ": departs at frame \(frame) (\(Self.seconds(frame, fps))) with \(Self.list(actual)), expected \(Self.list(expected))"
            }
            if let shift = shiftFrames {
                text += "; the motion is \(abs(shift)) frame\(abs(shift) == 1 ? "" : "s") (\(Self.seconds(abs(shift), fps))) \(shift > 0 ? "late" : "early")"
            }
            if let frame = maxDeviationFrame {
                text += "; largest deviation \(Self.number(maxDeviation)) at frame \(frame)"
            }
            return text
        }
    }

    static func seconds(_ frame: Int, _ fps: Int) -> String {
        FrameDifference.Violation.fixed(Double(frame) / Double(max(fps, 1)), 3) + " s"
    }

    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        if x == x.rounded() && abs(x) < 1e9 { return String(Int(x)) }
        return FrameDifference.Violation.fixed(x, abs(x) >= 100 ? 2 : abs(x) >= 1 ? 4 : 6)
    }

    static func list(_ values: [Double]?) -> String {
        guard let values else { return "nothing" }
        return values.count == 1 ? number(values[0]) : "[" + values.map(number).joined(separator: ", ") + "]"
    }
}

/// The result of comparing two traces.
public struct TraceComparison: Sendable, Hashable, Codable {
    /// The expected trace's frame rate.
    public var expectedFPS: Int
    /// The actual trace's frame rate.
    public var actualFPS: Int
    /// The expected trace's frame count.
    public var expectedFrameCount: Int
    /// The actual trace's frame count.
    public var actualFrameCount: Int
    /// Per-parameter differences, in the expected trace's order, then added parameters.
    public var differences: [TraceDifference]

    /// Whether the traces agree: same rate, same frame count, no parameter differs.
    public var isWithinTolerance: Bool {
        expectedFPS == actualFPS && expectedFrameCount == actualFrameCount && differences.isEmpty
    }

    /// One line per difference, the frame rate and count first.
    public var lines: [String] {
        var lines: [String] = []
        if expectedFPS != actualFPS { lines.append("frame rate \(actualFPS) fps, expected \(expectedFPS) fps") }
        if expectedFrameCount != actualFrameCount {
            lines.append("\(actualFrameCount) frames, expected \(expectedFrameCount)")
        }
        return lines + differences.map(\.description)
    }
}

extension MotionTrace {
    /// Compares `actual` with this (expected) trace.
    public func compare(to actual: MotionTrace, tolerance: TraceTolerance = .default) -> TraceComparison {
        var differences: [TraceDifference] = []
        for track in params {
            guard let other = actual.track(named: track.name) else {
                differences.append(TraceDifference(param: track.name, kind: .removed, maxDeviation: 0, fps: fps))
                continue
            }
            guard other.components == track.components else {
                differences.append(
                    TraceDifference(
                        param: track.name, kind: .componentsChanged, expected: Array(track.value(atFrame: 0)),
                        actual: other.frameCount > 0 ? Array(other.value(atFrame: 0)) : [], maxDeviation: 0, fps: fps))
                continue
            }
            if let difference = Self.compare(track, other, fps: fps, tolerance: tolerance) { differences.append(difference) }
        }
        for track in actual.params where self.track(named: track.name) == nil {
            differences.append(TraceDifference(param: track.name, kind: .added, maxDeviation: 0, fps: actual.fps))
        }
        return TraceComparison(
            expectedFPS: fps, actualFPS: actual.fps, expectedFrameCount: frameCount, actualFrameCount: actual.frameCount,
            differences: differences)
    }

    /// The difference between two tracks with the same component count, or nil when they agree.
    private static func compare(_ expected: Track, _ actual: Track, fps: Int, tolerance: TraceTolerance) -> TraceDifference? {
        let common = min(expected.frameCount, actual.frameCount)
        var first: Int?
        var maxDeviation = 0.0
        var maxFrame: Int?
        for n in 0..<common {
            let e = expected.value(atFrame: n), a = actual.value(atFrame: n)
            guard !tolerance.accepts(e, a) else { continue }
            if first == nil { first = n }
            for (x, y) in zip(e, a) {
                let deviation = x.isNaN != y.isNaN ? Double.infinity : abs(x - y)
                if deviation > maxDeviation {
                    maxDeviation = deviation
                    maxFrame = n
                }
            }
        }
        let endsAgree =
            expected.frameCount > 0 && actual.frameCount > 0
            && tolerance.accepts(expected.value(atFrame: 0), actual.value(atFrame: 0))
            && tolerance.accepts(expected.value(atFrame: expected.frameCount - 1), actual.value(atFrame: actual.frameCount - 1))
        guard let first else {
            // The common frames agree; a longer or shorter trace that ends elsewhere still differs.
            guard !endsAgree, expected.frameCount > 0, actual.frameCount > 0 else { return nil }
            return TraceDifference(
                param: expected.name, kind: .values, expected: Array(expected.value(atFrame: expected.frameCount - 1)),
                actual: Array(actual.value(atFrame: actual.frameCount - 1)), maxDeviation: 0, fps: fps)
        }
        let shift = shift(expected, actual, from: first, common: common, window: max(fps, 2), limit: 10 * fps, tolerance: tolerance)
        return TraceDifference(
            param: expected.name, kind: endsAgree || shift != nil ? .timing : .values, firstFrame: first,
            expected: Array(expected.value(atFrame: first)), actual: Array(actual.value(atFrame: first)),
            maxDeviation: maxDeviation, maxDeviationFrame: maxFrame, shiftFrames: shift, fps: fps)
    }

    /// The smallest whole-frame shift `k` with `actual[n] = expected[n − k]` for the
    /// `window` frames from `first` (clamped to the common frames).
    private static func shift(_ expected: Track, _ actual: Track, from first: Int, common: Int, window: Int, limit: Int, tolerance: TraceTolerance) -> Int? {
        guard common > 1 else { return nil }
        let end = min(first + window, common)
        for magnitude in 1..<min(common, limit + 1) {
            for k in [magnitude, -magnitude] {
                var matches = true
                for n in first..<end {
                    let source = min(max(n - k, 0), common - 1)
                    if !tolerance.accepts(actual.value(atFrame: n), expected.value(atFrame: source)) {
                        matches = false
                        break
                    }
                }
                if matches { return k }
            }
        }
        return nil
    }
}
