import Foundation
import Raster
import Timeline
import XCTest

/// Every timeline in Docs/tutorial.md is the file it names in Timelines/Tutorial/,
/// loads without an error or warning, and draws something at its middle.
final class TutorialTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryTutorialTimelineIsItsFileAndRenders() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("Docs/tutorial.md"), encoding: .utf8)
        // `<!-- Timelines/Tutorial/name.json -->` and then a ```json block.
        let parts = doc.components(separatedBy: "<!-- ").dropFirst()
        var names: [String] = []
        for part in parts {
            guard let close = part.range(of: " -->") else { continue }
            let path = String(part[..<close.lowerBound])
            guard let open = part.range(of: "```json\n"), let end = part.range(of: "\n```", range: open.upperBound..<part.endIndex) else {
                XCTFail("no JSON block after \(path)")
                continue
            }
            let block = String(part[open.upperBound..<end.lowerBound])
            let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(block + "\n", file, "\(path) differs from its block in the tutorial")
            let report = TimelineLoader().check(Array(file.utf8))
            XCTAssertEqual(report.errors.map(\.description) + report.warnings.map(\.description), [], path)
            guard let document = report.document else { continue }
            for frame in [document.frameCount / 2] {
                let p = document.render(frame: frame)
                var inked = 0
                for y in 0..<p.height { for x in 0..<p.width where p.pixel(x: x, y: y) != p.pixel(x: 0, y: 0) { inked += 1 } }
                XCTAssertGreaterThan(inked, 0, "\(path) frame \(frame) is blank")
            }
            names.append(path)
        }
        XCTAssertEqual(names, ["Timelines/Tutorial/bars.json", "Timelines/Tutorial/toggle.json", "Timelines/Tutorial/card.json"])
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Timelines/Tutorial").path)
        XCTAssertEqual(files.sorted(), ["bars.json", "card.json", "toggle.json"])
    }
}
