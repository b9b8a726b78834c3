import Scene
import XCTest
@testable import Timeline

/// Random and mutated inputs, with fixed seeds: the parsers must always
/// return or throw a located error, never trap or hang.
final class FuzzTests: XCTestCase {
    static let validJSON = Array("""
        {"version": 1, "size": [600, 400], "scale": 2, "fps": 30, "duration": 5,
         "params": {"overlapping": 0, "scroll": -1.5e2, "name": "caf\\u00e9 \\"q\\"", "ok": true, "none": null},
         "scene": {"modifiers": [{"clipShape": {"shape": "ellipse"}}, {"opacity": "=1 - overlapping / 2"}]}}
        """.utf8)

    func endLocation(of bytes: [UInt8]) -> SourceLocation {
        var reader = JSONReader(bytes: bytes, maxDepth: 256)
        return reader.locate(bytes.count)
    }

    func check(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            guard let location = error.location else {
                return XCTFail("error without a location: \(error)", file: file, line: line)
            }
            XCTAssertGreaterThanOrEqual(location.line, 1, file: file, line: line)
            XCTAssertGreaterThanOrEqual(location.column, 1, file: file, line: line)
            XCTAssertLessThanOrEqual(location, endLocation(of: bytes), "\(error)", file: file, line: line)
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
        }
    }

    func testRandomBytesNeverCrashTheJSONParser() {
        var generator = SeededGenerator(seed: 1)
        let alphabet = Array("{}[]:,\" \n\r\t\\/-+.0123456789eEtruefalsnl".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            check(bytes)
        }
    }

    func testMutatedDocumentsNeverCrashTheJSONParser() {
        var generator = SeededGenerator(seed: 2)
        XCTAssertNoThrow(try JSONParser.parse(Self.validJSON))
        var failures = 0
        for _ in 0..<5_000 {
            var bytes = Self.validJSON
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                case 2: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                default: bytes.removeSubrange(index...)  // truncation
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try JSONParser.parse(bytes)
            } catch {
                failures += 1
            }
            check(bytes)
        }
        // Most mutations break the document; the check above ran on each.
        XCTAssertGreaterThan(failures, 2_500)
    }

    func testGeneratedDocumentsRoundTrip() throws {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let value = randomValue(depth: 0, &generator)
            let text = serialize(value)
            let node = try JSONParser.parse(Array(text.utf8))
            XCTAssertTrue(matches(node, value), text)
        }
    }

    func testRandomStringsNeverCrashTheExpressionParser() {
        var generator = SeededGenerator(seed: 4)
        let pieces = ["x", "y", "t", "pi", "minY", "min", "max", "clamp", "smoothstep", "sin", "(", ")", ",", "?", ":",
                      "+", "-", "*", "/", "%", "<", "<=", "==", "!=", "!", "&&", "||", "&", "|", "=", "1", "0", "2.5",
                      ".", "e", "1e", "1e400", " ", "é", "\u{301}", "\u{0}", "#", "bogus", "overlaping"]
        var parsed = 0
        for _ in 0..<20_000 {
            var source = ""
            for _ in 0..<Int.random(in: 0..<24, using: &generator) {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    source.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
                } else {
                    source += pieces.randomElement(using: &generator)!
                }
            }
            let count = source.unicodeScalars.count
            do {
                let expression = try parseExpression(source, maxDepth: 8)
                parsed += 1
                let value = expression.evaluate(in: EvaluationContext(params: [1, 2, 3, 4, 5], time: 0.5))
                if expression.isConstant { XCTAssertEqual(expression, .constant(value), source) }
            } catch {
                XCTAssertGreaterThanOrEqual(error.offset, 0, source)
                XCTAssertLessThanOrEqual(error.offset, count, source)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(parsed, 100)
    }

    // MARK: Random documents

    indirect enum Value {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([(String, Value)])
    }

    func randomValue(depth: Int, _ generator: inout SeededGenerator) -> Value {
        switch Int.random(in: 0..<(depth > 4 ? 4 : 6), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            let choices: [Double] = [0, -1, 1.5, 1e-7, 123456789, -2.5e100,
                                     Double.random(in: -1e6...1e6, using: &generator)]
            return .number(choices.randomElement(using: &generator)!)
        case 3: return .string(randomString(&generator))
        case 4: return .array((0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            var members: [(String, Value)] = []
            for index in 0..<Int.random(in: 0..<5, using: &generator) {
                members.append((randomString(&generator) + "#\(index)", randomValue(depth: depth + 1, &generator)))
            }
            return .object(members)
        }
    }

    func randomString(_ generator: inout SeededGenerator) -> String {
        let scalars: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{FFFF}"]
        var text = ""
        for _ in 0..<Int.random(in: 0..<8, using: &generator) {
            text.unicodeScalars.append(scalars.randomElement(using: &generator)!)
        }
        return text
    }

    func serialize(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return "\(number)"
        case .string(let string): return encode(string)
        case .array(let elements): return "[" + elements.map(serialize).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { encode($0.0) + ":\n  " + serialize($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// JSON string encoding with a mix of raw and `\u`-escaped characters
    /// (astral ones as surrogate pairs).
    func encode(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "😀": text += "\\uD83D\\uDE00"
            case _ where scalar.value < 0x20 || scalar == "€":
                text += "\\u" + String(format: "%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    func matches(_ node: JSONNode, _ value: Value) -> Bool {
        switch (node.value, value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
                && a.enumerated().allSatisfy { $1.path == node.path.appending(index: $0) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.0 && matches($0.value, $1.1) }
                && a.allSatisfy { $0.value.path == node.path.appending(key: $0.key) }
        default: return false
        }
    }
}
