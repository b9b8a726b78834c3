import Raster
import Scene
import Timeline
import XCTest

/// `{expression}` in a text's string: params, time, constants and `forEach` variables.
final class TextInterpolationTests: XCTestCase {
    func render(_ text: String, params: String = "{}", constants: String = "{}", time: Double = 0) throws -> Pixmap {
        let document = try TimelineLoader().load(Array("""
            { "size": [120, 40], "duration": 2, "fps": 10, "params": \(params), "constants": \(constants),
              "animations": [ { "param": "n", "at": 0, "to": 100, "curve": "linear(duration: 1)" } ],
              "scene": \(text) }
            """.utf8))
        return document.renderer(at: time)
    }

    /// The largest difference of any channel of any pixel (the pictures must be the same size).
    func difference(_ a: Pixmap, _ b: Pixmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }

    func text(_ string: String) -> String { #"{ "text": { "string": "\#(string)", "font": "title" } }"# }

    /// A param's value prints as the same picture as its digits written out, frame by frame.
    func testAParamPrintsItsValueEveryFrame() throws {
        let params = #"{ "n": 0 }"#
        XCTAssertEqual(difference(try render(text("{n} km"), params: params, time: 0.5), try render(text("50 km"), params: params)), 0)
        XCTAssertEqual(difference(try render(text("{n} km"), params: params, time: 0.125), try render(text("12.5 km"), params: params)), 0)
        XCTAssertEqual(difference(try render(text("{n, decimals: 1}"), params: params, time: 0.42), try render(text("42.0"), params: params)), 0)
        XCTAssertEqual(difference(try render(text("{n, decimals: 2}"), params: params, time: 1), try render(text("100.00"), params: params)), 0)
        XCTAssertEqual(difference(try render(text("{round(t * 10)}"), params: params, time: 0.7), try render(text("7"), params: params)), 0)
        XCTAssertGreaterThan(difference(try render(text("{n} km"), params: params, time: 0.5), try render(text("51 km"), params: params)), 100)
    }

    /// Strings from a list print as they are; numbers from constants print without ".0".
    func testConstantsAndListsPrintAsWritten() throws {
        let constants = #"{ "labels": ["Mon", "Tue"], "price": 12, "rate": 0.25 }"#
        let params = #"{ "n": 0 }"#
        XCTAssertEqual(difference(try render(text("{labels[1]} {price} {rate}"), params: params, constants: constants), try render(text("Tue 12 0.25"), params: params, constants: constants)), 0)
        // A string chosen by a param each frame.
        XCTAssertEqual(difference(try render(text("{labels[n / 100]}"), params: params, constants: constants, time: 1), try render(text("Tue"), params: params, constants: constants)), 0)
    }

    func testNumbersPrintLikeSwift() {
        XCTAssertEqual(TextTemplate.format(3), "3")
        XCTAssertEqual(TextTemplate.format(-0.0), "0")
        XCTAssertEqual(TextTemplate.format(0.1 + 0.2), "\(0.1 + 0.2)")
        XCTAssertEqual(TextTemplate.format(1e20), "1e+20")
        XCTAssertEqual(TextTemplate.format(2.5, decimals: 0), "3")
        XCTAssertEqual(TextTemplate.format(-0.04, decimals: 1), "0.0")
        XCTAssertEqual(TextTemplate.format(-1.25, decimals: 1), "-1.3")
        XCTAssertEqual(TextTemplate.format(7, decimals: 3), "7.000")
        XCTAssertEqual(TextTemplate.format(.nan), "nan")
    }

    func testBadFormatsAreLocated() {
        XCTAssertThrowsError(try render(text("{n, decimal: 1}"), params: #"{ "n": 0 }"#)) { error in
            let e = error as! TimelineError
            XCTAssertTrue(e.message.contains("unknown text format option \"decimal\""), e.message)
            XCTAssertEqual(e.location?.column, 39)
        }
        XCTAssertThrowsError(try render(text("{n, decimals: 1.5}"), params: #"{ "n": 0 }"#))
        XCTAssertThrowsError(try render(text("{n + scroe}"), params: #"{ "n": 0, "score": 0 }"#)) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("did you mean \"score\""), "\(error)")
        }
    }
}

extension TimelineDocument {
    /// The frame at `time` seconds.
    func renderer(at time: Double) -> Pixmap {
        FrameRenderer(scene: scene).render(context(time: time))
    }
}
