// Parses the expression language of timeline-format.md ("Numbers and
// expressions") into a resolved `Expression`.
//
// Grammar, loosest first, with C's precedence and associativity:
//   conditional := binary ('?' conditional ':' conditional)?      right-assoc
//   binary      := unary (op binary)*     by precedence climbing over
//                  || && (== !=) (< <= > >=) (+ -) (* / %)       left-assoc
//   unary       := ('-' | '+' | '!') unary | primary
//   primary     := number | 'pi' | name | function '(' args ')' | '(' conditional ')'
// Names are bound while parsing (through `resolve`), so the result never sees
// text again. Every node whose operands are all constants is folded into a
// constant as soon as it is built, as are `c ? a : b` with a constant `c`,
// `0 && x` and `1 || x`.
// Safety: the source is limited to `maxLength` scalars before anything else,
// and two depths are limited to `maxDepth`: the nesting of parentheses, calls,
// unary operators and conditionals (which bounds the parser's recursion), and
// the height of the resulting tree (which bounds the evaluator's recursion).

import Scene

/// Parses `=`-expressions into resolved `Expression` trees.
public enum ExpressionParser {
    /// The default limit on an expression's length, in Unicode scalars.
    public static let defaultMaxLength = 1000
    /// The default limit on nesting and on the height of the tree.
    public static let defaultMaxDepth = 64

