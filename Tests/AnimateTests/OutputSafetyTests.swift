import Foundation
import XCTest

/// Nothing is replaced without `--overwrite`, not even a file that appears while a render
/// runs; `--overwrite` through a symbolic link replaces the file it points to.
final class OutputSafetyTests: XCTestCase {
    var runner: CommandRunner!
    var timeline: String!

    override func setUpWithError() throws {
        runner = try CommandRunner("safety")
        timeline = try runner.write(CommandRunner.shortTimeline, to: "short.json")
    }

    override func tearDown() {
        runner.remove()
    }

    /// A timeline long enough (600 frames of 640×360; tests render part of it) that a render is still running when a test acts on it.
    func longTimeline() throws -> String {
        try runner.write(CommandRunner.shortTimeline.replacingOccurrences(of: "[64, 36]", with: "[640, 360]")
            .replacingOccurrences(of: "\"duration\": 2", with: "\"duration\": 20"), to: "long.json")
    }

    /// Waits (up to 60 s) until `process` has a file whose name starts with `prefix` in the work folder.
    func waitForPartial(_ prefix: String, of process: Process) throws -> Bool {
        for _ in 0..<6000 {
            if try runner.contents().contains(where: { $0.hasPrefix(prefix) }) { return true }
            guard process.isRunning else { return false }
            usleep(10_000)
        }
        return false
    }

    func testAFileAppearingDuringARenderIsKept() throws {
        let long = try longTimeline()
        let (process, errors) = try runner.start([long, "-o", "out.mp4", "--quiet", "--frames", "0..<90"])
        XCTAssertTrue(try waitForPartial(".out.mp4.partial-", of: process))
        kill(process.processIdentifier, SIGSTOP)
        let appeared = Data("written by someone else".utf8)
        let created = FileManager.default.createFile(atPath: runner.path("out.mp4"), contents: appeared)
        kill(process.processIdentifier, SIGCONT)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(created)
        XCTAssertEqual(process.terminationStatus, 3, message)
        XCTAssertTrue(message.contains("appeared"), message)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: runner.path("out.mp4"))), appeared)
        XCTAssertEqual(try runner.contents(), ["long.json", "out.mp4", "short.json"])
    }

    func testOfTwoRendersToOneNewFileOneWins() throws {
        let long = try longTimeline()
        let first = try runner.start([long, "-o", "out.mp4", "--quiet", "--frames", "0..<60"])
        let second = try runner.start([long, "-o", "out.mp4", "--quiet", "--frames", "0..<60"])
        var messages: [String] = []
        for (process, errors) in [first, second] {
            messages.append(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            process.waitUntilExit()
        }
        XCTAssertEqual([first.process.terminationStatus, second.process.terminationStatus].sorted(), [0, 3], "\(messages)")
        XCTAssertEqual(try runner.contents(), ["long.json", "out.mp4", "short.json"])
    }

    func testAPNGSequenceReplacesNoFrameWithoutOverwrite() throws {
        try FileManager.default.createDirectory(atPath: runner.path("seq"), withIntermediateDirectories: false)
        try runner.write("an earlier frame", to: "seq/0003.png")
        let result = try runner.run(timeline, "-o", "seq/", "--quiet")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("0003.png exists"), result.stderr)
        XCTAssertEqual(try runner.contents("seq"), ["0003.png"])
        XCTAssertEqual(try String(contentsOfFile: runner.path("seq/0003.png"), encoding: .utf8), "an earlier frame")
        XCTAssertEqual(try runner.run(timeline, "-o", "seq/", "--quiet", "--overwrite").status, 0)
        XCTAssertEqual(try runner.contents("seq").count, 60)
    }

    func testOverwriteThroughASymlinkReplacesItsTargetAndKeepsItsMode() throws {
        try FileManager.default.createDirectory(atPath: runner.path("real"), withIntermediateDirectories: false)
        let real = try runner.write("old", to: "real/clip.rgba")
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: runner.path("link.rgba"), withDestinationPath: "real/clip.rgba")
        let result = try runner.run(timeline, "-o", "link.rgba", "--quiet", "--overwrite", "--frames", "0")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: runner.path("link.rgba")), "real/clip.rgba")
        let attributes = try FileManager.default.attributesOfItem(atPath: real)
        XCTAssertEqual(attributes[.size] as? Int, 64 * 36 * 4)
        XCTAssertEqual((attributes[.posixPermissions] as? Int), 0o640)
        XCTAssertEqual(try runner.contents("real"), ["clip.rgba"])
    }
}
