import XCTest

final class ScenePlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
