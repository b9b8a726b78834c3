import FrameDiff
import Foundation
import XCTest

/// Trace comparison: timing reported as timing, with the departing frame and values.
final class TraceComparisonTests: XCTestCase {
    /// An ease from `from` to `to` starting at frame `start` over `length` frames, held before and after.
    func ramp(frames: Int, start: Int, length: Int, from: Double = 0, to: Double = 1) -> [Double] {
        (0..<frames).map { n in
            let u = min(max(Double(n - start) / Double(length), 0), 1)
            return from + (to - from) * u * u * (3 - 2 * u)
        }
    }

    func trace(_ values: [Double], name: String = "x") -> MotionTrace {
        MotionTrace(fps: 30, frameCount: values.count, params: [.init(name: name, components: 1, values: values)])
    }

    func testIdenticalTracesAgree() {
        let t = trace(ramp(frames: 60, start: 10, length: 20))
        XCTAssertTrue(t.compare(to: t).isWithinTolerance)
    }

    func testDelayIsReportedAsTimingWithTheShift() throws {
        let expected = trace(ramp(frames: 60, start: 10, length: 20))
        let actual = trace(ramp(frames: 60, start: 13, length: 20))
        let comparison = expected.compare(to: actual)
        XCTAssertFalse(comparison.isWithinTolerance)
        let d = try XCTUnwrap(comparison.differences.first)
        XCTAssertEqual(d.kind, .timing)
        XCTAssertEqual(d.firstFrame, 11, "frame 10 is the ramp's start, still 0 in both")
        XCTAssertEqual(d.expected, [expected.params[0].values[11]])
        XCTAssertEqual(d.actual, [0])
        XCTAssertEqual(d.shiftFrames, 3)
        XCTAssertTrue(d.description.contains("3 frames (0.100 s) late"), d.description)
        let early = try XCTUnwrap(actual.compare(to: expected).differences.first)
        XCTAssertEqual(early.shiftFrames, -3)
    }

    func testOneDelayedMoveAmongOthersIsFound() throws {
        // Out and back: only the way out starts later; the way back is where it was.
        let out = ramp(frames: 120, start: 10, length: 20)
        let back = ramp(frames: 120, start: 70, length: 20)
        let expected = trace(zip(out, back).map { $0 - $1 })
        let lateOut = ramp(frames: 120, start: 16, length: 20)
        let actual = trace(zip(lateOut, back).map { $0 - $1 })
        let d = try XCTUnwrap(expected.compare(to: actual).differences.first)
        XCTAssertEqual(d.kind, .timing)
        XCTAssertEqual(d.shiftFrames, 6)
        XCTAssertEqual(d.firstFrame, 11)
    }

    func testChangedCurveIsTimingWithoutAShift() throws {
        let expected = trace(ramp(frames: 60, start: 10, length: 20))
        let actual = trace(ramp(frames: 60, start: 10, length: 26))
        let d = try XCTUnwrap(expected.compare(to: actual).differences.first)
        XCTAssertEqual(d.kind, .timing)
        XCTAssertNil(d.shiftFrames)
    }

    func testChangedTargetIsAChangeOfValues() throws {
        let expected = trace(ramp(frames: 60, start: 10, length: 20, to: 1))
        let actual = trace(ramp(frames: 60, start: 10, length: 20, to: 1.2))
        let d = try XCTUnwrap(expected.compare(to: actual).differences.first)
        XCTAssertEqual(d.kind, .values)
        XCTAssertEqual(d.maxDeviationFrame, 30)
        XCTAssertEqual(d.maxDeviation, 0.2, accuracy: 1e-12)
    }

    func testNoiseBelowTheToleranceIsIgnored() {
        let values = ramp(frames: 60, start: 10, length: 20)
        let expected = trace(values)
        let actual = trace(values.map { $0 + 1e-9 })
        XCTAssertTrue(expected.compare(to: actual).isWithinTolerance)
        XCTAssertFalse(expected.compare(to: actual, tolerance: TraceTolerance(absolute: 0, relative: 0)).isWithinTolerance)
    }

    func testParamsAddedRemovedAndReshaped() {
        let expected = MotionTrace(fps: 30, frameCount: 2, params: [.init(name: "a", components: 1, values: [0, 1]), .init(name: "b", components: 2, values: [0, 0, 1, 1])])
        let actual = MotionTrace(fps: 30, frameCount: 2, params: [.init(name: "b", components: 1, values: [0, 1]), .init(name: "c", components: 1, values: [0, 1])])
        let kinds = expected.compare(to: actual).differences.map { "\($0.param):\($0.kind)" }
        XCTAssertEqual(kinds, ["a:removed", "b:componentsChanged", "c:added"])
    }

    func testLongerTraceThatEndsElsewhereDiffers() {
        let expected = trace(ramp(frames: 40, start: 0, length: 40))
        let longer = trace(ramp(frames: 40, start: 0, length: 40) + [1.5, 2])
        let comparison = expected.compare(to: longer)
        XCTAssertFalse(comparison.isWithinTolerance)
        XCTAssertEqual(comparison.differences.first?.kind, .values)
        XCTAssertTrue(comparison.lines.first!.contains("42 frames, expected 40"), comparison.lines.joined())
    }
}

/// The JSON form of traces: the timeline trace files' shape, read and written.
final class TraceCodingTests: XCTestCase {
    func testReadsTheTimelineTraceFileForm() throws {
        let text = """
            {
              "fps": 30,
              "frames": 3,
              "params": {
                "x": [0, 0.5, 1],
                "p": [[1, 2], [3, 4], [5, null]]
              }
            }
            """
        let trace = try JSONDecoder().decode(MotionTrace.self, from: Data(text.utf8))
        XCTAssertEqual(trace.fps, 30)
        XCTAssertEqual(trace.frameCount, 3)
        XCTAssertEqual(trace.params.map(\.name), ["p", "x"])
        XCTAssertEqual(trace.track(named: "x")?.values, [0, 0.5, 1])
        let p = try XCTUnwrap(trace.track(named: "p"))
        XCTAssertEqual(p.components, 2)
        XCTAssertEqual(Array(p.values.prefix(5)), [1, 2, 3, 4, 5])
        XCTAssertTrue(p.values[5].isNaN)
    }

    func testRoundTripsAndRejectsRaggedSeries() throws {
        let trace = MotionTrace(fps: 24, frameCount: 2, params: [.init(name: "a", components: 1, values: [0.1, 1e-300]), .init(name: "b", components: 3, values: [1, 2, 3, 4, 5, 6])])
        let decoded = try JSONDecoder().decode(MotionTrace.self, from: JSONEncoder().encode(trace))
        XCTAssertEqual(decoded, trace)
        let ragged = #"{"fps": 30, "frames": 2, "params": {"x": [[1, 2], [3]]}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(MotionTrace.self, from: Data(ragged.utf8)))
        let short = #"{"fps": 30, "frames": 3, "params": {"x": [1, 2]}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(MotionTrace.self, from: Data(short.utf8)))
    }
}
