import XCTest

final class GeometryPlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
