import Foundation
import Scene
import XCTest
@testable import Timeline

/// The names a test expression may use, bound as a loader would bind them.
enum TestNames {
    static let params = ["overlapping", "scroll", "x", "y", "z"]
    static let all = params + ["t", "frame", "fps", "duration", "i", "w", "h"] + GeometryName.allCases.map(\.rawValue)

    static func resolve(_ name: String) -> Variable? {
        if let index = params.firstIndex(of: name) { return .param(index) }
        if let geometry = GeometryName(rawValue: name) { return .geometry(geometry) }
        switch name {
        case "t": return .time
        case "frame": return .frame
        case "fps": return .fps
        case "duration": return .duration
        case "i": return .local(0)
        case "w": return .shapeWidth
        case "h": return .shapeHeight
        default: return nil
        }
    }
}

func parseExpression(_ source: String, maxLength: Int = 1000, maxDepth: Int = 64) throws(ExpressionError) -> Scene.Expression {
    try ExpressionParser.parse(
        source, knownNames: TestNames.all, resolve: TestNames.resolve, maxLength: maxLength, maxDepth: maxDepth)
}

final class ExpressionParserTests: XCTestCase {
    func assertError(
        _ source: String, at offset: Int, _ message: String, maxLength: Int = 1000, maxDepth: Int = 64,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let expression = try parseExpression(source, maxLength: maxLength, maxDepth: maxDepth)
            XCTFail("expected an error, parsed \(expression)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.message, message, source, file: file, line: line)
            XCTAssertEqual(error.offset, offset, "\(source): \(error.message)", file: file, line: line)
        }
    }

    // MARK: Structure

    func testVariablesResolve() throws {
        XCTAssertEqual(try parseExpression("overlapping"), .variable(.param(0)))
        XCTAssertEqual(try parseExpression(" t "), .variable(.time))
        XCTAssertEqual(try parseExpression("minY"), .variable(.geometry(.minY)))
        XCTAssertEqual(try parseExpression("w"), .variable(.shapeWidth))
        XCTAssertEqual(try parseExpression("i"), .variable(.local(0)))
        XCTAssertEqual(try parseExpression("pi"), .constant(.pi))
    }

    func testPrecedenceBuildsTheExpectedTree() throws {
        let x = Scene.Expression.variable(.param(2))
        let y = Scene.Expression.variable(.param(3))
        let z = Scene.Expression.variable(.param(4))
        XCTAssertEqual(try parseExpression("x + y * z"), .binary(.add, x, .binary(.multiply, y, z)))
        XCTAssertEqual(try parseExpression("x * y + z"), .binary(.add, .binary(.multiply, x, y), z))
        XCTAssertEqual(try parseExpression("x - y - z"), .binary(.subtract, .binary(.subtract, x, y), z))
        XCTAssertEqual(try parseExpression("x / y % z"), .binary(.remainder, .binary(.divide, x, y), z))
        XCTAssertEqual(try parseExpression("-x * y"), .binary(.multiply, .unary(.negate, x), y))
        XCTAssertEqual(try parseExpression("!x == y"), .binary(.equal, .unary(.not, x), y))
        XCTAssertEqual(try parseExpression("x < y == z"), .binary(.equal, .binary(.less, x, y), z))
        XCTAssertEqual(try parseExpression("x || y && z"), .binary(.or, x, .binary(.and, y, z)))
        XCTAssertEqual(try parseExpression("x == y && z"), .binary(.and, .binary(.equal, x, y), z))
        XCTAssertEqual(try parseExpression("x ? y : z ? x : y"), .conditional(x, y, .conditional(z, x, y)))
        XCTAssertEqual(try parseExpression("x ? y ? z : x : y"), .conditional(x, .conditional(y, z, x), y))
        XCTAssertEqual(try parseExpression("x || y ? z : x"), .conditional(.binary(.or, x, y), z, x))
        XCTAssertEqual(try parseExpression("(x + y) * z"), .binary(.multiply, .binary(.add, x, y), z))
        XCTAssertEqual(try parseExpression("+x"), x)
        XCTAssertEqual(try parseExpression("x - -y"), .binary(.subtract, x, .unary(.negate, y)))
    }

