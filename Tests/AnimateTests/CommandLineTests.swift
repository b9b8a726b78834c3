import Export
import Foundation
import Raster
import Timeline
import XCTest

/// End-to-end: the built `animate` binary on the example timelines, its output
/// read back through libavformat.
final class CommandLineTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func timeline(_ name: String) -> String {
        packageRoot.appendingPathComponent("Timelines/\(name)").path
    }

    /// Runs the built binary; returns its exit status and standard error.
    @discardableResult
    func animate(_ arguments: String...) throws -> (status: Int32, stderr: String) {
        try animate(arguments)
    }

    @discardableResult
    func animate(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = arguments
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func load(_ name: String) throws -> TimelineDocument {
        try TimelineLoader().load([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.timeline(name)))))
    }

    /// A broken image is one located line that says what FFmpeg found wrong, naming the
    /// file once, without FFmpeg's own log lines around it; nothing is written.
    func testABrokenImageIsOneLineWithFFmpegsReason() throws {
        try Data("not a png".utf8).write(to: work.appendingPathComponent("broken.png"))
        let timeline = work.appendingPathComponent("image.json")
        try Data(#"{"version": 1, "size": [64, 64], "duration": 1, "scene": {"image": {"file": "broken.png"}}}"#.utf8).write(to: timeline)
        for arguments in [["check", timeline.path], [timeline.path, "-o", "out.gif"]] {
            let result = try animate(arguments)
            XCTAssertEqual(result.status, 1, result.stderr)
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("scene.image.file: cannot read the image "), result.stderr)
            XCTAssertTrue(result.stderr.contains("Invalid PNG signature"), result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: "broken.png").count - 1, 1, result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out.gif").path))
    }

    func testMP4HasEveryFrameInH264WithBT709Tags() throws {
        let document = try load("clip-shape.json")
        let out = work.appendingPathComponent("clip.mp4").path
        let result = try animate(Self.timeline("clip-shape.json"), "-o", out, "--quiet")
        XCTAssertEqual(result.status, 0, result.stderr)
        let info = try MediaProbe.info(path: out)
        XCTAssertEqual(info.codecName, "h264")
        XCTAssertEqual(info.pixelFormat, "yuv420p")
        XCTAssertEqual(info.frameCount, Int((document.duration * Double(document.fps)).rounded()))
        XCTAssertEqual(info.width, document.scene.pixelWidth)
        XCTAssertEqual(info.height, document.scene.pixelHeight)
        XCTAssertEqual(info.colorSpace, "bt709")
        XCTAssertEqual(info.colorPrimaries, "bt709")
        XCTAssertEqual(info.colorRange, "tv")
        XCTAssertEqual(info.colorTransfer, "iec61966-2-1")
    }

    func testGIFLoopsAndHasEveryFrame() throws {
        let document = try load("clip-shape.json")
        let out = work.appendingPathComponent("clip.gif").path
        let result = try animate(Self.timeline("clip-shape.json"), "-o", out, "--quiet")
        XCTAssertEqual(result.status, 0, result.stderr)
        let info = try MediaProbe.info(path: out)
        XCTAssertEqual(info.codecName, "gif")
        XCTAssertEqual(info.frameCount, document.frameCount)
        XCTAssertEqual(info.width, document.scene.pixelWidth)
        XCTAssertEqual(info.height, document.scene.pixelHeight)
        XCTAssertEqual(info.loopCount, 0)
        // The middle frame decodes close to the rendered one.
        let frames = try MediaProbe.decodeFrames(path: out)
        XCTAssertEqual(frames.count, document.frameCount)
        let n = document.frameCount / 3
        XCTAssertGreaterThan(psnr(frames[n], document.render(frame: n)), 30)
    }

    func testPNGSequenceWritesEveryFrame() throws {
        let document = try load("double-ellipse.json")
        let result = try animate(Self.timeline("double-ellipse.json"), "-o", "frames/%04d.png", "--quiet")
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("frames").path).sorted()
        XCTAssertEqual(files.count, document.frameCount)
        XCTAssertEqual(files.first, "0000.png")
        XCTAssertEqual(files.last, String(format: "%04d.png", document.frameCount - 1))
        let decoded = try MediaProbe.decodeFrames(path: work.appendingPathComponent("frames/0010.png").path)
        XCTAssertTrue(decoded.first == document.render(frame: 10), "frame 10 decodes to the rendered pixels")
    }

    func testAOneLetterSequenceFolderIsCreated() throws {
        let result = try animate(Self.timeline("double-ellipse.json"), "-o", "a/%04d.png", "--quiet", "--frames", "0..<3")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("a").path).sorted(), ["0000.png", "0001.png", "0002.png"])
    }

    func testFrameAtTheDurationIsTheStateThenAndTimesOutsideAreErrors() throws {
        // x runs linearly from 0 to 1 over the whole 2 s, so at 2 s it is 1.
        let timeline = work.appendingPathComponent("slide.json").path
        try Data("""
            {"size": [40, 20], "fps": 30, "duration": 2, "params": {"x": 0},
             "animations": [{"param": "x", "to": 1, "curve": "linear(duration: 2)"}],
             "scene": {"rectangle": {}, "modifiers": [{"fill": "black"}, {"frame": {"width": 20, "height": 20}}, {"offset": {"x": "=x * 20 - 10"}}]}}
            """.utf8).write(to: URL(fileURLWithPath: timeline))
        XCTAssertEqual(try animate("frame", timeline, "--time", "2", "-o", "end.png").status, 0)
        XCTAssertEqual(try animate("frame", timeline, "--time", "0", "--set", "x=1", "-o", "x1.png").status, 0)
        XCTAssertEqual(try animate("frame", timeline, "--frame", "59", "-o", "last.png").status, 0)
        let end = try MediaProbe.decodeFrames(path: work.appendingPathComponent("end.png").path).first
        XCTAssertTrue(end == (try MediaProbe.decodeFrames(path: work.appendingPathComponent("x1.png").path).first), "the state at 2 s has x = 1")
        XCTAssertFalse(end == (try MediaProbe.decodeFrames(path: work.appendingPathComponent("last.png").path).first), "not the last frame (t = 59/30)")
        for time in ["2.001", "-0.5"] {
            let outside = try animate("frame", timeline, "--time", time, "-o", "outside.png")
            XCTAssertEqual(outside.status, 1, time)
            XCTAssertTrue(outside.stderr.contains("\(timeline): --time"), outside.stderr)
            XCTAssertTrue(outside.stderr.contains("is outside the timeline's 0…2 s"), outside.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("outside.png").path))
    }

    func testFrameCommandWritesTheFrameAtATime() throws {
        let document = try load("clip-shape.json")
        let result = try animate("frame", Self.timeline("clip-shape.json"), "--time", "1.5", "-o", "still.png")
        XCTAssertEqual(result.status, 0, result.stderr)
        let decoded = try MediaProbe.decodeFrames(path: work.appendingPathComponent("still.png").path)
        XCTAssertTrue(decoded.first == document.render(frame: 45), "the frame at 1.5 s decodes to the rendered pixels")
        let byNumber = try animate("frame", Self.timeline("clip-shape.json"), "--frame", "45", "-o", "still.png")
        XCTAssertEqual(byNumber.status, 1, "an existing output is kept without --overwrite")
        XCTAssertTrue(byNumber.stderr.contains("--overwrite"), byNumber.stderr)
    }

    func testSizeSetsTheOutputPixelsFromEitherSide() throws {
        // double-ellipse.json is 340 × 250 points.
        for (size, width, height) in [("680x", 680, 500), ("x125", 170, 125), ("1020x750", 1020, 750)] {
            let out = work.appendingPathComponent("\(size).png").path
            let result = try animate("frame", Self.timeline("double-ellipse.json"), "--size", size, "-o", out)
            XCTAssertEqual(result.status, 0, result.stderr)
            let info = try MediaProbe.info(path: out)
            XCTAssertEqual([info.width, info.height], [width, height], size)
        }
        let gif = work.appendingPathComponent("small.gif").path
        XCTAssertEqual(try animate(Self.timeline("double-ellipse.json"), "--size", "170x", "-o", gif, "--frames", "0..<3", "--quiet").status, 0)
        XCTAssertEqual(try MediaProbe.info(path: gif).width, 170)
        // Proportions that do not fit are refused with the size that would.
        let wrong = try animate("frame", Self.timeline("double-ellipse.json"), "--size", "680x400", "-o", "wrong.png")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("680x500"), wrong.stderr)
        for bad in [["--size", "0x"], ["--size", "x"], ["--size", "12"], ["--size", "680x", "--scale", "2"]] {
            let result = try animate(["frame", Self.timeline("double-ellipse.json"), "-o", "bad.png"] + bad)
            XCTAssertEqual(result.status, 1, bad.joined(separator: " "))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("wrong.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("bad.png").path))
    }

    func testUnknownShapeExitsOneWithLocationAndWritesNothing() throws {
        let bad = work.appendingPathComponent("bad.json")
        try Data("""
            {
              "size": [100, 100], "duration": 1,
              "scene": { "vstack": [ { "rectangle": {} },
                                     { "elipse": {} } ] }
            }
            """.utf8).write(to: bad)
        for output in ["out.mp4", "out.gif", "out.png", "seq/%03d.png"] {
            let result = try animate(bad.path, "-o", output)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.contains("scene.vstack[1]"), result.stderr)
            XCTAssertTrue(result.stderr.contains("unknown view \"elipse\" (did you mean \"ellipse\"?) at 4:28"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["bad.json"])
        }
    }

    func testInvalidArgumentsExitOne() throws {
        XCTAssertEqual(try animate(Self.timeline("clip-shape.json"), "-o", "x.mp4", "--crf", "99").status, 1)
        XCTAssertEqual(try animate(Self.timeline("clip-shape.json"), "-o", "x.avi").status, 1)
        XCTAssertEqual(try animate("missing.json", "-o", "x.mp4").status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), [])
    }

    func testNegativeNumbersReachValidation() throws {
        // A negative number is the option's value, not another option: the error says what
        // the option allows (rather than that its value is missing).
        let timeline = Self.timeline("badge.json")
        let cases: [([String], String)] = [
            (["-o", "x.gif", "--loop", "-2"], "--loop must be -1 (play once)"),
            (["-o", "x.gif", "--lossy", "-1"], "--lossy must be from 0 to 64"),
            (["-o", "x.mp4", "--from", "-0.5"], "--from must not be negative"),
            (["-o", "x.mp4", "--scale", "-2"], "--scale must be greater than 0"),
            (["-o", "x.mp4", "--max-frames", "-1"], "--max-frames must be at least 1"),
            (["-o", "x.gif", "--frames", "-5.."], "is empty or negative"),
        ]
        for (arguments, message) in cases {
            let run = try animate([timeline] + arguments)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        let frame = try animate("frame", timeline, "-o", "x.png", "--time", "-1")
        XCTAssertEqual(frame.status, 1)
        XCTAssertTrue(frame.stderr.contains("\(timeline): --time -1 is outside"), frame.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), [])
        // -1 is a loop count of its own: play once (a GIF without the loop extension).
        let once = try animate(timeline, "-o", "once.gif", "--loop", "-1", "--quiet")
        XCTAssertEqual(once.status, 0, once.stderr)
        XCTAssertNil(try MediaProbe.info(path: work.appendingPathComponent("once.gif").path).loopCount)
    }

    func testRangesAndSingleFramesBelongToTheirOutputs() throws {
        // A range means nothing to a still, and one frame nothing to an animation: both are
        // refused rather than ignored.
        let still = try animate(Self.timeline("badge.json"), "--frames", "30..<31", "-o", "x.png")
        XCTAssertEqual(still.status, 1)
        XCTAssertTrue(still.stderr.contains("--frame N or --time S"), still.stderr)
        XCTAssertEqual(try animate(Self.timeline("badge.json"), "--from", "1", "-o", "x.png").status, 1)
        let animation = try animate(Self.timeline("badge.json"), "--frame", "3", "-o", "x.gif")
        XCTAssertEqual(animation.status, 1)
        XCTAssertTrue(animation.stderr.contains("--frames or --from/--to"), animation.stderr)
        XCTAssertEqual(try animate(Self.timeline("badge.json"), "--time", "1", "-o", "x.mp4").status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), [])
        XCTAssertEqual(try animate(Self.timeline("badge.json"), "--frame", "3", "-o", "x.png").status, 0)
    }

    func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        var sum = 0.0
        for i in a.data.indices where i % 4 != 3 {
            let d = Double(a.data[i]) - Double(b.data[i])
            sum += d * d
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
