import XCTest

final class TimelinePlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
