import XCTest

final class RasterPlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
