import FrameDiff
import Foundation
import Regression
import Testing

/// Records an issue unless `rendering`'s frames match its golden; Swift Testing's
/// counterpart of `assertFrames`, with the same goldens, record modes and reports.
///
/// The golden is named after the current test (`__Goldens__/<file>/<test>[.<name>]/`
/// beside the test file, or under `goldenRoot`). On failure the difference images are
/// also attached to the test's result.
public func expectFrames(
    of rendering: @autoclosure () throws -> Rendering, frames: FrameChoice? = nil, named name: String? = nil,
    tolerance: Tolerance = .default, traceTolerance: TraceTolerance = .default, record: RecordMode? = nil, goldenRoot: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let check = GoldenCheck(
        mode: record ?? .fromEnvironment(ProcessInfo.processInfo.environment), tolerance: tolerance, traceTolerance: traceTolerance,
        frames: frames)
    let testName = Test.current?.name ?? "golden"
    let assertion = GoldenAssertion(filePath: sourceLocation.filePath, testName: testName, name: name, goldenRoot: goldenRoot, check: check)
    let verdict = assertion.verify(rendering)
    guard let failure = verdict.failure else { return }
    for image in verdict.images where image.hasSuffix("-diff.png") {
        if let data = FileManager.default.contents(atPath: image) {
            Attachment.record([UInt8](data), named: (image as NSString).lastPathComponent, sourceLocation: sourceLocation)
        }
    }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}
