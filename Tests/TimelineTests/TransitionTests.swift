import Raster
import Scene
import Timeline
import XCTest

/// `if` views and their transitions, measured from the pixels of a black 40 × 40
/// square on white at sampled times against SwiftUI's formulas.
final class TransitionTests: XCTestCase {
    /// A 200 × 100 canvas with the square under `if "=on > 0.5"`, `on` turned to 1 at
    /// 0.2 s and back to 0 at 1.2 s, each change `easeInOut(duration: 0.5)`.
    static func timeline(transition: String?, elseView: String? = nil, curve: String = "easeInOut(duration: 0.5)") -> String {
        let modifier = transition.map { #", { "transition": "\#($0)" }"# } ?? ""
        let other = elseView.map { #", "else": \#($0)"# } ?? ""
        return """
            { "size": [200, 100], "fps": 20, "duration": 2, "params": { "on": 0 },
              "animations": [ { "param": "on", "at": 0.2, "to": 1, "curve": "\(curve)" },
                              { "param": "on", "at": 1.2, "to": 0, "curve": "\(curve)" } ],
              "scene": { "zstack": [ { "if": "=on > 0.5",
                  "then": { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 40 } }\(modifier) ] }\(other) } ],
                "modifiers": [ { "frame": { "width": 200, "height": 100 } } ] } }
            """
    }

    /// Covered area in square points and the centre of coverage of the dark pixels.
    static func ink(_ p: Pixmap) -> (area: Double, x: Double, y: Double) {
        var area = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let c = Double(255 - Int(p.pixel(x: x, y: y).r)) / 255
                area += c
                sx += c * (Double(x) + 0.5)
                sy += c * (Double(y) + 0.5)
            }
        }
        return (area, area > 0 ? sx / area : 0, area > 0 ? sy / area : 0)
    }

    /// SwiftUI's easeInOut progress `duration` after a change at `at`.
    static func easeInOut(_ t: Double, at: Double, duration: Double = 0.5) -> Double {
        StaggeredAnimationTests.bezier(0.42, 0, 0.58, 1, (t - at) / duration)
    }

    /// How far in the square is at `t`: 0 away, 1 in place (insertion at 0.2, removal at 1.2).
    static func presence(_ t: Double) -> Double {
        t < 1.2 ? (t < 0.2 ? 0 : easeInOut(t, at: 0.2)) : 1 - easeInOut(t, at: 1.2)
    }

    static let times = [0.0, 0.25, 0.35, 0.45, 0.55, 0.65, 1.0, 1.25, 1.35, 1.45, 1.55, 1.65, 1.9]

    func load(_ text: String) throws -> TimelineDocument { try TimelineLoader().load(Array(text.utf8)) }

    func testScaleGrowsFromTheCentreAndShrinksBackWithTheChangesCurve() throws {
        let document = try load(Self.timeline(transition: "scale"))
        var worst = 0.0
        for t in Self.times {
            let ink = Self.ink(document.render(time: t))
            let side = 40 * Self.presence(t)
            worst = max(worst, abs(ink.area.squareRoot() - side))
            if side > 1 { XCTAssertEqual(ink.x, 100, accuracy: 0.05, "t = \(t)"); XCTAssertEqual(ink.y, 50, accuracy: 0.05, "t = \(t)") }
        }
        XCTAssertLessThan(worst, 0.25)
        // The default transition is opacity: full size throughout, coverage fading.
        let faded = try load(Self.timeline(transition: nil))
        for t in Self.times {
            XCTAssertEqual(Self.ink(faded.render(time: t)).area, 1600 * Self.presence(t), accuracy: 1600 * 0.01, "t = \(t)")
        }
    }

