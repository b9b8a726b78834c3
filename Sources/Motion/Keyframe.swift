/// One step of a keyframe track, as SwiftUI's `MoveKeyframe`,
/// `LinearKeyframe`, `CubicKeyframe` and `SpringKeyframe`, plus `hold`.
///
/// Each keyframe starts where the previous one ended (the first where the
/// track starts) and ends at its value after its duration. Values and
/// velocities have one number per component of the animated value; missing
/// components count as 0 and extra ones are ignored. Durations are in
/// seconds; negative ones count as 0.
public enum Keyframe: Sendable, Hashable {
    /// Jumps to `to` at once (SwiftUI's `MoveKeyframe`); ends at rest.
    case move(to: [Double])

    /// Interpolates in a straight line to `to` over `duration`, paced by
    /// `timingCurve` (SwiftUI's `LinearKeyframe`; default `.linear`).
    case linear(to: [Double], duration: Double, timingCurve: UnitCurve = .linear)

    /// A cubic Hermite segment to `to` over `duration` (SwiftUI's
    /// `CubicKeyframe`). Without explicit velocities, runs of cubic
    /// keyframes form a Catmull-Rom spline; see `KeyframeTimeline`.
    case cubic(to: [Double], duration: Double, startVelocity: [Double]? = nil, endVelocity: [Double]? = nil)

    /// A spring towards `to` (SwiftUI's `SpringKeyframe`), starting with the
    /// velocity the previous segment ended with unless `startVelocity` is
    /// given. With no `duration` the segment lasts until the spring has
    /// settled; a shorter duration cuts the spring off where it is, and the
    /// next keyframe starts from there. The default spring is `Spring()`
    /// (duration 0.5, bounce 0), as in SwiftUI.
    case spring(to: [Double], duration: Double? = nil, spring: Spring = Spring(), startVelocity: [Double]? = nil)

    /// Jumps to `at` and stays there, at rest, for `duration`.
    case hold(at: [Double], duration: Double)

    /// The value the keyframe ends at (for a spring cut short, the value it heads for).
    public var value: [Double] {
        switch self {
        case .move(let to), .linear(let to, _, _), .cubic(let to, _, _, _), .spring(let to, _, _, _), .hold(let to, _):
            return to
        }
    }

    /// The duration the keyframe was given: 0 for `move`, nil for a spring
    /// that lasts until it settles.
    public var duration: Double? {
        switch self {
        case .move:
            return 0
        case .linear(_, let duration, _), .cubic(_, let duration, _, _), .hold(_, let duration):
            return max(duration, 0)
        case .spring(_, let duration, _, _):
            return duration.map { max($0, 0) }
        }
    }
}
