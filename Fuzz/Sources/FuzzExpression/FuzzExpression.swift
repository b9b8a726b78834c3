// Fuzzes the expression parser and evaluator: any text must parse or throw an
// error whose offset lies within the text, and evaluating what parses never traps.

import FuzzDriver
import Scene
import Timeline

private let names = ["x", "y", "overlapping", "t", "frame", "fps", "duration", "w", "h"]

private func resolve(_ name: String) -> Variable? {
    switch name {
    case "x": .param(0)
    case "y": .param(1)
    case "overlapping": .param(2)
    case "t": .time
    case "frame": .frame
    case "fps": .fps
    case "duration": .duration
    case "w": .shapeWidth
    case "h": .shapeHeight
    default: nil
    }
}

@main
enum FuzzExpression {
    static func main() {
        runFuzzer { data, size in
            test(fuzzInput(data, size))
            return 0
        }
    }
}

func test(_ bytes: [UInt8]) {
    let source = String(decoding: bytes, as: UTF8.self)
    do {
        let expression = try ExpressionParser.parse(source, knownNames: names, resolve: resolve)
        var context = EvaluationContext()
        context.params = [0.5, -3, 1e300]
        for time in [0.0, 0.5, 1e9] {
            context.time = time
            context.frame = time * 30
            _ = expression.evaluate(in: context)
        }
    } catch {
        precondition(!error.message.isEmpty)
        precondition(error.offset >= 0 && error.offset <= source.unicodeScalars.count)
    }
}
