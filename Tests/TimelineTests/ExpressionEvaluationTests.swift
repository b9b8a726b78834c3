import Foundation
import Scene
import XCTest
@testable import Timeline

final class ExpressionEvaluationTests: XCTestCase {
    /// Equal as values, or both NaN.
    func assertSame(_ actual: Double, _ expected: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        if expected.isNaN {
            XCTAssertTrue(actual.isNaN, "\(message): \(actual) is not NaN", file: file, line: line)
        } else {
            XCTAssertEqual(actual, expected, message, file: file, line: line)
        }
    }

    /// Random arguments that include the edge values every function must survive.
    func sampleArguments(_ generator: inout SeededGenerator) -> Double {
        let edges: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 2.5, -2.5, .pi, 1e-300, 1e300, .infinity, -.infinity, .nan]
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return edges.randomElement(using: &generator)!
        case 1: return Double.random(in: -10...10, using: &generator)
        case 2: return Double.random(in: -1000...1000, using: &generator).rounded() / 4
        default: return Double.random(in: -1...1, using: &generator)
        }
    }

    func testEveryFunctionMatchesSwiftMath() throws {
        func smoothstepReference(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
            if e0 == e1 { return x < e0 ? 0 : 1 }
            let u = Swift.min(Swift.max((x - e0) / (e1 - e0), 0), 1)
            return u * u * (3 - 2 * u)
        }
        func minimum(_ values: Double...) -> Double {
            values.contains(where: \.isNaN) ? .nan : values.min()!
        }
        func maximum(_ values: Double...) -> Double {
            values.contains(where: \.isNaN) ? .nan : values.max()!
        }
        let cases: [(String, (Double, Double, Double) -> Double)] = [
            ("min(x, y)", { x, y, _ in minimum(x, y) }),
            ("min(x, y, z)", { x, y, z in minimum(x, y, z) }),
            ("max(x, y)", { x, y, _ in maximum(x, y) }),
            ("max(z, x, y)", { x, y, z in maximum(z, x, y) }),
            ("clamp(x, y, z)", { x, y, z in x.isNaN || y.isNaN || z.isNaN ? .nan : Swift.min(Swift.max(x, y), z) }),
            ("abs(x)", { x, _, _ in Swift.abs(x) }),
            ("sqrt(x)", { x, _, _ in x.squareRoot() }),
            ("pow(x, y)", { x, y, _ in Foundation.pow(x, y) }),
            ("exp(x)", { x, _, _ in Foundation.exp(x) }),
            ("log(x)", { x, _, _ in Foundation.log(x) }),
            ("sin(x)", { x, _, _ in Foundation.sin(x) }),
            ("cos(x)", { x, _, _ in Foundation.cos(x) }),
            ("tan(x)", { x, _, _ in Foundation.tan(x) }),
            ("atan2(y, x)", { x, y, _ in Foundation.atan2(y, x) }),
            ("floor(x)", { x, _, _ in Foundation.floor(x) }),
            ("ceil(x)", { x, _, _ in Foundation.ceil(x) }),
            ("round(x)", { x, _, _ in Foundation.round(x) }),
            ("mix(x, y, z)", { x, y, z in x + (y - x) * z }),
            ("step(x, y)", { x, y, _ in y < x ? 0 : 1 }),
            ("smoothstep(x, y, z)", { x, y, z in smoothstepReference(x, y, z) }),
        ]
        var generator = SeededGenerator(seed: 0x5EED_F00D)
        for (source, reference) in cases {
            let expression = try parseExpression(source)
            guard case .call = expression else { return XCTFail("\(source) was not parsed as a call") }
            for _ in 0..<300 {
                let (x, y, z) = (sampleArguments(&generator), sampleArguments(&generator), sampleArguments(&generator))
                let context = EvaluationContext(params: [0, 0, x, y, z])
                assertSame(expression.evaluate(in: context), reference(x, y, z), "\(source) with x=\(x) y=\(y) z=\(z)")
            }
        }
    }

    func testFunctionsAtKnownPoints() throws {
        func value(_ source: String) throws -> Double { try parseExpression(source).evaluate(in: EvaluationContext()) }
        XCTAssertEqual(try value("round(2.5)"), 3)
        XCTAssertEqual(try value("round(-2.5)"), -3)
        XCTAssertEqual(try value("clamp(5, 0, 1)"), 1)
        XCTAssertEqual(try value("clamp(-5, 0, 1)"), 0)
        XCTAssertEqual(try value("mix(10, 20, 0.25)"), 12.5)
        XCTAssertEqual(try value("step(0.5, 0.5)"), 1)
        XCTAssertEqual(try value("step(0.5, 0.4)"), 0)
        XCTAssertEqual(try value("smoothstep(0, 1, 0.5)"), 0.5)
        XCTAssertEqual(try value("smoothstep(0, 1, -1)"), 0)
        XCTAssertEqual(try value("smoothstep(0, 1, 2)"), 1)
        XCTAssertEqual(try value("smoothstep(2, 2, 2)"), 1)
        XCTAssertEqual(try value("smoothstep(2, 2, 1.9)"), 0)
        XCTAssertEqual(try value("atan2(1, 0)"), .pi / 2)
        XCTAssertEqual(try value("5.5 % 2"), 1.5)
        XCTAssertEqual(try value("-5.5 % 2"), -1.5)
        XCTAssertEqual(try value("1 / 0"), .infinity)
        XCTAssertEqual(try value("-1 / 0"), -.infinity)
        XCTAssertTrue(try value("5 % 0").isNaN)
        XCTAssertTrue(try value("sqrt(-1)").isNaN)
        XCTAssertEqual(try value("log(0)"), -.infinity)
    }

    func testVariablesReadTheContext() throws {
        let context = EvaluationContext(
            params: [0.25, 7], time: 1.5, frame: 45, fps: 30, duration: 4, locals: [3, 9],
            shapeWidth: 100, shapeHeight: 60, geometry: (minX: 10, minY: 20, width: 30, height: 40))
        let cases: [(Variable, Double)] = [
            (.param(0), 0.25), (.param(1), 7), (.time, 1.5), (.frame, 45), (.fps, 30), (.duration, 4),
            (.local(0), 3), (.local(1), 9), (.shapeWidth, 100), (.shapeHeight, 60),
            (.geometry(.minX), 10), (.geometry(.minY), 20), (.geometry(.midX), 25), (.geometry(.midY), 40),
            (.geometry(.maxX), 40), (.geometry(.maxY), 60), (.geometry(.width), 30), (.geometry(.height), 40),
        ]
        for (variable, expected) in cases {
            XCTAssertEqual(Scene.Expression.variable(variable).evaluate(in: context), expected, "\(variable)")
        }
        XCTAssertTrue(Scene.Expression.variable(.param(2)).evaluate(in: context).isNaN)
        XCTAssertTrue(Scene.Expression.variable(.local(-1)).evaluate(in: context).isNaN)
        let expression = try parseExpression("max(min(minY / 70 * 8, 16), 0) + overlapping * t")
        XCTAssertEqual(expression.evaluate(in: context), max(min(20.0 / 70 * 8, 16), 0) + 0.25 * 1.5)
    }

    func testLogicalOperatorsGiveOneOrZero() throws {
        let and = try parseExpression("x && y")
        let or = try parseExpression("x || y")
        let not = try parseExpression("!x")
        let values: [Double] = [0, -0.0, 1, -3, 0.5, .nan, .infinity]
        for x in values {
            for y in values {
                let context = EvaluationContext(params: [0, 0, x, y])
                XCTAssertEqual(and.evaluate(in: context), x != 0 && y != 0 ? 1 : 0, "\(x) && \(y)")
                XCTAssertEqual(or.evaluate(in: context), x != 0 || y != 0 ? 1 : 0, "\(x) || \(y)")
            }
            XCTAssertEqual(not.evaluate(in: EvaluationContext(params: [0, 0, x])), x == 0 ? 1 : 0, "!\(x)")
        }
    }

    func testUnusedOperandDoesNotDecideTheResult() throws {
        // The unused operand reads a parameter the context lacks (NaN, which
        // is truthy); the language is pure, so what short-circuiting guarantees
        // is that such an operand never changes the result.
        let missing = Scene.Expression.variable(.param(99))
        let zero = Scene.Expression.variable(.param(0))
        let one = Scene.Expression.variable(.param(1))
        let context = EvaluationContext(params: [0, 1])
        XCTAssertEqual(Scene.Expression.binary(.and, zero, missing).evaluate(in: context), 0)
        XCTAssertEqual(Scene.Expression.binary(.or, one, missing).evaluate(in: context), 1)
        XCTAssertEqual(Scene.Expression.binary(.and, one, missing).evaluate(in: context), 1)
        XCTAssertEqual(Scene.Expression.conditional(one, zero, missing).evaluate(in: context), 0)
        XCTAssertTrue(Scene.Expression.conditional(zero, zero, missing).evaluate(in: context).isNaN)
        // A constant left operand decides the result at parse time.
        XCTAssertEqual(try parseExpression("0 && t / 0"), .constant(0))
        XCTAssertEqual(try parseExpression("1 || sqrt(-t)"), .constant(1))
    }

    func testComparisons() throws {
        var generator = SeededGenerator(seed: 42)
        let operators: [(String, (Double, Double) -> Bool)] = [
            ("<", { $0 < $1 }), ("<=", { $0 <= $1 }), (">", { $0 > $1 }), (">=", { $0 >= $1 }),
            ("==", { $0 == $1 }), ("!=", { $0 != $1 }),
        ]
        for (symbol, reference) in operators {
            let expression = try parseExpression("x \(symbol) y")
            for _ in 0..<200 {
                let x = Double(Int.random(in: -3...3, using: &generator))
                let y = Double(Int.random(in: -3...3, using: &generator))
                XCTAssertEqual(expression.evaluate(in: EvaluationContext(params: [0, 0, x, y])), reference(x, y) ? 1 : 0)
            }
        }
    }

    func testFunctionArityTable() {
        XCTAssertEqual(Function.min.arity.lowerBound, 2)
        XCTAssertEqual(Function.clamp.arity, 3...3)
        let documented = "min max clamp abs sqrt pow exp log sin cos tan atan2 floor ceil round mix step smoothstep"
        XCTAssertEqual(Function.allCases.filter { $0 != .element }.map(\.rawValue), documented.split(separator: " ").map(String.init))
        // A hand-built call with a wrong argument count reads as NaN instead of trapping.
        XCTAssertTrue(Scene.Expression.call(.clamp, [.constant(1)]).evaluate(in: EvaluationContext()).isNaN)
        XCTAssertTrue(Scene.Expression.call(.min, []).evaluate(in: EvaluationContext()).isNaN)
    }
}
