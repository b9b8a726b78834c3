import FrameDiff
import XCTest

/// CIEDE2000 against the supplementary test data of Sharma, Wu & Dalal (2005), table 1,
/// and the sRGB → CIELAB conversion against the sRGB standard's white and primaries.
final class ColorDifferenceTests: XCTestCase {
    func testCIEDE2000MatchesSharmaTestData() {
        let pairs: [(CIELab, CIELab, Double)] = [
            (CIELab(l: 50, a: 2.6772, b: -79.7751), CIELab(l: 50, a: 0, b: -82.7485), 2.0425),
            (CIELab(l: 50, a: 3.1571, b: -77.2803), CIELab(l: 50, a: 0, b: -82.7485), 2.8615),
            (CIELab(l: 50, a: 2.8361, b: -74.0200), CIELab(l: 50, a: 0, b: -82.7485), 3.4412),
            (CIELab(l: 50, a: -1.3802, b: -84.2814), CIELab(l: 50, a: 0, b: -82.7485), 1.0000),
            (CIELab(l: 50, a: 0, b: 0), CIELab(l: 50, a: -1, b: 2), 2.3669),
            (CIELab(l: 50, a: -1, b: 2), CIELab(l: 50, a: 0, b: 0), 2.3669),
            (CIELab(l: 50, a: 2.49, b: -0.001), CIELab(l: 50, a: -2.49, b: 0.0009), 7.1792),
            (CIELab(l: 50, a: 2.49, b: -0.001), CIELab(l: 50, a: -2.49, b: 0.0011), 7.2195),
            (CIELab(l: 50, a: 2.5, b: 0), CIELab(l: 73, a: 25, b: -18), 27.1492),
            (CIELab(l: 50, a: 2.5, b: 0), CIELab(l: 61, a: -5, b: 29), 22.8977),
            (CIELab(l: 60.2574, a: -34.0099, b: 36.2677), CIELab(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
            (CIELab(l: 63.0109, a: -31.0961, b: -5.8663), CIELab(l: 62.8187, a: -29.7946, b: -4.0864), 1.2630),
            (CIELab(l: 22.7233, a: 20.0904, b: -46.6940), CIELab(l: 23.0331, a: 14.9730, b: -42.5619), 2.0373),
            (CIELab(l: 2.0776, a: 0.0795, b: -1.1350), CIELab(l: 0.9033, a: -0.0636, b: -0.5514), 0.9082),
        ]
        for (i, (p, q, expected)) in pairs.enumerated() {
            XCTAssertEqual(p.deltaE2000(q), expected, accuracy: 0.00005, "pair \(i + 1)")
        }
    }

    func testDifferenceIsZeroOnlyForEqualColours() {
        let c = CIELab(r8: 12, g8: 200, b8: 99)
        XCTAssertEqual(c.deltaE2000(c), 0)
        XCTAssertGreaterThan(c.deltaE2000(CIELab(r8: 12, g8: 201, b8: 99)), 0)
    }

    func testSRGBWhiteAndPrimaries() {
        let white = CIELab(r8: 255, g8: 255, b8: 255)
        XCTAssertEqual(white.l, 100, accuracy: 1e-3)
        XCTAssertEqual(white.a, 0, accuracy: 1e-3)
        XCTAssertEqual(white.b, 0, accuracy: 1e-3)
        let red = CIELab(r8: 255, g8: 0, b8: 0)
        XCTAssertEqual(red.l, 53.24, accuracy: 0.01)
        XCTAssertEqual(red.a, 80.09, accuracy: 0.01)
        XCTAssertEqual(red.b, 67.20, accuracy: 0.01)
        XCTAssertEqual(CIELab(r8: 0, g8: 0, b8: 0).l, 0, accuracy: 1e-9)
    }

    func testOneEightBitStepIsBelowTheDefaultThreshold() {
        // The default threshold must sit above quantisation noise everywhere, including near black.
        var largest = 0.0
        for v in stride(from: 0, to: 255, by: 1) {
            for channel in 0..<3 {
                let p: [UInt8] = [UInt8(v), UInt8(v), UInt8(v)]
                var q = p
                q[channel] += 1
                largest = max(largest, CIELab(r8: p[0], g8: p[1], b8: p[2]).deltaE2000(CIELab(r8: q[0], g8: q[1], b8: q[2])))
            }
        }
        XCTAssertLessThan(largest, Tolerance.default.pixelThreshold)
        XCTAssertGreaterThan(largest, 1, "the threshold must stay above this, the largest step")
    }
}
