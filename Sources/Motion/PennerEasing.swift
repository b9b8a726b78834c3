// Robert Penner's easing equations ("Robert Penner's Easing Functions",
// 2001; the forms below are the normalised ones of easings.net), on a unit
// input x in [0, 1].
//
// Invariants: every function maps 0 → 0 and 1 → 1 exactly (the Expo and
// Elastic forms special-case the ends, whose closed forms miss them by
// 2^-10). In/Out/InOut are related by out(x) = 1 − in(1 − x) and
// inOut(x) = in(2x)/2 below one half, (1 + out(2x − 1))/2 above.
// Back overshoots below 0 (In) or above 1 (Out) by about 10%; Elastic
// oscillates past both ends; Bounce touches 1 (Out) several times and is not
// monotonic. Sine, Quad, Cubic, Quart, Quint, Expo and Circ are monotonic.

/// One of Penner's named easing curves; the raw value is its name in the
/// timeline format (`easeOutBack`).
public enum PennerEasing: String, CaseIterable, Sendable, Hashable {
    /// A quarter sine wave: in is 1 − cos(πx/2).
    case easeInSine, easeOutSine, easeInOutSine
    /// Second power: in is x².
    case easeInQuad, easeOutQuad, easeInOutQuad
    /// Third power: in is x³.
    case easeInCubic, easeOutCubic, easeInOutCubic
    /// Fourth power: in is x⁴.
    case easeInQuart, easeOutQuart, easeInOutQuart
    /// Fifth power: in is x⁵.
    case easeInQuint, easeOutQuint, easeInOutQuint
    /// Exponential: in is 2^(10x − 10), exactly 0 at 0.
    case easeInExpo, easeOutExpo, easeInOutExpo
    /// A quarter circle: in is 1 − √(1 − x²).
    case easeInCirc, easeOutCirc, easeInOutCirc
    /// Pulls back before going (overshoot constant 1.70158; 1.70158 × 1.525 for in-out).
    case easeInBack, easeOutBack, easeInOutBack
    /// A decaying sine: in is −2^(10x − 10)·sin((10x − 10.75)·2π/3).
    case easeInElastic, easeOutElastic, easeInOutElastic
    /// A ball bouncing to rest: out is four parabolic arcs (7.5625x² and shifts by 1/2.75).
    case easeInBounce, easeOutBounce, easeInOutBounce

    /// The eased progress at unit time `x` (not clamped; callers clamp).
    public func value(at x: Double) -> Double {
        switch self {
        case .easeInSine: return 1 - Elementary.cos(x * .pi / 2)
        case .easeOutSine: return Elementary.sin(x * .pi / 2)
        case .easeInOutSine: return -(Elementary.cos(.pi * x) - 1) / 2
        case .easeInQuad: return x * x
        case .easeOutQuad: return 1 - (1 - x) * (1 - x)
        case .easeInOutQuad: return Self.inOutPower(x, 2)
        case .easeInCubic: return x * x * x
        case .easeOutCubic: return 1 - Self.power(1 - x, 3)
        case .easeInOutCubic: return Self.inOutPower(x, 3)
        case .easeInQuart: return Self.power(x, 4)
        case .easeOutQuart: return 1 - Self.power(1 - x, 4)
        case .easeInOutQuart: return Self.inOutPower(x, 4)
        case .easeInQuint: return Self.power(x, 5)
        case .easeOutQuint: return 1 - Self.power(1 - x, 5)
        case .easeInOutQuint: return Self.inOutPower(x, 5)
        case .easeInExpo: return x <= 0 ? 0 : Elementary.exp2(10 * x - 10)
        case .easeOutExpo: return x >= 1 ? 1 : 1 - Elementary.exp2(-10 * x)
        case .easeInOutExpo:
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            return x < 0.5 ? Elementary.exp2(20 * x - 10) / 2 : (2 - Elementary.exp2(-20 * x + 10)) / 2
        case .easeInCirc: return 1 - (1 - x * x).squareRoot()
        case .easeOutCirc: return (1 - (x - 1) * (x - 1)).squareRoot()
        case .easeInOutCirc:
            return x < 0.5
                ? (1 - (1 - 4 * x * x).squareRoot()) / 2
                : ((1 - (-2 * x + 2) * (-2 * x + 2)).squareRoot() + 1) / 2
        case .easeInBack:
            return Self.backC3 * x * x * x - Self.backC1 * x * x
        case .easeOutBack:
            let y = x - 1
            return 1 + Self.backC3 * y * y * y + Self.backC1 * y * y
        case .easeInOutBack:
            let c2 = Self.backC1 * 1.525
            if x < 0.5 {
                return (4 * x * x * ((c2 + 1) * 2 * x - c2)) / 2
            }
            let y = 2 * x - 2
            return (y * y * ((c2 + 1) * y + c2) + 2) / 2
        case .easeInElastic:
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            return -Elementary.exp2(10 * x - 10) * Elementary.sin((10 * x - 10.75) * Self.elasticC4)
        case .easeOutElastic:
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            return Elementary.exp2(-10 * x) * Elementary.sin((10 * x - 0.75) * Self.elasticC4) + 1
        case .easeInOutElastic:
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let s = Elementary.sin((20 * x - 11.125) * Self.elasticC5)
            return x < 0.5
                ? -(Elementary.exp2(20 * x - 10) * s) / 2
                : (Elementary.exp2(-20 * x + 10) * s) / 2 + 1
        case .easeInBounce: return 1 - Self.bounceOut(1 - x)
        case .easeOutBounce: return Self.bounceOut(x)
        case .easeInOutBounce:
            return x < 0.5 ? (1 - Self.bounceOut(1 - 2 * x)) / 2 : (1 + Self.bounceOut(2 * x - 1)) / 2
        }
    }

    private static let backC1 = 1.70158
    private static let backC3 = backC1 + 1
    private static let elasticC4 = 2 * Double.pi / 3
    private static let elasticC5 = 2 * Double.pi / 4.5

    private static func power(_ x: Double, _ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n {
            result *= x
        }
        return result
    }

    private static func inOutPower(_ x: Double, _ n: Int) -> Double {
        if x < 0.5 {
            return power(2, n - 1) * power(x, n)
        }
        return 1 - power(-2 * x + 2, n) / 2
    }

    private static func bounceOut(_ x: Double) -> Double {
        let n1 = 7.5625
        let d1 = 2.75
        if x < 1 / d1 {
            return n1 * x * x
        } else if x < 2 / d1 {
            let y = x - 1.5 / d1
            return n1 * y * y + 0.75
        } else if x < 2.5 / d1 {
            let y = x - 2.25 / d1
            return n1 * y * y + 0.9375
        } else {
            let y = x - 2.625 / d1
            return n1 * y * y + 0.984375
        }
    }
}
