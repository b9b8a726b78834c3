import Raster
import Scene
import Timeline
import XCTest

/// Top-level constants, indexing, `count`, vector params and `forEach` over lists.
final class ConstantsTests: XCTestCase {
    func load(_ text: String) throws -> TimelineDocument {
        try TimelineLoader().load(Array(text.utf8))
    }

    func error(_ text: String) -> TimelineError? {
        do {
            _ = try load(text)
            XCTFail("expected an error")
            return nil
        } catch {
            return error as? TimelineError
        }
    }

    /// The covered height of column `x`, in pixels (black on white).
    func columnHeight(_ p: Pixmap, _ x: Int) -> Double {
        (0..<p.height).reduce(0.0) { $0 + Double(255 - Int(p.pixel(x: x, y: $1).r)) / 255 }
    }

    /// Bars from `heights[i]` over `range: [0, "=count(heights)"]` and from `bars[i].height`
    /// over `"in": "bars"` draw the same columns.
    func testListsIndexedByForEachVariablesDrawTheirValues() throws {
        func chart(_ forEach: String, _ height: String) -> String {
            """
            { "size": [90, 50], "duration": 1, "fps": 1,
              "constants": { "heights": [10, 40, 25], "bars": [ { "height": 10 }, { "height": 40 }, { "height": 25 } ] },
              "scene": { "hstack": { "alignment": "bottom", "spacing": 10, "children": [ { "forEach": { \(forEach), "content":
                  { "rectangle": {}, "modifiers": [ { "frame": { "width": 20, "height": "\(height)" } } ] } } } ] },
                "modifiers": [ { "frame": { "maxHeight": "infinity", "alignment": "bottom" } } ] } }
            """
        }
        let byIndex = try load(chart(#""range": [0, "=count(heights)"], "as": "i""#, "=heights[i]")).render(frame: 0)
        let byRecord = try load(chart(#""in": "bars", "as": "bar""#, "=bar.height")).render(frame: 0)
        let byField = try load(chart(#""in": "bars", "as": "bar", "index": "k""#, "=bars[k].height")).render(frame: 0)
        for (n, x) in [10, 40, 70].enumerated() {
            XCTAssertEqual(columnHeight(byIndex, x), [10, 40, 25][n], accuracy: 0.01)
        }
        XCTAssertEqual(byIndex, byRecord)
        XCTAssertEqual(byIndex, byField)
    }

    /// A vector param's components read as `v[0]`, `v[1]`; `"=v"` is a whole offset.
    func testVectorParamsAreIndexedAndGivePairs() throws {
        let scene = #"{ "rectangle": {}, "modifiers": [ { "frame": { "width": 10, "height": 10 } }, { "offset": %@ } ] }"#
        func render(_ offset: String) throws -> Pixmap {
            try load("""
                { "size": [60, 60], "duration": 1, "fps": 1, "params": { "v": [12, -7] },
                  "scene": \(scene.replacingOccurrences(of: "%@", with: offset)) }
                """).render(frame: 0)
        }
        let pair = try render(#""=v""#)
        XCTAssertEqual(pair, try render(#"{ "x": "=v[0]", "y": "=v[1]" }"#))
        XCTAssertEqual(pair, try render(#"{ "x": 12, "y": -7 }"#))
        XCTAssertNotEqual(pair, try render(#"{ "x": 0, "y": 0 }"#))
    }

    /// Nested lists and records, constants folded when the file is loaded, and colours chosen by index.
    func testNestedConstantsFoldAndChooseColours() throws {
        let document = try load("""
            { "size": [30, 10], "duration": 1, "fps": 1,
              "constants": { "grid": [[1, 2], [3, 4]], "palette": ["#FF0000", "#0000FF"], "gap": 0 },
              "scene": { "hstack": { "spacing": "=gap", "children": [ { "forEach": { "range": [0, 3], "as": "i", "content":
                  { "rectangle": {}, "modifiers": [ { "fill": "=palette[i % 2]" },
                      { "frame": { "width": "=grid[1][0] * 3 + grid[0][1] * 0.5", "height": 10 } } ] } } } ] } } }
            """)
        let p = document.render(frame: 0)
        XCTAssertEqual(p.pixel(x: 5, y: 5), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(p.pixel(x: 15, y: 5), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(p.pixel(x: 25, y: 5), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    func testBadUsesOfConstantsAreLocated() throws {
        func check(_ constants: String, _ field: String, _ fragment: String, column: Int) {
            let e = error("""
                { "size": [10, 10], "duration": 1, "params": { "v": [1, 2] }, "constants": \(constants),
                  "scene": { "rectangle": {}, "modifiers": [ { "frame": { "width": "\(field)" } } ] } }
                """)
            XCTAssertTrue(e?.message.contains(fragment) == true, "\(String(describing: e)) lacks \(fragment)")
            guard column > 0 else { return }
            XCTAssertEqual(e?.location?.line, 2, "\(String(describing: e))")
            XCTAssertEqual(e?.location?.column, column, "\(String(describing: e))")
        }
        // The field's string string starts at column 68, so the expression's first character is at 70.
        check(#"{ "hs": [1, 2] }"#, "=hs[2]", "index 2 is out of range (the list has 2 items)", column: 72)
        check(#"{ "hs": [1, 2] }"#, "=hs * 2", "\"hs\" is a list of 2 items, not a number; index it, as hs[0]", column: 70)
        check(#"{ "hs": [1, 2] }"#, "=1 + v", "\"v\" is a list of 2 items", column: 74)
        check(#"{ "b": [ { "height": 1 } ] }"#, "=b[0].hieght", "no field \"hieght\" (did you mean \"height\"?)", column: 75)
        check(#"{ "s": ["a"] }"#, "=s[0]", "\"s\" is a string, not a number", column: 70)
        check(#"{ "hs": [1, 2] }"#, "=count(hs[0])", "count takes a list; \"hs\" is a number", column: 76)
        check(#"{ "t": [1, 2] }"#, "=1", "\"t\" cannot name a constant", column: 0)
    }
}
