import Export
import Foundation
import Raster
import Timeline
import XCTest

/// The render pipeline end to end: frame ranges and `concat`, raw output, memory, progress, budgets.
final class RenderPipelineTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    var binary: URL { Bundle.main.bundleURL.appendingPathComponent("animate") }

    /// Runs the built binary in the work folder; returns its exit status, standard output and standard error.
    @discardableResult
    func animate(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = work
        // Standard output goes to a file, so that a large output cannot fill a pipe while
        // standard error is read.
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("animate-stdout-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try output.close()
        let outData = try Data(contentsOf: outputFile)
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    func load(_ path: String) throws -> TimelineDocument {
        try TimelineLoader().load([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// A timeline of a red circle crossing a `width × height` canvas in `seconds` at `fps`.
    func writeTimeline(_ name: String, width: Int = 120, height: Int = 80, fps: Int = 25, seconds: Double = 2, background: String = "white") throws -> String {
        let json = """
            { "version": 1, "size": [\(width), \(height)], "fps": \(fps), "duration": \(seconds), "background": "\(background)",
              "params": { "p": 0 },
              "animations": [ { "param": "p", "at": 0, "to": 1, "curve": "easeInOut(duration: \(seconds))" } ],
              "scene": { "zstack": [ { "circle": {}, "modifiers": [ { "fill": "red" }, { "frame": { "width": \(height / 2), "height": \(height / 2) } },
                                                                    { "offset": { "x": "=\(-width / 3) + \(2 * width / 3) * p", "y": 0 } } ] } ] } }
            """
        let file = path(name)
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func testPiecesJoinedByConcatEqualTheWholeRender() throws {
        let timeline = CommandLineTests.timeline("double-ellipse.json")
        let common = ["--fps", "10", "--quiet"]
        let variants: [(String, [String])] = [
            ("gif", ["--dither", "none", "--lossy", "0"]), ("gif", ["--fast"]), ("mp4", ["--crf", "0", "--preset", "ultrafast"]), ("rgba", []),
        ]
        for (n, (ext, options)) in variants.enumerated() {
            let label = "\(ext) \(options)"
            func name(_ piece: String) -> String { "\(piece)\(n).\(ext)" }
            XCTAssertEqual(try animate([timeline, "-o", name("whole")] + common + options).status, 0)
            XCTAssertEqual(try animate([timeline, "--frames", "0..<13", "-o", name("a")] + common + options).status, 0)
            XCTAssertEqual(try animate([timeline, "--frames", "13...29", "-o", name("b")] + common + options).status, 0)
            XCTAssertEqual(try animate([timeline, "--from", "3", "-o", name("c")] + common + options).status, 0)
            let joined = try animate(["concat", name("a"), name("b"), name("c"), "-o", name("joined")])
            XCTAssertEqual(joined.status, 0, joined.stderr)
            if ext == "rgba" {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path(name("joined")))), try Data(contentsOf: URL(fileURLWithPath: path(name("whole")))))
            } else {
                let whole = try MediaProbe.decodeFrames(path: path(name("whole")))
                XCTAssertEqual(whole.count, 40, label)
                XCTAssertTrue(try MediaProbe.decodeFrames(path: path(name("joined"))) == whole, label)
                XCTAssertEqual(try MediaProbe.info(path: path(name("joined"))).frameDurations.reduce(0, +), 4, accuracy: 1e-6, label)
            }
        }
    }

    func testConcatRefusesPiecesThatDoNotJoinNamingTheFrames() throws {
        let timeline = try writeTimeline("circle.json", seconds: 2.4)
        for (range, name) in [("0..<30", "a"), ("20..", "b"), ("40..", "c"), ("30..", "d")] {
            let result = try animate([timeline, "--frames", range, "-o", "\(name).gif", "--fast", "--quiet"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        for (pieces, phrase) in [(["a.gif", "b.gif"], "frames 20..<30 are in both"), (["a.gif", "c.gif"], "frames 30..<40 are missing"),
                                 (["d.gif", "a.gif"], "a.gif (frames 0..<30) comes after d.gif (frames 30..<60)")] {
            let result = try animate(["concat"] + pieces + ["-o", "joined.gif"])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(phrase), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("joined.gif")))
        }
        XCTAssertEqual(try animate(["concat", "a.gif", "d.gif", "-o", "joined.gif"]).status, 0)
        XCTAssertEqual(try MediaProbe.info(path: path("joined.gif")).frameCount, 60)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }, [])
    }

    func testRawRGBAStreamsToStandardOutput() throws {
        let timeline = try writeTimeline("circle.json")
        let document = try load(timeline)
        let result = try animate([timeline, "--format", "rgba", "-o", "-", "--frames", "10..<20"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frameBytes = 120 * 80 * 4
        XCTAssertEqual(result.stdout.count, 10 * frameBytes)
        XCTAssertEqual([UInt8](result.stdout.prefix(frameBytes)), document.render(frame: 10).straightAlphaData())
        XCTAssertEqual([UInt8](result.stdout.suffix(frameBytes)), document.render(frame: 19).straightAlphaData())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["circle.json"])
        // Standard output takes raw frames only; no file named "-" is written.
        let gif = try animate([timeline, "--format", "gif", "-o", "-"])
        XCTAssertEqual(gif.status, 1)
        XCTAssertTrue(gif.stderr.contains("gif needs a file or folder"), gif.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["circle.json"])
    }

    /// Peak resident memory in KiB of one run of the binary: the high-water mark of its own
    /// pages (`VmHWM` in /proc), read until it exits. (`wait4`'s `ru_maxrss` would not do: a
    /// spawned child's count starts from this test process's, which the other tests grow.)
    func peakMemory(_ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let status = "/proc/\(process.processIdentifier)/status"
        var peak = 0
        while process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                peak = max(peak, kib)
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "exit status")
        return peak
    }

    func testPeakMemoryDoesNotGrowWithTheFrameCount() throws {
        // 200 × 150 frames are 117 KiB each: keeping even one in a hundred would add 3.5 MiB
        // over 3,000 frames, beyond the 10 % allowed.
        let short = try writeTimeline("short.json", width: 200, height: 150, fps: 100, seconds: 3)
        let long = try writeTimeline("long.json", width: 200, height: 150, fps: 100, seconds: 30)
        let small = try peakMemory([short, "--format", "rgba", "-o", "-"])
        let large = try peakMemory([long, "--format", "rgba", "-o", "-"])
        // Measured: 52,956 KiB for 300 frames and 54,416 KiB for 3,000.
        XCTAssertLessThan(Double(large), 1.1 * Double(small), "300 frames: \(small) KiB, 3,000 frames: \(large) KiB")
    }

    func testGIFPeakMemoryDoesNotGrowWithTheFrameCount() throws {
        // The palette pass's frames are kept for encoding only where they are at least a
        // quarter of the frames: 240 of 300 here (27 MiB of 200 × 150 frames), none of 3,000, which
        // render them again.
        let short = try writeTimeline("short.json", width: 200, height: 150, fps: 100, seconds: 3)
        let long = try writeTimeline("long.json", width: 200, height: 150, fps: 100, seconds: 30)
        let small = try peakMemory([short, "-o", path("short.gif")])
        let large = try peakMemory([long, "-o", path("long.gif")])
        // Measured: 85,056 KiB for 300 frames and 58,528 KiB for 3,000 (86,204 KiB with the
        // frames always kept).
        XCTAssertLessThan(Double(large), 0.9 * Double(small), "300 frames: \(small) KiB, 3,000 frames: \(large) KiB")
    }

    func testFastGIFTakesItsPaletteFromSixtyFramesOfTheWholeTimeline() throws {
        let timeline = try writeTimeline("circle.json", fps: 50, seconds: 2)
        let whole = try animate([timeline, "-o", "whole.gif", "--fast", "--progress"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(whole.stderr.contains("palette: 60/60 frames (100 %)"), whole.stderr)
        XCTAssertTrue(whole.stderr.contains("render: 100/100 frames (100 %)"), whole.stderr)
        let searched = try animate([timeline, "-o", "searched.gif", "--progress"])
        XCTAssertTrue(searched.stderr.contains("palette: 100/100 frames (100 %)"), searched.stderr)
        // The pieces sample the whole timeline too, so they share the palette and join into the whole.
        XCTAssertEqual(try animate([timeline, "--frames", "0..<37", "-o", "a.gif", "--fast", "--quiet"]).status, 0)
        XCTAssertEqual(try animate([timeline, "--frames", "37..<100", "-o", "b.gif", "--fast", "--quiet"]).status, 0)
        XCTAssertEqual(try animate(["concat", "a.gif", "b.gif", "-o", "joined.gif"]).status, 0)
        let frames = try MediaProbe.decodeFrames(path: path("whole.gif"))
        XCTAssertEqual(frames.count, 100)
        XCTAssertTrue(try MediaProbe.decodeFrames(path: path("joined.gif")) == frames)
    }

    func testOffATerminalOneSummaryLineProgressLinesOnRequestAndQuietIsSilent() throws {
        let timeline = try writeTimeline("circle.json")
        let plain = try animate([timeline, "-o", "a.mp4", "--preset", "ultrafast"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stderr.split(separator: "\n").count, 1, plain.stderr)
        XCTAssertTrue(plain.stderr.hasPrefix("wrote 50 frames to"), plain.stderr)
        let loud = try animate([timeline, "-o", "c.mp4", "--preset", "ultrafast", "--progress"])
        XCTAssertEqual(loud.status, 0, loud.stderr)
        XCTAssertTrue(loud.stderr.contains("render: 50/50 frames (100 %)"), loud.stderr)
        XCTAssertGreaterThan(loud.stderr.split(separator: "\n").count, 5, loud.stderr)
        XCTAssertFalse(loud.stderr.contains("\r"), "no carriage returns when standard error is not a terminal")
        XCTAssertTrue(loud.stderr.contains("wrote 50 frames to"), loud.stderr)
        let quiet = try animate([timeline, "-o", "b.mp4", "--preset", "ultrafast", "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: work.path)), ["circle.json", "a.mp4", "b.mp4", "c.mp4"])
    }

    func testGIFTimingAtRatesThatDoNotDivideAHundred() throws {
        let timeline = try writeTimeline("circle.json", fps: 30, seconds: 1)
        let thirty = try animate([timeline, "-o", "thirty.gif"])
        XCTAssertEqual(thirty.status, 0, thirty.stderr)
        XCTAssertTrue(thirty.stderr.contains("3, 4, 3 cs"), thirty.stderr)
        XCTAssertEqual(try MediaProbe.info(path: path("thirty.gif")).frameDurations.reduce(0, +), 1, accuracy: 1e-9)
        let resampled = try animate([timeline, "-o", "even.gif", "--fps", "25", "--quiet"])
        XCTAssertEqual(resampled.status, 0, resampled.stderr)
        let info = try MediaProbe.info(path: path("even.gif"))
        XCTAssertEqual(info.frameCount, 25)
        XCTAssertEqual(Set(info.frameDurations.map { Int(($0 * 100).rounded()) }), [4])
        let fast = try animate([timeline, "-o", "fast.gif", "--fps", "60"])
        XCTAssertTrue(fast.stderr.contains("warning"), fast.stderr)
    }

    func testMaxSizeFindsAGIFWithinTheBudget() throws {
        let timeline = CommandLineTests.timeline("double-ellipse.json")
        let full = try animate([timeline, "-o", "full.gif", "--fps", "5", "--quiet"])
        XCTAssertEqual(full.status, 0, full.stderr)
        let fullSize = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path("full.gif"))[.size] as? Int)
        let budget = fullSize * 6 / 10
        let fitted = try animate([timeline, "-o", "fitted.gif", "--fps", "5", "--max-size", "\(budget)"])
        XCTAssertEqual(fitted.status, 0, fitted.stderr)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path("fitted.gif"))[.size] as? Int)
        XCTAssertLessThanOrEqual(size, budget)
        XCTAssertGreaterThan(size, budget / 3, "the search takes the best rung that fits, not the smallest")
        XCTAssertTrue(fitted.stderr.contains("allowed"), fitted.stderr)
        XCTAssertEqual(fitted.stderr.split(separator: "\n").count, 1, "off a terminal, attempts are progress: \(fitted.stderr)")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: work.path)), ["full.gif", "fitted.gif"], "attempts are removed")
        let impossible = try animate([timeline, "-o", "tiny.gif", "--fps", "5", "--max-size", "100", "--quiet"])
        XCTAssertEqual(impossible.status, 3)
        XCTAssertTrue(impossible.stderr.contains("no GIF fits in 100 B;"), impossible.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("tiny.gif")))
    }

    func testClearBackgroundWebMKeepsAlpha() throws {
        let timeline = try writeTimeline("clear.json", seconds: 0.4, background: "clear")
        let result = try animate([timeline, "-o", "clear.webm", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try MediaProbe.decodeFrames(path: path("clear.webm"))
        XCTAssertEqual(frames.count, 10)
        XCTAssertLessThan(try XCTUnwrap(frames.first).pixel(x: 2, y: 2).a, 8)
        XCTAssertGreaterThan(try XCTUnwrap(frames.first).pixel(x: 20, y: 40).a, 240)
    }

    func testAGIFsStillFirstFrameStaysWithinAQuarterOfTheTolerance() throws {
        // The badge stands still for its first frames, so every pixel of the first frame is at
        // rest: with the default --lossy 16 (squared 256) none may be farther from its colour
        // than 64 or than the exact mapping puts it. (With the whole tolerance, 124 pixels are.)
        let timeline = CommandLineTests.timeline("badge.json")
        let options = ["--frames", "0..<2", "--scale", "0.5", "--quiet"]
        XCTAssertEqual(try animate([timeline, "-o", "lossy.gif"] + options).status, 0)
        XCTAssertEqual(try animate([timeline, "-o", "exact.gif", "--lossy", "0"] + options).status, 0)
        XCTAssertEqual(try animate(["frame", timeline, "--frame", "0", "--scale", "0.5", "-o", "frame.png"]).status, 0)
        let expected = try XCTUnwrap(try MediaProbe.decodeFrames(path: path("frame.png")).first)
        let lossy = try MediaProbe.decodeFrames(path: path("lossy.gif"))
        let exact = try MediaProbe.decodeFrames(path: path("exact.gif"))
        XCTAssertEqual(lossy[1], lossy[0], "the badge stands still")
        func error(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
            [(a.r, b.r), (a.g, b.g), (a.b, b.b)].reduce(0) { $0 + (Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1)) }
        }
        var over = 0, approximated = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let colour = expected.pixel(x: x, y: y)
                let (a, e) = (error(lossy[0].pixel(x: x, y: y), colour), error(exact[0].pixel(x: x, y: y), colour))
                if a > max(e, 64) { over += 1 }
                if a > e { approximated += 1 }
            }
        }
        XCTAssertEqual(over, 0)
        XCTAssertGreaterThan(approximated, 0, "the first frame still uses the quarter tolerance")
    }

    func testANamedPipeIsWrittenInPlaceAndAFolderIsRefused() throws {
        // A device or a pipe (`-o /dev/null`) is written in place: renaming a finished
        // temporary onto it would replace it with a file. No --overwrite is needed. A folder
        // is a PNG sequence unless another format is asked for, which is refused.
        let timeline = try writeTimeline("circle.json")
        let pipe = path("frames.pipe")
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let copy = path("copy.gif")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [pipe]
        XCTAssertTrue(FileManager.default.createFile(atPath: copy, contents: nil))
        reader.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: copy))
        try reader.run()
        let result = try animate([timeline, "-o", pipe, "--format", "gif", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        reader.waitUntilExit()
        var info = stat()
        XCTAssertEqual(stat(pipe, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a pipe")
        XCTAssertEqual(try MediaProbe.decodeFrames(path: copy).count, 50)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: work.path)), ["circle.json", "frames.pipe", "copy.gif"])

        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        let folder = try animate([timeline, "-o", "folder", "--format", "gif", "--overwrite"])
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("folder is a folder"), folder.stderr)
    }

    func testBadRangesExitOneAndWriteNothing() throws {
        let timeline = try writeTimeline("circle.json")
        XCTAssertEqual(try animate([timeline, "-o", "x.gif", "--frames", "10..<500"]).status, 1)
        XCTAssertEqual(try animate([timeline, "-o", "x.gif", "--frames", "ten"]).status, 1)
        XCTAssertEqual(try animate([timeline, "-o", "x.gif", "--from", "1", "--to", "0.5"]).status, 1)
        XCTAssertEqual(try animate([timeline, "-o", "x.gif", "--max-size", "lots"]).status, 1)
        XCTAssertEqual(try animate(["concat", "a.gif", "-o", "x.mp4"]).status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["circle.json"])
    }
}
