import Raster
import Timeline
import XCTest

/// Opacity and blend modes on a container reach each drawing inside it, as in SwiftUI;
/// `compositingGroup` flattens the container first.
final class GroupOpacityTests: XCTestCase {
    /// SwiftUI's red and blue circles overlapping in the middle of a 100 × 60 canvas.
    func render(_ modifiers: String) throws -> PremultipliedRGBA8 {
        let p = try TimelineLoader().load(Array("""
            { "size": [100, 60], "duration": 1, "fps": 1, "scene": { "zstack": { "children": [
                { "circle": {}, "modifiers": [ { "fill": "#FF3B30" }, { "frame": { "width": 60, "height": 60 } }, { "offset": { "x": -15 } } ] },
                { "circle": {}, "modifiers": [ { "fill": "#007AFF" }, { "frame": { "width": 60, "height": 60 } }, { "offset": { "x": 15 } } ] } ] },
              "modifiers": \(modifiers) } }
            """.utf8)).render(frame: 0)
        return p.pixel(x: 50, y: 30)
    }

    func assertColor(_ c: PremultipliedRGBA8, _ r: Double, _ g: Double, _ b: Double, tolerance: Double = 3, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Double(c.r), r, accuracy: tolerance, "red", file: file, line: line)
        XCTAssertEqual(Double(c.g), g, accuracy: tolerance, "green", file: file, line: line)
        XCTAssertEqual(Double(c.b), b, accuracy: tolerance, "blue", file: file, line: line)
    }

    func testOpacityOnAStackReachesEachCircle() throws {
        // Red at 0.5 over white, then blue at 0.5 over that: SwiftUI's (128, 140, 203).
        assertColor(try render(#"[ { "opacity": 0.5 } ]"#), 127.5, 139.5, 203)
    }

    func testCompositingGroupFlattensBeforeTheOpacity() throws {
        // The blue circle on top, as one layer at 0.5 over white.
        assertColor(try render(#"[ { "compositingGroup": {} }, { "opacity": 0.5 } ]"#), 127.5, 188.5, 255)
    }

    func testTheToleranceTellsTheTwoApart() throws {
        // The one-layer result lies far outside 3/255 of the per-drawing one.
        let flat = try render(#"[ { "compositingGroup": {} }, { "opacity": 0.5 } ]"#)
        XCTAssertGreaterThan(abs(Double(flat.g) - 139.5), 3)
    }

    func testBlendModeOnAStackReachesEachCircle() throws {
        // Multiply per drawing: red × white, then blue × red = (0, 59·122/255, 48).
        assertColor(try render(#"[ { "blendMode": "multiply" } ]"#), 0, 28.2, 48)
        // Flattened first: the blue circle covers the red; blue × white.
        assertColor(try render(#"[ { "compositingGroup": {} }, { "blendMode": "multiply" } ]"#), 0, 122, 255)
    }
}
