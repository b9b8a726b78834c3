import Timeline
import TimelineFormats
import XCTest

/// Whether two documents hold the same values, with object members in the same order.
func sameDocument(_ a: JSONNode, _ b: JSONNode) -> Bool {
    switch (a.value, b.value) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y && x.sign == y.sign
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameDocument($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && sameDocument($0.value, $1.value) }
    default: return false
    }
}

/// The YAML text's root, failing the test on an error.
func parseYAML(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONNode {
    do {
        return try YAMLReader.parse(Array(text.utf8))
    } catch {
        XCTFail("\(error)", file: file, line: line)
        throw error
    }
}

/// The first error reading the YAML timeline `text`, or nil (a failure) when it loads.
func yamlTimelineError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> TimelineError? {
    let report = TimelineLoader().check(Array(text.utf8), format: .yaml)
    guard let first = report.errors.first else {
        XCTFail("expected an error, the timeline loaded", file: file, line: line)
        return nil
    }
    return first
}

/// Asserts that `text` read as a YAML timeline fails at `location` with a message containing `fragment`.
func assertYAMLError(_ text: String, at location: String, contains fragment: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let error = yamlTimelineError(text, file: file, line: line) else { return }
    XCTAssertEqual(error.location?.description, location, "\(error)", file: file, line: line)
    XCTAssertTrue(error.message.contains(fragment), "\"\(error.message)\" lacks \"\(fragment)\"", file: file, line: line)
}
