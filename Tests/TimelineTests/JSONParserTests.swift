import XCTest
@testable import Timeline

final class JSONParserTests: XCTestCase {
    // MARK: Values, locations and paths

    func testEveryValueTypeWithLocationAndPath() throws {
        let text = """
            {
              "a": [1, true, null],
              "b": {"c": "x", "d": false},
              "e": -2.5e3
            }
            """
        let root = try JSONParser.parse(text)
        XCTAssertEqual(root.location, SourceLocation(line: 1, column: 1))
        XCTAssertEqual(root.path, .root)
        guard case .object(let members) = root.value else { return XCTFail("root is not an object") }
        XCTAssertEqual(members.map(\.key), ["a", "b", "e"])
        XCTAssertEqual(members.map(\.keyLocation.description), ["2:3", "3:3", "4:3"])

        let a = try XCTUnwrap(root["a"])
        XCTAssertEqual(a.location.description, "2:8")
        XCTAssertEqual(a.path.description, "a")
        XCTAssertEqual(try a[0]?.number(), 1)
        XCTAssertEqual(a[0]?.location.description, "2:9")
        XCTAssertEqual(a[0]?.path.description, "a[0]")
        XCTAssertEqual(try a[1]?.bool(), true)
        XCTAssertEqual(a[1]?.location.description, "2:12")
        XCTAssertEqual(a[2]?.isNull, true)
        XCTAssertEqual(a[2]?.location.description, "2:18")
        XCTAssertEqual(a[2]?.path.description, "a[2]")

        let b = try XCTUnwrap(root["b"])
        XCTAssertEqual(b.location.description, "3:8")
        XCTAssertEqual(try b["c"]?.string(), "x")
        XCTAssertEqual(b["c"]?.location.description, "3:14")
        XCTAssertEqual(b["c"]?.path.description, "b.c")
        XCTAssertEqual(try b["d"]?.bool(), false)
        XCTAssertEqual(b["d"]?.location.description, "3:24")

        let e = try XCTUnwrap(root["e"])
        XCTAssertEqual(try e.number(), -2500)
        XCTAssertEqual(e.location.description, "4:8")
    }

