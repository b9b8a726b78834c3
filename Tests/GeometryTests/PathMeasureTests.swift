import XCTest

@testable import Geometry

final class PathMeasureTests: XCTestCase {
    func testLineAndPolygonLengths() {
        var path = Path()
        path.addRect(Rect(x: 1, y: 2, width: 30, height: 40))
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 3, y: 4))
        let m = PathMeasure(path)
        XCTAssertEqual(m.contours.count, 2)
        XCTAssertEqual(m.contours[0].length, 140, accuracy: 1e-12)
        XCTAssertTrue(m.contours[0].isClosed)
        XCTAssertEqual(m.contours[1].length, 5, accuracy: 1e-12)
        XCTAssertEqual(m.length, 145, accuracy: 1e-12)
    }

    /// A quadratic's length in closed form, compared with the quadrature.
    func testQuadraticLengthMatchesClosedForm() {
        let p0 = Point(x: 0, y: 0), c = Point(x: 50, y: 80), p1 = Point(x: 100, y: 0)
        var path = Path()
        path.move(to: p0)
        path.addQuadCurve(to: p1, control: c)
        // B'(t) = A + B t with A = 2(c − p0), B = 2(p0 − 2c + p1); integrate |A + B t|.
        let a = (c - p0) * 2, b = (p0 - c * 2 + p1) * 2
        let bb = b.x * b.x + b.y * b.y, ab = a.x * b.x + a.y * b.y, aa = a.x * a.x + a.y * a.y
        func primitive(_ t: Double) -> Double {
            let u = t + ab / bb
            let k = aa / bb - (ab / bb) * (ab / bb)
            let s = (u * u + k).squareRoot()
            return bb.squareRoot() * 0.5 * (u * s + k * log(u + s))
        }
        XCTAssertEqual(PathMeasure(path).length, primitive(1) - primitive(0), accuracy: 1e-9)
    }

    func testCircleLengthAndHalfway() {
        var path = Path()
        path.addEllipse(in: Rect(x: -50, y: -50, width: 100, height: 100))
        let m = PathMeasure(path)
        // The four-cubic circle is slightly longer than the true one (by < 0.03 %).
        XCTAssertEqual(m.length, 2 * Double.pi * 50, accuracy: 2 * Double.pi * 50 * 3e-4)
        let (p, t) = m.pointAndTangent(ofContour: 0, atLength: m.length / 2)
        XCTAssertEqual(p.x, -50, accuracy: 1e-6)
        XCTAssertEqual(p.y, 0, accuracy: 1e-6)
        XCTAssertEqual(t.y, -1, accuracy: 1e-6)
    }

    /// Pieces cut at random lengths add up to the whole, and each piece has the length asked for.
    func testPiecesHaveTheRequestedLengths() {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            var path = Path()
            path.move(to: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)))
            path.addCurve(
                to: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)),
                control1: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)),
                control2: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)))
            path.addQuadCurve(
                to: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)),
                control: Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)))
            let m = PathMeasure(path)
            let a = Double.random(in: 0...m.length, using: &g), b = Double.random(in: 0...m.length, using: &g)
            let (s0, s1) = (min(a, b), max(a, b))
            var piece = Path()
            m.appendPiece(ofContour: 0, from: s0, to: s1, to: &piece)
            XCTAssertEqual(PathMeasure(piece).length, s1 - s0, accuracy: 1e-6 * m.length)
            let start = m.pointAndTangent(ofContour: 0, atLength: s0).0
            XCTAssertEqual(((piece.points.first ?? .zero) - start).length, 0, accuracy: 1e-6)
        }
    }
}

