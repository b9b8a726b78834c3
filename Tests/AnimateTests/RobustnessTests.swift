import Foundation
import XCTest

/// The `animate` binary on bad input, interrupted, and rendering the same
/// timeline again: a located error and exit status 1 before anything is
/// written, no partial or clobbered file, and the same bytes every time.
final class RobustnessTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let badFolder = packageRoot.appendingPathComponent("Tests/TimelineTests/BadTimelines")

    /// The bad timelines and their expected errors: file, line:column, path or "-", message fragment.
    static func badTimelines() throws -> [(file: String, location: String, path: String, fragment: String)] {
        let text = try String(contentsOf: badFolder.appendingPathComponent("expected.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (f[0], f[1], f[2], f[3])
        }
    }

    func startAnimate(_ arguments: [String]) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = arguments
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Runs the built binary in the work folder; returns its exit status and standard error.
    func animate(_ arguments: String...) throws -> (status: Int32, stderr: String) {
        try animate(arguments)
    }

    func animate(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let (process, errors) = try startAnimate(arguments)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testEveryBadTimelineExitsOneWithItsLocationAndWritesNothing() throws {
        let cases = try Self.badTimelines()
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        let outputs = ["out.mp4", "out.gif", "out.png", "frames/%03d.png"]
        for (i, bad) in cases.enumerated() {
            let input = Self.badFolder.appendingPathComponent(bad.file).path
            let result = try animate(input, "-o", outputs[i % outputs.count], "--quiet")
            XCTAssertEqual(result.status, 1, "\(bad.file): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: \(input): " + (bad.path == "-" ? "" : "\(bad.path): ")), "\(bad.file): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasSuffix(" at \(bad.location)\n"), "\(bad.file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(bad.fragment), "\(bad.file): \(result.stderr)")
            XCTAssertEqual(try contents(of: work), [], "\(bad.file) left a file")
        }
    }

    func testAFailedRunKeepsTheExistingOutput() throws {
        let bad = Self.badFolder.appendingPathComponent("expression-nan.json").path
        for name in ["keep.mp4", "keep.gif", "keep.png"] {
            let target = work.appendingPathComponent(name)
            try Data("earlier output".utf8).write(to: target)
            let result = try animate(bad, "-o", name, "--overwrite", "--quiet")
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(try Data(contentsOf: target), Data("earlier output".utf8))
        }
        XCTAssertEqual(try contents(of: work), ["keep.gif", "keep.mp4", "keep.png"])
    }

    func testCheckReportsEveryBadFileAndExitsOne() throws {
        let files = try Self.badTimelines().prefix(5).map { Self.badFolder.appendingPathComponent($0.file).path }
        let good = Self.packageRoot.appendingPathComponent("Timelines/clip-shape.json").path
        let (process, errors) = try startAnimate(["check", good] + files)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count, files.count, text)
        XCTAssertFalse(text.contains("\n\n"), "no blank lines: \(text)")
    }

    func testLimitsAreRaisedFromTheCommandLine() throws {
        func check(_ file: String, _ options: String...) throws -> (status: Int32, stderr: String) {
            let (process, errors) = try startAnimate(["check", Self.badFolder.appendingPathComponent(file).path] + options)
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        for (file, option, enough, tooLittle) in [
            ("limit-frames.json", "--max-frames", "120000", "119999"),
            ("limit-pixels.json", "--max-pixels", "400000000", "399999999"),
            ("limit-nesting.json", "--max-depth", "141", "140"),
            ("limit-expression-length.json", "--max-expression-length", "1199", "1198"),
        ] {
            let raised = try check(file, option, enough)
            XCTAssertEqual(raised.status, 0, "\(file) \(option) \(enough): \(raised.stderr)")
            let short = try check(file, option, tooLittle)
            XCTAssertEqual(short.status, 1, "\(file) \(option) \(tooLittle)")
            XCTAssertTrue(short.stderr.contains(option), short.stderr)
        }
        XCTAssertEqual(try check("limit-nesting.json", "--max-depth", "257").status, 1)
    }

    func testTheScaleOptionCannotExceedThePixelLimit() throws {
        let timeline = work.appendingPathComponent("big.json")
        try Data(#"{ "size": [4000, 4000], "duration": 1, "scene": { "rectangle": {} } }"#.utf8).write(to: timeline)
        for arguments in [["frame", timeline.path, "-o", "still.png"], [timeline.path, "-o", "out.gif"]] {
            let result = try animate(arguments + ["--scale", "16"])
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("--max-pixels"), result.stderr)
            XCTAssertEqual(try contents(of: work), ["big.json"])
        }
    }

    func testTheFPSOptionCannotExceedTheFrameLimit() throws {
        let timeline = work.appendingPathComponent("long.json")
        try Data(#"{ "size": [20, 20], "fps": 30, "duration": 3000, "scene": { "rectangle": {} } }"#.utf8).write(to: timeline)
        let result = try animate(timeline.path, "-o", "out.gif", "--fps", "60")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("180000 frames") && result.stderr.contains("--max-frames"), result.stderr)
        XCTAssertEqual(try contents(of: work), ["long.json"])
    }

    /// A render long enough to be interrupted: 600 frames of a moving shape.
    func writeLongTimeline() throws -> String {
        let timeline = work.appendingPathComponent("long.json")
        try Data(#"""
            { "size": [320, 240], "fps": 60, "duration": 10, "params": { "k": 0 },
              "animations": [ { "param": "k", "to": 1, "curve": "linear(duration: 10)" } ],
              "scene": { "star": { "points": 7 }, "modifiers": [ { "fill": "orange" }, { "rotationEffect": "=k * 360" } ] } }
            """#.utf8).write(to: timeline)
        return timeline.path
    }

    /// Starts a render, waits until its temporary output exists, sends `signal`
    /// and returns the exit status.
    func interruptedRender(output: String, temporaryPrefix: String, signal: Int32, extra: [String] = []) throws -> (status: Int32, stderr: String) {
        let timeline = try writeLongTimeline()
        let (process, errors) = try startAnimate([timeline, "-o", output, "--quiet"] + extra)
        let deadline = Date().addingTimeInterval(60)
        var started = false
        while Date() < deadline, process.isRunning {
            let names = try contents(of: work) + ((try? contents(of: work.appendingPathComponent("seq"))) ?? [])
            if names.contains(where: { $0.hasPrefix(temporaryPrefix) }) {
                started = true
                break
            }
            usleep(20_000)
        }
        XCTAssertTrue(started, "the render never wrote its temporary file")
        kill(process.processIdentifier, signal)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testAnInterruptedMP4RenderRemovesItsPartialFile() throws {
        let result = try interruptedRender(output: "out.mp4", temporaryPrefix: ".out.mp4.partial-", signal: SIGINT)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted"), result.stderr)
        XCTAssertEqual(try contents(of: work), ["long.json"])
    }

    func testAHungUpRenderRemovesItsPartialFile() throws {
        let result = try interruptedRender(output: "out.mp4", temporaryPrefix: ".out.mp4.partial-", signal: SIGHUP)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted"), result.stderr)
        XCTAssertEqual(try contents(of: work), ["long.json"])
    }

    /// A load that does not end (a timeline read from a pipe no one writes) ends at the
    /// first SIGINT, saying so, rather than after the render loop's grace period.
    func testAnInterruptedLoadEndsWithAMessage() throws {
        let pipe = work.appendingPathComponent("pipe.json").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let (process, errors) = try startAnimate([pipe, "-o", "out.mp4", "--quiet"])
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertTrue(message.contains("interrupted"), message)
        XCTAssertEqual(try contents(of: work), ["pipe.json"])
    }

    /// Temporaries of processes that no longer run (killed with SIGKILL) are removed by the
    /// next render into their folder; a running process's are left alone.
    func testTemporariesOfDeadProcessesAreRemoved() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier, alive = getpid()
        let stale = [".out.mp4.partial-\(dead)", ".0001.png.partial-\(dead)", ".other.gif.fit-3.partial-\(dead)"]
        let live = ".out.mp4.partial-\(alive)"
        for name in stale + [live] { try Data("partial".utf8).write(to: work.appendingPathComponent(name)) }
        let timeline = try writeLongTimeline()
        let result = try animate(timeline, "-o", "out.mp4", "--frames", "0..<2", "--quiet")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(of: work), [live, "long.json", "out.mp4"].sorted())
    }

    func testATerminatedPNGSequenceRemovesEveryFrame() throws {
        let result = try interruptedRender(output: "seq/%04d.png", temporaryPrefix: ".0", signal: SIGTERM)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(try contents(of: work), ["long.json"])
    }

    func testAnInterruptedRenderKeepsTheExistingOutput() throws {
        let target = work.appendingPathComponent("out.gif")
        try Data("earlier output".utf8).write(to: target)
        let result = try interruptedRender(output: "out.gif", temporaryPrefix: ".out.gif.partial-", signal: SIGINT, extra: ["--overwrite"])
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(try Data(contentsOf: target), Data("earlier output".utf8))
        XCTAssertEqual(try contents(of: work), ["long.json", "out.gif"])
    }

    /// The same timeline gives the same bytes: rendered twice, and with one and
    /// two threads, as PNG frames and as MP4.
    func testRendersAreByteIdenticalAcrossRunsAndThreadCounts() throws {
        let timeline = Self.packageRoot.appendingPathComponent("Timelines/clip-shape.json").path
        for (name, threads) in [("one", "1"), ("two", "2"), ("again", "2")] {
            let frames = try animate(timeline, "-o", "\(name)/", "--threads", threads, "--quiet")
            XCTAssertEqual(frames.status, 0, frames.stderr)
            let video = try animate(timeline, "-o", "\(name).mp4", "--threads", threads, "--quiet")
            XCTAssertEqual(video.status, 0, video.stderr)
        }
        let names = try contents(of: work.appendingPathComponent("one"))
        XCTAssertEqual(names.count, 135)
        for other in ["two", "again"] {
            XCTAssertEqual(try contents(of: work.appendingPathComponent(other)), names)
            for name in names {
                let a = try Data(contentsOf: work.appendingPathComponent("one/\(name)"))
                XCTAssertEqual(a, try Data(contentsOf: work.appendingPathComponent("\(other)/\(name)")), "\(other)/\(name)")
            }
            XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("one.mp4")), try Data(contentsOf: work.appendingPathComponent("\(other).mp4")), other)
        }
        // The frames differ from each other: the comparison is not of blank images.
        XCTAssertNotEqual(try Data(contentsOf: work.appendingPathComponent("one/0000.png")), try Data(contentsOf: work.appendingPathComponent("one/0060.png")))
    }

    /// The MP4 encoder's thread count is fixed, so a machine with fewer cores writes the
    /// same bytes: the command confined to one CPU (`taskset`) against both.
    func testMP4IsByteIdenticalWhateverTheCoreCount() throws {
        let taskset = URL(fileURLWithPath: "/usr/bin/taskset")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: taskset.path), "taskset is not installed")
        try XCTSkipUnless(ProcessInfo.processInfo.activeProcessorCount > 1, "needs more than one core")
        let timeline = Self.packageRoot.appendingPathComponent("Timelines/double-ellipse.json").path
        let all = try animate(timeline, "-o", "all.mp4", "--quiet")
        XCTAssertEqual(all.status, 0, all.stderr)
        let process = Process()
        process.executableURL = taskset
        process.arguments = ["-c", "0", Bundle.main.bundleURL.appendingPathComponent("animate").path, timeline, "-o", "one.mp4", "--quiet"]
        process.currentDirectoryURL = work
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let one = try Data(contentsOf: work.appendingPathComponent("one.mp4"))
        XCTAssertGreaterThan(one.count, 1000)
        XCTAssertTrue(one == (try Data(contentsOf: work.appendingPathComponent("all.mp4"))), "the MP4 depends on the core count")
    }
}
