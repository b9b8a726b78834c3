import Foundation
import Regression
import XCTest

/// `animate test`'s CI conventions: the JUnit report and shards.
final class TestCommandCITests: RegressionTestCase {
    /// A still, tiny timeline: an ellipse `width` points wide.
    static func still(width: Int = 20) -> String {
        """
        { "version": 1, "size": [40, 30], "fps": 5, "duration": 0.4, "background": "white",
          "scene": { "ellipse": {}, "modifiers": [ { "fill": "blue" }, { "frame": { "width": \(width), "height": 10 } } ] } }
        """
    }

    func testJUnitReportHasOneCasePerTimelineAndAFailureOnlyWhereOneFailed() throws {
        for name in ["a", "c", "d", "sub/b"] { try write(Self.still(), to: "suite/\(name).json") }
        XCTAssertEqual(try animate("test", "suite", "--golden", "goldens", "--update").status, 0)
        try write(Self.still(width: 24), to: "suite/c.json")
        try write("{ \"size\": [10, 10], \"duration\": 1, \"scene\": { \"elipse\": {} } }", to: "suite/d.json")
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: true)

        let run = try animate("test", "suite", "--golden", "goldens", "--junit", "out/report.xml", "--report", "report")
        XCTAssertEqual(run.status, 1, "an invalid timeline is exit status 1, and the report is still written: " + run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("JUnit: out/report.xml"), run.stdout)
        let report = try ParsedJUnit.read(path("out/report.xml"))
        XCTAssertEqual(report.root, "testsuites")
        XCTAssertEqual(report.cases.map(\.name), ["a.json", "c.json", "d.json", "sub/b.json"])
        XCTAssertEqual(Set(report.cases.map(\.classname)), ["animate.test"])
        XCTAssertEqual(report.cases.map(\.file), ["suite/a.json", "suite/c.json", "suite/d.json", "suite/sub/b.json"])
        XCTAssertEqual([report.suite.tests, report.suite.failures, report.suite.errors], [4, 1, 1])
        XCTAssertTrue(report.cases.allSatisfy { $0.time >= 0 })
        XCTAssertGreaterThanOrEqual(report.suite.time, report.cases.map(\.time).max()!)

