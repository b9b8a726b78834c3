// The CIEDE2000 colour difference.
//
// Formulas and test data: G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000
// color-difference formula: implementation notes, supplementary test data, and
// mathematical observations", Color Research & Application 30(1), 2005. The
// parametric factors kL, kC, kH are 1 (reference conditions). The result is
// symmetric and 0 only for equal colours; it is not a metric (the triangle
// inequality can fail by a little), and a difference of about 1 is the
// just-noticeable difference for large uniform patches.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CIELab {
    /// The CIEDE2000 difference between `self` and `other`, 0 or more (about 1 is just noticeable).
    public func deltaE2000(_ other: CIELab) -> Double {
        let pow25to7 = 6_103_515_625.0
        let c1 = (a * a + b * b).squareRoot(), c2 = (other.a * other.a + other.b * other.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let cMean7 = Self.seventhPower(cMean)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25to7)).squareRoot())
        let a1 = (1 + g) * a, a2 = (1 + g) * other.a
        let cp1 = (a1 * a1 + b * b).squareRoot(), cp2 = (a2 * a2 + other.b * other.b).squareRoot()
        let dL = other.l - l
        let dC = cp2 - cp1
        let lMean = (l + other.l) / 2
        let cpMean = (cp1 + cp2) / 2
        let hue = Self.hueTerms(a1, b, cp1, a2, other.b, cp2)
        let t = Self.hueWeight(cos: hue.cosMean, sin: hue.sinMean)
        let dH = hue.dH
        let hMean = hue.mean
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cpMean7 = Self.seventhPower(cpMean)
        let rC = 2 * (cpMean7 / (cpMean7 + pow25to7)).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(Self.radians(2 * dTheta)) * rC
        let x = dL / sL, y = dC / sC, z = dH / sH
        return max(x * x + y * y + z * z + rT * y * z, 0).squareRoot()
    }

    /// The hue angle of (a, b) in degrees, 0 ..< 360; 0 for a neutral colour.
    private static func hueDegrees(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * 180 / Double.pi
        return h < 0 ? h + 360 : h
    }

    private static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    private static func seventhPower(_ x: Double) -> Double {
        let x2 = x * x, x4 = x2 * x2
        return x4 * x2 * x
    }

    /// ΔH′ (the hue difference scaled by chroma) and the mean hue h̄′ (degrees, with its
    /// cosine and sine) of two colours with primed coordinates (a′, b) and chroma C′.
    ///
    /// Where both chromas are non-zero and the hues are not opposite, both come from the
    /// hue vectors without their angles' sines: ΔH′² = 4 C′₁C′₂ sin²(Δh′/2) = 2 (C′₁C′₂ −
    /// a′₁a′₂ − b₁b₂), signed as Δh′ is (the cross product's sign), and the mean hue, the
    /// bisector of the smaller angle between the hues as Sharma's rules choose it, is the
    /// direction of the sum of the two unit hue vectors. Elsewhere, the formulas as written.
    private static func hueTerms(
        _ a1: Double, _ b1: Double, _ c1: Double, _ a2: Double, _ b2: Double, _ c2: Double
    ) -> (dH: Double, mean: Double, cosMean: Double, sinMean: Double) {
        let product = c1 * c2
        let cross = a1 * b2 - b1 * a2, dot = a1 * a2 + b1 * b2
        if product != 0 && (cross != 0 || dot > 0) {
            let magnitude = max(2 * (product - dot), 0).squareRoot()
            let dH = cross < 0 ? -magnitude : magnitude
            let x = a1 / c1 + a2 / c2, y = b1 / c1 + b2 / c2
            let length = (x * x + y * y).squareRoot()
            let degrees = atan2(y, x) * 180 / Double.pi
            return (dH, degrees < 0 ? degrees + 360 : degrees, x / length, y / length)
        }
        let hp1 = hueDegrees(b1, a1), hp2 = hueDegrees(b2, a2)
        var dh = 0.0
        if product != 0 {
            dh = hp2 - hp1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * product.squareRoot() * sin(radians(dh / 2))
        var hMean = hp1 + hp2
        if product != 0 {
            if abs(hp1 - hp2) <= 180 {
                hMean /= 2
            } else {
                hMean = hMean < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2
            }
        }
        return (dH, hMean, cos(radians(hMean)), sin(radians(hMean)))
    }

    /// T = 1 − 0.17 cos(h − 30°) + 0.24 cos 2h + 0.32 cos(3h + 6°) − 0.20 cos(4h − 63°), from
    /// h's cosine and sine, the multiples of h by the angle-sum identities.
    private static func hueWeight(cos c1: Double, sin s1: Double) -> Double {
        let c2 = c1 * c1 - s1 * s1, s2 = 2 * s1 * c1
        let c3 = c2 * c1 - s2 * s1, s3 = s2 * c1 + c2 * s1
        let c4 = c2 * c2 - s2 * s2, s4 = 2 * s2 * c2
        return 1 - 0.17 * (c1 * cos30 + s1 * 0.5) + 0.24 * c2 + 0.32 * (c3 * cos6 - s3 * sin6) - 0.20 * (c4 * cos63 + s4 * sin63)
    }

    // Sines and cosines of 6°, 30° and 63°.
    private static let cos30 = 0.8660254037844387
    private static let cos6 = 0.9945218953682733, sin6 = 0.10452846326765347
    private static let cos63 = 0.4539904997395468, sin63 = 0.8910065241883678
}
