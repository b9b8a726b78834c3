// The motion of a keyframe track from a given start, resolved into segments.
//
// Resolution walks the keyframes once, carrying the value and velocity that
// the previous segment ends with:
//   move         jumps; ends at rest.
//   hold         jumps, then stays; ends at rest.
//   linear       from the current value to its target, paced by its unit
//                curve; ends with velocity (to − from)·curve'(1)/duration.
//   spring       the closed-form spring from the current value and velocity
//                (or its explicit start velocity); with no duration it runs
//                until within 0.001 of the change, as spring animations do.
//                It ends where the spring is, which may be short of its target.
//   cubic        a cubic Hermite segment. Its start velocity is the explicit
//                one or the velocity the previous segment ended with (the
//                initial velocity for the first segment, zero if none). Its
//                end velocity is the explicit one, or zero at the end of the
//                track or before a move or hold, or the next linear
//                segment's start velocity, or the non-uniform Catmull-Rom
//                tangent (next − previous)/(own duration + next duration)
//                before a cubic or spring keyframe, where "previous" is this
//                segment's start value and "next" the next keyframe's value.
// This follows Apple's description of CubicKeyframe ("adjacent cubic
// keyframes result in a Catmull-Rom spline"; a cubic keyframe takes its
// start velocity from the previous segment's end and its end velocity from
// the next segment's start). Apple does not document the velocity at the
// ends of a track; zero (the track starts and stops at rest) is the
// conventional choice. Because each cubic start velocity is the previous
// segment's end velocity, the motion is C¹ across every keyframe except
// where a move, a hold or explicit velocities break it.

/// The motion of a keyframe track from an initial value, as SwiftUI's
/// `KeyframeTimeline`: a function of time over `duration` seconds.
///
/// Before time 0 the value is the initial value; from `duration` on it is
/// `endValue`. The timeline passes through each keyframe's value at the end
/// of its segment, except for a spring cut short by its duration.
public struct KeyframeTimeline: Sendable {
    private enum Shape: Sendable {
        case constant
        case curve(UnitCurve)
        case hermite(startVelocity: [Double], endVelocity: [Double])
        case spring(Spring, displacement: [Double], velocity: [Double])
    }

    private struct Segment: Sendable {
        var start: Double
        var duration: Double
        var from: [Double]
        var to: [Double]
        var shape: Shape
    }

    private var segments: [Segment] = []

    /// The value at time 0 (before the first keyframe).
    public let initialValue: [Double]

    /// The number of components of the value.
    public var dimension: Int {
        initialValue.count
    }

    /// The total duration in seconds (the sum of the segments' durations).
    public private(set) var duration: Double = 0

    /// The value from `duration` on.
    public private(set) var endValue: [Double]

    /// The velocity with which the last segment ends.
    public private(set) var endVelocity: [Double]

    /// The time, from the start, at which each keyframe's segment ends.
    public private(set) var keyframeEndTimes: [Double] = []

    /// Resolves `track` starting from `initialValue`.
    ///
    /// - Parameters:
    ///   - initialValue: the value at time 0; its length is the dimension.
    ///   - initialVelocity: the velocity at time 0 (units per second), used
    ///     by a first cubic or spring keyframe; default zero.
    ///   - track: the keyframes.
    public init(initialValue: [Double], initialVelocity: [Double]? = nil, track: KeyframeTrack) {
        let dimension = initialValue.count
        func fit(_ vector: [Double]?) -> [Double] {
            guard let vector else { return [Double](repeating: 0, count: dimension) }
            return (0..<dimension).map { $0 < vector.count ? vector[$0] : 0 }
        }
        let rest = [Double](repeating: 0, count: dimension)
        self.initialValue = initialValue
        var value = initialValue
        var velocity = fit(initialVelocity)
        var time = 0.0
        let keyframes = track.keyframes
        for (index, keyframe) in keyframes.enumerated() {
            let target = fit(keyframe.value)
            let from = value
            switch keyframe {
            case .move:
                segments.append(Segment(start: time, duration: 0, from: target, to: target, shape: .constant))
                value = target
                velocity = rest
            case .hold(_, let duration):
                let duration = max(duration, 0)
                segments.append(Segment(start: time, duration: duration, from: target, to: target, shape: .constant))
                time += duration
                value = target
                velocity = rest
            case .linear(_, let duration, let curve):
                let duration = max(duration, 0)
                segments.append(Segment(start: time, duration: duration, from: from, to: target, shape: .curve(curve)))
                time += duration
                value = target
                velocity = duration > 0
                    ? (0..<dimension).map { (target[$0] - from[$0]) * curve.velocity(at: 1) / duration }
                    : rest
            case .spring(_, let duration, let spring, let startVelocity):
                let start = startVelocity.map(fit) ?? velocity
                let displacement = (0..<dimension).map { from[$0] - target[$0] }
                let state = StateNorms(displacement: displacement, velocity: start)
                let length = duration.map { max($0, 0) }
                    ?? spring.settlingTime(state, relativeEpsilon: AnimationTiming.springEpsilon, scale: 0)
                let end = spring.unitResponse(at: length.isFinite ? length : 0)
                segments.append(Segment(start: time, duration: length, from: from, to: target,
                                        shape: .spring(spring, displacement: displacement, velocity: start)))
                time += length
                value = (0..<dimension).map { target[$0] + displacement[$0] * end.a + start[$0] * end.b }
                velocity = (0..<dimension).map { displacement[$0] * end.da + start[$0] * end.db }
            case .cubic(_, let duration, let startVelocity, let endVelocity):
                let duration = max(duration, 0)
                let startTangent = startVelocity.map(fit) ?? velocity
                let endTangent = endVelocity.map(fit)
                    ?? Self.automaticEndVelocity(from: from, to: target, duration: duration,
                                                 next: index + 1 < keyframes.count ? keyframes[index + 1] : nil, fit: fit)
                segments.append(Segment(start: time, duration: duration, from: from, to: target,
                                        shape: .hermite(startVelocity: startTangent, endVelocity: endTangent)))
                time += duration
                value = target
                velocity = duration > 0 ? endTangent : rest
            }
            keyframeEndTimes.append(time)
        }
        duration = time
        endValue = value
        endVelocity = velocity
    }