        let byName = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.name, $0) })
        for passing in ["a.json", "sub/b.json"] {
            XCTAssertNil(byName[passing]?.failure, passing)
            XCTAssertNil(byName[passing]?.error, passing)
        }
        let failure = try XCTUnwrap(byName["c.json"]?.failure)
        XCTAssertTrue(failure.hasPrefix("2 of 2 frames differ beyond the tolerance: frame 0 in "), failure)
        XCTAssertTrue(failure.contains("frame 1 in "), failure)
        XCTAssertTrue(failure.hasSuffix("; report: report/index.html"), failure)
        let text = try XCTUnwrap(byName["c.json"]?.failureText)
        XCTAssertTrue(text.contains("largest cluster"), text)
        XCTAssertTrue(text.contains("frame 0 diff: report/c/frame-0000-diff.png"), text)
        XCTAssertTrue(exists("report/c/frame-0000-diff.png"))
        XCTAssertNil(byName["c.json"]?.error)
        let error = try XCTUnwrap(byName["d.json"]?.error)
        XCTAssertTrue(error.hasPrefix("suite/d.json: scene: unknown view \"elipse\""), error)
        XCTAssertTrue(error.contains(" at 1:"), "the error is located: " + error)
        XCTAssertNil(byName["d.json"]?.failure)

        try write(Self.still(), to: "suite/c.json")
        try FileManager.default.removeItem(atPath: path("suite/d.json"))
        let passed = try animate("test", "suite", "--golden", "goldens", "--junit", "out/report.xml")
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
        let again = try ParsedJUnit.read(path("out/report.xml"))
        XCTAssertEqual(again.cases.map(\.name), ["a.json", "c.json", "sub/b.json"], "the earlier report is replaced")
        XCTAssertTrue(again.cases.allSatisfy { $0.failure == nil && $0.error == nil })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("out")), ["report.xml"], "no temporary is left")
    }

    func testJUnitEscapesNamesAndMessages() throws {
        let awkward = "a \"quoted\" <name> & 'more'\ttab"
        let report = JUnitReport(name: "suite <&>", cases: [
            JUnitReport.TestCase(name: awkward, className: "animate.test", seconds: 0.25, outcome: .failed(
                type: "difference", message: "line one\nline two \u{1B}[31m \u{0} \u{FFFF} ]]>", details: "<b>&amp;</b>\n\u{7}")),
            JUnitReport.TestCase(name: "ok", className: "x", seconds: .nan, outcome: .passed),
        ])
        try report.write(to: path("escaped.xml"))
        let parsed = try ParsedJUnit.read(path("escaped.xml"))
        XCTAssertEqual(parsed.suite.name, "suite <&>")
        XCTAssertEqual(parsed.cases.map(\.name), [awkward, "ok"], "tabs and quotes survive attribute normalization")
        XCTAssertEqual(parsed.cases.map(\.time), [0.25, 0])
        XCTAssertEqual(parsed.cases[0].failure, "line one\nline two \\u{1B}[31m \\u{0} \\u{FFFF} ]]>", "forbidden characters are spelled out")
        XCTAssertEqual(parsed.cases[0].failureText, "<b>&amp;</b>\n\\u{7}")
        XCTAssertEqual([parsed.suite.tests, parsed.suite.failures, parsed.suite.errors], [2, 1, 0])
    }

    func testABadJUnitPathIsRefusedBeforeRendering() throws {
        try write(Self.still(), to: "suite/a.json")
        let missingFolder = try animate("test", "suite", "--golden", "goldens", "--junit", "no-such-folder/report.xml")
        XCTAssertEqual(missingFolder.status, 1)
        XCTAssertTrue(missingFolder.stderr.contains("--junit no-such-folder/report.xml: the folder no-such-folder does not exist"), missingFolder.stderr)
        XCTAssertFalse(exists("goldens"), "nothing is recorded when the report cannot be written")

        let folder = try animate("test", "suite", "--golden", "goldens", "--junit", "suite")
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("--junit suite: is a folder"), folder.stderr)
        XCTAssertFalse(exists("goldens"))
    }

    func testShardsAreDisjointAndTogetherComplete() throws {
        let names = ["alpha", "beta", "gamma", "delta", "nested/epsilon", "nested/zeta", "z/eta"]
        for name in names { try write(Self.still(), to: "suite/\(name).json") }
        let every = Set(names.map { $0 + ".json" })
        for n in [1, 2, 3, 5] {
            var seen: [String] = []
            for k in 1...n {
                let run = try animate("test", "suite", "--golden", "goldens", "--record", "never", "--shard", "\(k)/\(n)", "--junit", "shard.xml")
                XCTAssertEqual(run.status, 2, "goldens are missing: " + run.stdout + run.stderr)
                let report = try ParsedJUnit.read(path("shard.xml"))
                XCTAssertTrue(run.stdout.hasPrefix("shard \(k)/\(n): \(report.cases.count) of 7 timelines\n"), run.stdout)
                XCTAssertEqual(report.suite.tests, report.cases.count)
                XCTAssertTrue(report.cases.allSatisfy { $0.failure?.hasPrefix("no golden at goldens/") == true }, "a missing golden is a failure")
                XCTAssertTrue(report.suite.name.hasSuffix("--shard \(k)/\(n)"), report.suite.name)
                XCTAssertTrue((7 / n...(7 + n - 1) / n).contains(report.cases.count), "shard \(k)/\(n) holds \(report.cases.count)")
                seen += report.cases.map(\.name)
            }
            XCTAssertEqual(seen.count, 7, "shards of \(n) are disjoint: \(seen)")
            XCTAssertEqual(Set(seen), every, "shards of \(n) together hold every timeline")
        }

        let empty = try animate("test", "suite", "--golden", "goldens", "--record", "never", "--shard", "8/8", "--junit", "shard.xml")
        XCTAssertEqual(empty.status, 0, empty.stdout + empty.stderr)
        XCTAssertTrue(empty.stdout.contains("shard 8/8 has no timelines (7 timelines in all)"), empty.stdout)
        XCTAssertEqual(try ParsedJUnit.read(path("shard.xml")).cases.count, 0)
    }

    func testShardArgumentsAreChecked() throws {
        try write(Self.still(), to: "suite/a.json")
        for (argument, message) in [
            ("0/4", "--shard 0/4: K must be between 1 and 4"), ("5/4", "--shard 5/4: K must be between 1 and 4"),
            ("1/0", "--shard 1/0: N must be at least 1"), ("2", "--shard 2: expected K/N"), ("a/b", "--shard a/b: expected K/N"),
            ("-1/3", "--shard -1/3: K must be between 1 and 3"), ("1/2/3", "--shard 1/2/3: expected K/N"),
        ] {
            let run = try animate("test", "suite", "--golden", "goldens", "--shard", argument)
            XCTAssertEqual(run.status, 1, argument)
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        XCTAssertFalse(exists("goldens"))
    }

    func testAShardDependsOnlyOnTheNames() throws {
        let names = (0..<50).map { "folder\($0 % 4)/timeline-\($0)" } + ["Zebra", "apple", "Äpfel", "é"]
        var rng = SystemRandomNumberGenerator()
        for n in 1...6 {
            var union: [String] = []
            for k in 1...n {
                let shard = try Shard(parsing: "\(k)/\(n)")
                let chosen = shard.select(names) { $0 }
                XCTAssertEqual(Set(shard.select(names.shuffled(using: &rng)) { $0 }), Set(chosen), "the order given does not matter")
                XCTAssertEqual(chosen, names.filter(Set(chosen).contains), "the given order is kept")
                union += chosen
            }
            XCTAssertEqual(union.sorted(), names.sorted())
        }
        // In byte order "Zebra" comes first and "é" last (after "Äpfel", which a locale would sort with "apple").
        XCTAssertEqual(try Shard(parsing: "1/54").select(names) { $0 }, ["Zebra"])
        XCTAssertEqual(try Shard(parsing: "54/54").select(names) { $0 }, ["é"])
    }
}

