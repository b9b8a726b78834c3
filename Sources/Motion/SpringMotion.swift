// The motion of a merging spring: a closed-form spring, or, while a change
// of response is being blended in, a numerically integrated one.
//
// SwiftUI's merging spring (`spring(response:dampingFraction:blendDuration:)`)
// that takes over another merging spring with a different response eases
// the response from the old value to the new one over the blend duration:
// r(σ) = r_new + (r_old − r_new)·(1 − smoothstep(σ / blend)), smoothstep(p) =
// p²(3 − 2p), with stiffness (2π/r)² and damping 4πζ/r at every instant.
// A spring whose coefficients change in time has no closed form, so during
// the blend we integrate the two unit responses (a, b) with classical RK4
// at a step of at most 1/2400 s and 1/200 of the shortest period, store
// them with their derivatives, and read them back by cubic Hermite
// interpolation (fourth-order accurate between steps). After the blend the
// motion continues in closed form from the state the blend ends in. Speed
// modifiers scale time: a spring at speed s has stiffness s²k and damping sc.

/// The unit responses of a merging spring over time.
struct SpringMotion: Sendable {
    /// The spring in force after any blend.
    let spring: Spring
    /// Seconds of blending from the start (0 without a blend).
    let blendDuration: Double
    private let step: Double
    private let samples: [Sample]
    private let blendEnd: UnitResponse

    private struct Sample: Sendable {
        var a: Double
        var da: Double
        var dda: Double
        var b: Double
        var db: Double
        var ddb: Double
    }

    /// A closed-form spring.
    init(spring: Spring) {
        self.spring = spring
        blendDuration = 0
        step = 0
        samples = []
        blendEnd = .identity
    }

    /// A spring whose response eases from `previousResponse` to `response`
    /// over `blendDuration` (all in animation time), played at `speed`.
    init(response: Double, dampingFraction: Double, previousResponse: Double, blendDuration: Double, speed: Double) {
        let speed = speed > 0 ? speed : 1
        spring = Spring(response: response / speed, dampingRatio: dampingFraction)
        let realBlend = blendDuration / speed
        guard realBlend > 0, previousResponse > 0, previousResponse != response else {
            self.blendDuration = 0
            step = 0
            samples = []
            blendEnd = .identity
            return
        }
        self.blendDuration = realBlend
        let coefficients = { (time: Double) -> (k: Double, c: Double) in
            let p = min(max(time * speed / blendDuration, 0), 1)
            let eased = 1 - p * p * (3 - 2 * p)
            let r = (response + (previousResponse - response) * eased) / speed
            let omega = 2 * Double.pi / r
            return (omega * omega, 2 * omega * dampingFraction)
        }
        let shortest = min(response, previousResponse) / speed
        let count = Int((realBlend / min(1.0 / 2400, shortest / 200)).rounded(.up))
        let h = realBlend / Double(max(count, 1))
        step = h
        func derivative(_ time: Double, _ s: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            let (k, c) = coefficients(time)
            return (s.1, -k * s.0 - c * s.1, s.3, -k * s.2 - c * s.3)
        }
        func sample(_ time: Double, _ s: (Double, Double, Double, Double)) -> Sample {
            let (k, c) = coefficients(time)
            return Sample(a: s.0, da: s.1, dda: -k * s.0 - c * s.1, b: s.2, db: s.3, ddb: -k * s.2 - c * s.3)
        }
        var state = (1.0, 0.0, 0.0, 1.0)
        var samples = [sample(0, state)]
        samples.reserveCapacity(count + 1)
        for index in 0..<max(count, 1) {
            let time = Double(index) * h
            let k1 = derivative(time, state)
            let s2 = (state.0 + h / 2 * k1.0, state.1 + h / 2 * k1.1, state.2 + h / 2 * k1.2, state.3 + h / 2 * k1.3)
            let k2 = derivative(time + h / 2, s2)
            let s3 = (state.0 + h / 2 * k2.0, state.1 + h / 2 * k2.1, state.2 + h / 2 * k2.2, state.3 + h / 2 * k2.3)
            let k3 = derivative(time + h / 2, s3)
            let s4 = (state.0 + h * k3.0, state.1 + h * k3.1, state.2 + h * k3.2, state.3 + h * k3.3)
            let k4 = derivative(time + h, s4)
            state = (
                state.0 + h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0),
                state.1 + h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1),
                state.2 + h / 6 * (k1.2 + 2 * k2.2 + 2 * k3.2 + k4.2),
                state.3 + h / 6 * (k1.3 + 2 * k2.3 + 2 * k3.3 + k4.3)
            )
            samples.append(sample(time + h, state))
        }
        self.samples = samples
        let last = samples[samples.count - 1]
        blendEnd = UnitResponse(a: last.a, da: last.da, b: last.b, db: last.db)
    }

    /// The unit responses `time` seconds after the spring started.
    func response(at time: Double) -> UnitResponse {
        let time = max(time, 0)
        if time >= blendDuration {
            let after = spring.unitResponse(at: time - blendDuration)
            return blendDuration > 0 ? blendEnd.followed(by: after) : after
        }
        let position = time / step
        let index = min(Int(position), samples.count - 2)
        let u = position - Double(index)
        let lower = samples[index]
        let upper = samples[index + 1]
        func hermite(_ f0: Double, _ m0: Double, _ f1: Double, _ m1: Double) -> (Double, Double) {
            let u2 = u * u
            let u3 = u2 * u
            let value = (2 * u3 - 3 * u2 + 1) * f0 + (u3 - 2 * u2 + u) * step * m0 + (-2 * u3 + 3 * u2) * f1 + (u3 - u2) * step * m1
            let slope = ((6 * u2 - 6 * u) * (f0 - f1)) / step + (3 * u2 - 4 * u + 1) * m0 + (3 * u2 - 2 * u) * m1
            return (value, slope)
        }
        let a = hermite(lower.a, lower.da, upper.a, upper.da)
        let da = hermite(lower.da, lower.dda, upper.da, upper.dda)
        let b = hermite(lower.b, lower.db, upper.b, upper.db)
        let db = hermite(lower.db, lower.ddb, upper.db, upper.ddb)
        return UnitResponse(a: a.0, da: da.0, b: b.0, db: db.0)
    }

    /// The time after which the motion of `state` stays within `epsilon`.
    func settlingTime(_ state: StateNorms, epsilon: Double) -> Double {
        guard epsilon > 0 else { return 0 }
        guard blendDuration > 0 else { return spring.settlingTime(state, epsilon: epsilon) }
        let after = state.advanced(by: blendEnd)
        let bound = blendDuration + spring.settlingBound(after, epsilon: epsilon)
        return spring.settlingTime(state, epsilon: epsilon, bound: bound, scanStep: min(spring.settlingScanStep, step * 64)) {
            response(at: $0)
        }
    }
}
