// The progress of an animation that does not merge: a number that goes from
// 0 to 1 (possibly overshooting) as time passes, with its time derivative.
//
// Stages: the base gives progress over its own duration (a timing curve's
// duration, or a spring's settling time for a unit change from rest);
// then each modifier, innermost first, remaps time:
//   delay d      p(t) = inner(max(t − d, 0))
//   speed s      p(t) = inner(s·t)
//   repeat n, r  pass i = ⌊t / D⌋ of the inner duration D; p = inner(t − iD),
//                or 1 − inner(t − iD) on odd passes when r autoreverses.
// Durations compose the same way (d + D, D/s, n·D, ∞ for repeatForever) and
// are computed once, when the animation starts. After its total duration an
// animation is complete: progress 1, the new model value, exactly as SwiftUI
// removes a finished animation (which is why an autoreversing even repeat
// count jumps to the end value when it completes).

/// The resolved timing of a non-merging animation.
struct AnimationTiming: Sendable {
    let animation: Animation
    /// Durations after the base (index 0) and after each modifier; the last is the total.
    let durations: [Double]
    private let baseSpring: Spring?
    private let baseInitialVelocity: Double

    /// The settling threshold of a spring base, relative to the change.
    static let springEpsilon = 0.001

    /// How close to its target, relative to the change, a merging spring keeps
    /// being evaluated: far below the settling threshold, so that ending the
    /// motion never makes a visible jump (0.001 of a 360-point move would be
    /// a third of a point).
    static let springRestEpsilon = 1e-7

    init(_ animation: Animation) {
        self.animation = animation
        var base: Double
        switch animation.base {
        case .timingCurve(_, let duration):
            baseSpring = nil
            baseInitialVelocity = 0
            base = max(duration, 0)
        case .spring(let response, let dampingFraction, _):
            let spring = Spring(response: response, dampingRatio: dampingFraction)
            baseSpring = spring
            baseInitialVelocity = 0
            base = spring.settlingTime(Self.unitState(initialVelocity: 0), epsilon: Self.springEpsilon)
        case .interpolatingSpring(let spring, let initialVelocity):
            baseSpring = spring
            baseInitialVelocity = initialVelocity
            base = spring.settlingTime(Self.unitState(initialVelocity: initialVelocity), epsilon: Self.springEpsilon)
        }
        var durations = [base]
        for modifier in animation.modifiers {
            let inner = durations[durations.count - 1]
            switch modifier {
            case .delay(let delay):
                durations.append(inner + max(delay, 0))
            case .speed(let speed):
                durations.append(speed > 0 ? inner / speed : .infinity)
            case .repeating(let count, _):
                if let count {
                    durations.append(inner * Double(max(count, 1)))
                } else {
                    durations.append(inner > 0 ? .infinity : 0)
                }
            }
        }
        self.durations = durations
    }

    /// The displacement state of a unit change: from 1 towards 0, with the
    /// progress velocity `initialVelocity` (a displacement velocity of −v).
    static func unitState(initialVelocity: Double) -> StateNorms {
        StateNorms(displacementSquared: 1, dot: -initialVelocity, velocitySquared: initialVelocity * initialVelocity)
    }

    /// Seconds from the start until the animation is complete; infinite for
    /// `repeatForever` of anything that takes time.
    var duration: Double {
        durations[durations.count - 1]
    }

    /// The progress and its time derivative `time` seconds after the start.
    func sample(at time: Double) -> (progress: Double, velocity: Double) {
        if time >= duration { return (1, 0) }
        return sample(level: animation.modifiers.count, time: max(time, 0))
    }

    private func sample(level: Int, time: Double) -> (progress: Double, velocity: Double) {
        if level == 0 {
            return sampleBase(at: time)
        }
        let inner = durations[level - 1]
        switch animation.modifiers[level - 1] {
        case .delay(let delay):
            let delay = max(delay, 0)
            if time < delay {
                let start = sample(level: level - 1, time: 0)
                return (start.progress, 0)
            }
            return sample(level: level - 1, time: time - delay)
        case .speed(let speed):
            guard speed > 0 else { return (sample(level: level - 1, time: 0).progress, 0) }
            let result = sample(level: level - 1, time: time * speed)
            return (result.progress, result.velocity * speed)
        case .repeating(_, let autoreverses):
            guard inner.isFinite else { return sample(level: level - 1, time: time) }
            guard inner > 0 else { return (1, 0) }
            let pass = (time / inner).rounded(.down)
            let local = min(max(time - pass * inner, 0), inner)
            let result = local >= inner ? (progress: 1.0, velocity: 0.0) : sample(level: level - 1, time: local)
            let reversed = autoreverses && pass.truncatingRemainder(dividingBy: 2) == 1
            return reversed ? (1 - result.progress, -result.velocity) : result
        }
    }

    private func sampleBase(at time: Double) -> (progress: Double, velocity: Double) {
        let duration = durations[0]
        if time >= duration { return (1, 0) }
        switch animation.base {
        case .timingCurve(let curve, _):
            let x = time / duration
            return (curve.value(at: x), curve.velocity(at: x) / duration)
        case .spring, .interpolatingSpring:
            guard let spring = baseSpring else { return (1, 0) }
            let response = spring.unitResponse(at: time)
            let displacement = response.a - baseInitialVelocity * response.b
            let displacementVelocity = response.da - baseInitialVelocity * response.db
            return (1 - displacement, -displacementVelocity)
        }
    }
}
