import Motion
import Raster
import Scene
import XCTest
@testable import Timeline

/// Animation curves as functions in expressions, and `mix` of colours as a paint.
final class CurveAndMixTests: XCTestCase {
    func value(_ source: String, t: Double = 0) throws -> Double {
        let expression = try ExpressionParser.parse(source, knownNames: ["t"], resolve: { $0 == "t" ? .time : nil })
        return expression.evaluate(in: EvaluationContext(time: t))
    }

    func message(_ source: String) -> String? {
        do {
            _ = try ExpressionParser.parse(source, knownNames: ["t"], resolve: { $0 == "t" ? .time : nil })
            return nil
        } catch {
            return "\(error.message) at \(error.offset)"
        }
    }

    func testTimingCurvesOfAFractionMatchTheirBeziers() throws {
        let bezier = StaggeredAnimationTests.bezier
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            XCTAssertEqual(try value("easeInOut(t)", t: x), bezier(0.42, 0, 0.58, 1, x), accuracy: 1e-4, "x = \(x)")
            XCTAssertEqual(try value("easeIn(t)", t: x), bezier(0.42, 0, 1, 1, x), accuracy: 1e-4, "x = \(x)")
            XCTAssertEqual(try value("easeOut(t)", t: x), bezier(0, 0, 0.58, 1, x), accuracy: 1e-4, "x = \(x)")
            XCTAssertEqual(try value("linear(t)", t: x), x, accuracy: 1e-9, "x = \(x)")
        }
        // Clamped outside 0…1, and folded when the argument is known.
        XCTAssertEqual(try value("easeInOut(t)", t: -1), 0)
        XCTAssertEqual(try value("easeInOut(t)", t: 2), 1)
        XCTAssertEqual(try value("100 * easeOut(0.5)"), 100 * bezier(0, 0, 0.58, 1, 0.5), accuracy: 1e-2)
    }

    func testAnyAnimationFollowedByATimeGivesItsProgress() throws {
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.5)
        var overshoot = 0.0
        for t in stride(from: 0.0, through: 1.5, by: 0.05) {
            let v = try value("spring(response: 0.5, dampingFraction: 0.5)(t)", t: t)
            XCTAssertEqual(v, spring.progress(at: t), accuracy: 1e-12, "t = \(t)")
            overshoot = max(overshoot, v)
        }
        XCTAssertGreaterThan(overshoot, 1.1)
        // Modifiers belong to the animation; the time expression is any expression.
        XCTAssertEqual(try value("easeOut(duration: 0.6).delay(0.2)(t)", t: 0.2), 0)
        XCTAssertEqual(try value("easeOut(duration: 0.6).delay(0.2)(t)", t: 0.8), 1)
        XCTAssertEqual(
            try value("easeOut(duration: 0.6)(t * 2 - 0.5)", t: 0.5), Animation.easeOut(duration: 0.6).progress(at: 0.5),
            accuracy: 1e-12)
        XCTAssertEqual(try value("bouncy(t)", t: 0.3), Animation.bouncy.progress(at: 0.3), accuracy: 1e-12)
    }

    func testBadCurvesAreLocated() {
        XCTAssertEqual(message("spring(response: 0.5)"), "an animation as a function takes the time after its own arguments, as spring(…)(t) at 21")
        XCTAssertEqual(message("easeInOut(t"), "expected ')' to close the arguments of easeInOut before the end of the expression at 11")
        XCTAssertNotNil(message("spring(respons: 0.5)(t)")?.contains("respons"))
        XCTAssertEqual(message("easeInOt(t)")?.hasPrefix(#"unknown function "easeInOt" (did you mean "easeInOut"?)"#), true)
    }

    /// A 2 × 1 canvas filled by `paint`, with `on` moving from 0 to 1 over the second.
    func pixel(_ paint: String, at time: Double, params: String = "") throws -> (Int, Int, Int) {
        let text = """
            { "size": [2, 1], "duration": 1, "params": { "on": 0\(params) }, "constants": { "palette": ["red", "green"] },
              "paints": { "brand": "indigo" },
              "animations": [ { "param": "on", "to": 1, "curve": "linear(duration: 1)" } ],
              "scene": { "color": "\(paint)" } }
            """
        let p = try TimelineLoader().load(Array(text.utf8)).render(time: time).pixel(x: 0, y: 0)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    func testMixOfColoursInterpolatesLikeAColourParam() throws {
        // red (255, 59, 48) to blue (0, 122, 255), by the param and by the same colour param animating.
        for time in [0.0, 0.25, 0.5, 1.0] {
            let mixed = try pixel("=mix(red, blue, on)", at: time)
            let expected = (255 * (1 - time), 59 + 63 * time, 48 + 207 * time)
            XCTAssertEqual(Double(mixed.0), expected.0, accuracy: 0.6, "t = \(time)")
            XCTAssertEqual(Double(mixed.1), expected.1, accuracy: 0.6, "t = \(time)")
            XCTAssertEqual(Double(mixed.2), expected.2, accuracy: 0.6, "t = \(time)")
        }
        // A colour param animated from red to blue by the same curve shows the same colour.
        let param = """
            { "size": [2, 1], "duration": 1, "params": { "c": "red" },
              "animations": [ { "param": "c", "to": "blue", "curve": "linear(duration: 1)" } ], "scene": { "color": "=c" } }
            """
        let animated = try TimelineLoader().load(Array(param.utf8)).render(time: 0.3).pixel(x: 0, y: 0)
        let mixed = try pixel("=mix(red, blue, on)", at: 0.3)
        XCTAssertEqual([Int(animated.r), Int(animated.g), Int(animated.b)], [mixed.0, mixed.1, mixed.2])
        // Premultiplied: half of red and clear is red at half opacity on white, not a darker red.
        let half = try pixel("=mix(red, clear, 0.5)", at: 0)
        XCTAssertEqual(half.0, 255)
        XCTAssertEqual(Double(half.1), 255 - 0.5 * (255 - 59), accuracy: 1)
        // Colour params, constants, named paints and nested mixes as arguments.
        XCTAssertEqual(try pixel("=mix(k, palette[1], 0)", at: 0, params: #", "k": "orange""#).0, 255)
        XCTAssertEqual(try pixel("=mix(black, mix(white, brand, 1), on)", at: 1).2 > 200, true)
    }

    func testBadMixesAreLocated() {
        func error(_ paint: String) -> String? {
            let text = #"{ "size": [2, 1], "duration": 1, "params": { "on": 0 }, "scene": { "color": "\#(paint)" } }"#
            return TimelineLoader().check(Array(text.utf8)).errors.first?.message
        }
        XCTAssertEqual(error("=mix(red, blue)"), "mix of colours takes 3 arguments (a, b, amount), found 2")
        XCTAssertEqual(error("=mix(red, ultraThinMaterial, on)"), #"mix takes colours; "ultraThinMaterial" is a gradient or material"#)
        XCTAssertNotNil(error("=mix(red, bleu, on)"))
    }
}
