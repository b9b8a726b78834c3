import XCTest

@testable import Geometry

final class StrokerTests: XCTestCase {
    func line(_ a: Point, _ b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.addLine(to: b)
        return p
    }

    func testCapsAddTheirArea() {
        let l = line(Point(x: 10, y: 20), Point(x: 70, y: 100))  // length 100
        let w = 8.0
        XCTAssertEqual(l.strokedPath(StrokeStyle(lineWidth: w, lineCap: .butt)).signedArea().magnitude, 100 * w, accuracy: 1e-6)
        XCTAssertEqual(l.strokedPath(StrokeStyle(lineWidth: w, lineCap: .square)).signedArea().magnitude, 100 * w + w * w, accuracy: 1e-6)
        XCTAssertEqual(
            l.strokedPath(StrokeStyle(lineWidth: w, lineCap: .round)).signedArea().magnitude, 100 * w + Double.pi * w * w / 4,
            accuracy: 0.01)
    }

    func testClosedRectangleWithEachJoin() {
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 60, height: 40))
        let w = 10.0, h = w / 2
        let ring = (60 + w) * (40 + w) - (60 - w) * (40 - w)
        let box = Rect(x: -10, y: -10, width: 80, height: 60)
        let miter = rect.strokedPath(StrokeStyle(lineWidth: w, lineJoin: .miter))
        XCTAssertEqual(miter.signedArea().magnitude, ring, accuracy: 1e-6)
        XCTAssertEqual(miter.nonZeroArea(in: box), ring, accuracy: ring * 0.01)
        let bevel = rect.strokedPath(StrokeStyle(lineWidth: w, lineJoin: .bevel))
        XCTAssertEqual(bevel.signedArea().magnitude, ring - 4 * h * h / 2, accuracy: 1e-6)
        let round = rect.strokedPath(StrokeStyle(lineWidth: w, lineJoin: .round))
        XCTAssertEqual(round.signedArea().magnitude, ring - 4 * h * h * (1 - Double.pi / 4), accuracy: 0.01)
        // A miter limit below √2 turns the right-angle miters into bevels.
        let limited = rect.strokedPath(StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 1.4))
        XCTAssertEqual(limited.signedArea().magnitude, ring - 4 * h * h / 2, accuracy: 1e-6)
        XCTAssertEqual(rect.strokedPath(StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 1.42)).signedArea().magnitude, ring, accuracy: 1e-6)
    }

    func testCircleStrokeIsAnAnnulus() {
        var circle = Path()
        circle.addEllipse(in: Rect(x: -40, y: -40, width: 80, height: 80))
        for w in [1.0, 6, 30] {
            let outline = circle.strokedPath(StrokeStyle(lineWidth: w), tolerance: 0.01)
            let expected = Double.pi * ((40 + w / 2) * (40 + w / 2) - (40 - w / 2) * (40 - w / 2))
            XCTAssertEqual(outline.signedArea().magnitude, expected, accuracy: expected * 0.002, "width \(w)")
        }
    }

    /// With round joins and caps the stroke is exactly the set of points within half the
    /// width of the path: random curves and polylines, sampled away from the boundary.
    func testRoundStrokeIsTheSetOfPointsWithinHalfTheWidth() {
        var g = SeededGenerator(seed: 42)
        for trial in 0..<30 {
            var path = Path()
            func r() -> Point { Point(x: .random(in: 0...100, using: &g), y: .random(in: 0...100, using: &g)) }
            path.move(to: r())
            for _ in 0..<3 {
                switch Int.random(in: 0..<3, using: &g) {
                case 0: path.addLine(to: r())
                case 1: path.addQuadCurve(to: r(), control: r())
                default: path.addCurve(to: r(), control1: r(), control2: r())
                }
            }
            if trial % 3 == 0 { path.closeSubpath() }
            let h = Double.random(in: 0.5...15, using: &g)
            let outline = path.strokedPath(StrokeStyle(lineWidth: 2 * h, lineCap: .round, lineJoin: .round), tolerance: 0.01)
            let outlineSegments = outline.segments(tolerance: 0.005)
            // The centreline, finely flattened (without closing open subpaths).
            var centre: [(Point, Point)] = []
            path.flatten(transform: .identity, tolerance: 0.001, closeSubpaths: false) { centre.append(($0, $1)) }
            for _ in 0..<400 {
                let p = Point(x: .random(in: -20...120, using: &g), y: .random(in: -20...120, using: &g))
                let d = centre.map { distance(p, $0.0, $0.1) }.min()!
                guard abs(d - h) > 0.05 else { continue }
                let inside = outline.winding(at: p, segments: outlineSegments) != 0
                XCTAssertEqual(inside, d < h, "trial \(trial) point \(p) distance \(d) half width \(h)")
            }
        }
    }

    func testDotsAndDegenerateInput() {
        let dot = line(Point(x: 5, y: 5), Point(x: 5, y: 5))
        XCTAssertTrue(dot.strokedPath(StrokeStyle(lineWidth: 4, lineCap: .butt)).isEmpty)
        XCTAssertEqual(dot.strokedPath(StrokeStyle(lineWidth: 4, lineCap: .square)).signedArea().magnitude, 16, accuracy: 1e-9)
        XCTAssertEqual(dot.strokedPath(StrokeStyle(lineWidth: 4, lineCap: .round)).signedArea().magnitude, 4 * Double.pi, accuracy: 0.01)
        XCTAssertTrue(line(Point(x: 0, y: 0), Point(x: 10, y: 0)).strokedPath(StrokeStyle(lineWidth: 0)).isEmpty)
        XCTAssertTrue(line(Point(x: 0, y: 0), Point(x: 10, y: 0)).strokedPath(StrokeStyle(lineWidth: -1)).isEmpty)
        XCTAssertTrue(line(Point(x: 0, y: 0), Point(x: 10, y: 0)).strokedPath(StrokeStyle(lineWidth: .infinity)).isEmpty)
        var lonelyMove = Path()
        lonelyMove.move(to: Point(x: 1, y: 1))
        XCTAssertTrue(lonelyMove.strokedPath(StrokeStyle(lineWidth: 3, lineCap: .round)).isEmpty)
    }

    /// A sharp turn back (180°) gets a half-circle round join and a bevel for miter.
    func testUTurn() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 50, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        let box = Rect(x: -10, y: -10, width: 80, height: 20)
        let round = path.strokedPath(StrokeStyle(lineWidth: 4, lineJoin: .round))
        XCTAssertEqual(round.nonZeroArea(in: box, samples: 500), 50 * 4 + Double.pi * 4 / 2, accuracy: 2)
        let miter = path.strokedPath(StrokeStyle(lineWidth: 4, lineJoin: .miter))
        XCTAssertEqual(miter.nonZeroArea(in: box, samples: 500), 50 * 4, accuracy: 2)
    }

    func testDashedStrokeAreaIsTheOnLengthTimesTheWidth() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        let outline = path.strokedPath(StrokeStyle(lineWidth: 2, dash: [10, 5]))
        XCTAssertEqual(outline.signedArea().magnitude, 70 * 2, accuracy: 1e-9)
    }
}