    func testAnAnimationModifierAroundTheIfTimesItsTransition() throws {
        // The change's own curve is easeInOut over 0.5 s; the modifier makes it linear over 1 s.
        let text = Self.timeline(transition: "scale").replacingOccurrences(
            of: #""modifiers": [ { "frame": { "width": 200, "height": 100 } } ]"#,
            with: #""modifiers": [ { "frame": { "width": 200, "height": 100 } }, { "animation": { "curve": "linear(duration: 1)", "value": "on" } } ]"#)
        XCTAssertNotEqual(text, Self.timeline(transition: "scale"))
        let document = try load(text)
        for t in [0.3, 0.5, 0.7, 0.9, 1.1] {
            XCTAssertEqual(Self.ink(document.render(time: t)).area.squareRoot(), 40 * (t - 0.2), accuracy: 0.25, "t = \(t)")
        }
    }

    func testSlideComesInFromLeadingAndLeavesToTrailing() throws {
        let document = try load(Self.timeline(transition: "slide"))
        for t in Self.times where Self.presence(t) > 0.01 {
            let ink = Self.ink(document.render(time: t))
            // Clipped by nothing: the whole square shows, moved by its width times the amount away.
            let away = 1 - Self.presence(t)
            let expected = t < 1.2 ? 100 - 40 * away : 100 + 40 * away
            XCTAssertEqual(ink.x, expected, accuracy: 0.1, "t = \(t)")
            XCTAssertEqual(ink.area, 1600, accuracy: 2, "t = \(t)")
        }
    }

    func testMoveOffsetAsymmetricAndCombined() throws {
        let move = try load(Self.timeline(transition: "move(edge: .top)"))
        let offset = try load(Self.timeline(transition: ".offset(x: 30, y: -10)"))
        let asymmetric = try load(Self.timeline(transition: "asymmetric(insertion: .move(edge: .trailing), removal: .scale(0.5))"))
        let combined = try load(Self.timeline(transition: "opacity.combined(with: .scale(scale: 0, anchor: .topLeading))"))
        for t in Self.times where Self.presence(t) > 0.01 {
            let away = 1 - Self.presence(t)
            // Up by its height: what is left on the canvas is from y = 0 down to the square's bottom.
            let top = 30 - 40 * away, bottom = 70 - 40 * away
            XCTAssertEqual(Self.ink(move.render(time: t)).y, (max(top, 0) + bottom) / 2, accuracy: 0.1, "t = \(t)")
            let o = Self.ink(offset.render(time: t))
            XCTAssertEqual(o.x, 100 + 30 * away, accuracy: 0.1, "t = \(t)")
            XCTAssertEqual(o.y, 50 - 10 * away, accuracy: 0.1, "t = \(t)")
            let a = Self.ink(asymmetric.render(time: t))
            if t < 1.2 {
                XCTAssertEqual(a.x, 100 + 40 * away, accuracy: 0.1, "t = \(t)")
                XCTAssertEqual(a.area, 1600, accuracy: 2, "t = \(t)")
            } else {
                XCTAssertEqual(a.x, 100, accuracy: 0.1, "t = \(t)")
                let side = 40 * (1 - 0.5 * away)
                XCTAssertEqual(a.area.squareRoot(), side, accuracy: 0.25, "t = \(t)")
            }
            // Scaled about the top-leading corner (80, 30) and faded by the same amount.
            let c = Self.ink(combined.render(time: t))
            let s = Self.presence(t)
            XCTAssertEqual(c.area, 1600 * s * s * s, accuracy: 4, "t = \(t)")
            if s > 0.2 { XCTAssertEqual(c.x, 80 + 20 * s, accuracy: 0.2, "t = \(t)") }
        }
    }

    func testElseIsRemovedAsThenIsInsertedAndAnAbsentViewTakesNoSpace() throws {
        let document = try load(Self.timeline(
            transition: "identity", elseView: #"{ "circle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 40 } } ] }"#))
        // With no transition of its own the circle fades; the square appears at once.
        for t in Self.times {
            let circle = Double.pi * 400 * (1 - Self.presence(t))
            let square = Self.presence(t) > 0 || (t >= 0.2 && t < 1.2) ? 1600.0 : 0
            // Where both show, the square covers the circle.
            let expected = square > 0 ? 1600 : circle
            XCTAssertEqual(Self.ink(document.render(time: t)).area, expected, accuracy: 6, "t = \(t)")
        }
        // In an hstack an absent view takes neither room nor spacing.
        let stacked = try load("""
            { "size": [200, 100], "duration": 1, "params": { "on": 0 },
              "animations": [ { "param": "on", "at": 0.5, "to": 1, "curve": "linear(duration: 0.1)" } ],
              "scene": { "hstack": { "spacing": 20, "children": [
                  { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 40 } } ] },
                  { "if": "=on", "then": { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 40 } } ] } } ] } } }
            """)
        XCTAssertEqual(Self.ink(stacked.render(time: 0)).x, 100, accuracy: 0.05)
        XCTAssertEqual(Self.ink(stacked.render(time: 0.9)).x, 100, accuracy: 0.05)
        XCTAssertEqual(Self.ink(stacked.render(time: 0.9)).area, 3200, accuracy: 2)
    }

    func testBadConditionsAndTransitionsAreLocated() {
        func error(_ text: String) -> String? {
            let report = TimelineLoader().check(Array(text.utf8))
            return report.errors.first.map { "\($0.message) at \($0.location.map { "\($0)" } ?? "-")" }
        }
        let square = #"{ "rectangle": {}, "modifiers": [ { "transition": "sclae" } ] }"#
        XCTAssertEqual(
            error(#"{ "size": [9, 9], "duration": 1, "params": { "on": 0 }, "scene": { "if": "=on", "then": \#(square) } }"#),
            #"unknown transition "sclae" (did you mean "scale"?) at 1:140"#)
        XCTAssertEqual(
            error(#"{ "size": [9, 9], "duration": 1, "scene": { "if": "=t > 1", "then": { "circle": {} } } }"#),
            "an if's condition may read params and constants only, whose changes insert and remove its views at 1:51")
        XCTAssertEqual(
            error(#"{ "size": [9, 9], "duration": 1, "scene": { "circle": {}, "modifiers": [ { "transition": "opacity" } ] } }"#),
            #"a transition applies to the view directly under an if's "then" or "else" at 1:76"#)
        XCTAssertEqual(
            error(#"{ "size": [9, 9], "duration": 1, "params": { "on": 0 }, "scene": { "if": "=on", "then": { "circle": {}, "modifiers": [ { "transition": "move(edge: .left)" } ] } } }"#),
            #"unknown edge "left" (top, bottom, leading or trailing) at 1:149"#)
    }
}
