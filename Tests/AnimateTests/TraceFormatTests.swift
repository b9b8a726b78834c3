import Export
import FrameDiff
import Foundation
import Regression
import Timeline
import XCTest

/// The traces that `diff` and goldens compare are the timeline's own: the JSON that
/// `Timeline`'s `ParamTrace.json()` writes reads back as the trace sampled here.
final class TraceFormatTests: XCTestCase {
    func testTimelineTraceFilesReadAsTheSampledTrace() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Timelines")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var checked = 0
        for name in names {
            let rendering = try Rendering.timeline(at: folder.appendingPathComponent(name).path)
            let sampled = try XCTUnwrap(rendering.trace, name)
            var loader = TimelineLoader()
            loader.baseDirectory = folder.path
            loader.imageReader = { file in try XCTUnwrap(MediaProbe.decodeFrames(path: file).first) }
            // ParamTrace counts frames from its values, so a timeline without params has none to compare.
            let document = try loader.load([UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            guard !document.params.isEmpty else { continue }
            checked += 1
            let written = try JSONDecoder().decode(MotionTrace.self, from: Data(ParamTrace(document: document).json().utf8))
            XCTAssertEqual(written.fps, sampled.fps, name)
            XCTAssertEqual(written.frameCount, sampled.frameCount, name)
            XCTAssertEqual(written.params.map(\.name), sampled.params.map(\.name).sorted(), name)
            for track in sampled.params {
                XCTAssertEqual(written.track(named: track.name), track, "\(name): \(track.name)")
            }
            XCTAssertTrue(sampled.compare(to: written).isWithinTolerance, name)
        }
        XCTAssertGreaterThanOrEqual(checked, 3, "the example timelines with params")
    }
}
