import AnimateUI
import FrameDiff
import Foundation
import Regression
import Timeline
import XCTest

/// Fails the test unless the frames of `scene`, a scene written in Swift, match the
/// golden folder `golden` (such as `Tests/Golden/clip-shape`, which a timeline's frames
/// may have recorded: one golden serves both). Images the scene names are looked up in
/// `baseDirectory`. Record modes, tolerances and failure reports are `assertFrames`'s.
public func assertFrames<S: AnimationScene>(
    of scene: @autoclosure () -> S, golden: String, frames: FrameChoice? = nil, tolerance: Tolerance = .default,
    traceTolerance: TraceTolerance = .default, record: RecordMode? = nil, baseDirectory: String = ".",
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    let check = GoldenCheck(
        mode: record ?? .fromEnvironment(ProcessInfo.processInfo.environment), tolerance: tolerance, traceTolerance: traceTolerance,
        frames: frames)
    var assertion = GoldenAssertion(filePath: "\(file)", testName: testName, name: nil, goldenRoot: nil, check: check)
    assertion.golden = GoldenDirectory(path: golden)
    let verdict = assertion.verify {
        Rendering(document: try timelineDocument(for: scene(), baseDirectory: baseDirectory), name: "\(S.self)")
    }
    if let failure = verdict.failure {
        XCTFail(failure, file: file, line: line)
    }
}