    private static func automaticEndVelocity(
        from: [Double], to: [Double], duration: Double, next: Keyframe?, fit: ([Double]?) -> [Double]
    ) -> [Double] {
        let rest = fit(nil)
        guard let next else { return rest }
        switch next {
        case .move, .hold:
            return rest
        case .linear(let nextValue, let nextDuration, let curve):
            guard nextDuration > 0 else { return rest }
            let target = fit(nextValue)
            let slope = curve.velocity(at: 0) / nextDuration
            return (0..<to.count).map { (target[$0] - to[$0]) * slope }
        case .cubic(let nextValue, let nextDuration, let nextStart, _):
            if let nextStart { return fit(nextStart) }
            return catmullRom(from: from, next: fit(nextValue), span: duration + max(nextDuration, 0))
        case .spring(let nextValue, let nextDuration, _, let nextStart):
            if let nextStart { return fit(nextStart) }
            return catmullRom(from: from, next: fit(nextValue), span: duration + max(nextDuration ?? duration, 0))
        }
    }

    private static func catmullRom(from: [Double], next: [Double], span: Double) -> [Double] {
        guard span > 0 else { return [Double](repeating: 0, count: from.count) }
        return (0..<from.count).map { (next[$0] - from[$0]) / span }
    }

    /// The value at `time` seconds from the start.
    public func value(time: Double) -> [Double] {
        sample(time: time).value
    }

    /// The value at `progress` (0 at the start, 1 at the end) of the duration.
    public func value(progress: Double) -> [Double] {
        value(time: progress * duration)
    }

    /// The velocity (units per second) at `time` seconds from the start.
    public func velocity(time: Double) -> [Double] {
        sample(time: time).velocity
    }

    /// The value and velocity at `time`.
    func sample(time: Double) -> (value: [Double], velocity: [Double]) {
        let rest = [Double](repeating: 0, count: dimension)
        guard time >= 0 else { return (initialValue, rest) }
        guard time < duration, let segment = segments.last(where: { $0.start <= time && $0.duration > 0 }) else {
            return (endValue, rest)
        }
        let local = min(time - segment.start, segment.duration)
        let count = dimension
        switch segment.shape {
        case .constant:
            return (segment.to, rest)
        case .curve(let curve):
            let u = local / segment.duration
            let p = curve.value(at: u)
            let dp = curve.velocity(at: u) / segment.duration
            return (
                (0..<count).map { segment.from[$0] + (segment.to[$0] - segment.from[$0]) * p },
                (0..<count).map { (segment.to[$0] - segment.from[$0]) * dp }
            )
        case .hermite(let startVelocity, let endVelocity):
            let d = segment.duration
            let u = local / d
            let u2 = u * u
            let u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1
            let h10 = u3 - 2 * u2 + u
            let h01 = -2 * u3 + 3 * u2
            let h11 = u3 - u2
            let g00 = 6 * u2 - 6 * u
            let g10 = 3 * u2 - 4 * u + 1
            let g01 = -6 * u2 + 6 * u
            let g11 = 3 * u2 - 2 * u
            return (
                (0..<count).map {
                    h00 * segment.from[$0] + h10 * d * startVelocity[$0] + h01 * segment.to[$0] + h11 * d * endVelocity[$0]
                },
                (0..<count).map {
                    (g00 * segment.from[$0] + g01 * segment.to[$0]) / d + g10 * startVelocity[$0] + g11 * endVelocity[$0]
                }
            )
        case .spring(let spring, let displacement, let velocity):
            let response = spring.unitResponse(at: local)
            return (
                (0..<count).map { segment.to[$0] + displacement[$0] * response.a + velocity[$0] * response.b },
                (0..<count).map { displacement[$0] * response.da + velocity[$0] * response.db }
            )
        }
    }
}