final class TrimTests: XCTestCase {
    func testFullRangeIsIdentityAndEmptyRangeIsEmpty() {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(path.trimmedPath(from: 0, to: 1), path)
        XCTAssertEqual(path.trimmedPath(from: -1, to: 3), path)
        XCTAssertTrue(path.trimmedPath(from: 0.6, to: 0.4).isEmpty)
        XCTAssertTrue(path.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        XCTAssertTrue(path.trimmedPath(from: .nan, to: 1).isEmpty)
    }

    func testTrimmedLengthIsTheFractionOfTheWhole() {
        var path = Path()
        path.addRoundedRect(Rect(x: 0, y: 0, width: 80, height: 50), cornerRadius: 12, style: .continuous)
        path.move(to: Point(x: 0, y: 100))
        path.addQuadCurve(to: Point(x: 100, y: 100), control: Point(x: 50, y: 10))
        let total = PathMeasure(path).length
        var g = SeededGenerator(seed: 3)
        for _ in 0..<40 {
            let a = Double.random(in: 0...1, using: &g), b = Double.random(in: 0...1, using: &g)
            let trimmed = path.trimmedPath(from: min(a, b), to: max(a, b))
            XCTAssertEqual(PathMeasure(trimmed).length, abs(b - a) * total, accuracy: 1e-6 * total)
        }
    }

    func testTrimAcrossSubpathsSplitsIntoPieces() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.move(to: Point(x: 0, y: 10))
        path.addLine(to: Point(x: 10, y: 10))
        let t = path.trimmedPath(from: 0.25, to: 0.75)
        XCTAssertEqual(t.verbs, [.move, .line, .move, .line])
        XCTAssertEqual(t.points, [Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: 5, y: 10)])
    }

    func testWholeClosedSubpathStaysClosed() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        path.move(to: Point(x: 20, y: 0))
        path.addLine(to: Point(x: 60, y: 0))
        let t = path.trimmedPath(from: 0, to: 0.9)
        XCTAssertEqual(t.verbs.prefix(5), [.move, .line, .line, .line, .close])
    }
}

final class DashTests: XCTestCase {
    func testDashesOfAStraightLine() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        let d = path.dashed(pattern: [10, 5])
        let xs = stride(from: 0, to: d.points.count, by: 2).map { (d.points[$0].x, d.points[$0 + 1].x) }
        for (k, (start, end)) in xs.enumerated() {
            XCTAssertEqual(start, Double(15 * k), accuracy: 1e-9)
            XCTAssertEqual(end, Double(min(15 * k + 10, 100)), accuracy: 1e-9)
        }
        XCTAssertEqual(xs.count, 7)
        // The phase shifts the pattern backwards along the line.
        let shifted = path.dashed(pattern: [10, 5], phase: 12)
        XCTAssertEqual(shifted.points[0].x, 3, accuracy: 1e-12)
        XCTAssertEqual(shifted.points[1].x, 13, accuracy: 1e-12)
        // Negative phases wrap around.
        XCTAssertEqual(path.dashed(pattern: [10, 5], phase: -3), shifted)
    }

    func testOddPatternsRepeatAndDegeneratePatternsDoNotDash() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 30, y: 0))
        XCTAssertEqual(path.dashed(pattern: [5]), path.dashed(pattern: [5, 5]))
        XCTAssertEqual(path.dashed(pattern: [2, 3, 4]), path.dashed(pattern: [2, 3, 4, 2, 3, 4]))
        XCTAssertEqual(path.dashed(pattern: []), path)
        XCTAssertEqual(path.dashed(pattern: [0, 0]), path)
        XCTAssertEqual(path.dashed(pattern: [5, -1]), path)
    }

    /// The total on length follows from the pattern, on curves as on lines.
    func testOnLengthOfCurvedPaths() {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 120))
        let total = PathMeasure(path).length
        let d = path.dashed(pattern: [7, 3], phase: 2)
        let m = PathMeasure(d)
        var expected = 0.0
        var s = -2.0
        while s < total {
            expected += max(min(s + 7, total) - max(s, 0), 0)
            s += 10
        }
        XCTAssertEqual(m.length, expected, accuracy: 1e-6 * total)
        XCTAssertEqual(m.contours.count, Int((total + 2) / 10) + 1)
        XCTAssertTrue(m.contours.allSatisfy { !$0.isClosed })
    }

    func testZeroLengthDashesAreDots() {
        var path = Path()
        path.move(to: Point(x: 0, y: 5))
        path.addLine(to: Point(x: 20, y: 5))
        // Dots at 0 and 10; one at the very end (20) would start where the path ends.
        let d = path.dashed(pattern: [0, 10])
        XCTAssertEqual(d.verbs, [.move, .line, .move, .line])
        XCTAssertEqual(d.points[2].x, 10, accuracy: 1e-12)
        XCTAssertLessThan(d.points[3].x - d.points[2].x, 1e-6)
        XCTAssertGreaterThan(d.points[3].x, d.points[2].x)
    }

    func testADashCoveringAClosedSubpathKeepsItClosed() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(path.dashed(pattern: [100, 1]).verbs.last, .close)
    }
}
