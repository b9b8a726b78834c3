import Foundation
import XCTest

/// `animate check` end to end: every error of every file, warnings, `--strict`.
final class CheckCommandTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = work.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = ["check"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    func testEveryErrorOfEveryFileIsPrintedLocated() throws {
        let a = try write("a.json", """
            {"size": [10, 10], "duration": 1, "scene": {"vstack": [
              {"circle": {}, "modifiers": [{"opacty": 1}]},
              {"circle": {}, "modifiers": [{"fill": "bleu"}]},
              {"circle": {}, "modifiers": [{"offset": {"x": "=nope"}}]}]}}
            """)
        let b = try write("b.json", #"{"size": [10, 10], "duration": 1, "scene": {"sqaure": {}}}"#)
        let result = try check([a, b])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.stderr)
        XCTAssertEqual(lines.filter { $0.hasPrefix("error: \(a): scene.vstack[") }.count, 3, result.stderr)
        XCTAssertTrue(lines[0].hasSuffix("at 2:33"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("at 3:41"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("at 4:51"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("error: \(b): scene: unknown view \"sqaure\""), lines[3])
        XCTAssertEqual(result.stdout, "")
    }

    func testErrorsBeyondTheLimitAreCounted() throws {
        let modifiers = (0..<25).map { _ in #"{"opacty": 1}"# }.joined(separator: ", ")
        let path = try write("many.json", #"{"size": [10, 10], "duration": 1, "scene": {"circle": {}, "modifiers": ["# + modifiers + "]}}")
        let result = try check([path])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 21, result.stderr)
        XCTAssertEqual(lines.last.map(String.init), "error: \(path): and 5 more errors")
    }

    func testWarningsPassUnlessStrict() throws {
        let path = try write("late.json", """
            {"size": [10, 10], "duration": 1, "params": {"x": 0},
             "animations": [{"param": "x", "at": 1.5, "to": 1, "curve": "linear"}],
             "scene": {"circle": {}, "modifiers": [{"opacity": "=x"}]}}
            """)
        let lenient = try check([path])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.hasPrefix("warning: \(path): animations[0]: the animation starts at 1.5 s"), lenient.stderr)
        XCTAssertTrue(lenient.stdout.contains("ok"))
        let strict = try check(["--strict", path])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.hasPrefix("error: \(path): animations[0]"), strict.stderr)
        XCTAssertEqual(strict.stdout, "")
    }
}
