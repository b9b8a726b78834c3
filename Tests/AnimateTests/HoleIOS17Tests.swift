import Foundation
import XCTest

/// Seed 003's hole written the iOS 17 way (`Rectangle().subtracting(…)`) renders the
/// frames of the even-odd path, by `animate diff`; the diff catches the hole moved by 3 points.
final class HoleIOS17Tests: RegressionTestCase {
    /// The example timeline `name`, at 3 frames a second (18 frames), its image found from the scratch folder.
    func copy(_ name: String, replacing: (String, String)? = nil) throws -> String {
        let timelines = Self.packageRoot.appendingPathComponent("Timelines")
        var text = try String(contentsOf: timelines.appendingPathComponent(name), encoding: .utf8)
            .replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 3")
            .replacingOccurrences(of: "\"Assets/pattern.png\"", with: "\"\(timelines.appendingPathComponent("Assets/pattern.png").path)\"")
        if let (old, new) = replacing {
            XCTAssertTrue(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        let path = work.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testSubtractingDrawsTheEvenOddHole() throws {
        let evenOdd = try copy("hole.json"), subtracting = try copy("hole-ios17.json")
        let run = try animate(["diff", evenOdd, subtracting])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("ok: 18 frames within the tolerance"), run.stdout)
        // The same hole 3 points to the right is caught.
        let moved = try copy("hole-ios17.json", replacing: ("\"roundedRect\",\n                            80,", "\"roundedRect\",\n                            83,"))
        XCTAssertEqual(try animate(["diff", evenOdd, moved]).status, 2)
    }
}
