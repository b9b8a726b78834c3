import FrameDiff
import Raster
import XCTest

/// The comparator on frames drawn by the project's rasterizer: real edges, real anti-aliasing.
final class FrameComparatorTests: XCTestCase {
    let comparator = FrameComparator()

    func testIdenticalFramesPassWithNothingMeasured() {
        let frame = Drawing.scene()
        let result = comparator.compare(expected: frame, actual: frame)
        let d = result.difference
        XCTAssertTrue(d.isWithinTolerance)
        XCTAssertEqual(d.changedPixels, 0)
        XCTAssertEqual(d.maxDeltaE, 0)
        XCTAssertNil(d.maxDeltaEPixel)
        XCTAssertEqual(d.ssim, 1)
        XCTAssertEqual(result.map?.classes.allSatisfy { $0 == PixelClass.identical.rawValue }, true)
    }

    func testChangedPatchFailsWithItsExactBounds() {
        let expected = Drawing.scene()
        var actual = expected
        for y in 40..<52 { for x in 64..<76 { actual.setPixel(x: x, y: y, PremultipliedRGBA8(r: 20, g: 160, b: 60, a: 255)) } }
        let d = comparator.compare(expected: expected, actual: actual).difference
        XCTAssertFalse(d.isWithinTolerance)
        XCTAssertEqual(d.differingBounds, PixelBounds(x: 64, y: 40, width: 12, height: 12))
        XCTAssertEqual(d.largestClusterBounds, PixelBounds(x: 64, y: 40, width: 12, height: 12))
        XCTAssertEqual(d.clusterCount, 1)
        // Pixels of the patch that repeat the colour already there are not differences.
        let unchanged = (40..<52).flatMap { y in (64..<76).map { x in (x, y) } }.filter { expected.pixel(x: $0.0, y: $0.1) == actual.pixel(x: $0.0, y: $0.1) }.count
        XCTAssertEqual(d.differingPixels + d.antialiasedPixels, 144 - unchanged)
        XCTAssertGreaterThan(d.largestCluster, 100)
        XCTAssertTrue(d.violations.contains { if case .cluster = $0 { return true } else { return false } })
        XCTAssertLessThan(d.ssim, 1)
    }

    func testSubpixelShiftsOfEdgesThinLinesAndRingsPass() {
        let expected = Drawing.scene()
        let steps = [-0.1, -0.05, 0, 0.05, 0.1]
        for (dx, dy) in steps.flatMap({ dx in steps.map { (dx, $0) } }) + [(0.15, 0), (0.02, -0.15)] {
            let d = comparator.compare(expected: expected, actual: Drawing.scene(dx: dx, dy: dy)).difference
            XCTAssertTrue(d.isWithinTolerance, "shift (\(dx), \(dy)): \(d.violations)")
            XCTAssertLessThan(d.largestEdgeShift, 0.45, "shift (\(dx), \(dy))")
            if dx.magnitude + dy.magnitude >= 0.1 {
                XCTAssertGreaterThan(d.antialiasedPixels, 0, "a visible shift is seen, and tolerated, as anti-aliasing")
            }
        }
    }

    func testEdgesMovedByHalfAPixelOrMoreFail() {
        let expected = Drawing.scene()
        for (dx, dy) in [(0.5, 0), (0, -0.5), (0.35, 0.35), (1, 0), (0, 1), (-1, -1)] {
            let d = comparator.compare(expected: expected, actual: Drawing.scene(dx: dx, dy: dy)).difference
            XCTAssertFalse(d.isWithinTolerance, "shift (\(dx), \(dy))")
            XCTAssertGreaterThan(d.largestEdgeShift, 0.45, "shift (\(dx), \(dy))")
        }
        // Without the limit, every pixel of a whole-pixel move is a blend of its neighbours.
        var anyDistance = Tolerance.default
        anyDistance.maxEdgeShift = nil
        let d = FrameComparator(tolerance: anyDistance).compare(expected: expected, actual: Drawing.scene(dx: 1)).difference
        XCTAssertTrue(d.isWithinTolerance, "\(d.violations)")
        XCTAssertEqual(d.largestEdgeShift, 0)
    }

    func testSubpixelShiftFailsWhenAntialiasingIsNotTolerated() {
        var tolerance = Tolerance.default
        tolerance.toleratesAntialiasing = false
        let d = FrameComparator(tolerance: tolerance).compare(expected: Drawing.scene(), actual: Drawing.scene(dx: 0.4)).difference
        XCTAssertFalse(d.isWithinTolerance)
        XCTAssertEqual(d.antialiasedPixels, 0)
    }