    /// Parses an expression.
    ///
    /// - Parameters:
    ///   - source: the text after the leading `=`.
    ///   - knownNames: every name `resolve` accepts, for "did you mean" suggestions.
    ///   - resolve: the variable a name stands for, or `nil` when the name is
    ///     unknown. `pi` is always the constant π and is not passed to it.
    ///   - maxLength: the longest source accepted, in Unicode scalars. Default 1000.
    ///   - maxDepth: the deepest nesting (parentheses, calls, unary operators,
    ///     conditionals) and the tallest tree accepted. Default 64.
    /// - Returns: the expression, with constant sub-expressions folded.
    /// - Throws: an `ExpressionError` at the first problem: an unknown name or
    ///   function (with a suggestion when one is close), a wrong number of
    ///   arguments, a syntax error, a number out of range, a source too long
    ///   or nested too deeply.
    public static func parse(
        _ source: String,
        knownNames: [String],
        resolve: (String) -> Variable?,
        maxLength: Int = defaultMaxLength,
        maxDepth: Int = defaultMaxDepth
    ) throws(ExpressionError) -> Expression {
        var scalars: [Unicode.Scalar] = []
        for scalar in source.unicodeScalars {
            guard scalars.count < maxLength else {
                throw ExpressionError("expression is longer than \(maxLength) characters", offset: maxLength)
            }
            scalars.append(scalar)
        }
        let result = withoutActuallyEscaping(resolve) { resolve -> Result<Expression, ExpressionError> in
            var parser = ExpressionSyntax(
                lexer: ExpressionLexer(scalars), knownNames: knownNames, resolve: resolve, maxDepth: maxDepth)
            do throws(ExpressionError) {
                return .success(try parser.parseSource())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A parsed sub-expression with the height of its tree.
struct ParsedExpression {
    var expression: Expression
    var height: Int

    static func constant(_ value: Double) -> ParsedExpression {
        ParsedExpression(expression: .constant(value), height: 1)
    }

    var constantValue: Double? {
        if case .constant(let value) = expression { return value }
        return nil
    }
}

/// The recursive-descent parser's state.
struct ExpressionSyntax {
    var lexer: ExpressionLexer
    let knownNames: [String]
    let resolve: (String) -> Variable?
    let maxDepth: Int
    var token = ExpressionToken(kind: .end, text: "", offset: 0)
    var depth = 0

    init(lexer: ExpressionLexer, knownNames: [String], resolve: @escaping (String) -> Variable?, maxDepth: Int) {
        self.lexer = lexer
        self.knownNames = knownNames
        self.resolve = resolve
        self.maxDepth = maxDepth
    }

    mutating func parseSource() throws(ExpressionError) -> Expression {
        try advance()
        if token.kind == .end {
            throw ExpressionError("empty expression", offset: token.offset)
        }
        let parsed = try parseConditional()
        switch token.kind {
        case .end:
            return parsed.expression
        case .symbol(")"):
            throw ExpressionError("unexpected ')' (no '(' to close)", offset: token.offset)
        case .number, .name, .symbol("("):
            throw ExpressionError("unexpected \(token.quotedForMessage) (missing an operator?)", offset: token.offset)
        default:
            throw ExpressionError("unexpected \(token.quotedForMessage)", offset: token.offset)
        }
    }

    mutating func advance() throws(ExpressionError) {
        token = try lexer.next()
    }

    func isSymbol(_ symbol: String) -> Bool {
        token.kind == .symbol(symbol)
    }

    /// Enters one level of nesting, or throws at `offset` (by default the
    /// current token) when that is one level too many.
    mutating func descend(at offset: Int? = nil) throws(ExpressionError) {
        depth += 1
        if depth > maxDepth {
            throw ExpressionError("expression is nested too deeply (more than \(maxDepth) levels)", offset: offset ?? token.offset)
        }
    }

    /// A node over `children`, one level taller than the tallest child.
    func node(_ expression: Expression, over children: [ParsedExpression], at offset: Int) throws(ExpressionError) -> ParsedExpression {
        let height = (children.map(\.height).max() ?? 0) + 1
        if height > maxDepth {
            throw ExpressionError("expression is nested too deeply (more than \(maxDepth) levels)", offset: offset)
        }
        return ParsedExpression(expression: expression, height: height)
    }

    // MARK: Grammar

    mutating func parseConditional() throws(ExpressionError) -> ParsedExpression {
        let condition = try parseBinary(minimumPrecedence: 1)
        guard isSymbol("?") else { return condition }
        let questionMark = token.offset
        try descend()
        try advance()
        let whenTrue = try parseConditional()
        guard isSymbol(":") else {
            throw ExpressionError("expected ':' in the conditional, found \(token.quotedForMessage)", offset: token.offset)
        }
        try advance()
        let whenFalse = try parseConditional()
        depth -= 1
        if let value = condition.constantValue {
            return value != 0 ? whenTrue : whenFalse
        }
        return try node(
            .conditional(condition.expression, whenTrue.expression, whenFalse.expression),
            over: [condition, whenTrue, whenFalse], at: questionMark)
    }

    mutating func parseBinary(minimumPrecedence: Int) throws(ExpressionError) -> ParsedExpression {
        var lhs = try parseUnary()
        while case .symbol(let symbol) = token.kind, let op = BinaryOperator(rawValue: symbol), op.precedence >= minimumPrecedence {
            let offset = token.offset
            try advance()
            let rhs = try parseBinary(minimumPrecedence: op.precedence + 1)
            lhs = try combine(op, lhs, rhs, at: offset)
        }
        return lhs
    }

    func combine(_ op: BinaryOperator, _ lhs: ParsedExpression, _ rhs: ParsedExpression, at offset: Int) throws(ExpressionError) -> ParsedExpression {
        if let left = lhs.constantValue {
            if let right = rhs.constantValue {
                return .constant(op.apply(left, right))
            }
            if op == .and, left == 0 { return .constant(0) }
            if op == .or, left != 0 { return .constant(1) }
        }
        return try node(.binary(op, lhs.expression, rhs.expression), over: [lhs, rhs], at: offset)
    }

    mutating func parseUnary() throws(ExpressionError) -> ParsedExpression {
        guard case .symbol(let symbol) = token.kind, symbol == "-" || symbol == "+" || symbol == "!" else {
            return try parsePrimary()
        }
        let offset = token.offset
        try descend()
        try advance()
        let operand = try parseUnary()
        depth -= 1
        if symbol == "+" { return operand }
        let op: UnaryOperator = symbol == "-" ? .negate : .not
        if let value = operand.constantValue {
            return .constant(Expression.unary(op, .constant(value)).evaluate(in: EvaluationContext()))
        }
        return try node(.unary(op, operand.expression), over: [operand], at: offset)
    }

    mutating func parsePrimary() throws(ExpressionError) -> ParsedExpression {
        let start = token
        switch start.kind {
        case .number(let value):
            try advance()
            return .constant(value)
        case .name(let name):
            try advance()
            if isSymbol("(") {
                return try parseCall(name, at: start.offset)
            }
            return try variable(named: name, at: start.offset)
        case .symbol("("):
            try descend()
            try advance()
            let inner = try parseConditional()
            guard isSymbol(")") else {
                throw ExpressionError(expectedClosing(), offset: token.offset)
            }
            try advance()
            depth -= 1
            return inner
        case .end:
            throw ExpressionError("unexpected end of expression", offset: start.offset)
        default:
            throw ExpressionError("unexpected \(start.quotedForMessage)", offset: start.offset)
        }
    }

    func expectedClosing() -> String {
        token.kind == .end ? "expected ')' before the end of the expression" : "expected ')', found \(token.quotedForMessage)"
    }

    func variable(named name: String, at offset: Int) throws(ExpressionError) -> ParsedExpression {
        if name == "pi" { return .constant(.pi) }
        if let variable = resolve(name) {
            return ParsedExpression(expression: .variable(variable), height: 1)
        }
        if Function(rawValue: name) != nil {
            throw ExpressionError("\(name) is a function; call it as \(name)(…)", offset: offset)
        }
        throw ExpressionError("unknown name \(quoted(name))" + didYouMean(name, among: knownNames + ["pi"]), offset: offset)
    }

    /// `name(arguments)`, with the current token at the opening parenthesis.
    mutating func parseCall(_ name: String, at offset: Int) throws(ExpressionError) -> ParsedExpression {
        guard let function = Function(rawValue: name) else {
            if name == "pi" || resolve(name) != nil {
                throw ExpressionError("\(quoted(name)) is not a function", offset: offset)
            }
            let functions = Function.allCases.map(\.rawValue)
            throw ExpressionError("unknown function \(quoted(name))" + didYouMean(name, among: functions), offset: offset)
        }
        try descend(at: offset)
        try advance()
        var arguments: [ParsedExpression] = []
        if !isSymbol(")") {
            while true {
                arguments.append(try parseConditional())
                if isSymbol(",") {
                    try advance()
                    continue
                }
                if isSymbol(")") { break }
                if token.kind == .end {
                    throw ExpressionError("expected ')' to close the arguments of \(name) before the end of the expression", offset: token.offset)
                }
                throw ExpressionError("expected ',' or ')' in the arguments of \(name), found \(token.quotedForMessage)", offset: token.offset)
            }
        }
        try advance()
        depth -= 1
        let arity = function.arity
        guard arity.contains(arguments.count) else {
            throw ExpressionError(Self.arityMessage(name, arity, arguments.count), offset: offset)
        }
        let call = Expression.call(function, arguments.map(\.expression))
        if arguments.allSatisfy({ $0.constantValue != nil }) {
            return .constant(call.evaluate(in: EvaluationContext()))
        }
        return try node(call, over: arguments, at: offset)
    }

    static func arityMessage(_ name: String, _ arity: ClosedRange<Int>, _ count: Int) -> String {
        func arguments(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
        let expected = arity.upperBound == Int.max
            ? "at least \(arguments(arity.lowerBound))"
            : arguments(arity.lowerBound)
        return "\(name) expects \(expected), got \(count)"
    }
}
