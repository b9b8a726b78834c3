// Closed-form motion of a damped spring, and its settling time.
//
// The displacement from the target is x(t) = x₀·a(t) + v₀·b(t) with the unit
// responses a and b (see UnitResponse).
//
// With λ = c/2m and ω₀ = √(k/m), the damping ratio ζ = λ/ω₀ picks the form
// (any textbook on linear ODEs):
//   under-damped (ζ < 1), ω_d = ω₀√(1 − ζ²):
//     a = e^(−λt)(cos ω_d t + (λ/ω_d) sin ω_d t)   b = e^(−λt) sin(ω_d t)/ω_d
//   critical (|ζ − 1| < 1e-9):
//     a = e^(−λt)(1 + λt)                          b = t·e^(−λt)
//   over-damped (ζ > 1), r₁,₂ = −λ ± √(λ² − ω₀²):
//     a = (r₁e^(r₂t) − r₂e^(r₁t))/(r₁ − r₂)         b = (e^(r₁t) − e^(r₂t))/(r₁ − r₂)
//
// Settling: a motion has settled at the first time T after which |x(t)| ≤ ε
// for every t ≥ T (|·| is the Euclidean norm over components). We bound
// |x(t)| by an envelope that decays monotonically (the exponential times the
// oscillation's amplitude), solve the envelope for ε to get T₁ ≥ T, then
// walk back from T₁ in steps of at most T₁/1024 and an eighth of a
// half-period until |x| exceeds ε, and bisect that step for the crossing.

extension Spring {
    private enum Regime {
        case underDamped(decay: Double, frequency: Double)
        case critical(decay: Double)
        case overDamped(slow: Double, fast: Double)
    }

    private var regime: Regime {
        let decay = damping / (2 * mass)
        let omega0 = naturalFrequency
        let ratio = decay / omega0
        if abs(ratio - 1) < 1e-9 {
            return .critical(decay: decay)
        }
        if ratio < 1 {
            return .underDamped(decay: decay, frequency: omega0 * (1 - ratio * ratio).squareRoot())
        }
        let root = (decay * decay - omega0 * omega0).squareRoot()
        return .overDamped(slow: -decay + root, fast: -decay - root)
    }

    /// The unit responses at `time` seconds (time ≥ 0).
    func unitResponse(at time: Double) -> UnitResponse {
        switch regime {
        case .underDamped(let decay, let frequency):
            let e = Elementary.exp(-decay * time)
            let c = Elementary.cos(frequency * time)
            let s = Elementary.sin(frequency * time)
            let ratio = decay / frequency
            let omega0Squared = decay * decay + frequency * frequency
            return UnitResponse(
                a: e * (c + ratio * s),
                da: -e * s * omega0Squared / frequency,
                b: e * s / frequency,
                db: e * (c - ratio * s)
            )
        case .critical(let decay):
            let e = Elementary.exp(-decay * time)
            return UnitResponse(
                a: e * (1 + decay * time),
                da: -decay * decay * time * e,
                b: time * e,
                db: e * (1 - decay * time)
            )
        case .overDamped(let r1, let r2):
            let e1 = Elementary.exp(r1 * time)
            let e2 = Elementary.exp(r2 * time)
            let span = r1 - r2
            return UnitResponse(
                a: (r1 * e2 - r2 * e1) / span,
                da: r1 * r2 * (e2 - e1) / span,
                b: (e1 - e2) / span,
                db: (r1 * e1 - r2 * e2) / span
            )
        }
    }

