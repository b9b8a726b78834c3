@testable import Export
import XCTest

final class MedianCutQuantizerTests: XCTestCase {
    /// Quantises `pixels` (opaque RGBA8) and returns the palette and the reconstructed colours.
    private func roundTrip(_ pixels: [UInt8], width: Int, height: Int, maxColors: Int = 256) -> (Palette, [RGB8]) {
        var quantizer = MedianCutQuantizer(maxColors: maxColors)
        var indices = [UInt8](repeating: 0, count: width * height)
        let palette = pixels.withUnsafeBufferPointer { source in
            indices.withUnsafeMutableBufferPointer { quantizer.quantize(source, width: width, height: height, indices: $0.baseAddress!, linesize: width) }
        }
        return (palette, indices.map { palette.colors[Int($0)] })
    }

    /// `count` opaque RGBA8 pixels, pixel i coloured `color(i)`.
    private func opaquePixels(_ count: Int, _ color: (Int) -> RGB8) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<count {
            let c = color(i)
            bytes += [c.r, c.g, c.b, 255]
        }
        return bytes
    }

    func testFewColoursAreReproducedExactlyEvenWhenNearlyEqual() {
        let colors: [RGB8] = [RGB8(r: 0, g: 0, b: 0), RGB8(r: 255, g: 255, b: 255), RGB8(r: 200, g: 30, b: 90), RGB8(r: 201, g: 30, b: 90)]
        let pixels = opaquePixels(64) { colors[($0 * 7) % 4] }
        let (palette, mapped) = roundTrip(pixels, width: 8, height: 8)
        XCTAssertEqual(Set(palette.colors), Set(colors))
        XCTAssertEqual(mapped, (0..<64).map { colors[($0 * 7) % 4] })
    }

    func testPaletteEntriesAreDistinctAndBounded() {
        // A smooth gradient with far more colours than entries.
        let width = 256, height = 64
        let pixels = opaquePixels(width * height) { i in RGB8(r: UInt8(i % width), g: UInt8(i / width * 4), b: UInt8(255 - i % width)) }
        for maxColors in [2, 16, 256] {
            let (palette, mapped) = roundTrip(pixels, width: width, height: height, maxColors: maxColors)
            XCTAssertLessThanOrEqual(palette.colors.count, maxColors)
            XCTAssertEqual(Set(palette.colors).count, palette.colors.count)
            XCTAssertEqual(mapped.count, width * height)
        }
        let (_, mapped) = roundTrip(pixels, width: width, height: height)
        var totalError = 0
        for (n, color) in mapped.enumerated() {
            totalError += abs(Int(color.r) - Int(pixels[n * 4]))
            totalError += abs(Int(color.g) - Int(pixels[n * 4 + 1]))
            totalError += abs(Int(color.b) - Int(pixels[n * 4 + 2]))
        }
        // 16 384 colours on a 2-D surface share 256 entries, cells about 16 units wide: the mean
        // error per channel is then about 4 (measured 4.0).
        XCTAssertLessThan(Double(totalError) / Double(width * height * 3), 5, "mean error per channel with 256 colours")
    }

    func testExactlyMaxColoursIsLosslessAndOneMoreIsNot() {
        let colors = (0..<257).map { RGB8(r: UInt8($0 % 256), g: UInt8($0 / 2), b: 7) }
        let pixels = opaquePixels(257) { colors[$0] }
        let (_, first256) = roundTrip(Array(pixels[..<(256 * 4)]), width: 16, height: 16)
        XCTAssertEqual(first256, Array(colors[..<256]))
        let (palette, all) = roundTrip(pixels, width: 257, height: 1)
        XCTAssertLessThanOrEqual(palette.colors.count, 256)
        XCTAssertNotEqual(all, colors)
        // These colours fill few 6-bit bins; each bin becomes an entry at its pixels' mean,
        // so no channel moves by more than the bin's width minus one.
        for (mapped, original) in zip(all, colors) {
            XCTAssertLessThanOrEqual(abs(Int(mapped.r) - Int(original.r)), 3)
            XCTAssertLessThanOrEqual(abs(Int(mapped.g) - Int(original.g)), 3)
            XCTAssertLessThanOrEqual(abs(Int(mapped.b) - Int(original.b)), 3)
        }
    }

    func testPaletteDropsRepeatsAndPadsWithItsFirstEntry() {
        let red = RGB8(r: 255, g: 0, b: 0), blue = RGB8(r: 0, g: 0, b: 255)
        let palette = Palette(deduplicating: [red, blue, red, blue])
        XCTAssertEqual(palette.colors, [red, blue])
        var words = [UInt32](repeating: 0, count: 256)
        words.withUnsafeMutableBufferPointer { palette.write(to: $0.baseAddress!) }
        XCTAssertEqual(Array(words[..<3]), [0xFFFF_0000, 0xFF00_00FF, 0xFFFF_0000])
        XCTAssertTrue(words[2...].allSatisfy { $0 == 0xFFFF_0000 })
    }

    func testEveryPixelGetsItsNearestEntry() {
        let width = 64, height = 16
        let pixels = opaquePixels(width * height) { i in RGB8(r: UInt8(i % 251), g: UInt8(i * 3 % 256), b: UInt8(i / 7 % 256)) }
        let (palette, mapped) = roundTrip(pixels, width: width, height: height, maxColors: 16)
        // Mapping goes through 6-bit bins, so a pixel may be up to one bin's diagonal (3√3)
        // farther from its entry than from the nearest one, on either side: 2 × 3√3.
        for (n, color) in mapped.enumerated() {
            let pixel = RGB8(r: pixels[n * 4], g: pixels[n * 4 + 1], b: pixels[n * 4 + 2])
            let best = palette.colors[palette.nearestIndex(to: pixel)]
            func distance(_ a: RGB8, _ b: RGB8) -> Double {
                let dr = Double(Int(a.r) - Int(b.r))
                let dg = Double(Int(a.g) - Int(b.g))
                let db = Double(Int(a.b) - Int(b.b))
                return (dr * dr + dg * dg + db * db).squareRoot()
            }
            XCTAssertLessThanOrEqual(distance(color, pixel), distance(best, pixel) + 2 * 3 * 3.0.squareRoot())
        }
    }
}
