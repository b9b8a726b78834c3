// Parses the expression language of timeline-format.md ("Numbers and
// expressions") into a resolved `Expression`.
//
// Grammar, loosest first, with C's precedence and associativity:
//   conditional := binary ('?' conditional ':' conditional)?      right-assoc
//   binary      := unary (op binary)*     by precedence climbing over
//                  || && (== !=) (< <= > >=) (+ -) (* / %)       left-assoc
//   unary       := ('-' | '+' | '!') unary | primary
//   primary     := number | 'pi' | operand | function '(' args ')' | 'count' '(' operand ')'
//                  | '(' conditional ')'
//   operand     := name ('[' conditional ']' | '.' name)*
// A name stands for an `Operand` (a number, a list or a record); postfix
// indexing and fields select inside it, and it must end as a number.
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
        try parse(source, knownNames: knownNames, lookup: { name in resolve(name).map { .number(.variable($0)) } }, maxLength: maxLength, maxDepth: maxDepth)
    }

    /// Parses an expression whose names may stand for lists and records (see
    /// `Operand`): `heights[i]`, `bars[i].height`, `v[1]`, `count(heights)`.
    /// `resolve`'s contract is `lookup`'s, for names of any shape.
    static func parse(
        _ source: String,
        knownNames: [String],
        lookup: (String) -> Operand?,
        maxLength: Int = defaultMaxLength,
        maxDepth: Int = defaultMaxDepth
    ) throws(ExpressionError) -> Expression {
        let scalars = try scalars(source, maxLength: maxLength)
        let result = withoutActuallyEscaping(lookup) { lookup -> Result<Expression, ExpressionError> in
            var parser = ExpressionSyntax(lexer: ExpressionLexer(scalars), knownNames: knownNames, lookup: lookup, maxDepth: maxDepth)
            do throws(ExpressionError) {
                return .success(try parser.parseSource())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a text interpolation's expression, which may also give a string
    /// (`labels[i]`), followed by options after a comma (`score, decimals: 1`).
    static func parseInterpolation(
        _ source: String,
        knownNames: [String],
        lookup: (String) -> Operand?,
        maxLength: Int = defaultMaxLength
    ) throws(ExpressionError) -> (value: TextValue, options: [(name: String, value: Double, offset: Int)]) {
        let scalars = try scalars(source, maxLength: maxLength)
        let result = withoutActuallyEscaping(lookup) { lookup -> Result<(TextValue, [(String, Double, Int)]), ExpressionError> in
            var parser = ExpressionSyntax(lexer: ExpressionLexer(scalars), knownNames: knownNames, lookup: lookup, maxDepth: defaultMaxDepth)
            do throws(ExpressionError) {
                return .success(try parser.parseInterpolation())
            } catch {
                return .failure(error)
            }
        }
        let (value, options) = try result.get()
        return (value, options.map { (name: $0.0, value: $0.1, offset: $0.2) })
    }

    static func scalars(_ source: String, maxLength: Int) throws(ExpressionError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for scalar in source.unicodeScalars {
            guard scalars.count < maxLength else {
                throw ExpressionError("expression is longer than \(maxLength) characters", offset: maxLength)
            }
            scalars.append(scalar)
        }
        return scalars
    }
}

/// What a text interpolation gives: a number, or a string chosen by an index.
enum TextValue {
    case number(Expression)
    case string(index: Expression, choices: [String])
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
    let lookup: (String) -> Operand?
    let maxDepth: Int
    var token = ExpressionToken(kind: .end, text: "", offset: 0)
    var depth = 0

    init(lexer: ExpressionLexer, knownNames: [String], lookup: @escaping (String) -> Operand?, maxDepth: Int) {
        self.lexer = lexer
        self.knownNames = knownNames
        self.lookup = lookup
        self.maxDepth = maxDepth
    }

    /// `expression (',' name ':' number)*` for a text interpolation.
    mutating func parseInterpolation() throws(ExpressionError) -> (TextValue, [(String, Double, Int)]) {
        try advance()
        if token.kind == .end {
            throw ExpressionError("empty expression", offset: token.offset)
        }
        var value: TextValue
        // A string can only be a whole operand, so try one first when the text starts with a name.
        if case .name(let name) = token.kind, name != "pi", Function(rawValue: name) == nil, name != "count" {
            let saved = (lexer, token)
            let start = token.offset
            try advance()
            if isSymbol("(") {
                (lexer, token) = saved
                value = .number(try parseConditional().expression)
            } else {
                let operand = try parseOperand(name, at: start)
                if let s = operand.string, token.kind == .end || isSymbol(",") {
                    value = .string(index: s.index, choices: s.choices)
                } else {
                    (lexer, token) = saved
                    value = .number(try parseConditional().expression)
                }
            }
        } else {
            value = .number(try parseConditional().expression)
        }
        var options: [(String, Double, Int)] = []
        while isSymbol(",") {
            try advance()
            guard case .name(let option) = token.kind else {
                throw ExpressionError("expected an option name such as 'decimals', found \(token.quotedForMessage)", offset: token.offset)
            }
            let offset = token.offset
            try advance()
            guard isSymbol(":") else { throw ExpressionError("expected ':' after \(quoted(option))", offset: token.offset) }
            try advance()
            let argument = try parseConditional()
            guard let v = argument.constantValue else {
                throw ExpressionError("the value of \(quoted(option)) must be known when the file is loaded", offset: offset)
            }
            options.append((option, v, offset))
        }
        switch token.kind {
        case .end: return (value, options)
        default: throw ExpressionError("unexpected \(token.quotedForMessage)", offset: token.offset)
        }
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
            if name == "pi" { return .constant(.pi) }
            let operand = try parseOperand(name, at: start.offset)
            guard let expression = operand.number else {
                let hint: String
                switch operand {
                case .list: hint = "; index it, as \(name)[0]"
                case .record: hint = "; read a field, as \(name).field"
                default: hint = ""
                }
                throw ExpressionError("\(quoted(name)) is \(operand.description), not a number\(hint)", offset: start.offset)
            }
            let height = Self.height(of: expression)
            if height > maxDepth {
                throw ExpressionError("expression is nested too deeply (more than \(maxDepth) levels)", offset: start.offset)
            }
            return ParsedExpression(expression: expression, height: height)
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

    /// A name and its postfix `[index]` and `.field` selections, with the current token after the name.
    mutating func parseOperand(_ name: String, at offset: Int) throws(ExpressionError) -> Operand {
        guard var operand = lookup(name) else {
            if Function(rawValue: name) != nil || name == "count" {
                throw ExpressionError("\(name) is a function; call it as \(name)(…)", offset: offset)
            }
            throw ExpressionError("unknown name \(quoted(name))" + didYouMean(name, among: knownNames + ["pi"]), offset: offset)
        }
        while true {
            if isSymbol("[") {
                let open = token.offset
                try descend()
                try advance()
                let index = try parseConditional()
                guard isSymbol("]") else {
                    throw ExpressionError(token.kind == .end ? "expected ']' before the end of the expression" : "expected ']', found \(token.quotedForMessage)", offset: token.offset)
                }
                try advance()
                depth -= 1
                switch operand.indexed(by: index.expression) {
                case .success(let o): operand = o
                case .failure(let f): throw ExpressionError(f.message, offset: open)
                }
            } else if isSymbol(".") {
                let dot = token.offset
                try advance()
                guard case .name(let field) = token.kind else {
                    throw ExpressionError("expected a field name after '.', found \(token.quotedForMessage)", offset: token.offset)
                }
                guard let o = operand.field(field) else {
                    var message = "\(operand.description) has no field \(quoted(field))"
                    if case .record(let fields) = operand { message += didYouMean(field, among: Array(fields.keys)) }
                    if case .element(let items, _) = operand, case .record(let fields)? = items.first { message += didYouMean(field, among: Array(fields.keys)) }
                    throw ExpressionError(message, offset: dot + 1)
                }
                try advance()
                operand = o
            } else {
                return operand
            }
        }
    }

    /// The height of a tree built from an operand.
    static func height(of expression: Expression) -> Int {
        switch expression {
        case .constant, .variable: 1
        case .unary(_, let a): height(of: a) + 1
        case .binary(_, let a, let b): max(height(of: a), height(of: b)) + 1
        case .conditional(let a, let b, let c): max(height(of: a), height(of: b), height(of: c)) + 1
        case .call(_, let arguments): (arguments.map(height(of:)).max() ?? 0) + 1
        }
    }

    /// `name(arguments)`, with the current token at the opening parenthesis.
    mutating func parseCall(_ name: String, at offset: Int) throws(ExpressionError) -> ParsedExpression {
        if name == "count", lookup(name) == nil {
            try advance()
            guard case .name(let listName) = token.kind else {
                throw ExpressionError("count takes the name of a list, such as count(heights)", offset: token.offset)
            }
            let listOffset = token.offset
            try advance()
            let operand = try parseOperand(listName, at: listOffset)
            guard let n = operand.count else {
                throw ExpressionError("count takes a list; \(quoted(listName)) is \(operand.description)", offset: listOffset)
            }
            guard isSymbol(")") else { throw ExpressionError(expectedClosing(), offset: token.offset) }
            try advance()
            return .constant(Double(n))
        }
        guard let function = Function(rawValue: name) else {
            if name == "pi" || lookup(name) != nil {
                throw ExpressionError("\(quoted(name)) is not a function", offset: offset)
            }
            let functions = Function.allCases.filter { $0 != .element }.map(\.rawValue) + ["count"]
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