    /// A time after which |x(t)| ≤ `epsilon` surely holds, from a decaying
    /// envelope of the motion; infinite when the spring is undamped.
    func settlingBound(_ state: StateNorms, epsilon: Double) -> Double {
        let x = state.displacementSquared.squareRoot()
        switch regime {
        case .underDamped(let decay, let frequency):
            guard decay > 0 else { return .infinity }
            // |x(t)| ≤ e^(−λt)(|x₀| + |v₀ + λx₀|/ω_d).
            let w = max(state.velocitySquared + 2 * decay * state.dot + decay * decay * state.displacementSquared, 0).squareRoot()
            let amplitude = x + w / frequency
            return amplitude > epsilon ? Elementary.log(amplitude / epsilon) / decay : 0
        case .critical(let decay):
            // |x(t)| ≤ (|x₀| + |v₀ + λx₀|·t)·e^(−λt), unimodal in t.
            let w = max(state.velocitySquared + 2 * decay * state.dot + decay * decay * state.displacementSquared, 0).squareRoot()
            let envelope = { (t: Double) in (x + w * t) * Elementary.exp(-decay * t) }
            let peak = w > 0 ? max(0, (w - decay * x) / (decay * w)) : 0
            if envelope(peak) <= epsilon { return 0 }
            var lower = peak
            var upper = peak + 1 / decay
            while envelope(upper) > epsilon {
                lower = upper
                upper = peak + 2 * (upper - peak)
            }
            for _ in 0..<200 where upper - lower > 1e-12 * upper {
                let middle = 0.5 * (lower + upper)
                if envelope(middle) > epsilon {
                    lower = middle
                } else {
                    upper = middle
                }
            }
            return upper
        case .overDamped(let r1, let r2):
            // x(t) = p·e^(r₁t) + q·e^(r₂t), so |x(t)| ≤ (|p| + |q|)·e^(r₁t).
            let span = r1 - r2
            let pSquared = state.velocitySquared - 2 * r2 * state.dot + r2 * r2 * state.displacementSquared
            let qSquared = r1 * r1 * state.displacementSquared - 2 * r1 * state.dot + state.velocitySquared
            let amplitude = (max(pSquared, 0).squareRoot() + max(qSquared, 0).squareRoot()) / span
            return amplitude > epsilon ? Elementary.log(amplitude / epsilon) / -r1 : 0
        }
    }

    /// The longest step that cannot skip a whole oscillation when scanning
    /// back for the settling crossing.
    var settlingScanStep: Double {
        if case .underDamped(_, let frequency) = regime {
            return Double.pi / frequency / 8
        }
        return .infinity
    }

    /// The settling time of `state` within `relativeEpsilon` of a scale:
    /// the largest of `scale`, |x₀| and |v₀|/ω₀ (the amplitude an initial
    /// velocity alone would give). Zero when all three are zero.
    func settlingTime(_ state: StateNorms, relativeEpsilon: Double, scale: Double) -> Double {
        let epsilon = relativeEpsilon * Self.settlingScale(state, scale: scale, naturalFrequency: naturalFrequency)
        return epsilon > 0 ? settlingTime(state, epsilon: epsilon) : 0
    }

    static func settlingScale(_ state: StateNorms, scale: Double, naturalFrequency: Double) -> Double {
        max(scale, state.displacementSquared.squareRoot(), state.velocitySquared.squareRoot() / naturalFrequency)
    }

    /// The settling time of `state`: the first time after which |x(t)| stays
    /// within `epsilon`.
    func settlingTime(_ state: StateNorms, epsilon: Double) -> Double {
        settlingTime(state, epsilon: epsilon, bound: settlingBound(state, epsilon: epsilon), scanStep: settlingScanStep) {
            unitResponse(at: $0)
        }
    }

    /// Finds the last time |x(t)| crosses `epsilon` before `bound`, knowing
    /// |x| ≤ epsilon from `bound` on.
    func settlingTime(
        _ state: StateNorms,
        epsilon: Double,
        bound: Double,
        scanStep: Double,
        response: (Double) -> UnitResponse
    ) -> Double {
        guard bound.isFinite else { return .infinity }
        guard bound > 0 else { return 0 }
        let step = min(bound / 1024, scanStep)
        var upper = bound
        var iterations = 0
        while upper > 0, iterations < 1_000_000 {
            iterations += 1
            let lower = max(upper - step, 0)
            if state.displacement(response(lower)) > epsilon {
                var low = lower
                var high = upper
                for _ in 0..<80 where high - low > 1e-13 * max(high, 1) {
                    let middle = 0.5 * (low + high)
                    if state.displacement(response(middle)) > epsilon {
                        low = middle
                    } else {
                        high = middle
                    }
                }
                return high
            }
            upper = lower
        }
        return 0
    }
}
