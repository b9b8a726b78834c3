import Foundation
import XCTest

/// `animate schema` under a standard validator (Python's `jsonschema`, installed
/// by Scripts/install-deps): a valid draft 2020-12 schema that accepts every
/// example timeline and rejects misspelled keys.
final class SchemaCommandTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    private func run(_ executable: URL, _ arguments: [String], output: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if let output { try data.write(to: output) }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// Validates each file against the schema; prints one line per file: `name: ok` or `name: <first error>`.
    private static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
            print(path.rsplit('/', 1)[-1] + ': ' + ('ok' if not errors else '/'.join(map(str, errors[0].absolute_path)) + ' ' + errors[0].message[:80]))
        """

    func testSchemaIsValidAcceptsEveryExampleAndRejectsMisspelledKeys() throws {
        let schema = work.appendingPathComponent("timeline.schema.json")
        let animate = Bundle.main.bundleURL.appendingPathComponent("animate")
        let printed = try run(animate, ["schema"], output: schema)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let examples = try FileManager.default.contentsOfDirectory(atPath: CommandLineTests.packageRoot.appendingPathComponent("Timelines").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { CommandLineTests.timeline($0) }
        XCTAssertGreaterThanOrEqual(examples.count, 7)
        let good = #"{"$schema": "timeline.schema.json", "size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": [{"fill": "red"}, {"frame": {"width": "=20", "maxHeight": "infinity"}}]}}"#
        // The keys grown since the first version: constants, forEach over a list, SwiftUI spellings, the animation modifier.
        let grown = #"{"size": [10, 10], "duration": 1, "params": {"grow": 0, "v": [1, 2]}, "constants": {"bars": [{"h": 2}], "n": 3}, "animations": [{"param": "grow", "to": 1, "curve": "easeOut"}], "scene": {"vstack": [{"forEach": {"in": "bars", "as": "bar", "index": "i", "content": {"rectangle": {}, "modifiers": [{"strokeBorder": "red"}, {"frame": {"height": "=bar.h * grow"}}, {"animation": {"curve": "easeOut.delay({0.1 * i})", "value": "grow"}}]}}}, {"forEach": {"range": [0, "=n"], "as": "j", "content": {"text": "{j}"}}}, {"text": "{grow, decimals: 1}", "modifiers": [{"font": ".title"}, {"foregroundColor": "secondary"}, {"offset": "=v"}, {"animation": {"curve": null, "value": "grow"}}]}]}}"#
        let bad = [
            "new-modifier.json": #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": [{"strokeBordr": "red"}]}}"#,
            "new-key.json": #"{"size": [10, 10], "duration": 1, "constants": {"a": [1]}, "scene": {"forEach": {"inn": "a", "as": "x", "content": {"circle": {}}}}}"#,
            "modifier.json": #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": [{"opacty": 0.5}]}}"#,
            "key.json": #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": [{"frame": {"widht": 5}}]}}"#,
            "view.json": #"{"size": [10, 10], "duration": 1, "scene": {"sqaure": {}}}"#,
            "two-kinds.json": #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "ellipse": {}}}"#,
            "top.json": #"{"size": [10, 10], "duraton": 1, "scene": {"circle": {}}}"#,
        ]
        var files = examples
        for (name, text) in [("good.json", good), ("grown.json", grown)] + bad.sorted(by: { $0.key < $1.key }) {
            let url = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            files.append(url.path)
        }
        let python = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.validator, schema.path] + files)
        XCTAssertEqual(python.status, 0, python.stderr)
        let lines = python.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, files.count, python.stdout)
        for line in lines {
            let name = String(line.prefix { $0 != ":" })
            if bad[name] != nil {
                XCTAssertFalse(line.hasSuffix(": ok"), line)
            } else {
                XCTAssertTrue(line.hasSuffix(": ok"), line)
            }
        }
        // The loader accepts what the schema accepts here, "$schema" included, and refuses the misspellings.
        XCTAssertEqual(try run(animate, ["check", work.appendingPathComponent("good.json").path]).status, 0)
        let grownCheck = try run(animate, ["check", "--strict", work.appendingPathComponent("grown.json").path])
        XCTAssertEqual(grownCheck.status, 0, grownCheck.stderr)
        for name in bad.keys { XCTAssertEqual(try run(animate, ["check", work.appendingPathComponent(name).path]).status, 1, name) }
    }

    func testYAMLTimelinesValidateOnceConverted() throws {
        let schema = work.appendingPathComponent("timeline.schema.json")
        let animate = Bundle.main.bundleURL.appendingPathComponent("animate")
        XCTAssertEqual(try run(animate, ["schema"], output: schema).status, 0)
        let good = """
            # yaml-language-server: $schema=timeline.schema.json
            size: [10, 10]
            duration: 1
            scene:
              circle: {}
              modifiers:
                - fill: red      # a comment
            """
        let bad = good.replacingOccurrences(of: "- fill: red", with: "- fill: red\n    - opacty: 0.5")
        var converted: [String] = []
        for (name, text) in [("good", good), ("bad", bad)] {
            try Data(text.utf8).write(to: work.appendingPathComponent("\(name).yaml"))
            let json = work.appendingPathComponent("\(name).json").path
            XCTAssertEqual(try run(animate, ["convert", work.appendingPathComponent("\(name).yaml").path, "-o", json]).status, 0)
            converted.append(json)
        }
        let python = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.validator, schema.path] + converted)
        XCTAssertEqual(python.status, 0, python.stderr)
        let lines = python.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "good.json: ok")
        XCTAssertTrue(lines.last?.hasPrefix("bad.json: scene/modifiers/1") == true, python.stdout)
    }
}
