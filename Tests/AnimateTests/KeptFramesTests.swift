@testable import animate
import Raster
import XCTest

/// The frames the palette pass keeps for encoding: within the budget, each taken once.
final class KeptFramesTests: XCTestCase {
    func frame(_ shade: UInt8) -> Pixmap {
        Pixmap(width: 8, height: 4, fill: PremultipliedRGBA8(r: shade, g: shade, b: shade, a: 255))
    }

    func testFramesAreKeptWithinTheBudgetAndTakenOnce() {
        // 8 × 4 pixels are 128 bytes: three fit a budget of 400.
        let kept = KeptFrames(budget: 400)
        for k in 0..<5 { kept.offer(frame(UInt8(k)), frame: 10 + k) }
        for k in 0..<3 { XCTAssertEqual(kept.take(10 + k), frame(UInt8(k)), "frame \(10 + k)") }
        XCTAssertNil(kept.take(13), "beyond the budget")
        XCTAssertNil(kept.take(14), "beyond the budget")
        XCTAssertNil(kept.take(10), "taken already")
    }

    func testAFrameOfferedTwiceIsKeptOnce() {
        let kept = KeptFrames(budget: 256)
        kept.offer(frame(1), frame: 0)
        kept.offer(frame(2), frame: 0)
        kept.offer(frame(3), frame: 1)
        XCTAssertEqual(kept.take(0), frame(1))
        XCTAssertEqual(kept.take(1), frame(3))
    }
}
