import Foundation
import XCTest

/// Frames asked for outside the animation are refused by name, never clamped to the last
/// frame or skipped; a long range asked of a short clip costs nothing per frame.
final class FrameBoundsTests: XCTestCase {
    var runner: CommandRunner!
    var timeline: String!

    override func setUpWithError() throws {
        runner = try CommandRunner("bounds")
        timeline = try runner.write(CommandRunner.shortTimeline, to: "short.json")
    }

    override func tearDown() {
        runner.remove()
    }

    func testTestRefusesFramesPastTheEnd() throws {
        let result = try runner.run("test", timeline, "--golden", "goldens", "--frames", "5000", "--record", "all")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try runner.contents(), ["short.json"])
        let times = try runner.run("test", timeline, "--golden", "goldens", "--times", "0,30", "--record", "all")
        XCTAssertEqual(times.status, 1, times.stderr)
    }

    func testAGoldenFramePastTheEndFailsTheTest() throws {
        XCTAssertEqual(try runner.run("test", timeline, "--golden", "goldens", "--frames", "0,59", "--record", "all").status, 0)
        let manifest = runner.path("goldens/short/golden.json")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"frame\" : 59", with: "\"frame\" : 100000").write(toFile: manifest, atomically: false, encoding: .utf8)
        let result = try runner.run("test", timeline, "--golden", "goldens", "--record", "never")
        XCTAssertEqual(result.status, 2, result.stderr)
    }

    func testDiffRefusesFramesPastBothSidesWithoutListingThem() throws {
        let result = try runner.run("diff", timeline, timeline, "--frames", "0..<100000000")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("60…99999999"), result.stderr)
        XCTAssertEqual(try runner.run("diff", timeline, timeline, "--frames", "0..<60,10").status, 0)
    }
}