    func testPrecedenceMatchesSwift() throws {
        let (a, b, c) = (3.0, 5.0, 2.0)
        let context = EvaluationContext(params: [a, b, c])
        func value(_ source: String) throws -> Double {
            try ExpressionParser.parse(source, knownNames: ["a", "b", "c"], resolve: { name in
                ["a", "b", "c"].firstIndex(of: name).map { .param($0) }
            }).evaluate(in: context)
        }
        func truth(_ condition: Bool) -> Double { condition ? 1 : 0 }
        XCTAssertEqual(try value("a + b * c"), a + b * c)
        XCTAssertEqual(try value("a * b - c / a"), a * b - c / a)
        XCTAssertEqual(try value("a - b - c"), (a - b) - c)
        XCTAssertEqual(try value("b / a / c"), (b / a) / c)
        XCTAssertEqual(try value("b % a * c"), fmod(b, a) * c)
        XCTAssertEqual(try value("-a % c"), fmod(-a, c))
        XCTAssertEqual(try value("-a * -b"), (-a) * (-b))
        XCTAssertEqual(try value("a < b == 1"), truth((a < b) == true))
        XCTAssertEqual(try value("a + 2 > b"), truth(a + 2 > b))
        XCTAssertEqual(try value("a >= 3 && b <= 4 || c != 2"), truth((a >= 3 && b <= 4) || c != 2))
        XCTAssertEqual(try value("0 || a && 0"), 0)
        XCTAssertEqual(try value("a > 2 ? b : 0 ? 7 : 9"), b)
        XCTAssertEqual(try value("a < 2 ? b : c ? 7 : 9"), 7)
        XCTAssertEqual(try value("!a + 1"), 1)
        XCTAssertEqual(try value("!!b"), 1)
        XCTAssertEqual(try value("!(a - 3)"), 1)
        XCTAssertEqual(try value("(a + b) * c"), (a + b) * c)
        XCTAssertEqual(try value("a*b+c*a-b/c"), a * b + c * a - b / c)
    }

    // MARK: Constant folding

    func testConstantSubExpressionsAreFolded() throws {
        XCTAssertEqual(try parseExpression("1 + 2 * 3"), .constant(7))
        XCTAssertEqual(try parseExpression("max(1, 2) + pi"), .constant(2 + .pi))
        XCTAssertEqual(try parseExpression("-(2)"), .constant(-2))
        XCTAssertEqual(try parseExpression("sin(pi / 2) * 10"), .constant(sin(.pi / 2) * 10))
        XCTAssertEqual(try parseExpression("x * (2 + 3)"), .binary(.multiply, .variable(.param(2)), .constant(5)))
        XCTAssertEqual(
            try parseExpression("min(x, 4 / 2)"), .call(.min, [.variable(.param(2)), .constant(2)]))
        XCTAssertEqual(try parseExpression("1 ? x : y"), .variable(.param(2)))
        XCTAssertEqual(try parseExpression("0 ? x : y"), .variable(.param(3)))
        XCTAssertEqual(try parseExpression("0 && x"), .constant(0))
        XCTAssertEqual(try parseExpression("2 || x"), .constant(1))
        XCTAssertEqual(try parseExpression("1 && x"), .binary(.and, .constant(1), .variable(.param(2))))
        XCTAssertEqual(try parseExpression("7 % -3"), .constant(1))
        XCTAssertEqual(try parseExpression("-7 % 3"), .constant(-1))
        let infinite = try parseExpression("1 / 0")
        XCTAssertEqual(infinite, .constant(.infinity))
        guard case .constant(let nan) = try parseExpression("0 / 0") else { return XCTFail("not folded") }
        XCTAssertTrue(nan.isNaN)
    }

