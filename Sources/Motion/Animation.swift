/// How a state change moves a value from its old to its new model value
/// over time, as SwiftUI's `Animation`: a base curve plus modifiers.
///
/// Three kinds of base exist, as in SwiftUI:
/// - timing curves (`linear`, `easeInOut`, `timingCurve`, `steps`, Penner's
///   curves) run for a fixed duration and add their effect to other running
///   animations;
/// - `spring(response:dampingFraction:blendDuration:)` and the presets built
///   on it (`spring(duration:bounce:)`, `smooth`, `snappy`, `bouncy`,
///   `interactiveSpring`, `default`) take over the running animations of the
///   value: they start from its current presentation value and velocity;
/// - `interpolatingSpring` runs a spring from 0 to 1 and, like a timing
///   curve, adds its effect to other running animations.
///
/// Modifiers apply in the order written, each wrapping what precedes it:
/// `easeIn.delay(1).repeatCount(2)` waits before each of the two passes,
/// `easeIn.repeatCount(2).delay(1)` waits once.
///
/// Equality is structural: two animations are equal when they have equal
/// bases and modifiers (so `.smooth` equals `.spring(duration: 0.5, bounce: 0)`).
public struct Animation: Sendable, Hashable {
    /// The motion an animation is built on.
    public enum Base: Sendable, Hashable {
        /// A timing curve over `duration` seconds (at least 0).
        case timingCurve(UnitCurve, duration: Double)
        /// SwiftUI's merging spring: response (seconds, > 0), damping
        /// fraction (≥ 0) and blend duration (seconds over which a change of
        /// response from a running spring is eased in, ≥ 0).
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
        /// SwiftUI's additive spring, from 0 to 1 with an initial velocity
        /// in units of the whole change per second.
        case interpolatingSpring(Spring, initialVelocity: Double)
    }

    /// A change to the timing of the animation it follows.
    public enum Modifier: Sendable, Hashable {
        /// Waits `seconds` (at least 0) before starting.
        case delay(Double)
        /// Runs `factor` times as fast (greater than 0).
        case speed(Double)
        /// Plays `count` passes (nil: forever); with `autoreverses`, every
        /// odd pass runs backwards and counts as one of the `count`.
        case repeating(count: Int?, autoreverses: Bool)
    }

    /// The base curve or spring.
    public var base: Base

    /// The modifiers, innermost (first written) first.
    public var modifiers: [Modifier]

    /// Creates an animation from a base and modifiers (innermost first).
    public init(base: Base, modifiers: [Modifier] = []) {
        self.base = base
        self.modifiers = modifiers
    }

    /// The duration of every preset that is given none: 0.35 s.
    public static let defaultDuration = 0.35

    // MARK: Timing curves

    /// A timing-curve animation over `duration` seconds (default 0.35).
    public static func timing(_ curve: UnitCurve, duration: Double = defaultDuration) -> Animation {
        Animation(base: .timingCurve(curve, duration: duration))
    }

    /// Constant speed for 0.35 s.
    public static let linear = Animation.timing(.linear, duration: defaultDuration)

    /// Constant speed for `duration` seconds (default 0.35).
    public static func linear(duration: Double = defaultDuration) -> Animation {
        timing(.linear, duration: duration)
    }

    /// The ease-in Bézier (0.42, 0, 1, 1) for 0.35 s.
    public static let easeIn = Animation.timing(.easeIn, duration: defaultDuration)

    /// The ease-in Bézier (0.42, 0, 1, 1) for `duration` seconds (default 0.35).
    public static func easeIn(duration: Double = defaultDuration) -> Animation {
        timing(.easeIn, duration: duration)
    }

    /// The ease-out Bézier (0, 0, 0.58, 1) for 0.35 s.
    public static let easeOut = Animation.timing(.easeOut, duration: defaultDuration)

