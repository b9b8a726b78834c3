import XCTest
@testable import Timeline

/// `TimelineLoader.check`: every error of a file, each located, and warnings
/// about animations that load but do not show as written.
final class TimelineReportTests: XCTestCase {
    private func report(_ text: String) -> TimelineReport {
        TimelineLoader().check(Array(text.utf8))
    }

    private func describe(_ errors: [TimelineError]) -> [String] { errors.map(\.description) }

    func testThreeUnrelatedErrorsAreAllReportedWithTheirLocations() {
        let r = report("""
            {"size": [200, 100], "duration": 2, "params": {"x": 0},
             "scene": {"vstack": [
              {"circle": {}, "modifiers": [{"fill": "red"}, {"opacty": 0.5}]},
              {"rectangle": {}, "modifiers": [{"fill": "bleu"}, {"frame": {"width": "=x * 10 + y"}}]}
             ]}}
            """)
        XCTAssertNil(r.document)
        XCTAssertEqual(describe(r.errors), [
            #"scene.vstack[0].modifiers[1]: unknown modifier "opacty" (did you mean "opacity"?) at 3:50"#,
            #"scene.vstack[1].modifiers[0].fill: unknown colour "bleu" (did you mean "blue"?) at 4:44"#,
            #"scene.vstack[1].modifiers[1].frame.width: unknown name "y" at 4:84"#,
        ])
    }

    func testErrorsInTopLevelValuesParamsAnimationsAndPaintsAreAllReported() {
        let r = report("""
            {"size": [0, 100], "duration": 2, "fsp": 30,
             "params": {"a": "nocolour", "b": 1},
             "animations": [{"param": "c", "to": 1, "curve": "linear"}, {"param": "b", "to": 1, "curve": "linaer"}],
             "paints": {"p": "grean"},
             "scene": {"circle": {}, "modifiers": [{"fill": "=a"}, {"opacity": "=b"}]}}
            """)
        XCTAssertEqual(r.errors.map(\.location?.description), ["1:35", "1:10", "2:18", "3:27", "3:95", "4:18"], "\(describe(r.errors))")
        XCTAssertTrue(r.errors[1].message.contains("size must be positive"), r.errors[1].message)
        XCTAssertTrue(r.warnings.isEmpty)
    }

    func testTheFirstErrorIsTheOneLoadThrows() {
        let text = #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": [{"blur": -1e9}, {"opactiy": 1}]}}"#
        let errors = report(text).errors
        XCTAssertEqual(errors.count, 2)
        XCTAssertThrowsError(try TimelineLoader().load(Array(text.utf8))) { XCTAssertEqual($0 as? TimelineError, errors[0]) }
    }

    func testAnErrorInForEachContentIsReportedOnceNotOncePerCopy() {
        let r = report(#"{"size": [10, 10], "duration": 1, "scene": {"forEach": {"range": [0, 50], "as": "i", "content": {"text": "{i + q}"}}}}"#)
        XCTAssertEqual(r.errors.count, 1, "\(describe(r.errors))")
    }

    func testWarningsForAnimationsAfterTheEndCutByItOrDrivingAnUnreadParam() throws {
        let r = report("""
            {"size": [10, 10], "duration": 2, "params": {"x": 0, "unused": 0, "c": "red"},
             "animations": [
              {"param": "x", "at": 0, "to": 1, "curve": "easeInOut(duration: 1)"},
              {"param": "x", "at": 2, "to": 0, "curve": "linear(duration: 0.5)"},
              {"param": "x", "at": 1.5, "to": 2, "curve": "linear(duration: 1)"},
              {"param": "x", "at": 1, "to": 2, "curve": "linear(duration: 1)"},
              {"param": "x", "at": 1, "to": 3, "curve": "linear.repeatForever()"},
              {"param": "unused", "at": 0, "to": 1, "curve": "linear(duration: 1)"},
              {"param": "unused", "at": 1, "to": 0, "curve": "linear(duration: 1)"},
              {"param": "c", "at": 0, "to": "blue", "curve": "linear(duration: 1)"},
              {"param": "x", "at": 0.5, "keyframes": [{"linear": 1, "duration": 2}]}
             ],
             "scene": {"circle": {}, "modifiers": [{"fill": "=c"}, {"opacity": "=x"}]}}
            """)
        XCTAssertTrue(r.errors.isEmpty, "\(describe(r.errors))")
        XCTAssertNotNil(r.document)
        XCTAssertEqual(r.warnings.map(\.path?.description), ["animations[1]", "animations[2]", "animations[8]", "animations[5]"], "\(describe(r.warnings))")
        XCTAssertTrue(r.warnings[0].message.contains("starts at 2 s, at or after the end"), r.warnings[0].message)
        XCTAssertTrue(r.warnings[1].message.contains("runs until 2.5 s"), r.warnings[1].message)
        XCTAssertTrue(r.warnings[2].message.contains("runs until 2.5 s"), r.warnings[2].message)
        XCTAssertTrue(r.warnings[3].message.contains("param \"unused\", which nothing in the scene reads"), r.warnings[3].message)
    }

    func testReadsThroughTextPairsMixesAndConditionsCountAndAModifierThatOverrunsTheEndWarns() throws {
        let r = report("""
            {"size": [10, 10], "duration": 1,
             "params": {"score": 0, "v": [0, 0], "on": 0, "c": "red", "g": 0, "k": 0},
             "animations": [
              {"param": "score", "to": 10, "curve": "linear(duration: 0.5)"},
              {"param": "v", "to": [5, 5], "curve": "linear(duration: 0.5)"},
              {"param": "on", "to": 1, "curve": "linear(duration: 0.5)"},
              {"param": "c", "to": "blue", "curve": "linear(duration: 0.5)"},
              {"param": "g", "to": 1, "curve": "linear(duration: 0.5)"},
              {"param": "k", "to": 1, "curve": "linear(duration: 0.5)"}
             ],
             "scene": {"vstack": [
              {"text": "{score}"},
              {"circle": {}, "modifiers": [{"fill": "=mix(red, c, 0.5)"}, {"offset": "=v"}]},
              {"if": "=on", "then": {"rectangle": {}}},
              {"forEach": {"range": [0, 3], "as": "i", "content": {"rectangle": {}, "modifiers": [
                {"frame": {"width": "=g * 10"}}, {"animation": {"curve": "easeOut(duration: 0.6).delay({0.3 * i})", "value": "g"}}]}}},
              {"rectangle": {}, "modifiers": [{"frame": {"width": "=k * 10"}}, {"animation": {"curve": "easeOut(duration: 0.6)", "value": "k"}}]}
             ]}}
            """)
        XCTAssertTrue(r.errors.isEmpty, "\(describe(r.errors))")
        // One warning: the staggered modifier (the last bar ends at 0.6 + 0.6 = 1.2 s); the rest is read and ends in time.
        XCTAssertEqual(r.warnings.map(\.path?.description), ["scene.vstack[3].forEach.content.modifiers[1].animation"], "\(describe(r.warnings))")
        XCTAssertTrue(r.warnings.first?.message.contains("a change runs until 1.2 s, after the end") == true, "\(describe(r.warnings))")
    }
}
