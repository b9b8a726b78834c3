@testable import animate
import XCTest

/// How many frames render at once without `--threads`.
final class DefaultThreadsTests: XCTestCase {
    func testEveryCoreRendersIntoAFile() {
        for cores in [1, 2, 8] {
            XCTAssertEqual(RenderCommand.defaultThreads(cores: cores, toStandardOutput: false), cores, "\(cores) cores")
        }
    }

    func testRawFramesToStandardOutputLeaveACoreToTheReader() {
        XCTAssertEqual(RenderCommand.defaultThreads(cores: 1, toStandardOutput: true), 1)
        XCTAssertEqual(RenderCommand.defaultThreads(cores: 2, toStandardOutput: true), 1)
        XCTAssertEqual(RenderCommand.defaultThreads(cores: 8, toStandardOutput: true), 7)
    }
}
