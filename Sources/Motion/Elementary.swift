// Elementary functions (exp, log, sin, cos) for Motion, written on the
// standard library alone so that the module needs no C library and every
// platform computes bit-identical curves.
//
// Method (the classic fdlibm structure, with plain Taylor kernels):
//   1. Argument reduction: exp and log reduce by ln 2, sin and cos by π/2,
//      using Cody–Waite split constants so the reduction itself is exact for
//      the argument ranges that animation uses (|x| below about 1e6).
//   2. A polynomial kernel on the reduced interval, summed with Horner's rule;
//      the truncation error of every kernel is below 1e-17 relative.
//   3. Reconstruction: scaling by a power of two (exp, log) or a quadrant swap
//      (sin, cos).
// Accuracy: within a few ulps of the correctly rounded result in the ranges
// above (the tests compare with the C library). Outside them sin and cos lose
// accuracy gradually; animation never evaluates them there.

enum Elementary {
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let ln2 = 0.693147180559945309417232121458

    /// e raised to `x`.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        let k = (x / ln2).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo
        // Taylor series of e^r for |r| ≤ 0.35; 1/n! coefficients, n = 0…14.
        var sum = 1.0 / 87_178_291_200
        sum = sum * r + 1.0 / 6_227_020_800
        sum = sum * r + 1.0 / 479_001_600
        sum = sum * r + 1.0 / 39_916_800
        sum = sum * r + 1.0 / 3_628_800
        sum = sum * r + 1.0 / 362_880
        sum = sum * r + 1.0 / 40_320
        sum = sum * r + 1.0 / 5_040
        sum = sum * r + 1.0 / 720
        sum = sum * r + 1.0 / 120
        sum = sum * r + 1.0 / 24
        sum = sum * r + 1.0 / 6
        sum = sum * r + 0.5
        sum = sum * r + 1
        sum = sum * r + 1
        return scaleByPowerOfTwo(sum, Int(k))
    }

    /// 2 raised to `x`.
    static func exp2(_ x: Double) -> Double {
        if x == x.rounded(), abs(x) < 1000 { return scaleByPowerOfTwo(1, Int(x)) }
        return exp(x * ln2)
    }

    /// The natural logarithm of `x`; −∞ at 0 and NaN for negative input.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        var exponent = Double(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m *= 0.5
            exponent += 1
        }
        // log m = 2·atanh(z) with z = (m − 1)/(m + 1), |z| ≤ 0.1716.
        let z = (m - 1) / (m + 1)
        let z2 = z * z
        var series = 1.0 / 25
        var n = 23.0
        while n >= 1 {
            series = series * z2 + 1 / n
            n -= 2
        }
        let logM = 2 * z * series
        return exponent * ln2Hi + (exponent * ln2Lo + logM)
    }

    /// The sine of `x` (radians).
    static func sin(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        let (r, quadrant) = reduceByHalfPi(x)
        switch quadrant & 3 {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// The cosine of `x` (radians).
    static func cos(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        let (r, quadrant) = reduceByHalfPi(x)
        switch quadrant & 3 {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// `x` raised to `y` for positive `x`.
    static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x == 0 { return y > 0 ? 0 : .infinity }
        return exp(y * log(x))
    }

    private static func scaleByPowerOfTwo(_ value: Double, _ k: Int) -> Double {
        // Two steps keep 2^k representable when the result is subnormal or
        // close to overflow.
        let half = k / 2
        let first = Double(sign: .plus, exponent: half, significand: 1)
        let second = Double(sign: .plus, exponent: k - half, significand: 1)
        return value * first * second
    }

    private static let pio2Part1 = 1.57079632673412561417e+00
    private static let pio2Part2 = 6.07710050630396597660e-11
    private static let pio2Part3 = 2.02226624871116645580e-21
    private static let twoOverPi = 6.36619772367581382433e-01

    private static func reduceByHalfPi(_ x: Double) -> (Double, Int) {
        if abs(x) <= 0.7853981633974483 { return (x, 0) }
        let n = (x * twoOverPi).rounded()
        let r = ((x - n * pio2Part1) - n * pio2Part2) - n * pio2Part3
        let quadrant = Int(n.truncatingRemainder(dividingBy: 4))
        return (r, quadrant < 0 ? quadrant + 4 : quadrant)
    }

    /// Taylor series of sin on [−π/4, π/4], terms to r¹⁹.
    private static func sinKernel(_ r: Double) -> Double {
        let r2 = r * r
        var sum = -1.0 / 121_645_100_408_832_000
        sum = sum * r2 + 1.0 / 355_687_428_096_000
        sum = sum * r2 - 1.0 / 1_307_674_368_000
        sum = sum * r2 + 1.0 / 6_227_020_800
        sum = sum * r2 - 1.0 / 39_916_800
        sum = sum * r2 + 1.0 / 362_880
        sum = sum * r2 - 1.0 / 5_040
        sum = sum * r2 + 1.0 / 120
        sum = sum * r2 - 1.0 / 6
        return r + r * r2 * sum
    }

    /// Taylor series of cos on [−π/4, π/4], terms to r²⁰.
    private static func cosKernel(_ r: Double) -> Double {
        let r2 = r * r
        var sum = 1.0 / 2_432_902_008_176_640_000
        sum = sum * r2 - 1.0 / 6_402_373_705_728_000
        sum = sum * r2 + 1.0 / 20_922_789_888_000
        sum = sum * r2 - 1.0 / 87_178_291_200
        sum = sum * r2 + 1.0 / 479_001_600
        sum = sum * r2 - 1.0 / 3_628_800
        sum = sum * r2 + 1.0 / 40_320
        sum = sum * r2 - 1.0 / 720
        sum = sum * r2 + 1.0 / 24
        let tail = r2 * r2 * sum
        let half = 0.5 * r2
        // 1 − r²/2 loses bits when r²/2 is near 1/2; computing (1 − h) apart
        // from its rounding error keeps the result within an ulp.
        let w = 1 - half
        return w + (((1 - w) - half) + tail)
    }
}
