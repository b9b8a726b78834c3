import Glibc
import XCTest

@testable import Export

/// Raw frames written to a pipe go through a buffer wider than Linux's default 64 KiB.
final class RawPipeTests: XCTestCase {
    /// F_GETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 8).
    static let getPipeSize: Int32 = 1032

    func testAPipeIsWidenedAndAFileIsLeftAlone() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertEqual(fcntl(ends[1], Self.getPipeSize), 1 << 16, "Linux's default pipe buffer")
        RawRGBASink.widenPipe(ends[1])
        XCTAssertGreaterThanOrEqual(fcntl(ends[1], Self.getPipeSize), 1 << 18)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("raw-pipe-\(getpid())").path
        let file = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(file, 0)
        defer {
            close(file)
            unlink(path)
        }
        RawRGBASink.widenPipe(file)
        XCTAssertEqual(fcntl(file, Self.getPipeSize), -1, "not a pipe")
    }
}
