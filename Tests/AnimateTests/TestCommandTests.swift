import Foundation
import Regression
import XCTest

/// `animate test` end to end: the committed goldens, the record modes, failures and errors.
final class TestCommandTests: RegressionTestCase {
    /// The regression suite of the example timelines, against the goldens in the repository.
    func testExampleTimelinesMatchTheCommittedGoldens() throws {
        let root = Self.packageRoot
        let run = try animate(["test", "Timelines", "--golden", "Tests/Golden", "--record", "never"], in: root)
        XCTAssertEqual(
            run.status, 0,
            run.stdout + run.stderr + "\nIf the change is intended, record again with: animate test Timelines --golden Tests/Golden --update")
        XCTAssertTrue(run.stdout.contains("ok       clip-shape"), run.stdout)
        XCTAssertTrue(run.stdout.contains("ok       double-ellipse"), run.stdout)
    }

    func testRecordThenCompareThenCatchAMovedVertex() throws {
        try write(Self.timeline(), to: "suite/shape.json")
        let first = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(first.status, 2, "recording a missing golden fails, so it is looked at: " + first.stdout)
        XCTAssertTrue(first.stdout.contains("recorded shape: recorded a new golden (frames 0, 5, 9)"), first.stdout)
        XCTAssertTrue(exists("goldens/shape/golden.json"))
        XCTAssertTrue(exists("goldens/shape/frame-0005.png"))

        let second = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(second.status, 0, second.stdout)
        XCTAssertTrue(second.stdout.contains("ok       shape (3 frames compared, trace of 10 frames)"), second.stdout)

        try write(Self.timeline(dx: 0.1), to: "suite/shape.json")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens").status, 0, "a sub-pixel shift is noise")

        try write(Self.timeline(apex: (63, 8)), to: "suite/shape.json")
        let moved = try animate("test", "suite", "--golden", "goldens", "--report", "report")
        XCTAssertEqual(moved.status, 2, moved.stdout)
        XCTAssertTrue(moved.stdout.contains("FAIL     shape"), moved.stdout)
        XCTAssertTrue(moved.stdout.contains("frame 0 (0.000 s): 306 differing pixels"), moved.stdout)
        XCTAssertTrue(exists("report/index.html"))
        XCTAssertTrue(exists("report/shape/frame-0000-diff.png"))

        let update = try animate("test", "suite", "--golden", "goldens", "--update")
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens").status, 0)
    }

    func testTimingChangeIsReportedWithItsFrame() throws {
        try write(Self.timeline(start: 0.2), to: "suite/shape.json")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens", "--update").status, 0)
        try write(Self.timeline(start: 0.4), to: "suite/shape.json")
        let run = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.contains("timing of slide changed: departs at frame 3"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 frames (0.200 s) late"), run.stdout)
    }

    func testRecordModes() throws {
        try write(Self.timeline(), to: "suite/shape.json")
        let never = try animate("test", "suite", "--golden", "goldens", "--record", "never")
        XCTAssertEqual(never.status, 2)
        XCTAssertTrue(never.stdout.contains("missing  shape: no golden at goldens/shape"), never.stdout)
        XCTAssertFalse(exists("goldens"), "mode never writes nothing")

        let onCI = try animate("test", "suite", "--golden", "goldens", environment: ["CI": "true"])
        XCTAssertEqual(onCI.status, 2)
        XCTAssertFalse(exists("goldens"), "on CI a missing golden is a failure, not a recording")

        let chosen = try animate("test", "suite", "--golden", "goldens", "--times", "0,0.5", environment: ["RECORD_GOLDENS": "missing"])
        XCTAssertEqual(chosen.status, 2)
        let manifest = try JSONDecoder().decode(GoldenManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path("goldens/shape/golden.json"))))
        XCTAssertEqual(manifest.frames.map(\.frame), [0, 5])
        XCTAssertEqual(manifest.frameCount, 10)
        XCTAssertEqual(manifest.trace?.params.map(\.name), ["slide"])
        XCTAssertEqual(manifest.trace?.params.first?.values.count, 10)
        XCTAssertEqual(manifest.environment, RecordingEnvironment.current)
        XCTAssertNotNil(manifest.environment.libraries["libavcodec"])
        XCTAssertFalse(manifest.environment.architecture.isEmpty)

        try write(Self.timeline(apex: (64, 8)), to: "suite/shape.json")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens").status, 2)
        let rerecord = try animate("test", "suite", "--golden", "goldens", "--record", "failed")
        XCTAssertEqual(rerecord.status, 2, "re-recording a failure still fails the run")
        XCTAssertTrue(rerecord.stdout.contains("recorded shape"), rerecord.stdout)
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens").status, 0)
    }

    func testAShortenedAnimationIsReportedOnceAndRecordedWithinItsEnd() throws {
        try write(Self.timeline(), to: "suite/shape.json")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens", "--update").status, 0)
        // Half as long: the golden's frames 5 and 9 are past the new end (frames 0 to 4).
        try write(Self.timeline().replacingOccurrences(of: "\"duration\": 1,", with: "\"duration\": 0.5,"), to: "suite/shape.json")
        let shorter = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(shorter.status, 2, shorter.stdout)
        XCTAssertEqual(shorter.stdout.components(separatedBy: "5 frames, expected 10").count - 1, 1, "the frame count is one problem: " + shorter.stdout)

        let update = try animate("test", "suite", "--golden", "goldens", "--update")
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertTrue(update.stdout.contains("recorded again (frames 0, 4)"), update.stdout)
        XCTAssertTrue(update.stdout.contains("the old golden's frames 5, 9 lie past the end of the 5-frame animation"), update.stdout)
        let manifest = try JSONDecoder().decode(GoldenManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path("goldens/shape/golden.json"))))
        XCTAssertEqual(manifest.frames.map(\.frame), [0, 4])
        XCTAssertEqual(manifest.frameCount, 5)
        XCTAssertFalse(exists("goldens/shape/frame-0009.png"), "no frame past the end is recorded")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens").status, 0)
    }

    func testBrokenInputsFailClosed() throws {
        try write(Self.timeline(), to: "suite/shape.json")
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens", "--update").status, 0)
        try FileManager.default.removeItem(atPath: path("goldens/shape/frame-0005.png"))
        let damaged = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(damaged.status, 1, damaged.stdout)
        XCTAssertTrue(damaged.stdout.contains("frame 5's file frame-0005.png is missing"), damaged.stdout)

        try write("{ \"size\": [10, 10], \"duration\": 1, \"scene\": { \"elipse\": {} } }", to: "suite/shape.json")
        let invalid = try animate("test", "suite", "--golden", "goldens")
        XCTAssertEqual(invalid.status, 1)
        XCTAssertTrue(invalid.stdout.contains("unknown view \"elipse\""), invalid.stdout)

        XCTAssertEqual(try animate("test", "empty-folder-that-does-not-exist", "--golden", "goldens").status, 1)
    }
}
