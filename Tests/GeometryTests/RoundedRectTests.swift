import XCTest

@testable import Geometry

final class RoundedRectTests: XCTestCase {
    func testCircularCornersRemoveTheExpectedArea() {
        let rect = Rect(x: 3, y: 5, width: 120, height: 80)
        for r in [0.0, 5, 17.5, 40] {
            var path = Path()
            path.addRoundedRect(rect, cornerRadius: r, style: .circular)
            let expected = rect.width * rect.height - (4 - Double.pi) * r * r
            XCTAssertEqual(path.signedArea(), expected, accuracy: expected * 2e-4, "radius \(r)")
        }
    }

    func testRadiusIsClampedToHalfTheShorterSide() {
        var a = Path(), b = Path()
        a.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 500)
        b.addCapsule(in: Rect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.signedArea(), 60 * 40 + Double.pi * 400, accuracy: 1)
    }

    /// The continuous corner leaves the edge 1.52866483 radii from the corner, is tangent
    /// to both edges, and is G1 (tangent-continuous) everywhere along the outline.
    func testContinuousCornerIsSmoothAndStartsWhereThePublishedCurveDoes() {
        let rect = Rect(x: 10, y: 20, width: 200, height: 150)
        let r = 30.0
        var path = Path()
        path.addRoundedRect(rect, cornerRadius: r, style: .continuous)
        XCTAssertEqual(path.points.first!.x, rect.minX + 1.52866483 * r, accuracy: 1e-9)
        XCTAssertEqual(path.points.first!.y, rect.minY)
        // Every point lies within the rectangle.
        for p in path.points {
            XCTAssertTrue(p.x >= rect.minX - 1e-9 && p.x <= rect.maxX + 1e-9 && p.y >= rect.minY - 1e-9 && p.y <= rect.maxY + 1e-9)
        }
        // Near tangent continuity: the published curve's pieces meet with kinks below 7°.
        var directions: [(Point, Point)] = []  // (start direction, end direction) per segment
        var current = path.points[0]
        var i = 1
        for verb in path.verbs.dropFirst() {
            switch verb {
            case .line:
                let p = path.points[i]
                if p != current { directions.append((p - current, p - current)) }
                current = p
                i += 1
            case .cubic:
                let c1 = path.points[i], c2 = path.points[i + 1], p = path.points[i + 2]
                directions.append((c1 - current, p - c2))
                current = p
                i += 3
            default:
                break
            }
        }
        for k in 0..<directions.count {
            let end = directions[k].1, start = directions[(k + 1) % directions.count].0
            let angle = atan2(end.x * start.y - end.y * start.x, end.x * start.x + end.y * start.y)
            XCTAssertEqual(angle, 0, accuracy: 0.12, "segment \(k)")
        }
        // The corner removes more than a circular corner of the same radius, and less than
        // one as long as the smooth corner (1.52866 r).
        var circular = Path(), longer = Path()
        circular.addRoundedRect(rect, cornerRadius: r, style: .circular)
        longer.addRoundedRect(rect, cornerRadius: 1.52866483 * r, style: .circular)
        XCTAssertLessThan(path.signedArea(), circular.signedArea())
        XCTAssertGreaterThan(path.signedArea(), longer.signedArea())
    }

    /// Mirror symmetries (about the rectangle's axes and each corner's diagonal) hold to
    /// the published curve's own asymmetry, below 1 % of the radius.
    func testContinuousCornerIsSymmetricAboutTheRectanglesAxes() {
        let rect = Rect(x: 0, y: 0, width: 90, height: 60)
        var path = Path()
        path.addRoundedRect(rect, cornerRadius: 12, style: .continuous)
        let segs = path.segments()
        // Mirror images of boundary points must lie on the outline too (winding changes across them).
        for (a, _) in segs {
            for m in [Point(x: rect.width - a.x, y: a.y), Point(x: a.x, y: rect.height - a.y)] {
                let nearest = segs.map { distance(m, $0.0, $0.1) }.min()!
                XCTAssertLessThan(nearest, 0.12)
            }
            if a.x < 30 && a.y < 30 {
                let diagonal = Point(x: a.y, y: a.x)
                XCTAssertLessThan(segs.map { distance(diagonal, $0.0, $0.1) }.min()!, 0.12)
            }
        }
    }

    func testContinuousRadiusIsLimitedSoTheCurveFits() {
        var path = Path()
        path.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 40, style: .continuous)
        let limited = 25 / 1.52866483
        XCTAssertEqual(path.points.first!.x, 1.52866483 * limited, accuracy: 1e-9)
        XCTAssertGreaterThan(path.signedArea(), 0)
    }

    func testDegenerateInputs() {
        var path = Path()
        path.addRoundedRect(Rect(x: 0, y: 0, width: 0, height: 10), cornerRadius: 3)
        XCTAssertTrue(path.isEmpty)
        path.addRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: .nan, style: .continuous)
        XCTAssertEqual(path.verbs, [.move, .line, .line, .line, .close])
    }

    func testEllipticalCornerSizes() {
        var path = Path()
        path.addRoundedRect(in: Rect(x: 0, y: 0, width: 100, height: 60), cornerSize: Size(width: 20, height: 10))
        XCTAssertEqual(path.signedArea(), 6000 - (4 - Double.pi) * 200, accuracy: 1)
    }
}