/// The documented CI command, shard by shard, on the example timelines.
final class DocumentedShardsTests: RegressionTestCase {
    func testTheWorkflowsShardsTogetherPassEveryExampleTimelineOnce() throws {
        let page = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/regression-testing.md"), encoding: .utf8)
        let line = try XCTUnwrap(page.components(separatedBy: "\n").first { $0.contains("run: animate test ") })
        let command = line.components(separatedBy: "run: animate ")[1]
        var names: [String] = []
        for shard in 1...4 {
            let arguments = command.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
                .replacingOccurrences(of: "report.xml", with: path("report.xml"))
                .replacingOccurrences(of: "diff-report", with: path("diff-report-\(shard)"))
                .split(separator: " ").map(String.init)
            let run = try animate(arguments, in: Self.packageRoot, environment: ["CI": "true"])
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            let report = try ParsedJUnit.read(path("report.xml"))
            XCTAssertEqual(report.suite.failures + report.suite.errors, 0)
            names += report.cases.map(\.name)
        }
        let folder = Self.packageRoot.appendingPathComponent("Timelines").path
        let timelines = try XCTUnwrap(FileManager.default.subpaths(atPath: folder)).filter {
            ["json", "yaml", "yml"].contains(($0 as NSString).pathExtension.lowercased())
        }
        XCTAssertGreaterThan(timelines.count, 4)
        XCTAssertEqual(names.sorted(), timelines.sorted(), "the shards are disjoint and hold every timeline")
    }
}
