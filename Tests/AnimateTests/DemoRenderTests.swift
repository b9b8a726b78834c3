import Export
import Foundation
import Timeline
import XCTest

/// Every timeline in Timelines/ renders to a GIF through the command line
/// (at half scale, to keep the run short) with all its frames.
final class DemoRenderTests: XCTestCase {
    func testEveryDemoRendersToAGIF() throws {
        let timelines = CommandLineTests.packageRoot.appendingPathComponent("Timelines")
        let names = try FileManager.default.contentsOfDirectory(atPath: timelines.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 7)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-demos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        for name in names {
            let output = work.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".gif")).path
            let process = Process()
            process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
            process.arguments = [timelines.appendingPathComponent(name).path, "-o", output, "--scale", "0.5", "--quiet"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(name): \(message)")
            var loader = TimelineLoader()
            loader.baseDirectory = timelines.path
            loader.imageReader = { try MediaProbe.decodeFrames(path: $0)[0] }
            let document = try loader.load([UInt8](try Data(contentsOf: timelines.appendingPathComponent(name))))
            let info = try MediaProbe.info(path: output)
            XCTAssertEqual(info.codecName, "gif", name)
            XCTAssertEqual(info.frameCount, document.frameCount, name)
        }
    }
}
