@testable import Export
import XCTest

final class FramePatternTests: XCTestCase {
    func testSubstitutesTheZeroPaddedIndex() throws {
        let pattern = try FramePattern("out/frame_%04d.png")
        XCTAssertEqual(pattern.path(for: 0), "out/frame_0000.png")
        XCTAssertEqual(pattern.path(for: 42), "out/frame_0042.png")
        XCTAssertEqual(pattern.path(for: 123_456), "out/frame_123456.png")
    }

    func testPlainDirectiveAndLiteralPercent() throws {
        XCTAssertEqual(try FramePattern("%d.png").path(for: 7), "7.png")
        XCTAssertEqual(try FramePattern("100%%/%02d.png").path(for: 3), "100%/03.png")
    }

    func testNeedsExactlyOneDirective() {
        XCTAssertThrowsError(try FramePattern("frames.png"))
        XCTAssertThrowsError(try FramePattern("%d/%d.png"))
        XCTAssertThrowsError(try FramePattern("%x.png"))
    }
}
