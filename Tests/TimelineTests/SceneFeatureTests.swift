import Raster
import Timeline
import XCTest

/// Layout and drawing features, each through a small timeline and the pixels it renders.
final class SceneFeatureTests: XCTestCase {
    let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

    func render(_ scene: String, size: String = "[100, 100]", params: String = "{}") throws -> Pixmap {
        try TimelineLoader().load(Array("""
            { "size": \(size), "duration": 1, "fps": 1, "params": \(params), "scene": \(scene) }
            """.utf8)).render(frame: 0)
    }

    /// A scene reads the time when one of its expressions names `t` or `frame`, wherever it
    /// is (a path, an effect, a named paint); parameters alone do not.
    func testSceneReadsTheTimeWhenAnExpressionNamesItOrTheFrame() throws {
        func readsTime(_ scene: String, paints: String = "{}") throws -> Bool {
            try TimelineLoader().load(Array("""
                { "size": [100, 100], "duration": 1, "params": { "x": 0 }, "paints": \(paints), "scene": \(scene) }
                """.utf8)).scene.readsTime
        }
        let offset = #"{ "circle": {}, "modifiers": [ { "offset": { "x": "%@" } } ] }"#
        XCTAssertFalse(try readsTime(offset.replacingOccurrences(of: "%@", with: "=x * 2 + fps + duration")))
        XCTAssertFalse(try readsTime(#"{ "text": "t frame" }"#))
        XCTAssertTrue(try readsTime(offset.replacingOccurrences(of: "%@", with: "=x + t")))
        XCTAssertTrue(try readsTime(offset.replacingOccurrences(of: "%@", with: "=minX + frame")))
        XCTAssertTrue(try readsTime(#"{ "path": { "commands": [ ["move", 0, 0], ["line", "=w * t", "=h"] ] } }"#))
        XCTAssertTrue(try readsTime(#"{ "rectangle": {}, "modifiers": [ { "fill": "glow" } ] }"#,
            paints: #"{ "glow": { "radialGradient": { "colors": ["red", "blue"], "startRadius": 0, "endRadius": "=frame < 3 ? 10 : 20" } } }"#))
    }

    func testForEachRepeatsItsContentWithTheVariableSet() throws {
        let p = try render("""
            { "hstack": { "spacing": 0, "alignment": "top", "children": [ { "forEach": { "range": [1, 4], "as": "i", "content":
                { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 20, "height": "=i * 10" } } ] } } } ] } }
            """, size: "[60, 30]")
        // Three columns 20 wide, 10, 20 and 30 tall, top-aligned.
        XCTAssertEqual(p.pixel(x: 10, y: 5), black)
        XCTAssertEqual(p.pixel(x: 10, y: 15), white)
        XCTAssertEqual(p.pixel(x: 30, y: 15), black)
        XCTAssertEqual(p.pixel(x: 30, y: 25), white)
        XCTAssertEqual(p.pixel(x: 50, y: 25), black)
    }

    func testScrollViewMovesContentAndMeasuresGeometryInItsViewport() throws {
        // Rows 10 tall; scrolled by -20 the third row sits at the viewport's top (minY 0) and is drawn black,
        // every other row gray.
        let p = try render("""
            { "scrollView": { "offset": -20, "content": { "vstack": { "spacing": 0, "children": [ { "forEach": { "range": [0, 10], "as": "i",
                "content": { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "height": 10 } },
                  { "opacity": "=minY == 0 ? 1 : 0.5" } ] } } } ] } } } }
            """)
        XCTAssertEqual(p.pixel(x: 50, y: 5), black)
        XCTAssertEqual(Double(p.pixel(x: 50, y: 15).r), 127.5, accuracy: 1)
    }

    func testAColorViewWithModifiersIsAViewInAnOverlay() throws {
        // `{ "color": …, "modifiers": … }` is the color view, framed 20 × 20, not the colour form filling the whole 60 × 60.
        let p = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "white" }, { "frame": { "width": 60, "height": 60 } },
              { "overlay": { "color": "black", "modifiers": [ { "frame": { "width": 20, "height": 20 } } ] } } ] }
            """)
        XCTAssertEqual(p.pixel(x: 50, y: 50), black)
        XCTAssertEqual(p.pixel(x: 35, y: 50), white)
        // The colour form, with its opacity, still fills the whole rectangle.
        let q = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "white" }, { "frame": { "width": 60, "height": 60 } },
              { "overlay": { "color": "black", "opacity": 1 } } ] }
            """)
        XCTAssertEqual(q.pixel(x: 35, y: 50), black)
        XCTAssertEqual(q.pixel(x: 10, y: 50), white)
    }

    func testRotationEffectTurnsAboutItsAnchor() throws {
        // A 60 × 10 bar across the centre, turned 90°: now 10 × 60, still centred.
        let p = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 60, "height": 10 } }, { "rotationEffect": 90 } ] }
            """)
        XCTAssertEqual(p.pixel(x: 50, y: 25), black)
        XCTAssertEqual(p.pixel(x: 25, y: 50), white)
        // About the bar's leading edge, the bar points down from (20, 50).
        let q = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 60, "height": 10 } },
              { "rotationEffect": { "degrees": 90, "anchor": "leading" } } ] }
            """)
        XCTAssertEqual(q.pixel(x: 20, y: 70), black)
        XCTAssertEqual(q.pixel(x: 20, y: 30), white)
    }

    func testScaleEffectScalesAboutItsAnchor() throws {
        let p = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 40 } },
              { "scaleEffect": { "x": 0.5, "y": 0.5, "anchor": "topLeading" } } ] }
            """)
        // The 40 × 40 square at (30, 30) halves towards its top-leading corner: (30, 30)–(50, 50).
        XCTAssertEqual(p.pixel(x: 45, y: 45), black)
        XCTAssertEqual(p.pixel(x: 55, y: 55), white)
    }

    func testZIndexReordersDrawing() throws {
        let p = try render("""
            { "zstack": [ { "color": "black", "modifiers": [ { "zIndex": 1 } ] }, { "color": "white" } ] }
            """)
        XCTAssertEqual(p.pixel(x: 50, y: 50), black)
    }

    func testAspectRatioFitsTheProposal() throws {
        let p = try render("""
            { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "aspectRatio": { "ratio": 2, "contentMode": "fit" } } ] }
            """)
        // 100 × 50, centred: rows 25..<75.
        XCTAssertEqual(p.pixel(x: 5, y: 30), black)
        XCTAssertEqual(p.pixel(x: 5, y: 20), white)
        XCTAssertEqual(p.pixel(x: 5, y: 80), white)
    }

    func testForegroundStylePaintsShapesWithoutAFill() throws {
        let p = try render("""
            { "zstack": [ { "rectangle": {} }, { "circle": {}, "modifiers": [ { "fill": "white" } ] } ],
              "modifiers": [ { "foregroundStyle": "red" } ] }
            """)
        XCTAssertEqual(p.pixel(x: 2, y: 2), PremultipliedRGBA8(r: 255, g: 59, b: 48, a: 255))
        XCTAssertEqual(p.pixel(x: 50, y: 50), white)
    }

    func testBorderDrawsInsideTheFrame() throws {
        let p = try render("""
            { "color": "white", "modifiers": [ { "frame": { "width": 50, "height": 50 } }, { "border": { "paint": "black", "width": 5 } } ] }
            """)
        XCTAssertEqual(p.pixel(x: 27, y: 50), black)
        XCTAssertEqual(p.pixel(x: 24, y: 50), white)
        XCTAssertEqual(p.pixel(x: 33, y: 50), white)
    }

    func testTextIsMeasuredAndWrapped() throws {
        let loader = TimelineLoader()
        let one = try loader.load(Array(#"{ "size": [400, 100], "duration": 1, "scene": { "text": "Five stars" } }"#.utf8))
        guard case .text(let text) = one.scene.root else { return XCTFail("expected a text view") }
        XCTAssertEqual(text.run.glyphs.count, 10)
        XCTAssertGreaterThan(text.run.lineHeight, 17)
        XCTAssertLessThan(text.run.lineHeight, 24)
        let p = try render(#"{ "text": { "string": "Five stars", "font": { "size": 40, "weight": "bold" } } }"#, size: "[300, 60]")
        var dark = 0
        for i in stride(from: 0, to: p.data.count, by: 4) where p.data[i] < 128 { dark += 1 }
        XCTAssertGreaterThan(dark, 1000, "the glyphs are drawn")
    }

    func testTextIsKernedWithTheFontsOpenTypeKerning() throws {
        func width(_ string: String) throws -> Double {
            let d = try TimelineLoader().load(Array(#"{ "size": [400, 100], "duration": 1, "scene": { "text": { "string": "\#(string)", "font": { "size": 40 } } } }"#.utf8))
            guard case .text(let text) = d.scene.root else { throw XCTSkip("not a text") }
            return text.run.glyphs.reduce(0) { $0 + $1.advance }
        }
        // Inter kerns "AV" through GPOS: the pair is narrower than its letters apart.
        let a = try width("A"), v = try width("V")
        XCTAssertLessThan(try width("AV"), a + v - 1)
        XCTAssertEqual(try width("AA"), 2 * a, accuracy: 1e-9)
    }

    func testAMissingFontFamilyIsALocatedError() {
        XCTAssertThrowsError(try render(#"{ "text": { "string": "x", "font": { "size": 12, "family": "No Such Font" } } }"#)) { error in
            XCTAssertTrue("\(error)".contains("scene.text.font: no font file for family \"No Such Font\""), "\(error)")
        }
    }
}

final class OverrideTests: XCTestCase {
    let json = Array(#"{ "size": [10, 10], "duration": 1, "params": { "a": 1, "v": [1, 2], "c": "red" }, "scene": { "rectangle": {} } }"#.utf8)

    func testOverridesReplaceInitialValues() throws {
        var loader = TimelineLoader()
        loader.overrides = ["a": "2.5", "v": "3, 4", "c": "#00000080"]
        let d = try loader.load(json)
        XCTAssertEqual(d.params[0].value.value(at: 0), [2.5])
        XCTAssertEqual(d.params[1].value.value(at: 0), [3, 4])
        XCTAssertEqual(d.params[2].value.value(at: 0)[3], 128.0 / 255, accuracy: 1e-9)
    }

    func testBadOverridesAreErrors() {
        for (name, value, message) in [
            ("b", "1", "no param \"b\""), ("a", "x", "expected a number"), ("v", "1", "expected 2 numbers"),
        ] {
            var loader = TimelineLoader()
            loader.overrides = [name: value]
            XCTAssertThrowsError(try loader.load(json)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }
}
