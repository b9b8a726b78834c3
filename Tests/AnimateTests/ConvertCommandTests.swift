import Foundation
import XCTest

/// `animate convert` end to end, and YAML timelines through the other commands.
final class ConvertCommandTests: XCTestCase {
    var runner: CommandRunner!

    override func setUpWithError() throws {
        runner = try CommandRunner("convert")
    }

    override func tearDown() {
        runner.remove()
    }

    func timeline(_ name: String) -> String {
        CommandRunner.packageRoot.appendingPathComponent("Timelines").appendingPathComponent(name).path
    }

    func testJSONToYAMLAndBackKeepsTheDocument() throws {
        let source = timeline("cards.json")
        XCTAssertEqual(try runner.run(["convert", source, "-o", "cards.yaml"]).status, 0)
        XCTAssertEqual(try runner.run(["convert", "cards.yaml", "-o", "cards.json"]).status, 0)
        // Written back from YAML, the JSON is the original document: parsed by Foundation, equal.
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source))) as? NSDictionary
        let back = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: runner.path("cards.json")))) as? NSDictionary
        XCTAssertNotNil(original)
        XCTAssertEqual(original, back)
        let yaml = try String(contentsOfFile: runner.path("cards.yaml"), encoding: .utf8)
        XCTAssertFalse(yaml.contains("{\n"), "block mappings, not JSON")
        // The YAML renders the same frame as the JSON; the timeline's image resolves beside it.
        try FileManager.default.createDirectory(atPath: runner.path("Assets"), withIntermediateDirectories: true)
        for asset in try FileManager.default.contentsOfDirectory(atPath: timeline("Assets")) {
            try FileManager.default.copyItem(atPath: timeline("Assets/\(asset)"), toPath: runner.path("Assets/\(asset)"))
        }
        XCTAssertEqual(try runner.run(["frame", "cards.yaml", "--time", "1", "-o", "yaml.png"]).status, 0)
        XCTAssertEqual(try runner.run(["frame", source, "--time", "1", "-o", "json.png"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: runner.path("yaml.png"))), try Data(contentsOf: URL(fileURLWithPath: runner.path("json.png"))))
    }

    func testAnExistingOutputIsKeptWithoutOverwrite() throws {
        let existing = try runner.write("# mine\n", to: "a.yaml")
        let refused = try runner.run(["convert", timeline("hole.json"), "-o", "a.yaml"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("a.yaml exists; pass --overwrite"), refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "# mine\n")
        XCTAssertEqual(try runner.run(["convert", timeline("hole.json"), "-o", "a.yaml", "--overwrite"]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: existing, encoding: .utf8).hasPrefix("version: 1\n"))
        XCTAssertEqual(try runner.contents(), ["a.yaml"], "no temporary left")
    }

    func testBadInputIsALocatedErrorAndWritesNothing() throws {
        try runner.write("size: [10, 10]\nscene:\n  circle: {}\n  circle: {}\n", to: "dup.yaml")
        let duplicate = try runner.run(["convert", "dup.yaml", "-o", "dup.json"])
        XCTAssertEqual(duplicate.status, 1)
        XCTAssertEqual(duplicate.stderr, "error: dup.yaml: scene: duplicate key \"circle\" (first defined at 3:3) at 4:3\n")
        try runner.write("{\"size\": [10, 10],,}", to: "bad.json")
        let syntax = try runner.run(["convert", "bad.json", "-o", "bad.yaml"])
        XCTAssertEqual(syntax.status, 1)
        XCTAssertTrue(syntax.stderr.hasPrefix("error: bad.json: ") && syntax.stderr.hasSuffix("at 1:19\n"), syntax.stderr)
        let format = try runner.run(["convert", timeline("hole.json"), "-o", "hole.txt"])
        XCTAssertEqual(format.status, 1)
        XCTAssertTrue(format.stderr.contains("written as .json, .yaml or .yml"), format.stderr)
        XCTAssertEqual(try runner.contents(), ["bad.json", "dup.yaml"])
    }

    func testCheckReportsEveryErrorOfAYAMLFileAtItsLines() throws {
        try runner.write("""
            size: [10, 10]
            duration: 1   # seconds
            scene:
              circle: {}
              modifiers:
                - opacty: 0.5          # a typo
                - offset: {x: =nope}
            """, to: "typos.yml")
        let result = try runner.run(["check", "typos.yml"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertEqual(lines.first, "error: typos.yml: scene.modifiers[0]: unknown modifier \"opacty\" (did you mean \"opacity\"?) at 6:7")
        XCTAssertTrue(lines.last?.hasSuffix("unknown name \"nope\" at 7:20") == true, result.stderr)
    }
}