    func testFoldingStillValidatesNames() {
        assertError("0 && bogus", at: 5, "unknown name \"bogus\"")
        assertError("1 ? x : bogus(1)", at: 8, "unknown function \"bogus\"")
    }

    func testIsConstantAndVariables() throws {
        let expression = try parseExpression("x > 0 ? minY * t : clamp(i, w, h)")
        XCTAssertFalse(expression.isConstant)
        XCTAssertEqual(
            expression.variables,
            [.param(2), .geometry(.minY), .time, .local(0), .shapeWidth, .shapeHeight])
        XCTAssertTrue(try parseExpression("2 * pi").isConstant)
        XCTAssertEqual(try parseExpression("2 * pi").variables, [])
        XCTAssertTrue(Scene.Expression.binary(.add, .constant(1), .constant(2)).isConstant)
    }

    func testNumberLiterals() throws {
        XCTAssertEqual(try parseExpression("1.5"), .constant(1.5))
        XCTAssertEqual(try parseExpression(".5"), .constant(0.5))
        XCTAssertEqual(try parseExpression("2."), .constant(2))
        XCTAssertEqual(try parseExpression("1e3"), .constant(1000))
        XCTAssertEqual(try parseExpression("2.5E-1"), .constant(0.25))
        XCTAssertEqual(try parseExpression("1e+2"), .constant(100))
    }

    // MARK: Errors

    func testUnknownNamesAndFunctions() {
        assertError("1 + overlaping", at: 4, "unknown name \"overlaping\" (did you mean \"overlapping\"?)")
        assertError("max(min(miny / 70 * 8, 16), 0)", at: 8, "unknown name \"miny\" (did you mean \"minY\"?)")
        assertError("qqq", at: 0, "unknown name \"qqq\"")
        assertError("2 * sine(t)", at: 4, "unknown function \"sine\" (did you mean \"sin\"?)")
        assertError("smoothStep(0, 1, t)", at: 0, "unknown function \"smoothStep\" (did you mean \"smoothstep\"?)")
        assertError("t(1)", at: 0, "\"t\" is not a function")
        assertError("pi(1)", at: 0, "\"pi\" is not a function")
        assertError("min + 1", at: 0, "min is a function; call it as min(…)")
    }

    func testWrongArity() {
        assertError("2 * min(t)", at: 4, "min expects at least 2 arguments, got 1")
        assertError("max()", at: 0, "max expects at least 2 arguments, got 0")
        assertError("clamp(t, 1)", at: 0, "clamp expects 3 arguments, got 2")
        assertError("abs()", at: 0, "abs expects 1 argument, got 0")
        assertError("sin(t, 1)", at: 0, "sin expects 1 argument, got 2")
        assertError("atan2(t)", at: 0, "atan2 expects 2 arguments, got 1")
        assertError("smoothstep(0, 1)", at: 0, "smoothstep expects 3 arguments, got 2")
        XCTAssertNoThrow(try parseExpression("min(t, x, y, z, 1, 2)"))
    }

