import Geometry
import XCTest

@testable import Raster

/// Coverage sums compared with exact areas.
final class CoverageTests: XCTestCase {
    /// The alpha of every pixel of a black fill on a transparent `size × size` canvas.
    func alphas(
        _ path: Path, rule: FillRule = .nonZero, antialiased: Bool = true, size: Int = 200, tolerance: Double = Path.defaultTolerance
    ) -> [UInt8] {
        let canvas = Canvas(width: size, height: size)
        canvas.tolerance = tolerance
        canvas.fill(path, transform: .identity, paint: .solid(.black), rule: rule, antialiased: antialiased)
        let data = canvas.pixmap.data
        return stride(from: 3, to: data.count, by: 4).map { data[$0] }
    }

    /// Total painted alpha of a black fill on a transparent canvas, in pixels.
    func coveredArea(_ path: Path, rule: FillRule = .nonZero, antialiased: Bool = true, size: Int = 200) -> Double {
        Double(alphas(path, rule: rule, antialiased: antialiased, size: size).reduce(0) { $0 + Int($1) }) / 255
    }

    func testRectangleAreaIsExact() {
        var path = Path()
        path.addRect(Rect(x: 10.3, y: 20.7, width: 100.25, height: 50.6))
        let exact = 100.25 * 50.6
        XCTAssertEqual(coveredArea(path), exact, accuracy: exact * 0.005)
        XCTAssertEqual(coveredArea(path, antialiased: false), exact, accuracy: exact * 0.005)
    }

    func testCircleAreaWithinHalfPercent() {
        for radius in [6.0, 10.5, 47.25, 90] {
            var path = Path()
            let (cx, cy) = (100.37, 100.11)
            path.addEllipse(in: Rect(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius))
            let exact = Double.pi * radius * radius
            XCTAssertEqual(coveredArea(path), exact, accuracy: exact * 0.005, "radius \(radius)")
            // Centre sampling counts the pixel centres inside the circle, give or take those
            // nearer its edge than the polyline's tolerance (a quarter of the canvas's) plus
            // the four cubics' own error (at most 0.03 % of the radius).
            let margin = Path.defaultTolerance / 4 + 3e-4 * radius
            var surelyInside = 0, possiblyInside = 0
            for y in 0..<200 {
                for x in 0..<200 {
                    let distance = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot() - radius
                    if distance < -margin { surelyInside += 1 }
                    if distance < margin { possiblyInside += 1 }
                }
            }
            let counted = coveredArea(path, antialiased: false)
            XCTAssertGreaterThanOrEqual(counted, Double(surelyInside), "aliased radius \(radius)")
            XCTAssertLessThanOrEqual(counted, Double(possiblyInside), "aliased radius \(radius)")
        }
    }

    /// The default tolerance's cost, as its documentation states it: a large ellipse's
    /// pixels stay within 15/255 of the same path flattened to 0.0005 (4/255 on average
    /// over the pixels that differ); the test allows 16 and 4.5. At 0.06 the largest
    /// difference is 17/255, at 0.1 24/255.
    func testDefaultToleranceKeepsPixelsNearTheCurve() {
        var path = Path()
        path.addEllipse(in: Rect(x: 500.3 - 450.2, y: 500.7 - 420.9, width: 2 * 450.2, height: 2 * 420.9))
        let fine = alphas(path, size: 1000, tolerance: 0.0005), drawn = alphas(path, size: 1000)
        var largest = 0, total = 0, differing = 0
        for (a, b) in zip(fine, drawn) where a != b {
            let d = abs(Int(a) - Int(b))
            largest = max(largest, d)
            total += d
            differing += 1
        }
        XCTAssertGreaterThan(differing, 0)
        XCTAssertLessThanOrEqual(largest, 16)
        XCTAssertLessThanOrEqual(Double(total) / Double(max(differing, 1)), 4.5)
    }

    func testCoverageIsIndependentOfWindingDirection() {
        var cw = Path(), ccw = Path()
        cw.addRect(Rect(x: 5.5, y: 5.5, width: 30, height: 20))
        ccw.move(to: Point(x: 5.5, y: 5.5))
        ccw.addLine(to: Point(x: 5.5, y: 25.5))
        ccw.addLine(to: Point(x: 35.5, y: 25.5))
        ccw.addLine(to: Point(x: 35.5, y: 5.5))
        ccw.closeSubpath()
        XCTAssertEqual(coveredArea(cw, size: 40), coveredArea(ccw, size: 40), accuracy: 1e-9)
    }

