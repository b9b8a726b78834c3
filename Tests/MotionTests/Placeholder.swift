import XCTest

final class MotionPlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
