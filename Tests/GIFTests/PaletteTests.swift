@testable import GIF
import Raster
import XCTest

final class PaletteTests: XCTestCase {
    private func histogram(_ colors: [(RGB8, Int)], exactLimit: Int = 1 << 16) -> ColorHistogram {
        var histogram = ColorHistogram(exactLimit: exactLimit)
        for (color, count) in colors {
            let pixels = [UInt8](repeating: 0, count: 4 * count).enumerated().map { i, _ in [color.r, color.g, color.b, 255][i % 4] }
            pixels.withUnsafeBufferPointer { histogram.add($0.baseAddress!, count: count) }
        }
        return histogram
    }

    func testOKLabReferenceValues() {
        // Ottosson's published values: white is L = 1, a = b = 0; sRGB red is (0.628, 0.225, 0.126).
        let white = OKLab(r: 255, g: 255, b: 255)
        XCTAssertEqual(white.l, 1, accuracy: 1e-3)
        XCTAssertEqual(white.a, 0, accuracy: 1e-3)
        XCTAssertEqual(white.b, 0, accuracy: 1e-3)
        let red = OKLab(r: 255, g: 0, b: 0)
        XCTAssertEqual(red.l, 0.628, accuracy: 2e-3)
        XCTAssertEqual(red.a, 0.225, accuracy: 2e-3)
        XCTAssertEqual(red.b, 0.126, accuracy: 2e-3)
        XCTAssertEqual(OKLab(r: 0, g: 0, b: 0).l, 0, accuracy: 1e-6)
    }

    func testFewColoursAreThePaletteExactlyMostFrequentFirst() {
        let colors: [(RGB8, Int)] = [(RGB8(r: 200, g: 30, b: 90), 5), (RGB8(r: 201, g: 30, b: 90), 50), (RGB8(r: 0, g: 0, b: 0), 20)]
        let palette = PaletteBuilder.palette(from: histogram(colors), maxColors: 3)
        XCTAssertEqual(palette.colors, [RGB8(r: 201, g: 30, b: 90), RGB8(r: 0, g: 0, b: 0), RGB8(r: 200, g: 30, b: 90)])
    }

    func testClustersGetTheirWeightedMeans() {
        // Two tight clusters, far apart: two entries, each the pixel-weighted mean of its cluster.
        let colors: [(RGB8, Int)] = [
            (RGB8(r: 10, g: 10, b: 10), 3), (RGB8(r: 14, g: 10, b: 10), 1),
            (RGB8(r: 240, g: 200, b: 0), 1), (RGB8(r: 244, g: 204, b: 0), 1),
        ]
        let palette = PaletteBuilder.palette(from: histogram(colors), maxColors: 2)
        XCTAssertEqual(Set(palette.colors), [RGB8(r: 11, g: 10, b: 10), RGB8(r: 242, g: 202, b: 0)])
    }

    func testTooManyColoursFoldIntoBinsKeepingMeans() {
        var colors: [(RGB8, Int)] = []
        for r in 0..<40 { for g in 0..<40 { colors.append((RGB8(r: UInt8(r * 6), g: UInt8(g * 6), b: 77), 1)) } }
        let folded = histogram(colors, exactLimit: 100)
        XCTAssertFalse(folded.isExact)
        XCTAssertEqual(folded.pixelCount, 1600)
        XCTAssertEqual(folded.points.reduce(0) { $0 + $1.count }, 1600)
        XCTAssertEqual(folded.points.reduce(0) { $0 + $1.blue }, 77 * 1600, "channel sums survive folding")
        let palette = PaletteBuilder.palette(from: folded, maxColors: 64)
        XCTAssertLessThanOrEqual(palette.colors.count, 64)
        XCTAssertEqual(Set(palette.colors).count, palette.colors.count, "entries are distinct")
    }

    func testRefinementNeverLeavesAColourFartherThanTheMedianCutBoxes() {
        // A ramp of 256 greys in 16 entries: every grey within half a step (8) plus rounding.
        let colors = (0..<256).map { (RGB8(r: UInt8($0), g: UInt8($0), b: UInt8($0)), 1) }
        let palette = PaletteBuilder.palette(from: histogram(colors), maxColors: 16)
        let mapper = PaletteMapper(palette: palette)
        for grey in 0..<256 {
            let entry = palette.colors[mapper.nearest(UInt8(grey), UInt8(grey), UInt8(grey))]
            XCTAssertLessThanOrEqual(abs(Int(entry.r) - grey), 12, "grey \(grey) → \(entry)")
        }
    }

    func testAPaletteTakesFewerColoursOnlyWhileTheyShowTheFramesClosely() {
        // Black and white flat areas (100,000 pixels each) and the 254 greys between them once
        // each, like the anti-aliased edge of a shape: 256 colours. Fewer entries miss only
        // the rare greys, so the PSNR stays high; a fixed palette keeps every colour it can.
        var colors: [(RGB8, Int)] = [(RGB8(r: 0, g: 0, b: 0), 100_000), (RGB8(r: 255, g: 255, b: 255), 100_000)]
        for grey in 1..<255 { colors.append((RGB8(r: UInt8(grey), g: UInt8(grey), b: UInt8(grey)), 1)) }
        let h = histogram(colors)
        let full = PaletteBuilder.palette(from: h, maxColors: 255, minimumPSNR: .infinity, largestDifference: 8)
        XCTAssertEqual(full.colors.count, 255)
        let reduced = PaletteBuilder.palette(from: h, maxColors: 255, minimumPSNR: 60, largestDifference: 8)
        XCTAssertLessThan(reduced.colors.count, 64, "one bit less per index at least")
        XCTAssertTrue(reduced.shows(h, minimumPSNR: 60, largestDifference: 8))
        XCTAssertFalse(reduced.shows(h, minimumPSNR: .infinity, largestDifference: 0), "no longer exact")
        // The next size down, half as many entries, would not do.
        let smaller = PaletteBuilder.palette(from: h, maxColors: (reduced.colors.count + 1) / 2 - 1)
        XCTAssertFalse(smaller.shows(h, minimumPSNR: 60, largestDifference: 8))
        // A rare colour, one red pixel among them, keeps an entry of its own: it barely moves
        // the PSNR, but would show.
        let red = RGB8(r: 220, g: 30, b: 30)
        let withRed = histogram(colors + [(red, 1)])
        XCTAssertFalse(PaletteBuilder.palette(from: withRed, maxColors: 255, minimumPSNR: 45, largestDifference: .infinity).colors.contains(red))
        XCTAssertTrue(PaletteBuilder.palette(from: withRed, maxColors: 255, minimumPSNR: 45, largestDifference: 8).colors.contains(red))
        // A ramp of equal counts loses a lot with every halving: it keeps its 255 entries.
        let ramp = histogram((0..<255).map { (RGB8(r: UInt8($0), g: UInt8($0), b: UInt8($0)), 100) })
        XCTAssertEqual(PaletteBuilder.palette(from: ramp, maxColors: 255, minimumPSNR: 60, largestDifference: 8).colors.count, 255)
        XCTAssertTrue(PaletteBuilder.palette(from: ramp, maxColors: 255).shows(ramp, minimumPSNR: .infinity, largestDifference: 0), "exact")
    }
}