    func testObjectsKeepMemberOrder() throws {
        let root = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3, "b": 4}"#)
        XCTAssertEqual(try root.members().map(\.key), ["z", "a", "m", "b"])
    }

    func testScalarRoots() throws {
        XCTAssertEqual(try JSONParser.parse("42").number(), 42)
        XCTAssertEqual(try JSONParser.parse(#""hi""#).string(), "hi")
        XCTAssertEqual(try JSONParser.parse(" true ").bool(), true)
        XCTAssertTrue(try JSONParser.parse("null").isNull)
        XCTAssertEqual(try JSONParser.parse("[]").array().count, 0)
        XCTAssertEqual(try JSONParser.parse("{}").members().count, 0)
        XCTAssertEqual(try JSONParser.parse(" \n\t [ ] \r\n").location.description, "2:3")
    }

    func testNumbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("0.25", 0.25),
            ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("25e-2", 0.25), ("-2.5E-1", -0.25),
            ("123456789012345678901234567890", 123456789012345678901234567890.0),
            ("0.1", 0.1), ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("5e-324", .leastNonzeroMagnitude), ("1e-400", 0),
        ]
        for (text, expected) in cases {
            let value = try JSONParser.parse(text).number()
            XCTAssertEqual(value, expected, text)
            XCTAssertEqual(value.sign, expected.sign, text)
        }
    }

    func testStringEscapes() throws {
        let text = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u00E9\uD83D\uDE00\u0000x""#
        XCTAssertEqual(try JSONParser.parse(text).string(), "\"\\/\u{8}\u{C}\n\r\tAéé😀\u{0}x")
    }

    func testRawUnicodeInStrings() throws {
        let text = "\"é€😀中\""
        XCTAssertEqual(try JSONParser.parse(text).string(), "é€😀中")
    }

    func testColumnsCountUnicodeScalars() throws {
        let root = try JSONParser.parse(#"{"é": "ü😀", "k": 1, "中": [2]}"#)
        let members = try root.members()
        XCTAssertEqual(members.map(\.keyLocation.description), ["1:2", "1:13", "1:21"])
        XCTAssertEqual(members[0].value.location.description, "1:7")
        XCTAssertEqual(members[1].value.location.description, "1:18")
        XCTAssertEqual(members[2].value[0]?.location.description, "1:27")
        // A combining sequence counts each of its scalars.
        let combining = try JSONParser.parse("[\"e\u{301}\", 3]")
        XCTAssertEqual(combining[1]?.location.description, "1:8")
    }

    func testLineBreaks() throws {
        for separator in ["\n", "\r\n", "\r"] {
            let text = ["[", "1,", "  2", "]"].joined(separator: separator)
            let root = try JSONParser.parse(text)
            XCTAssertEqual(root[0]?.location.description, "2:1", separator.debugDescription)
            XCTAssertEqual(root[1]?.location.description, "3:3", separator.debugDescription)
        }
    }

    func testByteOrderMarkIsSkippedAndNotCounted() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        XCTAssertEqual(root.location.description, "1:1")
        XCTAssertEqual(root["a"]?.location.description, "1:7")
    }

    func testPathsRenderLikeAccessors() throws {
        let text = #"{"scene": {"modifiers": [{}, {}, {}, {"clipShape": {"shape": "elipse"}}]}, "params": {"my key": [[0]]}}"#
        let root = try JSONParser.parse(text)
        let shape = root["scene"]?["modifiers"]?[3]?["clipShape"]?["shape"]
        XCTAssertEqual(shape?.path.description, "scene.modifiers[3].clipShape.shape")
        XCTAssertEqual(root["params"]?["my key"]?[0]?[0]?.path.description, #"params["my key"][0][0]"#)
        XCTAssertEqual(root.path.description, "(root)")
        XCTAssertEqual(try JSONParser.parse("[[1]]")[0]?[0]?.path.description, "[0][0]")
    }

    func testPathEqualityAndComponents() {
        let built = JSONPath.root.appending(key: "scene").appending(index: 2)
        let literal = JSONPath([.key("scene"), .index(2)])
        XCTAssertEqual(built, literal)
        XCTAssertEqual(built.hashValue, literal.hashValue)
        XCTAssertEqual(built.components, [.key("scene"), .index(2)])
        XCTAssertEqual(built.count, 2)
        XCTAssertNotEqual(built, JSONPath([.key("scene"), .index(3)]))
        XCTAssertNotEqual(built, JSONPath([.key("scene")]))
        XCTAssertNotEqual(JSONPath([.index(0)]), JSONPath([.key("0")]))
        XCTAssertTrue(JSONPath.root.isRoot)
        XCTAssertFalse(built.isRoot)
    }

    func testDepthLimitAllowsExactlyMaxDepth() throws {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let custom = String(repeating: "{\"a\":", count: 3) + "1" + String(repeating: "}", count: 3)
        XCTAssertNoThrow(try JSONParser.parse(custom, maxDepth: 3))
        let error = parseError(custom, maxDepth: 2)
        XCTAssertEqual(error?.location?.description, "1:11")
        XCTAssertEqual(error?.path?.description, "a.a")
    }

    func testLongSingleLineDocumentParsesInLinearTime() throws {
        // Quadratic location tracking would take minutes here.
        let count = 200_000
        let text = "[" + Array(repeating: "12", count: count).joined(separator: ",") + "]"
        let root = try JSONParser.parse(text)
        let elements = try root.array()
        XCTAssertEqual(elements.count, count)
        XCTAssertEqual(elements.last?.location, SourceLocation(line: 1, column: 2 + (count - 1) * 3))
    }

    // MARK: Errors

    func testTruncatedInput() {
        assertParseError(#"{"a": 1"#, at: "1:8", contains: "unexpected end of input in the object that starts at 1:1")
        assertParseError("[1, 2", at: "1:6", contains: "unexpected end of input in the array")
        assertParseError("[1, ", at: "1:5", contains: "unexpected end of input, expected a value")
        assertParseError(#""abc"#, at: "1:5", contains: "unexpected end of input in the string that starts at 1:1")
        assertParseError(#"{"a""#, at: "1:5", contains: "expected ':'")
        assertParseError(#"{"a":"#, at: "1:6", contains: "unexpected end of input")
        assertParseError("tru", at: "1:4", contains: "unexpected end of input")
        assertParseError("-", at: "1:2", contains: "expected a digit after '-'")
        assertParseError(#""\"#, at: "1:3", contains: "unexpected end of input in an escape")
        assertParseError("\n\n  {", at: "3:4", contains: "unexpected end of input in the object that starts at 3:3")
    }

    func testEmptyDocument() {
        assertParseError("", at: "1:1", contains: "empty document")
        assertParseError(" \n  ", at: "2:3", contains: "empty document")
    }

    func testSyntaxErrors() {
        assertParseError(#"{"a" 1}"#, at: "1:6", contains: "expected ':' after the key \"a\", found '1'")
        assertParseError("[1 2]", at: "1:4", contains: "expected ',' or ']' after an array element, found '2'")
        assertParseError(#"{"a": 1 "b": 2}"#, at: "1:9", contains: "expected ',' or '}'")
        assertParseError("[1,]", at: "1:4", contains: "trailing comma")
        assertParseError(#"{"a": 1,}"#, at: "1:9", contains: "trailing comma")
        assertParseError("{a: 1}", at: "1:2", contains: "expected a key in double quotes")
        assertParseError("{'a': 1}", at: "1:2", contains: "single quote")
        assertParseError("{1: 1}", at: "1:2", contains: "expected a string key, found '1'")
        assertParseError("[1,,2]", at: "1:4", contains: "unexpected ',', expected a value")
        assertParseError("{\n  \"a\": [1,\n    2,,\n  ]\n}", at: "3:7", contains: "unexpected ','")
        assertParseError("[1}", at: "1:3", contains: "expected ',' or ']'")
    }

    func testErrorsCarryThePathBeingParsed() {
        let error = parseError(#"{"a": {"b": [1, }]}}"#)
        XCTAssertEqual(error?.path?.description, "a.b[1]")
        XCTAssertEqual(error?.description, "a.b[1]: unexpected '}', expected a value at 1:17")
    }

    func testJunkAndTrailingGarbage() {
        assertParseError("@", at: "1:1", contains: "unexpected '@'")
        assertParseError([0x00, 0x01], at: "1:1", contains: "unexpected U+0000")
        assertParseError([0x5B, 0xFF, 0x5D], at: "1:2", contains: "byte 0xFF")
        assertParseError("{} x", at: "1:4", contains: "after the JSON value")
        assertParseError("1 2", at: "1:3", contains: "unexpected '2' after the JSON value")
        assertParseError("[1]\n]", at: "2:1", contains: "after the JSON value")
        assertParseError("0x10", at: "1:2", contains: "after the JSON value")
        assertParseError("[é]", at: "1:2", contains: "'é' (U+00E9)")
        assertParseError([0xFE, 0xFF, 0x00, 0x5B], at: "1:1", contains: "UTF-16")
    }

    func testInvalidLiterals() {
        assertParseError("trux", at: "1:1", contains: "unexpected word \"trux\" (did you mean \"true\"?)")
        assertParseError("[True]", at: "1:2", contains: "did you mean \"true\"")
        assertParseError("NaN", at: "1:1", contains: "JSON has no NaN or Infinity")
        assertParseError("[1, Infinity]", at: "1:5", contains: "JSON has no NaN or Infinity")
        assertParseError("-Infinity", at: "1:2", contains: "JSON has no NaN or Infinity")
        assertParseError("undefined", at: "1:1", contains: "null")
        assertParseError("nullx", at: "1:1", contains: "unexpected word \"nullx\"")
    }

    func testInvalidNumbers() {
        assertParseError("01", at: "1:1", contains: "leading zero")
        assertParseError("-01", at: "1:2", contains: "leading zero")
        assertParseError("1.", at: "1:3", contains: "expected a digit after the decimal point")
        assertParseError("1.e5", at: "1:3", contains: "expected a digit after the decimal point")
        assertParseError("1e", at: "1:3", contains: "expected a digit in the exponent")
        assertParseError("[1e+]", at: "1:5", contains: "expected a digit in the exponent")
        assertParseError(".5", at: "1:1", contains: "unexpected '.'")
        assertParseError("+1", at: "1:1", contains: "unexpected '+'")
        assertParseError("- 1", at: "1:2", contains: "expected a digit after '-'")
        assertParseError("1e400", at: "1:1", contains: "out of range")
        assertParseError("[0, -1e309]", at: "1:5", contains: "number -1e309 is out of range")
        assertParseError("1" + String(repeating: "0", count: 400), at: "1:1", contains: "out of range")
    }

    func testBadEscapes() {
        assertParseError(#""ab\q""#, at: "1:4", contains: #"invalid escape sequence '\q'"#)
        assertParseError(#""\x41""#, at: "1:2", contains: #"'\x'"#)
        assertParseError(#""\u12G4""#, at: "1:2", contains: "invalid \\u escape")
        assertParseError(#""\u12""#, at: "1:2", contains: "invalid \\u escape")
        assertParseError(#""\uD800""#, at: "1:2", contains: "unpaired surrogate \\uD800")
        assertParseError(#""x\uDC00""#, at: "1:3", contains: "unpaired surrogate \\uDC00")
        assertParseError(#""\uD83D\u0041""#, at: "1:2", contains: "unpaired surrogate")
        assertParseError(#""\uD83D\uD83D""#, at: "1:2", contains: "unpaired surrogate")
    }

    func testControlCharactersInStrings() {
        assertParseError("\"a\nb\"", at: "1:3", contains: "line break in a string")
        assertParseError("\"a\tb\"", at: "1:3", contains: "control character U+0009")
        assertParseError([0x22, 0x00, 0x22], at: "1:2", contains: "control character U+0000")
    }

    func testInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0xFF],  // never valid
            [0xC0, 0xAF],  // overlong '/'
            [0xE0, 0x80, 0xAF],  // overlong
            [0xED, 0xA0, 0x80],  // encoded surrogate U+D800
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xC3],  // truncated two-byte sequence
            [0xE2, 0x82, 0x41],  // bad continuation
            [0x80],  // lone continuation
        ]
        for junk in cases {
            assertParseError([0x22, 0x61] + junk + [0x22], at: "1:3", contains: "invalid UTF-8")
        }
        assertParseError([0x22, 0xC3, 0xA9, 0xFF, 0x22], at: "1:3", contains: "invalid UTF-8 (byte 0xFF")
        assertParseError([0x22, 0xE2, 0x82], at: "1:2", contains: "invalid UTF-8")
    }

    func testDuplicateKeys() {
        assertParseError(#"{"a": 1, "a": 2}"#, at: "1:10", contains: #"duplicate key "a" (first defined at 1:2)"#)
        assertParseError("{\n \"x\": {},\n \"y\": 1,\n \"x\": 2\n}", at: "4:2", contains: "first defined at 2:2")
        // Keys are compared after escapes are decoded.
        assertParseError(#"{"A": 1, "\u0041": 2}"#, at: "1:10", contains: #"duplicate key "A""#)
        // The same key in different objects is fine.
        XCTAssertNoThrow(try JSONParser.parse(#"{"a": {"a": 1}, "b": {"a": 2}}"#))
    }

    func testLongKeysAreCutInMessagesAndPaths() {
        let key = String(repeating: "k", count: 5_000)
        guard let error = parseError("{\"\(key)\": {\"\(key)\": [}}") else { return }
        let cut = "[\"" + String(repeating: "k", count: 60) + "…\"]"
        XCTAssertEqual(error.path?.description, cut + cut + "[0]")
        guard let duplicate = parseError("{\"\(key)\": 1, \"\(key)\": 2}") else { return }
        XCTAssertEqual(duplicate.message, "duplicate key \"" + String(repeating: "k", count: 60) + "…\" (first defined at 1:2)")
    }

    func testDepthLimit() {
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        assertParseError(deep, at: "1:257", contains: "nesting deeper than 256 levels")
        // Far deeper input stops at the limit instead of exhausting the stack.
        let huge = String(repeating: "[", count: 1_000_000)
        assertParseError(huge, at: "1:257", contains: "nesting deeper than 256 levels")
        let objects = String(repeating: "{\"k\":", count: 300)
        guard let error = parseError(objects) else { return }
        XCTAssertTrue(error.message.contains("nesting deeper"))
        XCTAssertEqual(error.path?.count, 256)
    }

    func testErrorDescriptionFormat() {
        let error = TimelineError(
            "unknown shape \"elipse\" (did you mean \"ellipse\"?)",
            path: JSONPath([.key("scene"), .key("modifiers"), .index(3), .key("clipShape"), .key("shape")]),
            location: SourceLocation(line: 12, column: 17))
        XCTAssertEqual(error.description, #"scene.modifiers[3].clipShape.shape: unknown shape "elipse" (did you mean "ellipse"?) at 12:17"#)
        XCTAssertEqual(TimelineError("bad").description, "bad")
        XCTAssertEqual(TimelineError("bad", location: SourceLocation(line: 1, column: 2)).description, "bad at 1:2")
        XCTAssertEqual(TimelineError("bad", path: .root).description, "(root): bad")
    }
}
