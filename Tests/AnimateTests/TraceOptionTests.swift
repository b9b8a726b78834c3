import Foundation
import Timeline
import XCTest

/// `animate render --trace` writes the param trace beside the render.
final class TraceOptionTests: XCTestCase {
    func testRenderWritesTheTraceAsCSVAndJSON() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let timeline = CommandLineTests.timeline("double-ellipse.json")
        let document = try TimelineLoader().load([UInt8](try Data(contentsOf: URL(fileURLWithPath: timeline))))
        for ext in ["csv", "json"] {
            let process = Process()
            process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
            process.arguments = [timeline, "-o", work.appendingPathComponent("out-\(ext).mp4").path, "--trace", work.appendingPathComponent("trace.\(ext)").path, "--quiet"]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            let text = try String(contentsOf: work.appendingPathComponent("trace.\(ext)"), encoding: .utf8)
            let trace = ParamTrace(document: document)
            XCTAssertEqual(text, ext == "csv" ? trace.csv() : trace.json())
        }
        let csv = try String(contentsOf: work.appendingPathComponent("trace.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(csv.count, 1 + document.frameCount)
        XCTAssertEqual(csv[61].split(separator: ",").last.flatMap { Double($0) } ?? 0, 1, accuracy: 1e-9, "overlapping reaches 1 at 2 s")
    }
}
