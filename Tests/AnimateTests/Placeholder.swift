import XCTest

final class AnimatePlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
