/// A damped harmonic oscillator, as SwiftUI's `Spring`: the physical model
/// behind every spring animation and spring keyframe.
///
/// The spring moves a value towards a target with
/// `m·x'' = −k·x − c·x'`, where `x` is the displacement from the target,
/// `m` the mass, `k` the stiffness and `c` the damping. SwiftUI's
/// perceptual parameters map onto it as:
/// - `response` (= `duration`) is the undamped period, `2π·√(m/k)`;
/// - `dampingRatio` is `c / (2·√(k·m))`: 1 is critically damped, less
///   oscillates, more creeps (over-damped);
/// - `bounce` is `1 − dampingRatio` when the ratio is at most 1 and
///   `1 / dampingRatio − 1` above (so bounce 0.3 is ratio 0.7 and bounce
///   −0.5 is ratio 2).
///
/// `Spring(duration: 0.5, bounce: 0.3)` has stiffness 157.9 and damping
/// 17.6; `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.63
/// and bounce 0.5, as Apple's documentation states.
public struct Spring: Sendable, Hashable {
    /// The mass of the moving object, greater than 0 (default 1).
    public let mass: Double
    /// The spring coefficient k, in mass units per second squared, greater than 0.
    public let stiffness: Double
    /// The friction coefficient c, in mass units per second, at least 0.
    public let damping: Double

    /// Creates a spring from its physical coefficients.
    ///
    /// - Parameters:
    ///   - mass: the moving mass, greater than 0; default 1.
    ///   - stiffness: the spring coefficient, greater than 0.
    ///   - damping: the friction coefficient, at least 0.
    ///   - allowOverDamping: when false (the default, as in SwiftUI), a
    ///     damping above critical is lowered to critical damping.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let mass = mass > 0 ? mass : 1
        let stiffness = max(stiffness, .leastNormalMagnitude)
        var damping = max(damping, 0)
        let critical = 2 * (stiffness * mass).squareRoot()
        if !allowOverDamping, damping > critical {
            damping = critical
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Creates a spring from SwiftUI's perceptual parameters.
    ///
    /// - Parameters:
    ///   - duration: the pace of the spring in seconds (its undamped period),
    ///     greater than 0; default 0.5.
    ///   - bounce: from −1 (exclusive; strongly over-damped) through 0
    ///     (critically damped) to 1 (undamped); default 0. Values outside
    ///     the range are clamped.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: Self.dampingRatio(bounce: bounce))
    }

    /// Creates a spring from a response (undamped period, seconds, greater
    /// than 0) and a damping ratio (at least 0; above 1 is over-damped).
    public init(response: Double, dampingRatio: Double) {
        let response = response > 0 ? response : .leastNormalMagnitude
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * max(dampingRatio, 0) / response, allowOverDamping: true)
    }

    /// Creates a spring that settles in about `settlingDuration` seconds when
    /// moving a unit distance from rest.
    ///
    /// - Parameters:
    ///   - settlingDuration: seconds until every later value stays within
    ///     `epsilon` of the target, greater than 0.
    ///   - dampingRatio: the damping ratio, greater than 0.
    ///   - epsilon: the settling threshold for a unit move; default 0.001.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        // For a move from rest the motion scales with the response, so the
        // settling time of a unit-response spring gives the response directly.
        let unit = Spring(response: 1, dampingRatio: dampingRatio)
        let unitSettling = unit.settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: epsilon)
        let response = unitSettling.isFinite && unitSettling > 0 ? settlingDuration / unitSettling : settlingDuration
        self.init(response: response, dampingRatio: dampingRatio)
    }

    /// The default spring: duration 0.5, bounce 0 (the same as `smooth`).
    public init() {
        self.init(duration: 0.5, bounce: 0)
    }

    /// A smooth spring with no bounce: duration 0.5, bounce 0.
    public static let smooth = Spring.smooth()

    /// A snappy spring with a little bounce: duration 0.5, bounce 0.15.
    public static let snappy = Spring.snappy()

    /// A bouncy spring: duration 0.5, bounce 0.3.
    public static let bouncy = Spring.bouncy()

    /// A smooth spring with bounce `extraBounce` (default 0) and the given
    /// duration (default 0.5 s).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring with bounce `0.15 + extraBounce` and the given
    /// duration (default 0.5 s).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring with bounce `0.3 + extraBounce` and the given duration
    /// (default 0.5 s).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// SwiftUI's mapping from bounce to damping ratio: `1 − bounce` for
    /// bounce ≥ 0, `1 / (1 + bounce)` below; bounce is clamped to (−1, 1].
    public static func dampingRatio(bounce: Double) -> Double {
        let bounce = min(max(bounce, -0.999_999), 1)
        return bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
    }

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// The perceptual duration in seconds: the undamped period 2π/ω₀.
    public var duration: Double {
        2 * Double.pi / naturalFrequency
    }

    /// The same as `duration`, under SwiftUI's older name.
    public var response: Double {
        duration
    }

    /// The damping as a fraction of critical damping, c / (2√(k·m)).
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// How bouncy the spring is: `1 − dampingRatio` up to critical damping,
    /// `1 / dampingRatio − 1` when over-damped; in (−1, 1].
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// The time in seconds for a move of 1 from rest to stay within 0.001 of
    /// its target from then on (SwiftUI's definition of `settlingDuration`);
    /// infinite for an undamped spring.
    public var settlingDuration: Double {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }
}
