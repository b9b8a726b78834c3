import AnimateTesting
import FrameDiff
import Foundation
import Regression
import XCTest

/// The golden assertion on the project's own renderings (goldens in Tests/Golden/Swift),
/// and its failure paths on scratch goldens.
final class GoldenAssertionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = root.appendingPathComponent("Tests/Golden/Swift").path

    func testClipShapeAtChosenTimes() {
        assertFrames(
            of: try .timeline(at: Self.root.appendingPathComponent("Timelines/clip-shape.json").path), frames: .times([0.5, 1.25, 2.25]),
            goldenRoot: Self.goldens)
    }

    func testSceneBuiltInSwift() {
        assertFrames(of: SwiftScenes.growingStar(), frames: .keyFrames(3), goldenRoot: Self.goldens)
    }

    func testNamedGoldensOfOneTestAreSeparate() {
        let timeline = Self.root.appendingPathComponent("Timelines/double-ellipse.json").path
        assertFrames(of: try .timeline(at: timeline), frames: .frames([0]), named: "start", goldenRoot: Self.goldens)
        assertFrames(of: try .timeline(at: timeline), frames: .frames([60]), named: "middle", goldenRoot: Self.goldens)
    }

    // MARK: - Failure paths, on goldens in a scratch folder

    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("animate-assertion-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func assertion(_ mode: RecordMode, frames: FrameChoice? = nil) -> GoldenAssertion {
        var assertion = GoldenAssertion(
            filePath: #filePath, testName: "testStar()", name: nil, goldenRoot: scratch.appendingPathComponent("goldens").path,
            check: GoldenCheck(mode: mode, frames: frames))
        assertion.artifacts = scratch.appendingPathComponent("artifacts").path
        return assertion
    }

    func testRecordingFailsThenMatches() throws {
        let first = assertion(.missing).verify { SwiftScenes.growingStar() }
        let message = try XCTUnwrap(first.failure, "recording must fail the test")
        XCTAssertTrue(message.contains("recorded a new golden (frames 0, 6, 11)"), message)
        XCTAssertTrue(message.contains("never accepted unseen"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("goldens/GoldenAssertionTests/testStar/golden.json").path))
        XCTAssertNil(assertion(.missing).verify { SwiftScenes.growingStar() }.failure)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("artifacts").path), "a pass leaves no artifacts")
    }

    func testChangeFailsWithImagesAndAReport() throws {
        _ = assertion(.missing).verify { SwiftScenes.growingStar() }
        let changed = assertion(.never).verify { SwiftScenes.growingStar(cornerRadius: 22) }
        let message = try XCTUnwrap(changed.failure)
        XCTAssertTrue(message.contains("growing star differs from the golden at"), message)
        XCTAssertTrue(message.contains("frame 0: a cluster of"), message)
        XCTAssertTrue(message.contains("index.html"), message)
        XCTAssertEqual(changed.report?.failingFrames.map(\.frame), [0, 6, 11])
        XCTAssertFalse(changed.images.isEmpty)
        for image in changed.images { XCTAssertTrue(FileManager.default.fileExists(atPath: image), image) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("artifacts/index.html").path))
    }

    func testMissingGoldenInModeNeverFails() throws {
        let verdict = assertion(.never).verify { SwiftScenes.growingStar() }
        XCTAssertTrue(try XCTUnwrap(verdict.failure).hasPrefix("No golden at"), verdict.failure ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("goldens").path))
    }

    func testRenderingErrorFailsClosed() throws {
        let verdict = assertion(.all).verify { try .timeline(at: "/nonexistent/timeline.json") }
        XCTAssertTrue(try XCTUnwrap(verdict.failure).contains("no such file"), verdict.failure ?? "")
    }

    func testGoldensLiveBesideTheTestFileByDefault() {
        let assertion = GoldenAssertion(
            filePath: "/repo/Tests/ShapeTests/StarTests.swift", testName: "testSpin()", name: "end", goldenRoot: nil, check: GoldenCheck())
        XCTAssertEqual(assertion.golden.path, "/repo/Tests/ShapeTests/__Goldens__/StarTests/testSpin.end")
    }
}
