import XCTest

@testable import Motion

final class UnitCurveTests: XCTestCase {
    /// An independent solve of a Bézier timing curve: Bernstein form and
    /// plain bisection to the limit of double precision.
    private func referenceBezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, at x: Double) -> Double {
        // The ends are the curve's definition; bisection cannot reach them
        // where x(s) is flat.
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let t = 1 - s
            return 3 * t * t * s * p1 + 3 * t * s * s * p2 + s * s * s
        }
        var lower = 0.0
        var upper = 1.0
        for _ in 0..<200 {
            let middle = (lower + upper) / 2
            if bernstein(c0x, c1x, middle) < x {
                lower = middle
            } else {
                upper = middle
            }
        }
        return bernstein(c0y, c1y, (lower + upper) / 2)
    }

    private let bezierCases: [(Double, Double, Double, Double)] = [
        (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
        (0.2, 0.8, 0.2, 1), (0.25, 0.1, 0.25, 1), (0.9, 0.1, 0.1, 0.9),
        (0, 0, 0, 1), (1, 0, 1, 0), (0.2, 1.6, 0.3, -0.6), (0.68, -0.55, 0.265, 1.55),
    ]

    func testBezierAgreesWithAnIndependentSolveAtAThousandPoints() {
        for (c0x, c0y, c1x, c1y) in bezierCases {
            let curve = UnitCurve.bezier(c0x, c0y, c1x, c1y)
            for index in 0...1000 {
                let x = Double(index) / 1000
                let expected = referenceBezier(c0x, c0y, c1x, c1y, at: x)
                XCTAssertEqual(curve.value(at: x), expected, accuracy: 1e-6, "bezier(\(c0x), \(c0y), \(c1x), \(c1y)) at \(x)")
            }
        }
    }

    func testPresetsAreTheCSSBeziers() {
        for index in 0...200 {
            let x = Double(index) / 200
            XCTAssertEqual(UnitCurve.easeIn.value(at: x), referenceBezier(0.42, 0, 1, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(UnitCurve.easeOut.value(at: x), referenceBezier(0, 0, 0.58, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(UnitCurve.easeInOut.value(at: x), referenceBezier(0.42, 0, 0.58, 1, at: x), accuracy: 1e-6)
        }
        XCTAssertEqual(UnitCurve.bezier(0, 0, 1, 1), .linear)
        XCTAssertEqual(UnitCurve.bezier(0.3, 0.3, 0.6, 0.6), .linear)
    }

    private var allCurves: [UnitCurve] {
        [.linear, .easeIn, .easeOut, .easeInOut, .steps(1), .steps(4)]
            + bezierCases.map { UnitCurve.bezier($0.0, $0.1, $0.2, $0.3) }
            + PennerEasing.allCases.map { UnitCurve.penner($0) }
    }

    func testEveryCurveMapsZeroToZeroAndOneToOne() {
        for curve in allCurves {
            XCTAssertEqual(curve.value(at: 0), 0, "\(curve)")
            XCTAssertEqual(curve.value(at: 1), 1, "\(curve)")
            XCTAssertEqual(curve.value(at: -3), 0, "\(curve)")
            XCTAssertEqual(curve.value(at: 7), 1, "\(curve)")
        }
        for easing in PennerEasing.allCases {
            XCTAssertEqual(easing.value(at: 0), 0, accuracy: 1e-12, "\(easing)")
            XCTAssertEqual(easing.value(at: 1), 1, accuracy: 1e-12, "\(easing)")
        }
    }

    func testCurvesAreMonotonicWhereTheirShapeMakesThemSo() {
        var monotonic: [UnitCurve] = [.linear, .easeIn, .easeOut, .easeInOut, .steps(5)]
        monotonic += bezierCases.filter { (0...1).contains($0.1) && (0...1).contains($0.3) }.map { UnitCurve.bezier($0.0, $0.1, $0.2, $0.3) }
        let monotonicEasings: [PennerEasing] = PennerEasing.allCases.filter { easing in
            !["Back", "Elastic", "Bounce"].contains { easing.rawValue.hasSuffix($0) }
        }
        monotonic += monotonicEasings.map { UnitCurve.penner($0) }
        XCTAssertEqual(monotonicEasings.count, 21)
        for curve in monotonic {
            var previous = curve.value(at: 0)
            for index in 1...10_000 {
                let value = curve.value(at: Double(index) / 10_000)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "\(curve) at \(index)")
                previous = value
            }
        }
        // And the ones that are documented not to be.
        XCTAssertGreaterThan(UnitCurve.penner(.easeOutBack).value(at: 0.6), 1)
        XCTAssertLessThan(UnitCurve.penner(.easeInBack).value(at: 0.3), 0)
        let cssBackOut = UnitCurve.bezier(0.175, 0.885, 0.32, 1.275)
        XCTAssertGreaterThan((0...100).map { cssBackOut.value(at: Double($0) / 100) }.max()!, 1.05)
    }

    func testVelocityIsTheDerivativeOfTheValue() {
        let curves = [UnitCurve.easeIn, .easeOut, .easeInOut, .bezier(0.2, 1.6, 0.3, -0.6), .linear]
            + [PennerEasing.easeInOutSine, .easeOutBack, .easeInCubic, .easeOutExpo].map { UnitCurve.penner($0) }
        for curve in curves {
            for index in 1..<100 {
                let x = Double(index) / 100
                let h = 1e-5
                let slope = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                XCTAssertEqual(curve.velocity(at: x), slope, accuracy: 1e-4 * max(1, abs(slope)), "\(curve) at \(x)")
            }
        }
        // Ease-out's first control point is the origin: dy/dx is the limit
        // y''/x'' = 6/(6·0.58) there.
        XCTAssertEqual(UnitCurve.easeOut.velocity(at: 0), 1 / 0.58, accuracy: 1e-9)
        XCTAssertEqual(UnitCurve.easeIn.velocity(at: 0), 0, accuracy: 1e-9)
    }

    func testPennerFormulasAtKnownPoints() {
        XCTAssertEqual(PennerEasing.easeInOutQuad.value(at: 0.25), 0.125, accuracy: 1e-15)
        XCTAssertEqual(PennerEasing.easeInOutCubic.value(at: 0.25), 0.0625, accuracy: 1e-15)
        XCTAssertEqual(PennerEasing.easeOutBounce.value(at: 0.5), 0.765625, accuracy: 1e-12)
        XCTAssertEqual(PennerEasing.easeInExpo.value(at: 0.5), 0.03125, accuracy: 1e-15)
        XCTAssertEqual(PennerEasing.easeInOutSine.value(at: 0.5), 0.5, accuracy: 1e-15)
        XCTAssertEqual(PennerEasing.easeInCirc.value(at: 0.6), 0.2, accuracy: 1e-15)
        // Symmetries that tie the three forms of each family together.
        let families = ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"]
        for family in families {
            let easeIn = PennerEasing(rawValue: "easeIn" + family)!
            let easeOut = PennerEasing(rawValue: "easeOut" + family)!
            let easeInOut = PennerEasing(rawValue: "easeInOut" + family)!
            for index in 0...100 {
                let x = Double(index) / 100
                XCTAssertEqual(easeOut.value(at: x), 1 - easeIn.value(at: 1 - x), accuracy: 1e-9, "\(family) out at \(x)")
                XCTAssertEqual(easeInOut.value(at: x), 1 - easeInOut.value(at: 1 - x), accuracy: 1e-9, "\(family) in-out at \(x)")
            }
        }
    }

    func testStepsJumpAtTheEndOfEachStep() {
        let curve = UnitCurve.steps(4)
        XCTAssertEqual(curve.value(at: 0.2499), 0)
        XCTAssertEqual(curve.value(at: 0.25), 0.25)
        XCTAssertEqual(curve.value(at: 0.74), 0.5)
        XCTAssertEqual(curve.value(at: 0.9999), 0.75)
        XCTAssertEqual(curve.value(at: 1), 1)
        XCTAssertEqual(UnitCurve.steps(0), .steps(1))
    }
}
