import Raster
import Timeline
import XCTest

/// SwiftUI's own spellings are accepted, or rejected with the spelling that works.
final class SwiftUISpellingTests: XCTestCase {
    func render(_ scene: String, size: String = "[120, 120]") throws -> Pixmap {
        try TimelineLoader().load(Array("""
            { "size": \(size), "duration": 1, "fps": 1, "scene": \(scene) }
            """.utf8)).render(frame: 0)
    }

    func fill(_ paint: String) throws -> PremultipliedRGBA8 {
        try render(#"{ "rectangle": {}, "modifiers": [ { "fill": \#(paint) } ] }"#, size: "[4, 4]").pixel(x: 2, y: 2)
    }

    func testColourSpellings() throws {
        XCTAssertEqual(try fill(#""black.opacity(0.3)""#), try fill(#"{ "color": "black", "opacity": 0.3 }"#))
        XCTAssertEqual(try fill(#"".red""#), try fill(##""#FF3B30""##))
        XCTAssertEqual(try fill(#""systemGray6""#), try fill(##""#F2F2F7""##))
        XCTAssertEqual(try fill(#""systemGray""#), try fill(##""#8E8E93""##))
        XCTAssertEqual(try fill(#""primary""#), try fill(#""black""#))
        XCTAssertEqual(try fill(#""secondary""#), try fill(#""rgba(60, 60, 67, 0.6)""#))
        XCTAssertEqual(try fill(#""systemBackground""#), try fill(#""white""#))
        XCTAssertEqual(try fill(#"".blue.opacity(0.5)""#), try fill(#"{ "color": "blue", "opacity": 0.5 }"#))
        XCTAssertThrowsError(try fill(#""Color(.systemGray)""#)) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("write the colour's name (\"systemGray\""), "\(error)")
        }
        XCTAssertThrowsError(try fill(#""systemGrey""#)) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("did you mean \"systemGray\""), "\(error)")
        }
        XCTAssertThrowsError(try fill(#""black.opacity(2)""#))
    }

    /// `font` as a modifier sets the font of the texts inside; `.title` takes Swift's dot.
    func testFontModifierAndLeadingDots() throws {
        let own = try render(#"{ "vstack": [ { "text": { "string": "Hello", "font": "title" } }, { "text": { "string": "World", "font": "title" } } ] }"#)
        let modifier = try render(#"{ "vstack": [ { "text": "Hello" }, { "text": "World" } ], "modifiers": [ { "font": ".title" } ] }"#)
        let body = try render(#"{ "vstack": [ { "text": "Hello" }, { "text": "World" } ] }"#)
        XCTAssertEqual(own, modifier)
        XCTAssertNotEqual(own, body)
        // The innermost font wins, and a text's own font wins over both.
        let inner = try render(
            #"{ "vstack": [ { "text": "Hello", "modifiers": [ { "font": "title" } ] }, { "text": { "string": "World", "font": "title" } } ], "modifiers": [ { "font": "caption" } ] }"#)
        XCTAssertEqual(own, inner)
        let aligned = try render(#"{ "vstack": { "alignment": ".leading", "children": [ { "text": "a" }, { "text": "bcd" } ] } }"#)
        XCTAssertEqual(aligned, try render(#"{ "vstack": { "alignment": "leading", "children": [ { "text": "a" }, { "text": "bcd" } ] } }"#))
    }

    func testForegroundColorIsForegroundStyle() throws {
        XCTAssertEqual(
            try render(#"{ "circle": {}, "modifiers": [ { "foregroundColor": "red" } ] }"#),
            try render(#"{ "circle": {}, "modifiers": [ { "foregroundStyle": "red" } ] }"#))
    }

    /// `strokeBorder` strokes inside the frame; `stroke` straddles its edge.
    func testStrokeBorderStaysInsideTheFrame() throws {
        func square(_ modifier: String) throws -> Pixmap {
            try render(#"{ "rectangle": {}, "modifiers": [ { "\#(modifier)": { "paint": "black", "lineWidth": 10 } }, { "frame": { "width": 100, "height": 100 } } ] }"#)
        }
        let border = try square("strokeBorder"), stroke = try square("stroke")
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        XCTAssertEqual(border.pixel(x: 17, y: 60), black)
        XCTAssertEqual(border.pixel(x: 7, y: 60), white)
        XCTAssertEqual(stroke.pixel(x: 17, y: 60), white)
        XCTAssertEqual(stroke.pixel(x: 7, y: 60), black)
    }
}
