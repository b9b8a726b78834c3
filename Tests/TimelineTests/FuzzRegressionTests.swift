import Foundation
import Geometry
import Raster
import Scene
import XCTest
@testable import Timeline

/// Inputs that once trapped, found by the fuzzers in Fuzz/ and by hand, and
/// scenes whose numbers become huge or not finite while rendering: each must
/// load or fail with a located error, and every frame must render.
final class FuzzRegressionTests: XCTestCase {
    func document(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> TimelineDocument {
        try TimelineLoader().load(Array(text.utf8))
    }

    /// FuzzTimeline: a canvas too large for `Int` trapped while the limit's message was written.
    func testAHugeCanvasIsRefusedWithoutTrapping() throws {
        let text = #"{"size": [160, 1688888888888888888888888888.888888888880], "duration": 1, "scene": {"rectangle": {}}}"#
        XCTAssertThrowsError(try document(text)) { error in
            let error = error as! TimelineError
            XCTAssertEqual(error.path?.description, "size")
            XCTAssertTrue(error.message.contains("2.7022222222222223e+29 pixels"), error.message)
        }
        let frames = #"{"size": [10, 10], "fps": 240, "duration": 1e300, "scene": {"rectangle": {}}}"#
        XCTAssertThrowsError(try document(frames)) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("2.4e+302 frames"), "\(error)")
        }
    }

    /// FuzzPathData: an arc with a huge radius made the flattener's segment
    /// count overflow `Int`; drawing it then overflowed the canvas's bounds.
    func testHugeCurvesFlattenAndFill() throws {
        let data = "M10 80 A 45 45 0 0 0 125 125 a,24444444444444444444444444444444444444444444445 -30 1,1150-25 c.5.5 1 1 2 2 q1 1 2 2 Z m5 5"
        let path = try Path(svgPathData: data)
        var segments = 0
        path.flatten(transform: AffineTransform(scaleX: 2, y: 2)) { _, _ in segments += 1 }
        XCTAssertGreaterThan(segments, 0)
        let document = try document(#"{"size": [64, 48], "duration": 0.1, "scene": {"path": {"d": "\#(data)"}}}"#)
        XCTAssertEqual(document.render(frame: 0).width, 64)
    }

    /// By hand: constant offsets and frames near the largest `Double` trapped in the canvas.
    func testHugeConstantsRender() throws {
        for modifier in [
            #"{"offset": {"x": 1e308, "y": -1e308}}"#, #"{"frame": {"width": 1e308, "height": 1e308}}"#,
            #"{"padding": 1e300}"#, #"{"scaleEffect": 1e300}"#, #"{"position": {"x": -1e308, "y": 1e308}}"#,
        ] {
            let d = try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"ellipse": {}, "modifiers": [\#(modifier)]}}"#)
            XCTAssertEqual(d.render(frame: 0).height, 30, modifier)
        }
        let arc = try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"path": {"commands": [["arc", 0, 0, 1e300, 0, 1e300, true], ["line", 1e308, -1e308]]}}}"#)
        XCTAssertEqual(arc.render(frame: 0).width, 40)
    }

    /// FuzzRender: text proposed a height of more lines than `Int` counts (a row of a
    /// stack framed 4 × 10⁸⁰ high, its overlay a text) trapped counting its lines.
    func testTextInAHugeFrameRenders() throws {
        for height in ["1e300", "1e19", "\"=1e300 * (t + 1)\"", "\"=-1e300\"", "\"=t > 1 ? 1 : 0 / 0\""] {
            let d = try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"text": "Hello there", "modifiers": [{"frame": {"height": \#(height)}}]}}"#)
            XCTAssertEqual(d.render(frame: 0).height, 30, height)
        }
        let found = try document(#"""
            {"size": [90, 120], "duration": 0.1, "scene": {"scrollView": {"offset": -20, "content": {"vstack": [
              {"roundedRectangle": {"cornerRadius": 6}, "modifiers": [{"frame": {"height": 4e80}}, {"overlay": {"text": {"string": "Row", "font": "caption"}}}]}]}}}}
            """#)
        XCTAssertEqual(found.render(frame: 0).width, 90)
    }

    /// FuzzRender: a stroked cubic with a control point near 10⁴⁸ trapped counting its
    /// steps; by hand, a paint chosen by a huge index trapped converting it.
    func testHugeStrokedCurvesAndPaintIndicesRender() throws {
        let curve = try document(#"""
            {"size": [100, 100], "duration": 0.1, "scene": {"path": {"commands": [["move", 10, 10], ["cubic", 9e47, 90, 120, 40, 60, 120]], "units": "unit"},
              "modifiers": [{"stroke": {"paint": "red", "lineWidth": 2}}, {"frame": {"width": 20, "height": 40}}]}}
            """#)
        XCTAssertEqual(curve.render(frame: 0).width, 100)
        for index in ["=1e300 * (t + 1)", "=-1e300 * (t + 1)", "=t > 1 ? 1 : 0 / 0", "=1.5"] {
            let d = try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"rectangle": {}, "modifiers": [{"fill": {"select": "\#(index)", "from": ["red", "blue"]}}]}}"#)
            XCTAssertEqual(d.render(frame: 0).width, 40, index)
        }
    }

    /// FuzzRender: a blur under a scale effect near 10⁵⁶ (the radius is bounded in points,
    /// the scale multiplies it in pixels) overflowed the blur's reach; so would a material.
    func testBlursUnderHugeScalesRender() throws {
        for scale in ["7e55", "\"=1e300 * (t + 1)\"", "\"=exp(t * 1e4)\""] {
            let d = try document(#"""
                {"size": [40, 30], "duration": 0.1, "scene": {"zstack": [
                  {"text": "Fuzz", "modifiers": [{"blur": 3}, {"scaleEffect": {"x": \#(scale), "y": 0.5}}]},
                  {"rectangle": {}, "modifiers": [{"fill": "thinMaterial"}, {"frame": {"width": 10, "height": 10}}, {"scaleEffect": \#(scale)}]}]}}
                """#)
            XCTAssertEqual(d.render(frame: 0).width, 40, scale)
        }
    }

    /// By hand: a huge blur radius or shadow offset trapped in the renderer; constants
    /// beyond the limits are refused, expressions are clamped to them.
    func testBlurAndShadowAreBounded() throws {
        XCTAssertThrowsError(try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"circle": {}, "modifiers": [{"blur": 1e300}]}}"#))
        let d = try document(#"{"size": [40, 30], "duration": 0.1, "scene": {"circle": {}, "modifiers": [{"blur": "=1e300 * (t + 1)"}, {"shadow": {"x": "=1e300 / t"}}]}}"#)
        XCTAssertEqual(d.render(frame: 0).width, 40)
    }

    /// The policy for values that vary: the loader cannot know them, so the
    /// renderer must draw every frame whatever they become. NaN, ±infinity and
    /// huge values, in every kind of numeric field, at t = 0 and later.
    func testVaryingNonFiniteValuesNeverTrapTheRenderer() throws {
        for value in ["=t > 0 ? 0 / 0 : 1", "=1 / (t - 0.05)", "=-1 / t", "=1e308 * (t + 1) * 10", "=-1e300 * t", "=log(t)", "=exp(t * 1e4)"] {
            let scene = #"""
                {"zstack": [
                  {"star": {"points": "\#(value)", "innerRatio": "\#(value)"}, "modifiers": [
                    {"fill": "red"}, {"frame": {"width": "\#(value)", "maxHeight": "\#(value)"}}, {"padding": "\#(value)"},
                    {"offset": {"x": "\#(value)", "y": "\#(value)"}}, {"opacity": "\#(value)"}, {"scaleEffect": "\#(value)"},
                    {"rotationEffect": "\#(value)"}, {"position": {"x": "\#(value)", "y": 3}}]},
                  {"overlappingEllipses": {"count": "\#(value)", "overlapping": "\#(value)"}},
                  {"roundedRectangle": {"cornerRadius": "\#(value)"}, "modifiers": [{"aspectRatio": "\#(value)"}]},
                  {"polygon": {"points": [[0, 0], ["\#(value)", 1], [1, "\#(value)"]], "units": "unit"}},
                  {"path": {"commands": [["move", "\#(value)", 0], ["quad", 1, "\#(value)", 2, 3], ["cubic", 1, 2, "\#(value)", 4, 5, 6],
                    ["arc", 5, 5, "\#(value)", 0, "\#(value)", false], ["rect", 0, 0, "\#(value)", 4],
                    ["roundedRect", 0, 0, 5, 5, "\#(value)"], ["ellipse", 1, 1, "\#(value)", 3], ["close"]]}},
                  {"vstack": {"spacing": "\#(value)", "children": [{"spacer": {"minLength": "\#(value)"}}, {"circle": {}}]}},
                  {"scrollView": {"offset": "\#(value)", "content": {"text": "Hello"}}},
                  {"forEach": {"range": [0, 3], "as": "i", "content": {"capsule": {}, "modifiers": [{"zIndex": "\#(value)"}]}}},
                  {"rectangle": {}, "modifiers": [
                    {"stroke": {"paint": "blue", "lineWidth": "\#(value)", "miterLimit": "\#(value)", "dash": ["\#(value)", 2], "dashPhase": "\#(value)"}},
                    {"trim": {"from": "\#(value)", "to": 0.8}}, {"blur": "\#(value)"},
                    {"shadow": {"radius": "\#(value)", "x": "\#(value)", "y": "\#(value)"}}, {"cornerRadius": "\#(value)"}]}
                ]}
                """#
            let d = try document(#"{"size": [48, 32], "fps": 20, "duration": 0.2, "scene": \#(scene)}"#)
            for frame in 0..<d.frameCount {
                let pixmap = d.render(frame: frame)
                XCTAssertEqual(pixmap.width * pixmap.height, 48 * 32, value)
            }
        }
    }
}
