import XCTest

@testable import Geometry

final class AffineTransformTests: XCTestCase {
    func testTransformTimesInverseIsIdentity() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let t = AffineTransform(
                a: .random(in: -3...3, using: &generator), b: .random(in: -3...3, using: &generator),
                c: .random(in: -3...3, using: &generator), d: .random(in: -3...3, using: &generator),
                tx: .random(in: -100...100, using: &generator), ty: .random(in: -100...100, using: &generator))
            guard abs(t.a * t.d - t.b * t.c) > 1e-3, let inverse = t.inverted else { continue }
            let p = Point(x: .random(in: -50...50, using: &generator), y: .random(in: -50...50, using: &generator))
            let q = inverse.apply(t.apply(p))
            XCTAssertEqual(q.x, p.x, accuracy: 1e-6)
            XCTAssertEqual(q.y, p.y, accuracy: 1e-6)
            let identity = t.concatenating(inverse)
            XCTAssertEqual(identity.a, 1, accuracy: 1e-9)
            XCTAssertEqual(identity.d, 1, accuracy: 1e-9)
            XCTAssertEqual(identity.tx, 0, accuracy: 1e-6)
        }
    }

    func testConcatenationAppliesSelfFirst() {
        let scale = AffineTransform(scaleX: 2, y: 3)
        let move = AffineTransform(translationX: 10, y: 20)
        XCTAssertEqual(scale.concatenating(move).apply(Point(x: 1, y: 1)), Point(x: 12, y: 23))
        XCTAssertEqual(move.concatenating(scale).apply(Point(x: 1, y: 1)), Point(x: 22, y: 63))
    }

    func testSingularTransformHasNoInverse() {
        XCTAssertNil(AffineTransform(scaleX: 0, y: 1).inverted)
    }
}

final class PathTests: XCTestCase {
    func segments(_ path: Path, tolerance: Double = Path.defaultTolerance) -> [(Point, Point)] {
        var result: [(Point, Point)] = []
        path.flatten(transform: .identity, tolerance: tolerance) { result.append(($0, $1)) }
        return result
    }