    /// The ease-out Bézier (0, 0, 0.58, 1) for `duration` seconds (default 0.35).
    public static func easeOut(duration: Double = defaultDuration) -> Animation {
        timing(.easeOut, duration: duration)
    }

    /// The ease-in-out Bézier (0.42, 0, 0.58, 1) for 0.35 s.
    public static let easeInOut = Animation.timing(.easeInOut, duration: defaultDuration)

    /// The ease-in-out Bézier (0.42, 0, 0.58, 1) for `duration` seconds (default 0.35).
    public static func easeInOut(duration: Double = defaultDuration) -> Animation {
        timing(.easeInOut, duration: duration)
    }

    /// A cubic Bézier timing curve with control points (c0x, c0y) and
    /// (c1x, c1y) for `duration` seconds (default 0.35); x is clamped to [0, 1].
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = defaultDuration
    ) -> Animation {
        timing(.bezier(c0x, c0y, c1x, c1y), duration: duration)
    }

    /// CSS's name for `timingCurve`.
    public static func cubicBezier(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = defaultDuration
    ) -> Animation {
        timingCurve(c0x, c0y, c1x, c1y, duration: duration)
    }

    /// CSS `steps(count)` (jump-end) over `duration` seconds (default 0.35).
    public static func steps(_ count: Int, duration: Double = defaultDuration) -> Animation {
        timing(.steps(count), duration: duration)
    }

    /// One of Penner's easing curves over `duration` seconds (default 0.35).
    public static func penner(_ easing: PennerEasing, duration: Double = defaultDuration) -> Animation {
        timing(.penner(easing), duration: duration)
    }

    // MARK: Merging springs

    /// SwiftUI's `spring`: `spring(duration: 0.5, bounce: 0)`, a critically
    /// damped spring with response 0.5 s.
    ///
    /// Since iOS 17 SwiftUI's `.spring` and `.spring()` resolve to the
    /// duration-and-bounce overload, the `response:` one being the
    /// disfavoured overload; the 0.825 damping fraction applies only when
    /// `response:` or `dampingFraction:` is written.
    public static let spring = Animation(base: .spring(response: 0.5, dampingFraction: 1, blendDuration: 0))

    /// A spring that takes over running animations, keeping their velocity.
    ///
    /// - Parameters:
    ///   - response: the undamped period in seconds, greater than 0; default 0.5.
    ///   - dampingFraction: the damping ratio, at least 0; default 0.825.
    ///   - blendDuration: seconds over which a change of response from a
    ///     running spring is eased in; default 0.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(base: .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A merging spring from SwiftUI's perceptual parameters: response
    /// `duration` and damping fraction `1 − bounce` (bounce ≥ 0) or
    /// `1 / (1 + bounce)` (bounce < 0).
    ///
    /// - Parameters:
    ///   - duration: the pace in seconds, greater than 0; default 0.5.
    ///   - bounce: in (−1, 1]; default 0.
    ///   - blendDuration: as in `spring(response:dampingFraction:blendDuration:)`; default 0.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: Spring.dampingRatio(bounce: bounce), blendDuration: blendDuration)
    }

    /// SwiftUI's `interactiveSpring`: `interactiveSpring(duration: 0.15,
    /// extraBounce: 0, blendDuration: 0.25)`, that is response 0.15, damping
    /// fraction 0.85 (bounce 0.15) and blend 0.25 (the `response:` overload
    /// is the disfavoured one, as for `spring`).
    public static let interactiveSpring = Animation.spring(duration: 0.15, bounce: 0.15, blendDuration: 0.25)

    /// A stiff merging spring meant for interactive motion; defaults
    /// response 0.15, damping fraction 0.86, blend duration 0.25.
    @_disfavoredOverload
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A stiff merging spring with bounce `0.15 + extraBounce`; defaults
    /// duration 0.15, extra bounce 0, blend duration 0.25.
    public static func interactiveSpring(
        duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
    ) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// A merging spring with no bounce: duration 0.5, bounce 0.
    public static let smooth = Animation.spring(duration: 0.5, bounce: 0, blendDuration: 0)

    /// A merging spring with bounce `extraBounce`; default duration 0.5, extra bounce 0.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }

    /// A merging spring with a little bounce: duration 0.5, bounce 0.15.
    public static let snappy = Animation.spring(duration: 0.5, bounce: 0.15, blendDuration: 0)

    /// A merging spring with bounce `0.15 + extraBounce`; default duration 0.5, extra bounce 0.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A merging spring with more bounce: duration 0.5, bounce 0.3.
    public static let bouncy = Animation.spring(duration: 0.5, bounce: 0.3, blendDuration: 0)

    /// A merging spring with bounce `0.3 + extraBounce`; default duration 0.5, extra bounce 0.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// iOS 17's default animation: `spring(response: 0.55, dampingFraction: 1)`
    /// (stiffness 130.51, damping 22.85).
    public static let `default` = Animation(base: .spring(response: 0.55, dampingFraction: 1, blendDuration: 0))

    /// A merging spring with the motion of `spring`.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        self.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    // MARK: Additive springs

    /// SwiftUI's `interpolatingSpring`: duration 0.5, bounce 0.
    public static let interpolatingSpring = Animation.interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 0)

    /// An additive spring from physical coefficients; as in SwiftUI, damping
    /// above critical is treated as critical.
    ///
    /// - Parameters:
    ///   - mass: greater than 0; default 1.
    ///   - stiffness: greater than 0.
    ///   - damping: at least 0.
    ///   - initialVelocity: in units of the whole change per second; default 0.
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        Animation(base: .interpolatingSpring(Spring(mass: mass, stiffness: stiffness, damping: damping), initialVelocity: initialVelocity))
    }

    /// An additive spring from perceptual parameters (see `spring(duration:bounce:blendDuration:)`).
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        let spring = Spring(duration: duration, bounce: bounce)
        return interpolatingSpring(mass: 1, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: initialVelocity)
    }

    // MARK: Modifiers

    /// Waits `delay` seconds (at least 0) before the animation starts.
    public func delay(_ delay: Double) -> Animation {
        appending(.delay(delay))
    }

    /// Plays the animation `speed` times as fast (greater than 0).
    public func speed(_ speed: Double) -> Animation {
        appending(.speed(speed))
    }

    /// Plays the animation `repeatCount` times (values below 1 play once).
    /// With `autoreverses` (the default), every second pass runs backwards
    /// and counts as one of the passes; when the last pass ends, the value
    /// jumps to its new model value, as in SwiftUI, so an even count with
    /// autoreverse ends with a jump from the start value to the end value.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        appending(.repeating(count: max(repeatCount, 1), autoreverses: autoreverses))
    }

    /// Plays the animation forever, autoreversing unless told otherwise.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        appending(.repeating(count: nil, autoreverses: autoreverses))
    }

    private func appending(_ modifier: Modifier) -> Animation {
        Animation(base: base, modifiers: modifiers + [modifier])
    }

    // MARK: Properties

    /// Whether the animation takes over the value's running animations (and
    /// their velocity) instead of adding to them: true for merging springs
    /// whose only modifiers are speed changes.
    public var mergesWithRunningAnimations: Bool {
        guard case .spring = base else { return false }
        return modifiers.allSatisfy {
            if case .speed = $0 { return true }
            return false
        }
    }

    /// The spring behind a spring animation, nil for timing curves.
    public var underlyingSpring: Spring? {
        switch base {
        case .timingCurve:
            return nil
        case .spring(let response, let dampingFraction, _):
            return Spring(response: response, dampingRatio: dampingFraction)
        case .interpolatingSpring(let spring, _):
            return spring
        }
    }

    /// The curve of a timing-curve animation, nil for springs.
    public var unitCurve: UnitCurve? {
        if case .timingCurve(let curve, _) = base {
            return curve
        }
        return nil
    }
}
