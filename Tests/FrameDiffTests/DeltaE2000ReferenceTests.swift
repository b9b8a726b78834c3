import FrameDiff
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// CIEDE2000 as computed against the formula written step by step as Sharma, Wu & Dalal
/// (2005) give it (hue angles by atan2, their differences and means by the paper's rules),
/// on random colours and on the cases the rules single out: neutral colours, hues 180°
/// apart, means that wrap past 360°, equal hues.
final class DeltaE2000ReferenceTests: XCTestCase {
    func testMatchesTheStepByStepFormula() {
        var random = SeededSequence(state: 2005)
        func uniform(_ range: ClosedRange<Double>) -> Double { random.uniform(range) }
        var pairs: [(CIELab, CIELab)] = []
        for _ in 0..<20000 {
            let p = CIELab(l: uniform(0...100), a: uniform(-128...128), b: uniform(-128...128))
            // Near colours (a codec's noise) as well as far ones.
            let spread = [0.01, 1, 5, 100][pairs.count % 4]
            let q = CIELab(l: p.l + uniform(-spread...spread), a: p.a + uniform(-spread...spread), b: p.b + uniform(-spread...spread))
            pairs.append((p, q))
        }
        pairs += [
            (CIELab(l: 50, a: 0, b: 0), CIELab(l: 60, a: 0, b: 0)),
            (CIELab(l: 50, a: 0, b: 0), CIELab(l: 50, a: -3, b: 4)),
            (CIELab(l: 50, a: 10, b: 10), CIELab(l: 55, a: -10, b: -10)),
            (CIELab(l: 50, a: 10, b: 0), CIELab(l: 50, a: -20, b: 0)),
            (CIELab(l: 40, a: 30, b: -1), CIELab(l: 45, a: 30, b: 1)),
            (CIELab(l: 40, a: 5, b: 20), CIELab(l: 42, a: 10, b: 40)),
            (CIELab(l: 70, a: -5, b: -0.0001), CIELab(l: 70, a: -5, b: 0.0001)),
        ]
        var largest = 0.0
        for (p, q) in pairs {
            let expected = Self.stepByStep(p, q)
            largest = max(largest, abs(p.deltaE2000(q) - expected))
            XCTAssertEqual(p.deltaE2000(q), expected, accuracy: 1e-6, "\(p) → \(q)")
        }
        print("CIEDE2000 against the step-by-step formula: largest difference \(largest) over \(pairs.count) pairs")
    }

    /// Equations (1)–(23) of the paper, kL = kC = kH = 1.
    private static func stepByStep(_ p: CIELab, _ q: CIELab) -> Double {
        func degrees(_ r: Double) -> Double { r * 180 / .pi }
        func radians(_ d: Double) -> Double { d * .pi / 180 }
        let c1 = hypot(p.a, p.b), c2 = hypot(q.a, q.b)
        let cBar = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(cBar, 7) / (pow(cBar, 7) + pow(25, 7))))
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let cp1 = hypot(a1, p.b), cp2 = hypot(a2, q.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = degrees(atan2(b, a))
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let dL = q.l - p.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * sqrt(cp1 * cp2) * sin(radians(dh / 2))
        let lBar = (p.l + q.l) / 2, cpBar = (cp1 + cp2) / 2
        var hBar = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { hBar /= 2 } else if h1 + h2 < 360 { hBar = (h1 + h2 + 360) / 2 } else { hBar = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos(radians(hBar - 30)) + 0.24 * cos(radians(2 * hBar)) + 0.32 * cos(radians(3 * hBar + 6))
            - 0.20 * cos(radians(4 * hBar - 63))
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let rC = 2 * sqrt(pow(cpBar, 7) / (pow(cpBar, 7) + pow(25, 7)))
        let sL = 1 + 0.015 * pow(lBar - 50, 2) / sqrt(20 + pow(lBar - 50, 2))
        let sC = 1 + 0.045 * cpBar, sH = 1 + 0.015 * cpBar * t
        let rT = -sin(radians(2 * dTheta)) * rC
        return sqrt(pow(dL / sL, 2) + pow(dC / sC, 2) + pow(dH / sH, 2) + rT * (dC / sC) * (dH / sH))
    }
}
