import Scene
import XCTest
@testable import Timeline

final class JSONDecodingTests: XCTestCase {
    func decodeError(_ body: () throws(TimelineError) -> Void, file: StaticString = #filePath, line: UInt = #line) -> TimelineError? {
        do {
            try body()
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testUnknownKeyReportsTheKeyLocationWithSuggestion() throws {
        let root = try JSONParser.parse("{\n  \"size\": [600, 400],\n  \"scael\": 2\n}")
        let error = decodeError { () throws(TimelineError) in
            _ = try root.object(allowedKeys: ["version", "size", "scale", "fps"])
        }
        XCTAssertEqual(error?.description, #"(root): unknown key "scael" (did you mean "scale"?) at 3:3"#)
    }

    func testUnknownKeyWithoutSuggestionListsAllowedKeys() throws {
        let root = try JSONParser.parse(#"{"scene": {"zzz": 1}}"#)
        let scene = try XCTUnwrap(try root.object(allowedKeys: ["scene"]).optional("scene"))
        let error = decodeError { () throws(TimelineError) in
            _ = try scene.object(allowedKeys: ["width", "height"])
        }
        XCTAssertEqual(error?.description, #"scene: unknown key "zzz" (expected one of: width, height) at 1:12"#)
        let none = decodeError { () throws(TimelineError) in _ = try scene.object(allowedKeys: []) }
        XCTAssertEqual(none?.message, #"unknown key "zzz" (this object takes no keys)"#)
    }

    func testRequiredAndOptional() throws {
        let root = try JSONParser.parse(#"{"size": [1, 2], "scale": null}"#)
        let reader = try root.object(allowedKeys: ["size", "scale", "fps"])
        XCTAssertEqual(try reader.required("size").array(count: 2).map { try $0.number() }, [1, 2])
        XCTAssertNil(reader.optional("fps"))
        XCTAssertEqual(reader.optional("scale")?.isNull, true)
        XCTAssertNil(reader.optionalNonNull("scale"))
        XCTAssertTrue(reader.contains("scale"))
        XCTAssertFalse(reader.contains("fps"))
        XCTAssertEqual(reader.keys, ["size", "scale"])
        XCTAssertEqual(reader.member("size")?.keyLocation.description, "1:2")
        let error = decodeError { () throws(TimelineError) in _ = try reader.required("fps") }
        XCTAssertEqual(error?.description, #"(root): missing key "fps" at 1:1"#)
    }

    func testWrongTypeMessages() throws {
        let root = try JSONParser.parse(#"{"n": 1, "s": "x", "b": true, "a": [], "o": {}, "z": null}"#)
        let reader = try root.object()
        func message(_ body: () throws(TimelineError) -> Void) -> String? {
            decodeError(body)?.description
        }
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("s").number() }, "s: expected a number, found a string at 1:15")
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("n").string() }, "n: expected a string, found a number at 1:7")
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("a").bool() }, "a: expected a boolean, found an array at 1:36")
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("o").array() }, "o: expected an array, found an object at 1:45")
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("b").object() }, "b: expected an object, found a boolean at 1:25")
        XCTAssertEqual(message { () throws(TimelineError) in _ = try reader.required("z").number() }, "z: expected a number, found null at 1:54")
    }

    func testNumberHelpers() throws {
        let root = try JSONParser.parse("[2, 2.5, -1, 1e300]")
        let elements = try root.array()
        XCTAssertEqual(try elements[0].integer(), 2)
        XCTAssertEqual(decodeError { () throws(TimelineError) in _ = try elements[1].integer() }?.message, "expected a whole number, found 2.5")
        XCTAssertEqual(decodeError { () throws(TimelineError) in _ = try elements[3].integer() }?.message, "expected a whole number, found 1e+300")
        XCTAssertEqual(try elements[1].number(in: 0...3), 2.5)
        XCTAssertEqual(decodeError { () throws(TimelineError) in _ = try elements[2].number(in: 0...1) }?.message, "expected a number in 0...1, found -1")
        XCTAssertEqual(decodeError { () throws(TimelineError) in _ = try root.array(count: 2) }?.message, "expected an array of 2 elements, found 4")
    }

    func testKeyword() throws {
        let root = try JSONParser.parse("{\"scene\": {\"modifiers\": [{\"clipShape\": {\"shape\":\n    \"elipse\"}}]}}")
        let shape = try XCTUnwrap(root["scene"]?["modifiers"]?[0]?["clipShape"]?["shape"])
        let error = decodeError { () throws(TimelineError) in
            _ = try shape.keyword(among: ["rectangle", "circle", "ellipse", "capsule"], kind: "shape")
        }
        XCTAssertEqual(error?.description, #"scene.modifiers[0].clipShape.shape: unknown shape "elipse" (did you mean "ellipse"?) at 2:5"#)
        let far = decodeError { () throws(TimelineError) in _ = try shape.keyword(among: ["star"], kind: "shape") }
        XCTAssertEqual(far?.message, #"unknown shape "elipse""#)
    }

    func testErrorAtNode() throws {
        let root = try JSONParser.parse("[0, {\"a\": 5}]")
        let node = try XCTUnwrap(root[1]?["a"])
        let error = node.error("must be positive")
        XCTAssertEqual(error.path?.description, "[1].a")
        XCTAssertEqual(error.location, SourceLocation(line: 1, column: 11))
        XCTAssertEqual(error.message, "must be positive")
    }

    func expression(_ node: JSONNode) throws(TimelineError) -> Scene.Expression {
        try node.expression(knownNames: TestNames.all, resolve: TestNames.resolve)
    }

    func testNumericFieldsTakeNumbersOrExpressions() throws {
        let root = try JSONParser.parse(#"{"a": 0.5, "b": "=1 - overlapping / 2", "c": "=2 * pi"}"#)
        XCTAssertEqual(try expression(XCTUnwrap(root["a"])), .constant(0.5))
        XCTAssertEqual(
            try expression(XCTUnwrap(root["b"])),
            .binary(.subtract, .constant(1), .binary(.divide, .variable(.param(0)), .constant(2))))
        XCTAssertEqual(try expression(XCTUnwrap(root["c"])), .constant(2 * .pi))
        XCTAssertTrue(try XCTUnwrap(root["b"]).isExpression)
        XCTAssertFalse(try XCTUnwrap(root["a"]).isExpression)
    }

    func testExpressionErrorsPointIntoTheString() throws {
        let root = try JSONParser.parse("{\"scene\": {\"opacity\":\n    \"=1 - overlaping / 2\"}}")
        let node = try XCTUnwrap(root["scene"]?["opacity"])
        let error = decodeError { () throws(TimelineError) in _ = try expression(node) }
        // The string starts at 2:5; its `=` is at 2:6 and "overlaping" at 2:11.
        XCTAssertEqual(
            error?.description,
            #"scene.opacity: unknown name "overlaping" (did you mean "overlapping"?) at 2:11"#)
        let end = try XCTUnwrap(JSONParser.parse(#"["=min(t, 1"]"#)[0])
        let endError = decodeError { () throws(TimelineError) in _ = try expression(end) }
        XCTAssertEqual(endError?.location?.description, "1:12")  // the closing quote
    }

    func testNonExpressionValuesForNumericFields() throws {
        let root = try JSONParser.parse(#"["12", true]"#)
        let (first, second) = try (XCTUnwrap(root[0]), XCTUnwrap(root[1]))
        let string = decodeError { () throws(TimelineError) in _ = try expression(first) }
        XCTAssertEqual(string?.message, #"expected a number or an expression, found a string (an expression starts with "=")"#)
        let bool = decodeError { () throws(TimelineError) in _ = try expression(second) }
        XCTAssertEqual(bool?.description, "[1]: expected a number or an expression, found a boolean at 1:8")
    }
}
