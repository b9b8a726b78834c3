// One animatable parameter: its model value over time and the animations
// that move its presentation value, as SwiftUI's animatable attributes do.
//
// Model. Each state change at time tᵢ sets the model value; the model is a
// step function of time. An animation started by a change carries that change
// Δᵢ = fromᵢ − toᵢ (component-wise) and a progress pᵢ(t), and adds the offset
// Δᵢ·(1 − pᵢ(t − tᵢ)) to the model until it completes:
//     presentation(t) = model(t) + Σ offsetᵢ(t).
// At its start an offset is Δᵢ, so the presentation does not jump; when it
// completes its offset is 0. Animations started while others run simply add
// (the formula of the timeline format and of SwiftUI's interpolating springs).
//
// Merging springs. A merging spring (`spring`, `smooth`, `snappy`, `bouncy`,
// `default`, `interactiveSpring`) instead takes over every running motion:
// it starts from the current presentation value P and velocity V towards the
// new model value, so its offset is the closed-form spring displacement with
// x₀ = P − to and v₀ = V, and the motions it took over stop contributing
// from that instant. Value and velocity are therefore continuous when a
// spring interrupts anything. If the motion taken over was itself a merging
// spring with another response, the new response is blended in over
// `blendDuration` (see SpringMotion).
//
// Keyframes. Playing a track also takes over running motion: the track
// starts from the presentation value and velocity, the model becomes the
// track's end value, and the track adds track(t) − end until it ends.
//
// Completion. A timing curve completes after its duration (delays, speed
// and repeats included); a spring when its displacement stays within 0.001
// of the larger of the change and its initial displacement (see
// SpringResponse), where it snaps to the model value by less than that.
// An animation whose target equals the model value does nothing, as in
// SwiftUI.
//
// Events may be added in any order; out-of-order additions replay every
// event from the start, since merging depends on the state at each instant.
//
// Cost. Events added in time order each cost time proportional to the motions
// still running at that instant (`live`: runs neither finished nor taken over),
// not to every run so far, so 30k overlapping springs build in linear time (each
// merging spring takes over the one before, leaving one live run).

/// The timeline of one animatable parameter: its initial value, the state
/// changes and keyframe tracks applied to it, and its presentation value at
/// any time.
///
/// Values are vectors of a fixed length (`dimension`): a number is one
/// component, a point two, a premultiplied colour four. Vectors passed in
/// with another length are padded with zeros or truncated.
public struct AnimatedValue: Sendable {
    /// The number of components of the value.
    public let dimension: Int

    /// The value before any change.
    public let initialValue: [Double]

    private enum ChangeKind: Sendable {
        case animate(to: [Double], animation: Animation?)
        case play(KeyframeTrack)
    }

    private struct Change: Sendable {
        var time: Double
        var kind: ChangeKind
    }

    private enum Motion: Sendable {
        case timing(AnimationTiming, delta: [Double])
        case spring(SpringMotion, displacement: [Double], velocity: [Double], response: Double)
        case keyframes(KeyframeTimeline, end: [Double])
    }

    private struct Run: Sendable {
        var start: Double
        var end: Double
        var cutoff: Double = .infinity
        var motion: Motion
        var record: Int
    }

    private var changes: [Change] = []
    private var modelTimes: [Double] = []
    private var modelValues: [[Double]] = []
    private var runs: [Run] = []
    /// Indices of the runs that may still move the value at the time of the last change
    /// applied: neither ended nor taken over by then. Changes arrive in time order while
    /// building, so a run that leaves this list never returns to it.
    private var live: [Int] = []

    /// Every state change and track, in time order, with when its motion ends.
    public private(set) var records: [AnimationRecord] = []

    /// Creates a parameter that holds `initial` until the first change.
    public init(initial: [Double]) {
        dimension = initial.count
        initialValue = initial
    }

    /// Changes the model value to `to` at `time`, animated by `animation`
    /// (nil: at once, leaving running animations to finish), as
    /// `withAnimation(animation) { value = to }` does at that time.
    public mutating func animate(to target: [Double], at time: Double, with animation: Animation?) {
        insert(Change(time: time, kind: .animate(to: fit(target), animation: animation)))
    }

