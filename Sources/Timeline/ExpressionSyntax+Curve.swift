import Motion
import Scene

/// Animation curves as functions in expressions.
///
/// `easeInOut(x)`, `easeIn(x)`, `easeOut(x)` and `linear(x)` take a fraction of the
/// curve from 0 to 1 (a timing curve one second long). Any SwiftUI animation followed
/// by an argument in parentheses gives its progress that many seconds after it
/// starts: `spring(response: 0.5, dampingFraction: 0.6)(t - 1)`,
/// `easeOut(duration: 0.6).delay(0.2)(t)`, `bouncy(t)`. Progress is 0 before the
/// start and 1 at the end; springs overshoot in between.
extension ExpressionSyntax {
    static let curveNames: Set<String> = [
        "linear", "easeIn", "easeOut", "easeInOut", "spring", "interactiveSpring", "interpolatingSpring", "smooth", "snappy", "bouncy",
        "timingCurve",
    ]
    static let timingCurveNames: Set<String> = ["linear", "easeIn", "easeOut", "easeInOut"]

    /// A curve call, with the current token at the parenthesis after `name`.
    mutating func parseCurve(_ name: String, at offset: Int) throws(ExpressionError) -> ParsedExpression {
        // Find where the animation's own text ends: after its arguments and any
        // `.delay(…)`-style modifiers, if another parenthesis follows.
        var scan = lexer
        var next = token
        func skipParentheses() throws(ExpressionError) -> Int {
            var level = 0
            repeat {
                switch next.kind {
                case .symbol("("): level += 1
                case .symbol(")"): level -= 1
                case .end: throw ExpressionError("expected ')' to close the arguments of \(name) before the end of the expression", offset: next.offset)
                default: break
                }
                let end = next.offset + next.text.unicodeScalars.count
                next = try scan.next()
                if level == 0 { return end }
            } while true
        }
        var end = try skipParentheses()
        while next.kind == .symbol(".") {
            next = try scan.next()
            guard case .name = next.kind else { break }
            next = try scan.next()
            guard next.kind == .symbol("(") else { break }
            end = try skipParentheses()
        }
        let source: String
        if next.kind == .symbol("(") {
            source = String(String.UnicodeScalarView(lexer.scalars[offset..<end]))
            lexer = scan
            token = next
        } else {
            // `name(x)`: the argument is the current parenthesis.
            var peek = lexer
            if case .name = try peek.next().kind, try peek.next().kind == .symbol(":") {
                throw ExpressionError(
                    "an animation as a function takes the time after its own arguments, as \(name)(…)(t)", offset: end)
            }
            source = Self.timingCurveNames.contains(name) ? "\(name)(duration: 1)" : name
        }
        let animation: Animation
        do {
            animation = try Animation(parsing: source)
        } catch {
            throw ExpressionError(error.message, offset: source.hasPrefix(name + "(duration: 1)") ? offset : offset + error.offset)
        }
        try descend(at: offset)
        try advance()
        let argument = try parseConditional()
        guard isSymbol(")") else { throw ExpressionError(expectedClosing(), offset: token.offset) }
        try advance()
        depth -= 1
        let curve = Curve(animation.description) { animation.progress(at: $0) }
        if let x = argument.constantValue { return .constant(curve.progress(x)) }
        return try node(.curve(curve, argument.expression), over: [argument], at: offset)
    }
}