    func testMovedVertexFails() {
        let expected = Drawing.scene()
        for move in [2.0, 3, 6] {
            XCTAssertFalse(comparator.compare(expected: expected, actual: Drawing.scene(triangleApex: (60 + move, 8))).difference.isWithinTolerance, "moved \(move) px")
        }
        let actual = Drawing.scene(triangleApex: (64, 8))
        let d = comparator.compare(expected: expected, actual: actual).difference
        XCTAssertFalse(d.isWithinTolerance, "\(d)")
        XCTAssertGreaterThan(d.largestCluster, Tolerance.default.maxClusterSize!)
        // The differences lie along the triangle's two moved edges, below the apex.
        let bounds = try! XCTUnwrap(d.largestClusterBounds)
        XCTAssertGreaterThanOrEqual(bounds.y, 8)
        XCTAssertLessThanOrEqual(bounds.y + bounds.height, 85)
    }

    func testAppearingHairlineFailsHoweverThin() {
        let base = Drawing.image { _ in }
        for width in [1.0, 0.6] {
            let lined = Drawing.image { canvas in Drawing.fill(canvas, Drawing.line(20, 20.5, 100, 20.5, width: width), Color(r8: 80, g8: 80, b8: 80)) }
            let d = comparator.compare(expected: base, actual: lined).difference
            XCTAssertFalse(d.isWithinTolerance, "line \(width) wide")
            XCTAssertEqual(d.largestCluster, 80, "line \(width) wide")
            XCTAssertEqual(d.largestClusterBounds, PixelBounds(x: 20, y: 20, width: 80, height: 1))
        }
    }

    func testScatteredSpecksPassAndABlobOfTheSameCountFails() {
        let expected = Drawing.image(width: 200, height: 200) { _ in }
        let ink = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        var specks = expected
        for k in 0..<16 { specks.setPixel(x: 10 + (k % 4) * 50, y: 10 + (k / 4) * 50, ink) }
        let scattered = comparator.compare(expected: expected, actual: specks).difference
        XCTAssertEqual(scattered.differingPixels, 16)
        XCTAssertEqual(scattered.largestCluster, 1)
        XCTAssertEqual(scattered.clusterCount, 16)
        XCTAssertTrue(scattered.isWithinTolerance, "\(scattered.violations)")

        var blob = expected
        for y in 100..<104 { for x in 100..<104 { blob.setPixel(x: x, y: y, ink) } }
        let clustered = comparator.compare(expected: expected, actual: blob).difference
        XCTAssertEqual(clustered.differingPixels, 16)
        XCTAssertEqual(clustered.largestCluster, 16)
        XCTAssertEqual(clustered.violations, [.cluster(size: 16, limit: 8, bounds: PixelBounds(x: 100, y: 100, width: 4, height: 4))])
    }