    /// Plays a keyframe track from `time`; see the type's notes.
    public mutating func play(_ track: KeyframeTrack, at time: Double) {
        insert(Change(time: time, kind: .play(track)))
    }

    /// The presentation value at `time` (seconds).
    public func value(at time: Double) -> [Double] {
        var result = modelValue(at: time)
        for run in runs where isActive(run, at: time) {
            addOffset(of: run, at: time, to: &result, velocity: false)
        }
        return result
    }

    /// The presentation velocity at `time`, in units per second.
    public func velocity(at time: Double) -> [Double] {
        var result = [Double](repeating: 0, count: dimension)
        for run in runs where isActive(run, at: time) {
            addOffset(of: run, at: time, to: &result, velocity: true)
        }
        return result
    }

    /// The model value at `time`: the target of the last change at or before it.
    public func modelValue(at time: Double) -> [Double] {
        var lower = 0
        var upper = modelTimes.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if modelTimes[middle] <= time {
                lower = middle + 1
            } else {
                upper = middle
            }
        }
        return lower == 0 ? initialValue : modelValues[lower - 1]
    }

    /// Whether any animation moves the value at `time`.
    public func isAnimating(at time: Double) -> Bool {
        runs.contains { isActive($0, at: time) }
    }

    /// The time from which the value no longer changes: the last change or
    /// the end of the last motion, whichever is later; infinite while an
    /// animation repeats forever.
    public var restTime: Double {
        var latest = changes.last?.time ?? 0
        for run in runs {
            latest = max(latest, min(run.end, run.cutoff))
        }
        return latest
    }

    // MARK: Building

    private func fit(_ vector: [Double]) -> [Double] {
        (0..<dimension).map { $0 < vector.count ? vector[$0] : 0 }
    }

    private mutating func insert(_ change: Change) {
        if let last = changes.last, change.time < last.time {
            var index = changes.count
            while index > 0, changes[index - 1].time > change.time {
                index -= 1
            }
            changes.insert(change, at: index)
            replay()
        } else {
            changes.append(change)
            apply(change)
        }
    }

    private mutating func replay() {
        modelTimes.removeAll()
        modelValues.removeAll()
        runs.removeAll()
        live.removeAll()
        records.removeAll()
        for change in changes {
            apply(change)
        }
    }

    private mutating func apply(_ change: Change) {
        let time = change.time
        pruneLive(keeping: { run in Self.isActive(run, at: time) })
        let from = modelValue(at: time)
        switch change.kind {
        case .animate(let target, let animation):
            var record = AnimationRecord(kind: animation.map { .animation($0) } ?? .set, start: time, from: from, to: target, end: time)
            guard let animation, target != from else {
                setModel(target, at: time)
                records.append(record)
                return
            }
            if animation.mergesWithRunningAnimations, case .spring(let response, let fraction, let blend) = animation.base {
                let presentation = liveValue(at: time, velocity: false)
                let presentationVelocity = liveValue(at: time, velocity: true)
                let previousResponse = takeOver(at: time)
                let speed = animation.modifiers.reduce(1.0) { product, modifier in
                    if case .speed(let factor) = modifier { return product * factor }
                    return product
                }
                let motion = SpringMotion(
                    response: response, dampingFraction: fraction,
                    previousResponse: previousResponse ?? response, blendDuration: blend, speed: speed
                )
                let displacement = (0..<dimension).map { presentation[$0] - target[$0] }
                let state = StateNorms(displacement: displacement, velocity: presentationVelocity)
                let change = (0..<dimension).reduce(0.0) { $0 + (from[$1] - target[$1]) * (from[$1] - target[$1]) }.squareRoot()
                let scale = Spring.settlingScale(state, scale: change, naturalFrequency: motion.spring.naturalFrequency)
                let settling = motion.settlingTime(state, epsilon: AnimationTiming.springEpsilon * scale)
                record.end = time + settling
                record.settlingDuration = settling
                record.tookOverRunningMotion = isMoving(presentationVelocity) || presentation != from
                let rest = motion.settlingTime(state, epsilon: AnimationTiming.springRestEpsilon * scale)
                live.append(runs.count)
                runs.append(Run(
                    start: time, end: time + max(rest, settling),
                    motion: .spring(motion, displacement: displacement, velocity: presentationVelocity, response: response),
                    record: records.count
                ))
            } else {
                let timing = AnimationTiming(animation)
                let delta = (0..<dimension).map { from[$0] - target[$0] }
                record.end = time + timing.duration
                if case .timingCurve = animation.base {} else {
                    record.settlingDuration = timing.duration
                }
                live.append(runs.count)
                runs.append(Run(start: time, end: time + timing.duration, motion: .timing(timing, delta: delta), record: records.count))
            }
            setModel(target, at: time)
            records.append(record)
        case .play(let track):
            let presentation = liveValue(at: time, velocity: false)
            let presentationVelocity = liveValue(at: time, velocity: true)
            takeOver(at: time)
            let timeline = KeyframeTimeline(initialValue: presentation, initialVelocity: presentationVelocity, track: track)
            var record = AnimationRecord(kind: .keyframes(track), start: time, from: from, to: timeline.endValue, end: time + timeline.duration)
            record.tookOverRunningMotion = isMoving(presentationVelocity) || presentation != from
            live.append(runs.count)
            runs.append(Run(start: time, end: time + timeline.duration, motion: .keyframes(timeline, end: timeline.endValue), record: records.count))
            setModel(timeline.endValue, at: time)
            records.append(record)
        }
    }

    private func isMoving(_ velocity: [Double]) -> Bool {
        velocity.contains { $0 != 0 }
    }

    private mutating func setModel(_ value: [Double], at time: Double) {
        modelTimes.append(time)
        modelValues.append(value)
    }

    /// Stops every motion running at `time` (a merging spring or a track
    /// carries it on) and returns the response of the latest of them when it
    /// is a merging spring, for blending.
    @discardableResult
    private mutating func takeOver(at time: Double) -> Double? {
        var latest: Run?
        for index in live where isActive(runs[index], at: time) {
            runs[index].cutoff = time
            records[runs[index].record].interruptedAt = time
            latest = runs[index]
        }
        pruneLive(keeping: { run in run.cutoff > time })
        if let latest, case .spring(_, _, _, let response) = latest.motion {
            return response
        }
        return nil
    }

    /// Keeps in `live` only the runs `keeps` accepts, in order, without copying `runs`.
    private mutating func pruneLive(keeping keeps: (Run) -> Bool) {
        var kept = 0
        for k in live.indices where keeps(runs[live[k]]) {
            live[kept] = live[k]
            kept += 1
        }
        live.removeLast(live.count - kept)
    }

    /// The presentation value (or velocity) at `time`, the time of the change being applied,
    /// from the live runs only: the same as `value(at:)` there, since no other run is active.
    private func liveValue(at time: Double, velocity: Bool) -> [Double] {
        var result = velocity ? [Double](repeating: 0, count: dimension) : modelValue(at: time)
        for index in live where isActive(runs[index], at: time) {
            addOffset(of: runs[index], at: time, to: &result, velocity: velocity)
        }
        return result
    }

    private func isActive(_ run: Run, at time: Double) -> Bool {
        Self.isActive(run, at: time)
    }

    private static func isActive(_ run: Run, at time: Double) -> Bool {
        run.start <= time && time < run.cutoff && time < run.end
    }

    private func addOffset(of run: Run, at time: Double, to result: inout [Double], velocity: Bool) {
        let local = time - run.start
        switch run.motion {
        case .timing(let timing, let delta):
            let sample = timing.sample(at: local)
            for index in 0..<dimension {
                result[index] += velocity ? -delta[index] * sample.velocity : delta[index] * (1 - sample.progress)
            }
        case .spring(let motion, let displacement, let initialVelocity, _):
            let response = motion.response(at: local)
            for index in 0..<dimension {
                result[index] += velocity
                    ? displacement[index] * response.da + initialVelocity[index] * response.db
                    : displacement[index] * response.a + initialVelocity[index] * response.b
            }
        case .keyframes(let timeline, let end):
            let sample = timeline.sample(time: local)
            for index in 0..<dimension {
                result[index] += velocity ? sample.velocity[index] : sample.value[index] - end[index]
            }
        }
    }
}
