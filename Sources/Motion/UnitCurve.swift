/// A function from unit input time to unit progress, as SwiftUI's
/// `UnitCurve`: the shape of a timing-curve animation.
///
/// Every curve maps 0 to 0 and 1 to 1; inputs are clamped to [0, 1].
/// Bézier curves whose control points have y in [0, 1] are monotonic; the
/// Back and Elastic curves overshoot and the Bounce curves are not monotonic.
/// Curves with the same behaviour compare equal (`bezier(0, 0, 1, 1)` is
/// `linear`).
public struct UnitCurve: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case linear
        case bezier(BezierTiming)
        case penner(PennerEasing)
        case steps(Int)
    }

    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    /// Constant speed: progress equals input time.
    public static let linear = UnitCurve(storage: .linear)

    /// CSS `ease-in`: the Bézier curve (0.42, 0) (1, 1).
    public static let easeIn = UnitCurve.bezier(0.42, 0, 1, 1)

    /// CSS `ease-out`: the Bézier curve (0, 0) (0.58, 1).
    public static let easeOut = UnitCurve.bezier(0, 0, 0.58, 1)

    /// CSS `ease-in-out`: the Bézier curve (0.42, 0) (0.58, 1).
    public static let easeInOut = UnitCurve.bezier(0.42, 0, 0.58, 1)

    /// SwiftUI's `circularEaseIn`: Penner's `easeInCirc`.
    public static let circularEaseIn = UnitCurve.penner(.easeInCirc)

    /// SwiftUI's `circularEaseOut`: Penner's `easeOutCirc`.
    public static let circularEaseOut = UnitCurve.penner(.easeOutCirc)

    /// SwiftUI's `circularEaseInOut`: Penner's `easeInOutCirc`.
    public static let circularEaseInOut = UnitCurve.penner(.easeInOutCirc)

    /// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points
    /// (c0x, c0y) and (c1x, c1y), as CSS `cubic-bezier` and SwiftUI's
    /// `UnitCurve.bezier(startControlPoint:endControlPoint:)`.
    ///
    /// The x coordinates are clamped to [0, 1] (which makes x monotonic, so
    /// the curve is a function of time); y is free and may overshoot.
    public static func bezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) -> UnitCurve {
        let timing = BezierTiming(c0x: min(max(c0x, 0), 1), c0y: c0y, c1x: min(max(c1x, 0), 1), c1y: c1y)
        if timing.c0x == timing.c0y, timing.c1x == timing.c1y {
            return .linear
        }
        return UnitCurve(storage: .bezier(timing))
    }

    /// One of Robert Penner's easing equations.
    public static func penner(_ easing: PennerEasing) -> UnitCurve {
        UnitCurve(storage: .penner(easing))
    }

    /// CSS `steps(count)` (`jump-end`): `count` equal jumps, the first at
    /// 1/count; the progress is `floor(x · count) / count`, and 1 at x = 1.
    ///
    /// - Parameter count: the number of steps, at least 1 (smaller counts are raised to 1).
    public static func steps(_ count: Int) -> UnitCurve {
        UnitCurve(storage: .steps(max(count, 1)))
    }

    /// The progress at unit input time `time`, clamped to [0, 1].
    public func value(at time: Double) -> Double {
        // The ends are exact for every curve, whatever the rounding of its formula.
        if !(time > 0) { return 0 }
        if time >= 1 { return 1 }
        let x = time
        switch storage {
        case .linear:
            return x
        case .bezier(let timing):
            return timing.value(at: x)
        case .penner(let easing):
            return easing.value(at: x)
        case .steps(let count):
            return (x * Double(count)).rounded(.down) / Double(count)
        }
    }

    /// The derivative of the progress with respect to unit input time at `time`.
    ///
    /// Bézier curves are differentiated exactly (dy/dx at the solved
    /// parameter); Penner curves by a central difference of step 1e-6; steps
    /// have zero velocity between jumps.
    public func velocity(at time: Double) -> Double {
        let x = min(max(time, 0), 1)
        switch storage {
        case .linear:
            return 1
        case .bezier(let timing):
            return timing.velocity(at: x)
        case .penner(let easing):
            let h = 1e-6
            let lower = max(x - h, 0)
            let upper = min(x + h, 1)
            return (easing.value(at: upper) - easing.value(at: lower)) / (upper - lower)
        case .steps:
            return 0
        }
    }
}
