import XCTest

/// Numbers on the command line too large, infinite or not numbers at all: exit status 1
/// with a message that gives the range, before anything is written, never a trap.
final class ArgumentRangeTests: XCTestCase {
    var runner: CommandRunner!
    var timeline: String!

    override func setUpWithError() throws {
        runner = try CommandRunner("ranges")
        timeline = try runner.write(CommandRunner.shortTimeline, to: "short.json")
    }

    override func tearDown() {
        runner.remove()
    }

    /// Runs `arguments` and expects exit status 1, a message naming `option` with one of
    /// `fragments`, and the work folder holding only the timeline (no partial file).
    func expectRefused(_ arguments: [String], option: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runner.run(arguments)
        let probe = arguments.joined(separator: " ")
        XCTAssertEqual(result.status, 1, "\(probe): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(option), "\(probe): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains("at most") || result.stderr.contains("from ") || result.stderr.contains("finite"),
                      "\(probe) gives no range: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(try runner.contents(), ["short.json"], "\(probe) left a file", file: file, line: line)
    }

    func testRenderRefusesNumbersOutOfRange() throws {
        let probes: [(String, [String])] = [
            ("--to", ["--to", "1e300"]), ("--to", ["--to", "inf"]), ("--to", ["--to", "nan"]), ("--to", ["--to", "1e19"]),
            ("--from", ["--from", "1e18"]), ("--frames", ["--frames", "0...9223372036854775807"]),
            ("--frames", ["--frames", "9223372036854775807.."]), ("--max-size", ["--max-size", "1e15GB"]),
            ("--max-size", ["--max-size", "infMB"]), ("--max-size", ["--max-size", "nanKB"]),
            ("--size", ["--size", "9223372036854775807x1"]), ("--size", ["--size", "x99999999999"]),
            ("--threads", ["--threads", "9223372036854775807"]), ("--fps", ["--fps", "9223372036854775807"]),
            ("--scale", ["--scale", "nan"]), ("--loop", ["--loop", "-9223372036854775808"]),
            ("--max-frames", ["--max-frames", "9223372036854775807"]), ("--max-pixels", ["--max-pixels", "1e300"]),
        ]
        for (option, arguments) in probes {
            let output = arguments[0] == "--max-size" ? "c.gif" : "c.mp4"
            try expectRefused([timeline, "-o", output, "--quiet"] + arguments, option: option)
        }
        try expectRefused(["frame", timeline, "-o", "c.png", "--time", "1e300"], option: "--time")
        try expectRefused(["frame", timeline, "-o", "c.png", "--frame", "99999999999999999999"], option: "--frame")
    }

    func testDiffAndTestRefuseNumbersOutOfRange() throws {
        for arguments in [["--frames", "0..<9223372036854775807"], ["--frames", "9223372036854775807"], ["--scale", "inf"],
                          ["--threshold", "1e400"], ["--max-cluster", "1e300"], ["--max-diff-pixels", "9223372036854775808"]] {
            try expectRefused(["diff", timeline, timeline] + arguments, option: arguments[0])
        }
        for arguments in [["--frames", "0..<9223372036854775807"], ["--key-frames", "9223372036854775807"], ["--times", "1e300"]] {
            try expectRefused(["test", timeline, "--golden", "goldens"] + arguments, option: arguments[0])
        }
    }

    func testNumbersWithinRangeStillWork() throws {
        let result = try runner.run(timeline, "-o", "piece.rgba", "--from", "0.5", "--to", "1", "--threads", "2", "--quiet")
        XCTAssertEqual(result.status, 0, result.stderr)
        let size = try FileManager.default.attributesOfItem(atPath: runner.path("piece.rgba"))[.size] as? Int
        XCTAssertEqual(size, 15 * 64 * 36 * 4)
    }
}