    /// Two overlapping ellipses: the lens is painted under non-zero and empty under even-odd.
    func testLensFilledUnderNonZeroEmptyUnderEvenOdd() {
        var path = Path()
        path.addEllipse(in: Rect(x: 20, y: 50, width: 100, height: 100))
        path.addEllipse(in: Rect(x: 80, y: 50, width: 100, height: 100))
        for antialiased in [true, false] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let canvas = Canvas(width: 200, height: 200, background: .white)
                canvas.fill(path, transform: .identity, paint: .solid(.black), rule: rule, antialiased: antialiased)
                let lens = canvas.pixmap.pixel(x: 100, y: 100)
                let left = canvas.pixmap.pixel(x: 50, y: 100)
                let right = canvas.pixmap.pixel(x: 150, y: 100)
                XCTAssertEqual(left, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
                XCTAssertEqual(right, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
                XCTAssertEqual(lens, rule == .nonZero ? PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) : PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), "\(rule) aa \(antialiased)")
            }
        }
        // Area check: even-odd removes exactly the lens twice over.
        let nonZero = coveredArea(path), evenOdd = coveredArea(path, rule: .evenOdd)
        let r = 50.0, d = 60.0
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        XCTAssertEqual(nonZero - evenOdd, lens, accuracy: lens * 0.01)
    }

    /// Coincident edges under even-odd: one shape drawn twice is empty (no outline where the
    /// edges lie), three times is the shape itself, pixel for pixel; under non-zero the pair
    /// is still the shape, filled. (Rows that an edge crosses only partly are kept out of the
    /// rectangles below: there two edges running the same way add up under area coverage
    /// whether they coincide or not.)
    func testCoincidentEdgesCancelUnderEvenOdd() {
        let ellipse = Rect(x: 20.3, y: 40.6, width: 150.5, height: 90.25)
        var once = Path(), twice = Path(), thrice = Path()
        once.addEllipse(in: ellipse)
        for _ in 0..<2 { twice.addEllipse(in: ellipse) }
        for _ in 0..<3 { thrice.addEllipse(in: ellipse) }
        func render(_ path: Path, _ rule: FillRule, antialiased: Bool = true) -> Pixmap {
            let canvas = Canvas(width: 200, height: 200, background: .white)
            canvas.fill(path, transform: .identity, paint: .solid(.black), rule: rule, antialiased: antialiased)
            return canvas.pixmap
        }
        let white = Pixmap(width: 200, height: 200, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(render(twice, .evenOdd).data, white.data, "two identical ellipses under even-odd leave nothing, not their outline")
        XCTAssertEqual(render(twice, .evenOdd, antialiased: false).data, white.data)
        XCTAssertEqual(render(thrice, .evenOdd).data, render(once, .evenOdd).data)
        XCTAssertEqual(render(twice, .nonZero).pixel(x: 95, y: 85), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), "non-zero keeps the filled shape")

        // A rectangle traced both ways; and two rectangles sharing an edge, the second traced
        // the other way round, so that the shared edge runs the same way in both: under
        // even-odd their union is the whole rectangle, with no seam along that edge.
        /// Adds the rectangle from (x0, y0) to (x1, y1) traced down its left side first,
        /// against `addRect`'s way round.
        func addReversedRect(_ path: inout Path, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            path.move(to: Point(x: x0, y: y0))
            path.addLine(to: Point(x: x0, y: y1))
            path.addLine(to: Point(x: x1, y: y1))
            path.addLine(to: Point(x: x1, y: y0))
            path.closeSubpath()
        }
        var both = Path()
        both.addRect(Rect(x: 30.5, y: 30.5, width: 60, height: 40))
        addReversedRect(&both, 30.5, 30.5, 90.5, 70.5)
        XCTAssertEqual(render(both, .evenOdd).data, white.data)
        var neighbours = Path()
        neighbours.addRect(Rect(x: 20, y: 20, width: 40.5, height: 50))
        addReversedRect(&neighbours, 60.5, 20, 100, 70)
        var whole = Path()
        whole.addRect(Rect(x: 20, y: 20, width: 80, height: 50))
        XCTAssertEqual(render(neighbours, .evenOdd).data, render(whole, .evenOdd).data, "no seam along the shared edge")
    }

    func testPathsOutsideTheCanvasAreClipped() {
        var path = Path()
        path.addRect(Rect(x: -50, y: -50, width: 100, height: 100))
        XCTAssertEqual(coveredArea(path, size: 40), 40 * 40, accuracy: 1e-6)
        var slanted = Path()
        slanted.move(to: Point(x: -30, y: 0))
        slanted.addLine(to: Point(x: 70, y: 0))
        slanted.addLine(to: Point(x: 70, y: 40))
        slanted.addLine(to: Point(x: -30, y: 40))
        slanted.closeSubpath()
        XCTAssertEqual(coveredArea(slanted, size: 40), 40 * 40, accuracy: 1e-3)
        var triangle = Path()  // a triangle straddling the left and right edges
        triangle.move(to: Point(x: -20, y: 0))
        triangle.addLine(to: Point(x: 60, y: 40))
        triangle.addLine(to: Point(x: -20, y: 40))
        triangle.closeSubpath()
        // The visible part: the region x ≥ 0 under the line y = (x + 20) / 2, inside 40×40.
        let visible = 40.0 * 40 - (10.0 * 40 + 0.5 * 40 * 20)  // the trapezoid above the line
        XCTAssertEqual(coveredArea(triangle, size: 40), 40 * 40 - visible, accuracy: 0.5)
    }

    /// Coordinates so large that clipping them overflows draw nothing wrong and never
    /// crash; the part inside the canvas still covers it.
    func testHugeCoordinatesAreClippedSafely() {
        var path = Path()
        path.move(to: Point(x: -1e308, y: -1e308))
        path.addLine(to: Point(x: 1e308, y: 5))
        path.addLine(to: Point(x: 1e308, y: 1e308))
        path.addLine(to: Point(x: -1e308, y: 1e308))
        path.closeSubpath()
        let area = coveredArea(path, size: 20)
        XCTAssertTrue(area.isFinite && area >= 0 && area <= 400, "area \(area)")
        var square = Path()
        square.addRect(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        XCTAssertEqual(coveredArea(square, size: 20), 400, accuracy: 1)
    }

    func testNonFiniteGeometryDrawsNothing() {
        var path = Path()
        path.move(to: Point(x: .nan, y: 1))
        path.addLine(to: Point(x: 10, y: .infinity))
        path.addLine(to: Point(x: 10, y: 10))
        XCTAssertEqual(coveredArea(path, size: 20), 0)
    }

    /// Slivers of one path a few pixels apart, at fractional columns: each pixel shows
    /// exactly its own overlap, so spans of per-pixel coverage never draw their
    /// neighbours' pixels twice (the compositor rounds them up to groups of four), with
    /// and without a clip mask.
    func testNarrowSpansKeepTheirOwnPixels() {
        // Half-pixel slivers inside single columns, then whole-pixel ones across two:
        // every gap of 1…5 untouched pixels between them.
        var slivers: [(Double, Double)] = []
        var x = 1.25
        for (gap, width) in [(1, 0.5), (2, 0.5), (3, 0.5), (4, 0.5), (5, 0.5), (1, 1.0), (2, 1.0), (3, 1.0), (1, 0.5)] {
            slivers.append((x, x + width))
            x = (x + width).rounded(.up) + 1 + Double(gap) + 0.25
        }
        var path = Path()
        for (a, b) in slivers { path.addRect(Rect(x: a, y: 0, width: b - a, height: 3)) }
        func overlap(_ column: Int, _ a: Double, _ b: Double) -> Double { max(0, min(b, Double(column + 1)) - max(a, Double(column))) }
        for clipped in [false, true] {
            let canvas = Canvas(width: 48, height: 3, background: .white)
            if clipped {
                var clip = Path()
                clip.addRect(Rect(x: 2.5, y: 0, width: 40, height: 3))
                canvas.pushClip(clip)
            }
            canvas.fill(path, paint: .solid(.black))
            for column in 0..<48 {
                let covered = slivers.reduce(0) { $0 + overlap(column, $1.0, $1.1) }
                let clip = clipped ? overlap(column, 2.5, 42.5) : 1
                let expected = 255 * (1 - covered * clip)
                for row in 0..<3 {
                    XCTAssertEqual(Double(canvas.pixmap.pixel(x: column, y: row).r), expected, accuracy: 1.01, "column \(column) clipped \(clipped)")
                }
            }
        }
    }
    /// A run of cells that ends a pixel or two before the window's right edge, with
    /// another run after it: the first is read as a partial group of four, which must
    /// leave the second's cells alone. Half-pixel squares inside single pixels (each
    /// writes a run of two cells) at every column of the last four, with room for whole
    /// groups after the window and without (the canvas ends there).
    func testRunsNearTheWindowsRightEdgeKeepEachOthersCells() {
        for edge in 8...12 {
            for first in (edge - 4)...(edge - 2) {
                // The window spans columns 0..<edge: squares at its left end and at its right.
                let squares = [0.25, Double(first) + 0.25, Double(edge) - 0.75]
                var path = Path()
                for x in squares { path.addRect(Rect(x: x, y: 0.25, width: 0.5, height: 0.5)) }
                for width in [edge, edge + 8] {
                    let canvas = Canvas(width: width, height: 1, background: .white)
                    canvas.fill(path, paint: .solid(.black))
                    for column in 0..<width {
                        let covered = squares.contains { Int($0) == column } ? 0.25 : 0
                        XCTAssertEqual(
                            Double(canvas.pixmap.pixel(x: column, y: 0).r), 255 * (1 - covered), accuracy: 1.01,
                            "edge \(edge) first \(first) canvas \(width) column \(column)")
                    }
                }
            }
        }
    }

    /// A canvas that is gone leaves its accumulator to the next one made, clear: the next
    /// canvas draws as if with a new one. One holding a path not yet swept is not kept.
    func testRecycledAccumulatorsDrawAsNewOnes() {
        var path = Path()
        // Taller than a band (pieces stored, then swept band by band) and within one (pieces
        // accumulated at once).
        path.addEllipse(in: Rect(x: 10.3, y: 5.2, width: 300.4, height: 280.7))
        path.addEllipse(in: Rect(x: 150.6, y: 20.1, width: 40.5, height: 30.25))
        func draw(_ canvas: Canvas) -> [UInt8] {
            canvas.fill(path, paint: .solid(.black), rule: .evenOdd)
            canvas.fill(path, transform: AffineTransform(translationX: 17.5, y: 3.25), paint: .solid(Color(red: 1, green: 0.2, blue: 0, alpha: 0.6)), rule: .nonZero)
            return canvas.pixmap.data
        }
        var first: Canvas? = Canvas(width: 400, height: 300, background: .white)
        let firstPixels = draw(first!)
        let accumulator = first!.accumulator
        first = nil
        let second = Canvas(width: 400, height: 300, background: .white)
        XCTAssertTrue(second.accumulator === accumulator)
        XCTAssertEqual(draw(second), firstPixels)

        for tall in [true, false] {
            let pending = CoverageAccumulator.take()
            pending.reset(x0: 0, y0: 0, x1: 400, y1: tall ? 300 : 40, antialiased: true)
            pending.addLine(Point(x: 10.5, y: 1), Point(x: 20.25, y: 33))
            CoverageAccumulator.recycle(pending)
            XCTAssertFalse(CoverageAccumulator.take() === pending, tall ? "stored pieces" : "accumulated pieces")
        }
    }

    /// A steep edge marks the bits of the three cells it writes at any column: the same
    /// slanted stripes (under a pixel across per row, so each piece's third cell takes a
    /// good share, and about two pixels wide, so that one edge's cells run on into the
    /// other's) moved right by whole pixels, their pieces across the bitmap's byte and
    /// word borders at other rows, are the same pixels moved.
    func testSteepEdgesAcrossBitmapBordersMoveByWholePixels() {
        for width in [1.9, 2.0, 2.15] {
            func draw(at x: Double) -> Pixmap {
                var path = Path()
                path.move(to: Point(x: x, y: 2.25))
                path.addLine(to: Point(x: x + 265.3, y: 297.5))
                path.addLine(to: Point(x: x + 265.3 + width, y: 297.5))
                path.addLine(to: Point(x: x + width, y: 2.25))
                path.closeSubpath()
                let canvas = Canvas(width: 400, height: 300, background: .white)
                canvas.fill(path, paint: .solid(.black))
                return canvas.pixmap
            }
            let first = draw(at: 20.3)
            for shift in 1...12 {
                let moved = draw(at: 20.3 + Double(shift))
                for y in 0..<300 {
                    for x in 0..<(400 - shift) where first.pixel(x: x, y: y) != moved.pixel(x: x + shift, y: y) {
                        XCTFail("width \(width) moved \(shift): pixel \(x + shift), \(y) differs")
                        return
                    }
                }
            }
        }
    }
}
