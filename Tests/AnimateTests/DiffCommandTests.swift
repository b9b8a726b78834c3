import Export
import Foundation
import Raster
import Regression
import XCTest

/// `animate diff` end to end: the acceptance cases, the report, the exit statuses.
final class DiffCommandTests: RegressionTestCase {
    func testIdenticalRendersExitZero() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "frames/%04d.png", "--quiet").status, 0)
        let run = try animate("diff", timeline, "frames")
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("ok: 10 frames within the tolerance"), run.stdout)
        XCTAssertEqual(try animate("diff", "frames/%04d.png", timeline).status, 0, "a numbered pattern reads the same frames")
        XCTAssertEqual(try animate(timeline, "-o", "a.gif", "--quiet").status, 0)
        let gif = try animate("diff", timeline, "a.gif")
        XCTAssertEqual(gif.status, 0, "this drawing's colours fit a GIF palette exactly: " + gif.stdout)
    }

    func testPatchInOneFrameExitsTwoNamesTheFrameAndWritesAReport() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "expected/%04d.png", "--quiet").status, 0)
        XCTAssertEqual(try animate(timeline, "-o", "actual/%04d.png", "--quiet").status, 0)
        let file = path("actual/0006.png")
        var frame = try XCTUnwrap(MediaProbe.decodeFrames(path: file).first)
        for y in 60..<72 { for x in 90..<102 { frame.setPixel(x: x, y: y, PremultipliedRGBA8(r: 0, g: 160, b: 60, a: 255)) } }
        try writePNG(frame, to: file)

        let run = try animate("diff", "expected", "actual", "--report", "report")
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("frame 6: 144 differing pixels"), run.stdout)
        XCTAssertTrue(run.stdout.contains("a cluster of 144 differing pixels (limit 8) in 12×12 at (90, 60)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("FAIL: 1 of 10 frames"), run.stdout)

        let summary = try JSONDecoder().decode(ReportSummary.self, from: Data(contentsOf: URL(fileURLWithPath: path("report/summary.json"))))
        XCTAssertFalse(summary.passed)
        let report = try XCTUnwrap(summary.comparisons.first)
        XCTAssertEqual(report.failingFrames.map(\.frame), [6])
        XCTAssertEqual(report.frames.count, 10)
        let images = try XCTUnwrap(report.failingFrames.first?.images)
        for image in [images.expected, images.diff, images.actual] {
            XCTAssertTrue(exists("report/" + image), image)
        }
        let diff = try XCTUnwrap(MediaProbe.decodeFrames(path: path("report/" + images.diff)).first)
        XCTAssertEqual(diff.pixel(x: 95, y: 65), PremultipliedRGBA8(r: 230, g: 20, b: 20, a: 255), "the patch is red in the difference image")
        let page = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(images.diff) && page.contains("Frame 6"), "the page shows the failing frame")
    }

    func testMovedVertexExitsTwo() throws {
        let expected = try write(Self.timeline(), to: "a.json")
        let moved = try write(Self.timeline(apex: (63, 8)), to: "b.json")
        let run = try animate("diff", expected, moved)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stdout.contains("FAIL: 10 of 10 frames"), run.stdout)
    }

    func testSubpixelShiftPassesWithTheDefaults() throws {
        let expected = try write(Self.timeline(), to: "a.json")
        for dx in [0.05, 0.1] {
            let shifted = try write(Self.timeline(dx: dx), to: "shifted.json")
            let run = try animate("diff", expected, shifted)
            XCTAssertEqual(run.status, 0, "shifted by \(dx): " + run.stdout)
            XCTAssertTrue(run.stdout.contains("anti-aliased pixels tolerated"), run.stdout)
            XCTAssertFalse(run.stdout.contains(" 0 anti-aliased pixels tolerated"), "the shift is seen, and tolerated: " + run.stdout)
        }
        let strict = try animate("diff", expected, path("shifted.json"), "--strict-edges")
        XCTAssertEqual(strict.status, 2, "without the anti-aliasing allowance the shift fails")
    }

    func testEdgesMovedByAPixelFailWithTheDefaults() throws {
        let expected = try write(Self.timeline(), to: "a.json")
        for dx in [1.0, -1, 0.6] {
            let shifted = try write(Self.timeline(dx: dx), to: "shifted.json")
            let run = try animate("diff", expected, shifted)
            XCTAssertEqual(run.status, 2, "shifted by \(dx): " + run.stdout)
            XCTAssertTrue(run.stdout.contains("edges moved up to"), run.stdout)
        }
        let anyDistance = try animate("diff", expected, path("shifted.json"), "--max-edge-shift", "none")
        XCTAssertEqual(anyDistance.status, 0, "without the limit a whole-pixel move passes as anti-aliasing: " + anyDistance.stdout)
    }

    func testTimingChangeIsReportedAsTiming() throws {
        let expected = try write(Self.timeline(start: 0.2), to: "a.json")
        let late = try write(Self.timeline(start: 0.3), to: "b.json")
        let run = try animate("diff", expected, late, "--trace")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.contains("timing of slide changed: departs at frame 3 (0.300 s) with 0, expected"), run.stdout)
        XCTAssertTrue(run.stdout.contains("the motion is 1 frame (0.100 s) late"), run.stdout)
        XCTAssertTrue(run.stdout.contains("motion differs"), run.stdout)
    }

    func testDifferentLengthsAndSizesDiffer() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        let longer = try write(Self.timeline().replacingOccurrences(of: "\"duration\": 1", with: "\"duration\": 1.2"), to: "b.json")
        let lengths = try animate("diff", timeline, longer)
        XCTAssertEqual(lengths.status, 2)
        XCTAssertTrue(lengths.stdout.contains("12 frames, expected 10"), lengths.stdout)
        let sizes = try animate("diff", timeline, timeline, "--frames", "0", "--scale", "1")
        XCTAssertEqual(sizes.status, 0)
        let wide = try write(Self.timeline().replacingOccurrences(of: "[120, 90]", with: "[124, 90]"), to: "c.json")
        let resized = try animate("diff", timeline, wide, "--frames", "0")
        XCTAssertEqual(resized.status, 2)
        XCTAssertTrue(resized.stdout.contains("size 124×90, expected 120×90"), resized.stdout)
    }

    func testPNGFramesPairByNumberAndAGapIsNamed() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "seq/%04d.png", "--quiet").status, 0)
        // Frame 6 is drawn over, so that pairing by position (frame 6 with file 0007.png) would show.
        let file = path("seq/0006.png")
        var frame = try XCTUnwrap(MediaProbe.decodeFrames(path: file).first)
        for y in 60..<72 { for x in 90..<102 { frame.setPixel(x: x, y: y, PremultipliedRGBA8(r: 0, g: 160, b: 60, a: 255)) } }
        try writePNG(frame, to: file)
        try FileManager.default.removeItem(atPath: path("seq/0003.png"))
        for actual in ["seq", "seq/%04d.png"] {
            let run = try animate("diff", timeline, actual)
            XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains("frame 3 missing in \(actual)"), run.stdout)
            XCTAssertTrue(run.stdout.contains("frame 6 (0.600 s): 144 differing pixels"), run.stdout)
            XCTAssertTrue(run.stdout.contains("FAIL: 1 of 9 frames"), run.stdout)
            XCTAssertFalse(run.stdout.contains("frames, expected"), "the sequence runs to frame 9: " + run.stdout)
        }
        try FileManager.default.removeItem(atPath: path("seq/0004.png"))
        let run = try animate("diff", "seq", timeline)
        XCTAssertTrue(run.stdout.contains("frames 3…4 missing in seq"), run.stdout)
        try Data().write(to: URL(fileURLWithPath: path("seq/cover.png")))
        let unnumbered = try animate("diff", timeline, "seq")
        XCTAssertEqual(unnumbered.status, 1)
        XCTAssertTrue(unnumbered.stderr.contains("cover.png") && unnumbered.stderr.contains("no frame number"), unnumbered.stderr)
    }

    func testFrameRatesThatDifferAreNamed() throws {
        let timeline = try write(Self.timeline().replacingOccurrences(of: "\"duration\": 1", with: "\"duration\": 2"), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "full.mp4", "--quiet", "--preset", "ultrafast").status, 0)
        XCTAssertEqual(try animate(timeline, "-o", "half.mp4", "--fps", "5", "--quiet", "--preset", "ultrafast").status, 0)
        let run = try animate("diff", "full.mp4", "half.mp4")
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("5 fps (half.mp4), expected 10 fps (full.mp4)"), run.stdout)
        XCTAssertFalse(try animate("diff", timeline, "full.mp4").stdout.contains("fps"), "equal rates are not mentioned")
    }

    func testErrorsFailClosed() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        let missing = try animate("diff", timeline, "nothing-here")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nothing-here: no such file or folder"), missing.stderr)

        try FileManager.default.createDirectory(atPath: path("broken"), withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path("broken/0000.png")))
        let broken = try animate("diff", timeline, "broken")
        XCTAssertEqual(broken.status, 1, "an undecodable frame is an error, never a pass: " + broken.stdout)

        let invalid = try write("{ \"size\": [10, 10] }", to: "bad.json")
        XCTAssertEqual(try animate("diff", timeline, invalid).status, 1)

        try Data("occupied".utf8).write(to: URL(fileURLWithPath: path("taken")))
        let unwritable = try animate("diff", timeline, timeline, "--report", "taken")
        XCTAssertEqual(unwritable.status, 3, unwritable.stderr)

        XCTAssertEqual(try animate("diff", timeline, timeline, "--max-diff-share", "2").status, 1)
        XCTAssertEqual(try animate("diff", timeline, timeline, "--trace", "--frames", "x").status, 1)
    }

    func testTraceFilesCompare() throws {
        let early = try Rendering.timeline(at: try write(Self.timeline(start: 0.2), to: "a.json"))
        let late = try Rendering.timeline(at: try write(Self.timeline(start: 0.4), to: "b.json"))
        try TraceFile.write(try XCTUnwrap(early.trace), to: path("a.trace.json"))
        try TraceFile.write(try XCTUnwrap(late.trace), to: path("b.trace.json"))
        XCTAssertEqual(try TraceFile.read(path("a.trace.json")), early.trace)
        let same = try animate("diff", "a.trace.json", "a.json")
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        let run = try animate("diff", "a.trace.json", "b.trace.json")
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("timing of slide changed: departs at frame 3 (0.300 s)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 frames (0.200 s) late"), run.stdout)
        XCTAssertEqual(try animate("a.json", "-o", "a.gif", "--quiet").status, 0)
        let framesOnly = try animate("diff", "a.trace.json", "a.gif")
        XCTAssertEqual(framesOnly.status, 1, "a trace is not compared with frames alone")
        XCTAssertTrue(framesOnly.stderr.contains("a trace file is compared with another trace"), framesOnly.stderr)
    }

    func testTracesOfGoldensAndTimelinesCompare() throws {
        let timeline = try write(Self.timeline(), to: "a.json")
        XCTAssertEqual(try animate("test", timeline, "--golden", "goldens", "--record", "all").status, 0)
        let same = try animate("diff", "goldens/a", timeline, "--trace")
        XCTAssertEqual(same.status, 0, same.stdout)
        XCTAssertTrue(same.stdout.contains("ok: 3 frames within the tolerance"), same.stdout)
        XCTAssertTrue(same.stdout.contains("motion identical"), same.stdout)
    }
}
