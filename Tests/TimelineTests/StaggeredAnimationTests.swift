import Raster
import Scene
import Timeline
import XCTest

/// SwiftUI's `.animation(_:value:)` as a modifier: a staggered bar chart measured from its pixels.
final class StaggeredAnimationTests: XCTestCase {
    static let heights = [100.0, 60, 140, 80, 120]
    static let at = 0.2

    /// Five bars from one `forEach` over a constants array, one param and one
    /// `animation` modifier; the change's own curve is a slow linear one that the
    /// modifier overrides.
    static func chart(curve: String = #""easeOut(duration: 0.6).delay({0.15 * i})""#) -> String {
        """
        { "size": [200, 200], "fps": 30, "duration": 2, "params": { "grow": 0 },
          "constants": { "heights": [100, 60, 140, 80, 120] },
          "animations": [ { "param": "grow", "at": \(at), "to": 1, "curve": "linear(duration: 3)" } ],
          "scene": { "hstack": { "alignment": "bottom", "spacing": 10, "children": [
              { "forEach": { "range": [0, "=count(heights)"], "as": "i", "content":
                  { "rectangle": {}, "modifiers": [
                      { "fill": "black" },
                      { "frame": { "width": 20, "height": "=heights[i] * grow" } },
                      { "animation": { "curve": \(curve), "value": "grow" } } ] } } } ] },
            "modifiers": [ { "frame": { "maxWidth": "infinity", "maxHeight": "infinity", "alignment": "bottom" } } ] } }
        """
    }

    /// The height of bar `i` in pixels: the coverage of its centre column, summed.
    static func barHeight(_ p: Pixmap, _ i: Int) -> Double {
        let x = 30 + i * 30 + 10
        var sum = 0.0
        for y in 0..<p.height { sum += Double(255 - Int(p.pixel(x: x, y: y).r)) / 255 }
        return sum
    }

    /// A cubic Bézier timing curve with P1 = (x1, y1), P2 = (x2, y2), solved for x by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func component(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if component(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return component(y1, y2, (lo + hi) / 2)
    }

    /// The largest difference, over every frame and bar, between the measured height and `model`.
    static func worstError(_ document: TimelineDocument, model: (Int, Double) -> Double) -> Double {
        let renderer = document.makeRenderer()
        var worst = 0.0
        for n in 0..<document.frameCount {
            let p = document.render(frame: n, with: renderer)
            let t = document.time(ofFrame: n)
            for i in heights.indices {
                worst = max(worst, abs(barHeight(p, i) - model(i, t)))
            }
        }
        return worst
    }

    func testEachBarFollowsItsStaggeredEaseOut() throws {
        let document = try TimelineLoader().load(Array(Self.chart().utf8))
        let easeOut = { (i: Int, t: Double) in Self.heights[i] * Self.bezier(0, 0, 0.58, 1, (t - Self.at - 0.15 * Double(i)) / 0.6) }
        let worst = Self.worstError(document, model: easeOut)
        XCTAssertLessThanOrEqual(worst, 0.75, "worst bar height error \(worst) px")
        // The tolerance catches a curve that is close but wrong: easeInOut, and the stagger left out.
        let easeInOut = { (i: Int, t: Double) in Self.heights[i] * Self.bezier(0.42, 0, 0.58, 1, (t - Self.at - 0.15 * Double(i)) / 0.6) }
        XCTAssertGreaterThan(Self.worstError(document, model: easeInOut), 0.75)
        let unstaggered = { (i: Int, t: Double) in Self.heights[i] * Self.bezier(0, 0, 0.58, 1, (t - Self.at) / 0.6) }
        XCTAssertGreaterThan(Self.worstError(document, model: unstaggered), 0.75)
    }

    /// `"curve": null` makes the change jump for the modified view; views outside the
    /// modifier keep the change's own curve.
    func testANullCurveJumpsAndOnlyTheModifiedViewIsOverridden() throws {
        let document = try TimelineLoader().load(Array("""
            { "size": [60, 100], "duration": 2, "fps": 10, "params": { "grow": 0 },
              "animations": [ { "param": "grow", "at": 0, "to": 1, "curve": "linear(duration: 2)" } ],
              "scene": { "hstack": { "alignment": "bottom", "spacing": 20, "children": [
                  { "rectangle": {}, "modifiers": [ { "frame": { "width": 20, "height": "=100 * grow" } },
                      { "animation": { "curve": null, "value": "grow" } } ] },
                  { "rectangle": {}, "modifiers": [ { "frame": { "width": 20, "height": "=100 * grow" } } ] } ] },
                "modifiers": [ { "frame": { "maxWidth": "infinity", "maxHeight": "infinity", "alignment": "bottom" } } ] } }
            """.utf8))
        let p = document.render(frame: 5)  // t = 0.5: a quarter of the way for the unmodified bar
        func height(_ x: Int) -> Double { (0..<100).reduce(0.0) { $0 + Double(255 - Int(p.pixel(x: x, y: $1).r)) / 255 } }
        XCTAssertEqual(height(10), 100, accuracy: 0.01)
        XCTAssertEqual(height(50), 25, accuracy: 0.01)
    }

    /// A curve with a bad name points into the string; an unknown value names the params.
    func testBadAnimationModifiersAreLocated() throws {
        XCTAssertThrowsError(try TimelineLoader().load(Array(Self.chart(curve: #""easeOot(duration: 0.6)""#).utf8))) { error in
            let e = error as! TimelineError
            XCTAssertTrue(e.message.contains("easeOut"), e.message)
            XCTAssertEqual(e.location?.line, 9)
        }
        let unknown = Self.chart().replacingOccurrences(of: #""value": "grow""#, with: #""value": "gorw""#)
        XCTAssertThrowsError(try TimelineLoader().load(Array(unknown.utf8))) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("did you mean \"grow\""), "\(error)")
        }
    }
}
