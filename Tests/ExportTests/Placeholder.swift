import XCTest

final class ExportPlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
