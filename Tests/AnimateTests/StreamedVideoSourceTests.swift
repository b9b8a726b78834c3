import Export
import Foundation
import Raster
import Regression
import XCTest

/// A video side of a comparison is decoded as its frames are asked for, and gives the frames
/// whole decoding gives, whatever the order they are asked in.
final class StreamedVideoSourceTests: RegressionTestCase {
    func testFramesInAnyOrderEqualWholeDecoding() throws {
        let timeline = try write(DiffCommandTests.timeline(), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "a.mp4", "--quiet").status, 0)
        let whole = try MediaProbe.decodeFrames(path: path("a.mp4"))
        let source = try FrameSource.open(path("a.mp4"))
        XCTAssertEqual(source.frameNumbers, Array(whole.indices))
        XCTAssertEqual(source.kind, .video)
        for n in [0, 1, 5, 5, 6, 2, 0, whole.count - 1, 3] {
            XCTAssertEqual(try source.frame(n), whole[n], "frame \(n)")
        }
        XCTAssertNotEqual(whole.first, whole.last, "the frames differ, so a frame given for another would be caught")
        XCTAssertThrowsError(try source.frame(whole.count))
    }
}
