extension Spring {
    /// The value, at `time` seconds, of a move that starts at zero with
    /// `initialVelocity` and heads for `target` (SwiftUI's
    /// `Spring.value(target:initialVelocity:time:)`).
    ///
    /// - Parameters:
    ///   - target: the amount of change; the value tends to it.
    ///   - initialVelocity: the value's rate of change at time 0, per second; default zero.
    ///   - time: seconds since the start, at least 0.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let response = unitResponse(at: max(time, 0))
        // Displacement from the target starts at −target.
        return target.scaled(by: 1 - response.a) + initialVelocity.scaled(by: response.b)
    }

    /// The velocity, at `time` seconds, of the move that `value(target:initialVelocity:time:)` describes.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let response = unitResponse(at: max(time, 0))
        return target.scaled(by: -response.da) + initialVelocity.scaled(by: response.db)
    }

    /// The time in seconds after which the move towards `target` stays within
    /// `epsilon` of it (a Euclidean distance, in the value's units).
    ///
    /// This is the exact last crossing of the threshold, not an estimate;
    /// infinite for an undamped spring, 0 when the motion never leaves the
    /// threshold.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        // x₀ = −target; x₀·v₀ by the polarisation identity.
        let dot = -((target + initialVelocity).magnitudeSquared - (target - initialVelocity).magnitudeSquared) / 4
        let state = StateNorms(
            displacementSquared: target.magnitudeSquared,
            dot: dot,
            velocitySquared: initialVelocity.magnitudeSquared
        )
        return settlingTime(state, epsilon: max(epsilon, 1e-12))
    }
}
