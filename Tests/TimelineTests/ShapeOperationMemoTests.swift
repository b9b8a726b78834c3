import Geometry
import Raster
import Timeline
import XCTest

@testable import Scene

/// Boolean operations' results kept from frame to frame: computed once while both
/// operands stay the same, again as soon as one changes, and forgotten after a frame
/// that does not ask for them; the frames drawn with the memo are those drawn without.
final class ShapeOperationMemoTests: XCTestCase {
    func key(_ radius: Double) -> ShapeOperationMemo.Key {
        var a = Path(), b = Path()
        a.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        b.addEllipse(in: Rect(x: 50 - radius, y: 50 - radius, width: 2 * radius, height: 2 * radius))
        return .init(operation: .region(.subtracting), eoFill: false, a: a, b: b)
    }

    func testComputesOnceWhileTheOperandsStayTheSame() {
        let memo = ShapeOperationMemo()
        var computed = 0
        func ask(_ key: ShapeOperationMemo.Key) -> Path {
            memo.result(key) {
                computed += 1
                return key.a.applying(.subtracting, key.b)
            }
        }
        let first = ask(key(30))
        for _ in 0..<3 {
            memo.nextFrame()
            XCTAssertEqual(ask(key(30)), first)
        }
        XCTAssertEqual(computed, 1)
        XCTAssertNotEqual(ask(key(31)), first)
        XCTAssertEqual(computed, 2)
        var other = key(30)
        other.operation = .region(.intersection)
        _ = ask(other)
        XCTAssertEqual(computed, 3)
        // Two frames without asking: forgotten, so memory does not grow with the frames.
        memo.nextFrame()
        memo.nextFrame()
        XCTAssertEqual(memo.count, 0)
        _ = ask(key(30))
        XCTAssertEqual(computed, 4)
    }

    func testFramesWithTheMemoAreTheFramesWithout() throws {
        // A static stroked union, and a subtraction whose operand grows from frame 2 on.
        let document = try TimelineLoader().load(Array(#"""
            { "size": [160, 80], "duration": 0.5, "fps": 10, "background": "white", "params": { "r": 10 },
              "animations": [ { "param": "r", "at": 0.2, "to": 30, "curve": "linear(duration: 0.2)" } ],
              "scene": { "hstack": { "spacing": 0, "children": [
                { "star": { "points": 5 }, "modifiers": [ { "union": { "shape": { "circle": {}, "modifiers": [ { "inset": 12 } ] } } },
                  { "stroke": { "paint": "blue", "lineWidth": 3 } }, { "frame": { "width": 80, "height": 80 } } ] },
                { "rectangle": {}, "modifiers": [ { "subtracting": { "shape": { "circle": {}, "modifiers": [ { "inset": "=40 - r" } ] } } },
                  { "fill": "black" }, { "frame": { "width": 80, "height": 80 } } ] } ] } } }
            """#.utf8))
        let renderer = document.makeRenderer()
        var pictures: [[UInt8]] = []
        for n in 0..<document.frameCount {
            let kept = document.render(frame: n, with: renderer), fresh = document.render(frame: n)
            XCTAssertEqual(kept.data, fresh.data, "frame \(n)")
            pictures.append(kept.data)
        }
        XCTAssertEqual(pictures[0], pictures[1])
        XCTAssertNotEqual(pictures[2], pictures[4])
    }
}
