import Raster
import Timeline
import XCTest

/// Shape transforms and boolean operations in a timeline: a stroked union draws one
/// outline, and a shape rotated, scaled and moved lands where SwiftUI puts it.
final class ShapeOperationTests: XCTestCase {
    func render(_ scene: String) throws -> Pixmap {
        try TimelineLoader().load(Array("""
            { "size": [200, 200], "duration": 1, "fps": 1, "background": "white", "scene": \(scene) }
            """.utf8)).render(frame: 0)
    }

    func testStrokedUnionDrawsOnlyTheCombinedOutline() throws {
        let union = try render(#"""
            { "star": { "points": 5 }, "modifiers": [ { "union": { "shape": { "circle": {}, "modifiers": [ { "inset": 40 } ] } } },
              { "stroke": { "paint": "blue", "lineWidth": 3 } } ] }
            """#)
        // (160, 100) is on the circle, inside the star's first arm: not on the union's outline.
        XCTAssertEqual(union.pixel(x: 160, y: 100).r, 255)
        // (100, 40) is on the circle between two arms: on the outline.
        XCTAssertLessThan(union.pixel(x: 100, y: 40).r, 128)
        // Both outlines overlaid do draw at (160, 100).
        let both = try render(#"""
            { "zstack": [ { "star": { "points": 5 }, "modifiers": [ { "stroke": { "paint": "blue", "lineWidth": 3 } } ] },
              { "circle": {}, "modifiers": [ { "inset": 40 }, { "stroke": { "paint": "blue", "lineWidth": 3 } } ] } ] }
            """#)
        XCTAssertLessThan(both.pixel(x: 160, y: 100).r, 128)
    }

    func testRotatedScaledAndMovedShape() throws {
        let image = try render(#"""
            { "rectangle": {}, "modifiers": [ { "rotation": 45 }, { "scale": 0.3 }, { "offset": { "x": 60, "y": 60 } }, { "fill": "red" } ] }
            """#)
        XCTAssertEqual(image.pixel(x: 160, y: 160).g, 59)  // the centre moved by (60, 60)
        XCTAssertEqual(image.pixel(x: 100, y: 100).g, 255)
        // A 60-point square turned 45° reaches 42 points from its centre along the axes, not 30 along the diagonal.
        XCTAssertEqual(image.pixel(x: 198, y: 160).g, 59)
        XCTAssertEqual(image.pixel(x: 186, y: 186).g, 255)
        XCTAssertThrowsError(try render(#"{ "rectangle": {}, "modifiers": [ { "fill": "red" }, { "rotation": 45 } ] }"#))
    }
}
