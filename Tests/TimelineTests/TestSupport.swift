import XCTest
@testable import Timeline

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny seeded generator, so that
/// property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Parses `text` and returns the error, failing the test when parsing succeeds.
func parseError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth, file: StaticString = #filePath, line: UInt = #line) -> TimelineError? {
    parseError(Array(text.utf8), maxDepth: maxDepth, file: file, line: line)
}

func parseError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth, file: StaticString = #filePath, line: UInt = #line) -> TimelineError? {
    do {
        let node = try JSONParser.parse(bytes, maxDepth: maxDepth)
        XCTFail("expected an error, parsed \(node.value.kindDescription)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Asserts that parsing fails at `line:column` with a message containing `fragment`.
func assertParseError(
    _ text: String, at expected: String, contains fragment: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    assertParseError(Array(text.utf8), at: expected, contains: fragment, file: file, line: line)
}

func assertParseError(
    _ bytes: [UInt8], at expected: String, contains fragment: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let error = parseError(bytes, file: file, line: line) else { return }
    XCTAssertEqual(error.location?.description, expected, "\(error)", file: file, line: line)
    XCTAssertTrue(error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"", file: file, line: line)
}

extension JSONNode {
    /// The member `key` of an object node, for tests.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element `index` of an array node, for tests.
    subscript(index: Int) -> JSONNode? {
        guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
