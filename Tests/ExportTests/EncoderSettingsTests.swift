@testable import Export
import XCTest

final class EncoderSettingsTests: XCTestCase {
    /// Each format's largest side is checked before anything is encoded: libwebp stops at
    /// 16383 (where FFmpeg would fail later with "Invalid argument"), the video encoders at
    /// 16384, GIF at 65535.
    func testEachFormatsLargestSideIsCheckedBeforeEncoding() throws {
        func reason(_ format: OutputFormat, _ width: Int) -> String? {
            do {
                try EncoderSettings(width: width, height: 16, fps: 30).validate(for: format, path: "out")
                return nil
            } catch {
                return String(describing: error)
            }
        }
        XCTAssertNil(reason(.webp, 16383))
        XCTAssertTrue(reason(.webp, 16384)?.contains("outside 1...16383") ?? false, "\(reason(.webp, 16384) ?? "accepted")")
        XCTAssertNil(reason(.mp4, 16384))
        XCTAssertTrue(reason(.mp4, 16385)?.contains("outside 1...16384") ?? false)
        XCTAssertNil(reason(.gif, 65535))
        XCTAssertNotNil(reason(.gif, 65536))
    }
}