    func testShareAndCountBudgets() {
        let expected = Drawing.image(width: 100, height: 100) { _ in }
        var actual = expected
        for k in 0..<30 { actual.setPixel(x: (k * 7) % 100, y: (k * 31) % 97, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)) }
        let d = comparator.compare(expected: expected, actual: actual).difference
        XCTAssertEqual(d.differingPixels, 30)
        XCTAssertEqual(d.differingShare, 0.003, accuracy: 1e-12)
        XCTAssertEqual(d.violations, [.differingShare(share: 0.003, limit: 0.001)])
        let counting = FrameComparator(tolerance: Tolerance(maxClusterSize: nil, maxDifferingPixels: 29, maxDifferingShare: nil))
        XCTAssertEqual(counting.compare(expected: expected, actual: actual).difference.violations, [.differingPixels(count: 30, limit: 29)])
    }

    func testColourChangesAreJudgedInPerceptualUnits() {
        let base = Drawing.image { canvas in Drawing.fill(canvas, Drawing.rect(20, 20, 60, 40), Color(r8: 120, g8: 120, b8: 120)) }
        func recoloured(_ r: Int, _ g: Int, _ b: Int) -> Pixmap {
            Drawing.image { canvas in Drawing.fill(canvas, Drawing.rect(20, 20, 60, 40), Color(r8: r, g8: g, b8: b)) }
        }
        let invisible = comparator.compare(expected: base, actual: recoloured(121, 120, 119)).difference
        XCTAssertEqual(invisible.changedPixels, 60 * 40)
        XCTAssertEqual(invisible.differingPixels, 0)
        XCTAssertLessThan(invisible.maxDeltaE, 2)
        XCTAssertTrue(invisible.isWithinTolerance)
        let visible = comparator.compare(expected: base, actual: recoloured(135, 120, 120)).difference
        XCTAssertGreaterThan(visible.maxDeltaE, 2)
        XCTAssertEqual(visible.changedPixels, 60 * 40)
        XCTAssertGreaterThanOrEqual(visible.largestCluster, 58 * 38, "the interior differs; only the rim may pass as an edge")
        XCTAssertEqual(visible.clusterCount, 1)
        XCTAssertFalse(visible.isWithinTolerance)
    }

    func testTranslucencyIsCompared() {
        let opaque = Drawing.image(background: .clear) { canvas in Drawing.fill(canvas, Drawing.rect(10, 10, 40, 40), .black) }
        let faded = Drawing.image(background: .clear) { canvas in Drawing.fill(canvas, Drawing.rect(10, 10, 40, 40), Color(red: 0, green: 0, blue: 0, alpha: 0.7)) }
        let d = comparator.compare(expected: opaque, actual: faded).difference
        XCTAssertGreaterThan(d.maxDeltaE, 10, "black at 70 % is grey over white")
        XCTAssertFalse(d.isWithinTolerance)
    }

    func testExactToleranceFailsOnOneByte() {
        let expected = Drawing.scene()
        var actual = expected
        var p = actual.pixel(x: 5, y: 5)
        p.r -= 1
        actual.setPixel(x: 5, y: 5, p)
        let d = FrameComparator(tolerance: .exact).compare(expected: expected, actual: actual).difference
        XCTAssertEqual(d.differingPixels, 1)
        XCTAssertFalse(d.isWithinTolerance)
        XCTAssertTrue(comparator.compare(expected: expected, actual: actual).difference.isWithinTolerance)
    }

    func testSizeMismatchIsADifference() {
        let d = comparator.compare(expected: Pixmap(width: 10, height: 8), actual: Pixmap(width: 8, height: 10))
        XCTAssertNil(d.map)
        XCTAssertEqual(d.difference.violations, [.sizeMismatch(expectedWidth: 10, expectedHeight: 8, actualWidth: 8, actualHeight: 10)])
    }

    func testDifferenceImageMarksEachClass() {
        let expected = Drawing.scene()
        var actual = Drawing.scene(dx: 0.4)
        for y in 40..<52 { for x in 64..<76 { actual.setPixel(x: x, y: y, PremultipliedRGBA8(r: 20, g: 160, b: 60, a: 255)) } }
        let comparison = comparator.compare(expected: expected, actual: actual)
        let image = DifferenceImage.render(comparison, expected: expected)
        let map = try! XCTUnwrap(comparison.map)
        let bounds = try! XCTUnwrap(comparison.difference.largestClusterBounds)
        var seen = Set<PixelClass>()
        for y in 0..<map.height {
            for x in 0..<map.width {
                let onOutline = (x == bounds.x - 3 || x == bounds.x + bounds.width + 2) && (bounds.y - 3...bounds.y + bounds.height + 2).contains(y)
                    || (y == bounds.y - 3 || y == bounds.y + bounds.height + 2) && (bounds.x - 3...bounds.x + bounds.width + 2).contains(x)
                if onOutline {
                    XCTAssertEqual(image.pixel(x: x, y: y), DifferenceImage.clusterColor)
                    continue
                }
                let c = map[x, y]
                seen.insert(c)
                switch c {
                case .differing: XCTAssertEqual(image.pixel(x: x, y: y), DifferenceImage.differingColor)
                case .antialiased: XCTAssertEqual(image.pixel(x: x, y: y), DifferenceImage.antialiasedColor)
                case .belowThreshold: XCTAssertEqual(image.pixel(x: x, y: y), DifferenceImage.belowThresholdColor)
                case .identical:
                    let p = image.pixel(x: x, y: y)
                    XCTAssertTrue(p.r == p.g && p.g == p.b && p.r >= 229, "identical pixels are faint grey")
                }
            }
        }
        XCTAssertEqual(seen, [.identical, .belowThreshold, .antialiased, .differing])
    }

    func testSideBySideKeepsEachImage() {
        let a = Drawing.scene(), b = Drawing.scene(dx: 3)
        let joined = DifferenceImage.sideBySide([a, b], gap: 5)
        XCTAssertEqual(joined.width, 245)
        XCTAssertEqual(joined.height, 90)
        XCTAssertEqual(joined.pixel(x: 30, y: 50), a.pixel(x: 30, y: 50))
        XCTAssertEqual(joined.pixel(x: 125 + 30, y: 50), b.pixel(x: 30, y: 50))
        XCTAssertEqual(joined.pixel(x: 122, y: 50), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }
}
