// A cubic Bézier timing function from (0, 0) to (1, 1), evaluated as y(x).
//
// The curve is (x(s), y(s)) for a parameter s in [0, 1], both cubic
// polynomials in power form. To read y at an input time x we first solve
// x(s) = x for s, then evaluate y(s):
//   1. Newton's method from s = x, at most 8 steps, while the derivative is
//      usable and s stays in [0, 1];
//   2. otherwise bisection on [0, 1], which always converges because the
//      control points' x lie in [0, 1], making x(s) non-decreasing.
// Both stop when |x(s) − x| ≤ 1e-9, well inside the 1e-6 the format
// promises. The method is the one of WebKit's UnitBezier and of Core
// Animation's media timing functions.

/// A cubic Bézier timing function; see `UnitCurve.bezier`.
struct BezierTiming: Sendable, Hashable {
    let c0x: Double
    let c0y: Double
    let c1x: Double
    let c1y: Double

    static let tolerance = 1e-9

    init(c0x: Double, c0y: Double, c1x: Double, c1y: Double) {
        self.c0x = c0x
        self.c0y = c0y
        self.c1x = c1x
        self.c1y = c1y
    }

    private var xCoefficients: (a: Double, b: Double, c: Double) {
        Self.coefficients(c0x, c1x)
    }

    private var yCoefficients: (a: Double, b: Double, c: Double) {
        Self.coefficients(c0y, c1y)
    }

    private static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    private static func evaluate(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double {
        ((k.a * s + k.b) * s + k.c) * s
    }

    private static func derivative(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double {
        (3 * k.a * s + 2 * k.b) * s + k.c
    }

    /// The curve parameter s whose x is `x` (x in [0, 1]).
    func parameter(for x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let kx = xCoefficients
        var s = x
        for _ in 0..<8 {
            let error = Self.evaluate(kx, s) - x
            if abs(error) <= Self.tolerance { return s }
            let slope = Self.derivative(kx, s)
            if abs(slope) < 1e-7 { break }
            s -= error / slope
            if !(0...1).contains(s) { break }
        }
        var lower = 0.0
        var upper = 1.0
        s = x
        for _ in 0..<100 {
            let error = Self.evaluate(kx, s) - x
            if abs(error) <= Self.tolerance { break }
            if error < 0 {
                lower = s
            } else {
                upper = s
            }
            s = 0.5 * (lower + upper)
        }
        return s
    }

    /// y at input time `x`.
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.evaluate(yCoefficients, parameter(for: x))
    }

    /// dy/dx at input time `x`.
    func velocity(at x: Double) -> Double {
        let s = parameter(for: x)
        let kx = xCoefficients
        let ky = yCoefficients
        let dx = Self.derivative(kx, s)
        if abs(dx) > 1e-9 {
            return Self.derivative(ky, s) / dx
        }
        // x(s) is stationary here (a control point with x = 0 or 1 at an
        // end): dy/dx is the limit of the derivatives' ratio, by l'Hôpital's
        // rule the ratio of the first non-vanishing higher derivatives.
        let ddx = 6 * kx.a * s + 2 * kx.b
        if abs(ddx) > 1e-9 {
            return (6 * ky.a * s + 2 * ky.b) / ddx
        }
        return abs(kx.a) > 1e-12 ? ky.a / kx.a : 0
    }
}
