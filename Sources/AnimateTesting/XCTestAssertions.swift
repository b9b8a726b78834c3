import FrameDiff
import Regression
import XCTest

/// Fails the test unless `rendering`'s frames match its golden, recording goldens as
/// `record` says (by default `RECORD_GOLDENS`, else `never` on CI, else `missing`).
///
/// The golden lives beside the test file, in `__Goldens__/<file>/<test>[.<name>]/`
/// (or under `goldenRoot`): a few PNG frames, and the parameter trace of every frame.
/// A failure writes expected | diff | actual images and an HTML report, whose path the
/// failure message gives; recording a golden fails the test too, so that no golden is
/// accepted unseen.
///
/// - Parameters:
///   - rendering: what to render: `.timeline(at:)`, `Rendering(document:name:)`,
///     `Rendering(scene:name:…)` for a scene built in Swift, or any function of the frame.
///   - frames: the frames to record and compare; by default those of the golden, or
///     three key frames (first, middle, last) for a new one.
///   - name: distinguishes several goldens of one test.
///   - tolerance: per-pixel threshold and budgets (default: `.default`).
///   - traceTolerance: how far parameter values may depart (default 1e-6).
///   - record: when to write goldens; nil for the environment's choice.
///   - goldenRoot: the folder holding goldens instead of `__Goldens__` beside the test file.
public func assertFrames(
    of rendering: @autoclosure () throws -> Rendering, frames: FrameChoice? = nil, named name: String? = nil,
    tolerance: Tolerance = .default, traceTolerance: TraceTolerance = .default, record: RecordMode? = nil, goldenRoot: String? = nil,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    let check = GoldenCheck(
        mode: record ?? .fromEnvironment(ProcessInfo.processInfo.environment), tolerance: tolerance, traceTolerance: traceTolerance,
        frames: frames)
    let assertion = GoldenAssertion(filePath: "\(file)", testName: testName, name: name, goldenRoot: goldenRoot, check: check)
    if let failure = assertion.verify(rendering).failure {
        XCTFail(failure, file: file, line: line)
    }
}