    func testSyntaxErrors() {
        assertError("", at: 0, "empty expression")
        assertError("   ", at: 3, "empty expression")
        assertError("1 +", at: 3, "unexpected end of expression")
        assertError("-", at: 1, "unexpected end of expression")
        assertError("(1 + t", at: 6, "expected ')' before the end of the expression")
        assertError("(1 + t 2)", at: 7, "expected ')', found '2'")
        assertError("1 + * 2", at: 4, "unexpected '*'")
        assertError("t 1", at: 2, "unexpected '1' (missing an operator?)")
        assertError("t x", at: 2, "unexpected 'x' (missing an operator?)")
        assertError("2(t)", at: 1, "unexpected '(' (missing an operator?)")
        assertError("t)", at: 1, "unexpected ')' (no '(' to close)")
        assertError(")", at: 0, "unexpected ')'")
        assertError("t ? 1", at: 5, "expected ':' in the conditional, found the end of the expression")
        assertError("t ? 1 , 2", at: 6, "expected ':' in the conditional, found ','")
        assertError("t : 1", at: 2, "unexpected ':'")
        assertError("min(1, 2", at: 8, "expected ')' to close the arguments of min before the end of the expression")
        assertError("min(1 2)", at: 6, "expected ',' or ')' in the arguments of min, found '2'")
        assertError("min(1, )", at: 7, "unexpected ')'")
        assertError("t = 1", at: 2, "unexpected '=' (write '==' to compare)")
        assertError("t & 1", at: 2, "unexpected '&' (write '&&')")
        assertError("t | 1", at: 2, "unexpected '|' (write '||')")
        assertError("t # 1", at: 2, "unexpected character '#'")
        assertError("t ^ 2", at: 2, "unexpected character '^'")
        assertError("t + \u{1}", at: 4, "unexpected character U+0001")
        assertError("1e", at: 2, "expected a digit in the exponent")
        assertError("1e+x", at: 3, "expected a digit in the exponent")
        assertError("1e999", at: 0, "number 1e999 is out of range")
    }

    func testOffsetsCountUnicodeScalars() {
        assertError("t + é", at: 4, "unexpected character 'é' (U+00E9)")
        // 'e' followed by a combining acute accent: two scalars, one character.
        assertError("x + e\u{301} + y", at: 5, "unexpected character '\u{301}' (U+0301)")
        assertError("t + \u{1F600}", at: 4, "unexpected character '\u{1F600}' (U+1F600)")
    }

    func testLengthLimit() throws {
        let long = String(repeating: "1+", count: 600) + "1"
        assertError(long, at: 1000, "expression is longer than 1000 characters")
        XCTAssertEqual(try parseExpression(long, maxLength: 1201), .constant(601))
        assertError(long, at: 1200, "expression is longer than 1200 characters", maxLength: 1200)
    }

    func testNestingLimit() throws {
        let nested = { (n: Int) in String(repeating: "(", count: n) + "t" + String(repeating: ")", count: n) }
        XCTAssertEqual(try parseExpression(nested(64)), .variable(.time))
        assertError(nested(65), at: 64, "expression is nested too deeply (more than 64 levels)")
        assertError(nested(5), at: 3, "expression is nested too deeply (more than 3 levels)", maxDepth: 3)
        assertError(String(repeating: "-", count: 65) + "t", at: 64, "expression is nested too deeply (more than 64 levels)")
        assertError(String(repeating: "abs(", count: 65) + "t" + String(repeating: ")", count: 65), at: 256,
                    "expression is nested too deeply (more than 64 levels)")
        assertError(String(repeating: "t ? ", count: 65) + "1" + String(repeating: " : 2", count: 65), at: 258,
                    "expression is nested too deeply (more than 64 levels)")
        // Far deeper input stops at the limit instead of exhausting the stack.
        assertError(String(repeating: "(", count: 100_000), at: 64, "expression is nested too deeply (more than 64 levels)",
                    maxLength: 200_000)
    }

    func testTreeHeightLimit() throws {
        let sum = { (terms: Int) in Array(repeating: "t", count: terms).joined(separator: "+") }
        // A flat sum is a chain, not nesting: 65 terms are fine.
        XCTAssertNoThrow(try parseExpression(sum(65)))
        XCTAssertNoThrow(try parseExpression(sum(256)))
        // The 257th term makes the tree 257 levels tall, at the 256th '+'.
        assertError(sum(257), at: 511, "expression chains too many operations (more than 256 in a row)")
        // Constants fold as they are read, so a long constant sum stays one level tall.
        XCTAssertEqual(try parseExpression(Array(repeating: "1", count: 400).joined(separator: "+")), .constant(400))
    }
}
