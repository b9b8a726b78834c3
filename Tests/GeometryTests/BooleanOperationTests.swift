import XCTest

@testable import Geometry

/// Boolean operations on polygons whose results are known exactly: areas (by the
/// shoelace formula over the result's contours), coincident and touching edges,
/// self-intersections, and the line operations.
final class BooleanOperationTests: XCTestCase {
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.addRect(Rect(x: x, y: y, width: w, height: h))
        return p
    }

    /// The signed area of every contour, summed (the result's contours have the inside on one side).
    func area(_ path: Path) -> Double {
        var total = 0.0
        path.flatten(transform: .identity) { a, b in total += a.x * b.y - b.x * a.y }
        return abs(total / 2)
    }

    func contours(_ path: Path) -> Int { path.verbs.filter { $0 == .move }.count }

    func testOverlappingSquares() {
        let a = rect(0, 0, 10, 10), b = rect(5, 5, 10, 10)
        XCTAssertEqual(area(a.applying(.union, b)), 175, accuracy: 1e-6)
        XCTAssertEqual(area(a.applying(.intersection, b)), 25, accuracy: 1e-6)
        XCTAssertEqual(area(a.applying(.subtracting, b)), 75, accuracy: 1e-6)
        XCTAssertEqual(area(a.applying(.symmetricDifference, b)), 150, accuracy: 1e-6)
        // The union's outline is one contour of 8 corners, not the two squares.
        let union = a.applying(.union, b)
        XCTAssertEqual(contours(union), 1)
        XCTAssertEqual(union.points.count, 8)
    }

    func testCoincidentEdgesMerge() {
        // Side by side, sharing the edge x = 10: one 20 × 10 rectangle of 4 corners.
        let union = rect(0, 0, 10, 10).applying(.union, rect(10, 0, 10, 10))
        XCTAssertEqual(area(union), 200, accuracy: 1e-6)
        XCTAssertEqual(contours(union), 1)
        XCTAssertEqual(union.points.count, 4)
        XCTAssertEqual(area(rect(0, 0, 10, 10).applying(.intersection, rect(10, 0, 10, 10))), 0, accuracy: 1e-6)
        // The same square twice: union and intersection are the square, the rest empty.
        let a = rect(0, 0, 10, 10)
        XCTAssertEqual(area(a.applying(.union, a)), 100, accuracy: 1e-6)
        XCTAssertEqual(area(a.applying(.intersection, a)), 100, accuracy: 1e-6)
        XCTAssertTrue(a.applying(.subtracting, a).isEmpty)
        XCTAssertTrue(a.applying(.symmetricDifference, a).isEmpty)
        // Partly overlapping edges on a line.
        XCTAssertEqual(area(rect(0, 0, 10, 10).applying(.union, rect(10, 5, 10, 10))), 200, accuracy: 1e-6)
    }

    func testSquaresTouchingAtACorner() {
        let union = rect(0, 0, 10, 10).applying(.union, rect(10, 10, 10, 10))
        XCTAssertEqual(area(union), 200, accuracy: 1e-6)
        XCTAssertEqual(area(rect(0, 0, 10, 10).applying(.intersection, rect(10, 10, 10, 10))), 0, accuracy: 1e-6)
    }

    func testSelfIntersectingBowtieUnderBothRules() {
        // A bow tie: two triangles of area 25 each, crossing at (5, 5).
        var bowtie = Path()
        bowtie.move(to: Point(x: 0, y: 0)); bowtie.addLine(to: Point(x: 10, y: 10))
        bowtie.addLine(to: Point(x: 10, y: 0)); bowtie.addLine(to: Point(x: 0, y: 10)); bowtie.closeSubpath()
        XCTAssertEqual(area(bowtie.applying(.union, Path())), 50, accuracy: 1e-6)
        // A square wound twice: non-zero keeps it, even-odd drops it.
        var twice = rect(0, 0, 10, 10)
        twice.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(area(twice.applying(.union, Path())), 100, accuracy: 1e-6)
        XCTAssertEqual(area(twice.applying(.union, Path(), eoFill: true)), 0, accuracy: 1e-6)
        // A square with a hole of the same winding: even-odd makes the hole.
        var holed = rect(0, 0, 10, 10)
        holed.addRect(Rect(x: 2, y: 2, width: 6, height: 6))
        XCTAssertEqual(area(holed.applying(.union, Path())), 100, accuracy: 1e-6)
        XCTAssertEqual(area(holed.applying(.union, Path(), eoFill: true)), 64, accuracy: 1e-6)
    }

    func testLineOperationsKeepTheFirstOutline() {
        var line = Path()
        line.move(to: Point(x: -5, y: 5)); line.addLine(to: Point(x: 15, y: 5))
        let inside = line.applying(.lineIntersection, rect(0, 0, 10, 10))
        XCTAssertEqual(inside.points, [Point(x: 0, y: 5), Point(x: 10, y: 5)])
        let outside = line.applying(.lineSubtraction, rect(0, 0, 10, 10))
        XCTAssertEqual(contours(outside), 2)
        XCTAssertEqual(Set(outside.points.map(\.x)), [-5, 0, 10, 15])
    }
}
