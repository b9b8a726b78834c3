import Foundation
import Timeline
import TimelineFormats
import XCTest

/// The GitHub Actions workflow in Docs/regression-testing.md is valid YAML and runs the
/// documented shards.
final class WorkflowExampleTests: XCTestCase {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/regression-testing.md")

    func testTheShardedWorkflowParsesAndRunsEveryShard() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        XCTAssertEqual(blocks.count, 1, "one workflow")
        let workflow = try YAMLReader.parse(Array(try XCTUnwrap(blocks.first).utf8))
        let job = try XCTUnwrap(member(workflow, "jobs").flatMap { member($0, "test") })
        let shards = try XCTUnwrap(member(job, "strategy").flatMap { member($0, "matrix") }.flatMap { member($0, "shard") })
        guard case .array(let values) = shards.value else { return XCTFail("the matrix lists shards") }
        XCTAssertEqual(values.map { if case .number(let n) = $0.value { n } else { -1 } }, [1, 2, 3, 4])

        guard case .array(let steps) = try XCTUnwrap(member(job, "steps")).value else { return XCTFail("steps") }
        let runs = steps.compactMap { member($0, "run").flatMap(string) }
        XCTAssertTrue(runs.contains { $0.contains("Scripts/install-deps && swift build -c release") }, "the README's set-up: \(runs)")
        XCTAssertTrue(
            runs.contains { $0.hasPrefix("animate test Timelines --golden Tests/Golden --shard ${{ matrix.shard }}/4 --junit report.xml") }, "\(runs)")
        let uses = steps.compactMap { member($0, "uses").flatMap(string) }
        XCTAssertEqual(uses.filter { $0.hasPrefix("actions/upload-artifact@") }.count, 2, "the JUnit report and the difference report")
        XCTAssertTrue(uses.contains { $0.hasPrefix("mikepenz/action-junit-report@") }, "\(uses)")
    }

    private func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    private func string(_ node: JSONNode) -> String? {
        if case .string(let s) = node.value { return s }
        return nil
    }
}