    func testFlattenedEllipseStaysWithinTolerance() {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 120))
        for tolerance in [0.01, 0.02, 0.25] {
            var outside = 0
            for (a, b) in segments(path, tolerance: tolerance) {
                for p in [a, b.interpolated(to: a, 0.5)] {
                    // The distance to the ellipse, to first order: F / |∇F| for F = u² + v² − 1.
                    let u = (p.x - 100) / 100, v = (p.y - 60) / 60
                    let gradient = ((u / 50) * (u / 50) + (v / 30) * (v / 30)).squareRoot()
                    let distance = (u * u + v * v - 1) / gradient
                    // Within the tolerance of the four cubics, which stray up to 0.027 px (2.7·10⁻⁴
                    // of the 100 px radius) outside the ellipse.
                    XCTAssertLessThanOrEqual(distance, tolerance + 0.028, "tolerance \(tolerance)")
                    XCTAssertGreaterThanOrEqual(distance, -tolerance - 0.002, "tolerance \(tolerance)")
                    if distance > 0.002 { outside += 1 }
                }
            }
            // The polyline lies on both sides of the curve, not inside it.
            XCTAssertGreaterThan(outside, 0, "tolerance \(tolerance)")
        }
    }

    /// Chords alone lose area on every curve: two thirds of their sagitta times their length,
    /// here about 2 % of the area per pixel of tolerance. Moving their shared points out
    /// balances it, but for the first and last chord of each curve, half of whose loss
    /// remains: a tenth of that.
    func testFlatteningKeepsTheCurvesArea() {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 120))
        path.move(to: Point(x: 0, y: 200))
        path.addCurve(to: Point(x: 150, y: 210), control1: Point(x: 40, y: 120), control2: Point(x: 120, y: 320))
        path.addQuadCurve(to: Point(x: 60, y: 300), control: Point(x: 200, y: 330))
        path.closeSubpath()
        let exact = path.signedArea(tolerance: 0.0005)
        for tolerance in [0.02, 0.1, 0.25] {
            XCTAssertEqual(path.signedArea(tolerance: tolerance), exact, accuracy: abs(exact) * 0.002 * tolerance, "tolerance \(tolerance)")
        }
    }

    /// Cubics that bend unevenly (random control points 300 px apart) take steps sized to
    /// their curvature: every vertex and chord midpoint stays within the tolerance of the
    /// curve, the area is kept as on an ellipse, and it takes far fewer segments than
    /// uniform steps (Wang's bound, `0.75·max|D|/sagitta` squared-rooted).
    func testUnevenCubicsTakeFewerSegmentsWithinTheTolerance() {
        var generator = SeededGenerator(seed: 7)
        let tolerance = Path.defaultTolerance
        var segmentsTaken = 0, uniformSteps = 0
        for _ in 0..<20 {
            func p() -> Point { Point(x: .random(in: 0...300, using: &generator), y: .random(in: 0...300, using: &generator)) }
            let p0 = p(), c1 = p(), c2 = p(), p3 = p()
            var path = Path()
            path.move(to: p0)
            path.addCurve(to: p3, control1: c1, control2: c2)
            var polyline: [(Point, Point)] = []
            path.flatten(transform: .identity, tolerance: tolerance, closeSubpaths: false) { polyline.append(($0, $1)) }
            segmentsTaken += polyline.count
            let d0 = p0 - c1 * 2 + c2, d1 = c1 - c2 * 2 + p3
            uniformSteps += Int((0.75 * max(d0.length, d1.length) / (1.5 * tolerance)).squareRoot().rounded(.up))
            // The curve, finely: 10,000 chords within 10⁻³ px of it.
            let fine = (0...10_000).map { k -> Point in
                let t = Double(k) / 10_000, mt = 1 - t
                return p0 * (mt * mt * mt) + c1 * (3 * mt * mt * t) + c2 * (3 * mt * t * t) + p3 * (t * t * t)
            }
            func distanceToCurve(_ q: Point) -> Double {
                var best = Double.infinity
                for k in 1..<fine.count {
                    let a = fine[k - 1], ab = fine[k] - a
                    let lengthSquared = ab.x * ab.x + ab.y * ab.y
                    let s = lengthSquared > 0 ? min(max(((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / lengthSquared, 0), 1) : 0
                    best = min(best, (q - (a + ab * s)).length)
                }
                return best
            }
            for (a, b) in polyline {
                XCTAssertLessThanOrEqual(distanceToCurve(a), tolerance + 1e-3)
                XCTAssertLessThanOrEqual(distanceToCurve(a.interpolated(to: b, 0.5)), tolerance + 1e-3)
            }
        }
        XCTAssertLessThan(Double(segmentsTaken), 0.7 * Double(uniformSteps), "\(segmentsTaken) segments against \(uniformSteps) uniform steps")
    }

    /// An uneven cubic's step length is estimated in single precision, whose range ends
    /// near 3·10³⁸: a curve 3·10²⁰ px long that bends by 10⁴ px (its squared speed far
    /// beyond that range) and one 10⁻¹⁸ px across still end at their end points, in
    /// finitely many segments (at most the 1,000 a curve may take), every one finite.
    func testUnevenCubicsBeyondSinglePrecisionStillFlatten() {
        let curves: [(Point, Point, Point, Point)] = [
            (Point(x: 0, y: 0), Point(x: 1e20, y: 1e4), Point(x: 2e20, y: 0), Point(x: 3e20, y: 0)),
            (Point(x: 0, y: 0), Point(x: 290e-20, y: 300e-20), Point(x: 5e-20, y: 280e-20), Point(x: 300e-20, y: 10e-20)),
        ]
        for (p0, c1, c2, p3) in curves {
            var path = Path()
            path.move(to: p0)
            path.addCurve(to: p3, control1: c1, control2: c2)
            var polyline: [(Point, Point)] = []
            path.flatten(transform: .identity, closeSubpaths: false) { polyline.append(($0, $1)) }
            XCTAssertFalse(polyline.isEmpty, "\(p3)")
            XCTAssertLessThanOrEqual(polyline.count, 1000, "\(p3)")
            XCTAssertEqual(polyline.last?.1, p3, "\(p3)")
            for (a, b) in polyline {
                XCTAssertTrue(a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite, "\(p3)")
            }
        }
        // The long one takes curvature-sized steps (the short one is one segment).
        let sagitta = 1.5 * Path.defaultTolerance
        let (p0, c1, c2, p3) = curves[0]
        let whole = Path.segmentCount(0.75 * max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p3).length) / sagitta)
        XCTAssertTrue(CubicSteps(p0, c1, c2, p3, sagitta: sagitta, shortest: 1 / Double(whole)).bendsUnevenly(comparedWith: whole))
    }

    func testFillFlatteningClosesEverySubpath() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addLine(to: Point(x: 10, y: 10))
        let s = segments(path)
        XCTAssertEqual(s.count, 3)
        XCTAssertEqual(s.last?.1, Point(x: 0, y: 0))
    }

    func testSVGPathDataAbsoluteAndRelative() throws {
        let a = try Path(svgPathData: "M10 10 L 20 10 L20,20 Z")
        let b = try Path(svgPathData: "m10 10 l10 0 0 10 z")
        XCTAssertEqual(a.points, b.points)
        XCTAssertEqual(a.verbs, [.move, .line, .line, .close])
        let h = try Path(svgPathData: "M0 0H10V5h-5v-1")
        XCTAssertEqual(h.points.last, Point(x: 5, y: 4))
    }

    func testSVGSmoothCurvesReflectControlPoints() throws {
        let p = try Path(svgPathData: "M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Q 25 5 30 0 T 40 0")
        XCTAssertEqual(p.verbs, [.move, .cubic, .cubic, .quad, .quad])
        XCTAssertEqual(p.points[4], Point(x: 10, y: -10))  // reflection of (10, 10) about (10, 0)
        XCTAssertEqual(p.points[9], Point(x: 35, y: -5))  // reflection of (25, 5) about (30, 0)
    }

    func testSVGArcEndsAtItsEndpointAndBulgesTheRightWay() throws {
        let p = try Path(svgPathData: "M 0 0 A 10 10 0 0 1 20 0")
        let end = p.points.last!
        XCTAssertEqual(end.x, 20, accuracy: 1e-9)
        XCTAssertEqual(end.y, 0, accuracy: 1e-9)
        // Sweep flag 1 is clockwise on screen (y down): from (0,0) to (20,0) it passes above, y = -10.
        let minY = p.points.map(\.y).min()!
        XCTAssertLessThan(minY, -9)
    }

    func testSVGPathDataErrorsCarryOffsets() {
        XCTAssertThrowsError(try Path(svgPathData: "L 10 10")) { XCTAssertEqual(($0 as? PathDataError)?.offset, 0) }
        XCTAssertThrowsError(try Path(svgPathData: "M 10 10 X 5")) { XCTAssertEqual(($0 as? PathDataError)?.offset, 8) }
        XCTAssertThrowsError(try Path(svgPathData: "M 10")) { error in
            XCTAssertEqual((error as? PathDataError)?.message, "expected a number, found the end of the path data")
        }
        XCTAssertThrowsError(try Path(svgPathData: "M 1e999 0"))
    }
}
