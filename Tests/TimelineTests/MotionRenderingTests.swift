import Foundation
import Raster
import Timeline
import XCTest

/// Motion as it reaches the pixels and the trace, checked against values
/// computed here independently of the Motion module.
final class MotionRenderingTests: XCTestCase {
    /// y of the cubic Bézier timing curve (0,0) (x1,y1) (x2,y2) (1,1) at x, by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    /// An underdamped unit-mass spring from `from` to `to`, released at rest:
    /// stiffness (2π/response)², damping 4π·fraction/response.
    static func spring(response: Double, dampingFraction: Double, from: Double, to: Double, at t: Double) -> Double {
        let omega0 = 2 * Double.pi / response
        let zeta = dampingFraction
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega0 * t)
        return to + (from - to) * envelope * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
    }

    func load(_ json: String) throws -> TimelineDocument {
        try TimelineLoader().load(Array(json.utf8))
    }

    /// A 40 × 40 black square whose `position.x` follows `curve` from 20 to 380.
    func squareTimeline(curve: String) -> String {
        """
        { "size": [500, 100], "fps": 30, "duration": 2, "params": { "x": 20 },
          "animations": [ { "param": "x", "at": 0, "to": 380, "curve": "\(curve)" } ],
          "scene": { "rectangle": {}, "modifiers": [
              { "fill": "black" }, { "frame": { "width": 40, "height": 40 } }, { "position": { "x": "=x", "y": 50 } } ] } }
        """
    }

    /// The darkness-weighted mean x of pixel centres.
    func centroidX(_ p: Pixmap) -> Double {
        var weight = 0.0, sum = 0.0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let w = 255 - Double(p.pixel(x: x, y: y).r)
                weight += w
                sum += w * (Double(x) + 0.5)
            }
        }
        return sum / weight
    }

    func testEaseInOutSquareCentroidFollowsTheCurve() throws {
        let document = try load(squareTimeline(curve: "easeInOut(duration: 2)"))
        XCTAssertEqual(document.frameCount, 60)
        for n in 0..<document.frameCount {
            let t = Double(n) / 30
            let expected = 20 + 360 * Self.bezier(0.42, 0, 0.58, 1, at: t / 2)
            XCTAssertEqual(centroidX(document.render(frame: n)), expected, accuracy: 0.1, "frame \(n)")
        }
    }

    func testSpringSquareCentroidFollowsTheSpring() throws {
        let document = try load(squareTimeline(curve: "spring(response: 0.5, dampingFraction: 0.5)"))
        for n in 0..<document.frameCount {
            let expected = Self.spring(response: 0.5, dampingFraction: 0.5, from: 20, to: 380, at: Double(n) / 30)
            XCTAssertEqual(centroidX(document.render(frame: n)), expected, accuracy: 0.1, "frame \(n)")
        }
    }

    func testTraceOfASpringARepeatAndKeyframes() throws {
        let document = try load("""
            { "size": [10, 10], "fps": 30, "duration": 2.5,
              "params": { "a": 0, "b": 0, "c": 0 },
              "animations": [
                { "param": "a", "at": 0, "to": 100, "curve": "spring(response: 0.5, dampingFraction: 0.5)" },
                { "param": "b", "at": 0.5, "to": 10, "curve": "linear(duration: 0.5).repeatCount(3, autoreverses: true)" },
                { "param": "c", "at": 0, "keyframes": [
                    { "move": 0 }, { "linear": 30, "duration": 1 }, { "hold": 30, "duration": 0.5 }, { "linear": 0, "duration": 0.5 } ] } ],
              "scene": { "rectangle": {} } }
            """)
        let csv = ParamTrace(document: document).csv()
        let lines = csv.split(separator: "\n")
        XCTAssertEqual(lines.first, "frame,t,a,b,c")
        XCTAssertEqual(lines.count, 1 + 75)
        for line in lines.dropFirst() {
            let v = line.split(separator: ",").map { Double($0)! }
            let n = Int(v[0]), t = Double(n) / 30
            XCTAssertEqual(v[1], t, accuracy: 1e-12)
            let a = Self.spring(response: 0.5, dampingFraction: 0.5, from: 0, to: 100, at: t)
            // A settled spring snaps to its target (within 0.001 of the change).
            XCTAssertEqual(v[2], a, accuracy: abs(a - 100) < 0.1 ? 0.1 : 1e-9, "a at frame \(n)")
            let b: Double
            switch t {
            case ..<0.5: b = 0
            case ..<1.0: b = 10 * (t - 0.5) / 0.5
            case ..<1.5: b = 10 - 10 * (t - 1) / 0.5
            case ..<2.0: b = 10 * (t - 1.5) / 0.5
            default: b = 10
            }
            XCTAssertEqual(v[3], b, accuracy: 1e-9, "b at frame \(n)")
            let c: Double
            switch t {
            case ..<1.0: c = 30 * t
            case ..<1.5: c = 30
            case ..<2.0: c = 30 - 60 * (t - 1.5)
            default: c = 0
            }
            XCTAssertEqual(v[4], c, accuracy: 1e-9, "c at frame \(n)")
        }
        let json = ParamTrace(document: document).json()
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        XCTAssertEqual(decoded["frames"] as? Int, 75)
        XCTAssertEqual(((decoded["params"] as! [String: Any])["c"] as! [Double])[15], 15, accuracy: 1e-9)
    }

    func testGeometryNamesInEffectsMeasureTheViewBeforeItsEffects() throws {
        // Each square is offset left by its own minX: both end at x = 0.
        let document = try load("""
            { "size": [200, 40], "fps": 1, "duration": 1,
              "scene": { "hstack": { "spacing": 0, "children": [
                { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 100, "height": 40 } },
                  { "opacity": "=minX == 100 ? 1 : 0.5" }, { "offset": { "x": "=-minX", "y": 0 } } ] },
                { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 100, "height": 40 } },
                  { "opacity": "=minX == 100 ? 1 : 0.5" }, { "offset": { "x": "=-minX", "y": 0 } } ] } ] } } }
            """)
        let p = document.render(frame: 0)
        XCTAssertEqual(p.pixel(x: 150, y: 20), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // The first square at half opacity, the second (minX 100) opaque over it.
        XCTAssertEqual(p.pixel(x: 50, y: 20), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    func testGeometryNamesOutsideEffectsAreUnknown() {
        XCTAssertThrowsError(try load("""
            { "size": [10, 10], "duration": 1, "scene": { "rectangle": {}, "modifiers": [ { "frame": { "width": "=minX" } } ] } }
            """)) { error in
            XCTAssertTrue("\(error)".contains("scene.modifiers[0].frame.width"), "\(error)")
        }
    }
}
