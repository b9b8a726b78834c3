import Raster
import Timeline
import XCTest

/// SwiftUI's paints as the format spells them: `EllipticalGradient`, `Gradient(stops:)`
/// under `gradient`, `Color(hue:saturation:brightness:)` and `Color(white:)`.
final class PaintSyntaxTests: XCTestCase {
    /// A `width` × `height` canvas filled with `paint` (JSON), the pixel at (x, y).
    func pixels(_ paint: String, width: Int = 200, height: Int = 100) throws -> (Int, Int) -> PremultipliedRGBA8 {
        let p = try TimelineLoader().load(Array("""
            { "size": [\(width), \(height)], "duration": 1, "fps": 1, "scene": { "rectangle": {}, "modifiers": [ { "fill": \(paint) } ] } }
            """.utf8)).render(frame: 0)
        return { p.pixel(x: $0, y: $1) }
    }

    func testHueSaturationBrightnessAsSwiftUIConverts() throws {
        // Hue 0.25 (a quarter turn, between yellow and green), saturation 0.5, brightness 0.8: (0.6, 0.8, 0.4).
        let c = try pixels(#"{ "hue": 0.25, "saturation": 0.5, "brightness": 0.8 }"#)(5, 5)
        XCTAssertEqual([c.r, c.g, c.b], [153, 204, 102])
        let cyan = try pixels(#"{ "hue": 0.5, "saturation": 1, "brightness": 1, "opacity": 1 }"#)(5, 5)
        XCTAssertEqual([cyan.r, cyan.g, cyan.b], [0, 255, 255])
        let white = try pixels(#"{ "white": 0.25 }"#)(5, 5)
        XCTAssertEqual([white.r, white.g, white.b], [64, 64, 64])
    }

    func testEllipticalGradientStretchesTheUnitSquareOverTheFrame() throws {
        let at = try pixels(#"{ "ellipticalGradient": { "colors": ["black", "white"] } }"#)
        // A quarter of the width right and a quarter of the height down are both halfway out.
        XCTAssertEqual(Double(at(150, 50).r), 128, accuracy: 2)
        XCTAssertEqual(Double(at(100, 75).r), 128, accuracy: 2)
        XCTAssertEqual(Double(at(100, 50).r), 0, accuracy: 4)
        XCTAssertEqual(at(0, 0).r, 255)
        // A radial gradient of the same radius in points is circular: not halfway down.
        let radial = try pixels(#"{ "radialGradient": { "colors": ["black", "white"], "endRadius": 100 } }"#)
        XCTAssertGreaterThan(abs(Double(radial(100, 75).r) - 128), 40)
    }

    func testStopsAsSwiftUIWritesThemDrawAsPairs() throws {
        let pairs = try pixels(#"{ "linearGradient": { "stops": [["red", 0], ["blue", 0.3], ["white", 1]], "startPoint": "leading", "endPoint": "trailing" } }"#)
        let objects = try pixels(#"""
            { "linearGradient": { "gradient": { "stops": [ { "color": "red", "location": 0 }, { "color": "blue", "location": 0.3 },
              { "color": "white", "location": 1 } ] }, "startPoint": "leading", "endPoint": "trailing" } }
            """#)
        for x in stride(from: 0, to: 200, by: 7) { XCTAssertEqual(pairs(x, 10), objects(x, 10)) }
        XCTAssertThrowsError(try pixels(#"{ "linearGradient": { "gradient": { "colors": ["red"] }, "colors": ["blue"] } }"#))
    }
}
