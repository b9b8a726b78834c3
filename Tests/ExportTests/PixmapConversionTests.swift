import Raster
import XCTest
@testable import Export

/// The conversions every frame goes through on its way to an encoder: the opacity
/// check that lets opaque frames pass as they are, straight alpha, and the matte.
final class PixmapConversionTests: XCTestCase {
    /// A 67 × 71 frame (more than one block of the opacity check) of varied opaque pixels.
    func opaqueFrame() -> Pixmap {
        var p = Pixmap(width: 67, height: 71, fill: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        for y in 0..<p.height {
            for x in 0..<p.width {
                p.setPixel(x: x, y: y, PremultipliedRGBA8(r: UInt8(x * 3 % 256), g: UInt8(y * 5 % 256), b: UInt8((x + y) % 256), a: 255))
            }
        }
        return p
    }

    func testOpacityIsSeenToTheLastPixel() {
        var p = opaqueFrame()
        XCTAssertTrue(p.isOpaque)
        p.setPixel(x: 66, y: 70, PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 254))
        XCTAssertFalse(p.isOpaque)
        var q = opaqueFrame()
        q.setPixel(x: 0, y: 0, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        XCTAssertFalse(q.isOpaque)
    }

    func testStraightAlphaAndMatteTouchOnlyTheTranslucentPixels() {
        var p = opaqueFrame()
        p.setPixel(x: 5, y: 7, PremultipliedRGBA8(r: 50, g: 100, b: 0, a: 128))
        p.setPixel(x: 6, y: 7, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        // Each place a pixel can take in a run of eight, and past the last run of a row.
        for x in 16..<24 { p.setPixel(x: x, y: x - 14, PremultipliedRGBA8(r: 20, g: 30, b: 40, a: 200)) }
        p.setPixel(x: 66, y: 70, PremultipliedRGBA8(r: 5, g: 5, b: 5, a: 10))
        var straight = [UInt8](repeating: 0, count: p.width * p.height * 4)
        straight.withUnsafeMutableBufferPointer { p.writeStraightAlpha(into: $0.baseAddress!, linesize: p.width * 4) }
        var bgra = [UInt8](repeating: 0, count: p.width * p.height * 4)
        bgra.withUnsafeMutableBufferPointer { p.writeStraightAlpha(into: $0.baseAddress!, linesize: p.width * 4, order: .bgra) }
        var matted = [UInt8](repeating: 0, count: (p.width + 1) * (p.height + 1) * 4)
        matted.withUnsafeMutableBufferPointer {
            p.composite(over: RGB8(r: 200, g: 100, b: 50), into: $0.baseAddress!, linesize: (p.width + 1) * 4, paddedWidth: p.width + 1, paddedHeight: p.height + 1)
        }
        for y in 0..<p.height {
            for x in 0..<p.width {
                let c = p.pixel(x: x, y: y), i = (y * p.width + x) * 4, m = (y * (p.width + 1) + x) * 4
                let a = Int(c.a)
                func un(_ v: UInt8) -> UInt8 { a == 0 || a == 255 ? v : UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                XCTAssertEqual(Array(straight[i..<i + 4]), [un(c.r), un(c.g), un(c.b), c.a], "\(x), \(y)")
                XCTAssertEqual(Array(bgra[i..<i + 4]), [un(c.b), un(c.g), un(c.r), c.a], "\(x), \(y)")
                func over(_ v: UInt8, _ matte: Int) -> UInt8 { UInt8(Int(v) + (matte * (255 - a) + 127) / 255) }
                XCTAssertEqual(Array(matted[m..<m + 4]), [over(c.r, 200), over(c.g, 100), over(c.b, 50), 255], "\(x), \(y)")
            }
        }
        // The padding column and row are the matte.
        let corner = ((p.height) * (p.width + 1) + p.width) * 4
        XCTAssertEqual(Array(matted[corner..<corner + 4]), [200, 100, 50, 255])
        XCTAssertEqual(Array(straight[(7 * p.width + 5) * 4..<(7 * p.width + 5) * 4 + 4]), [100, 199, 0, 128])
    }
}
