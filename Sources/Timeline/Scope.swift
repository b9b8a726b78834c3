import Motion
import Scene

/// The names an expression may use at one place in the timeline.
struct Scope {
    /// Number params by name, with their slot in the parameter vector.
    var params: [String: Int] = [:]
    /// Colour params by name, with the slot of their first (red) component.
    var colorParams: [String: Int] = [:]
    /// Vector params by name: the slot of their first component and their count.
    var vectorParams: [String: (slot: Int, count: Int)] = [:]
    /// The top-level constants, and the items of enclosing `forEach … in` loops, by name.
    var constants: [String: Operand] = [:]
    /// `forEach` variables in scope, by name, with their slot in `EvaluationContext.locals`.
    var locals: [String: Int] = [:]
    /// Slots of `forEach` indices that have no name (a loop over a list without `index`).
    var hiddenLocals = 0
    /// Values of `forEach` variables known while decoding, by slot (for text interpolation).
    var localValues: [Int: Double] = [:]
    /// Inside a path: `w` and `h`, the shape's frame.
    var inPath = false
    /// In an effect (`offset`, `opacity`): the geometry names, the view's frame
    /// before its effects.
    var inEffect = false
    /// The longest expression accepted, in Unicode scalars after the `=`.
    var maxExpressionLength = ExpressionParser.defaultMaxLength
    /// Whether an expression read through this scope, or any copy of it, names `t` or
    /// `frame` (see `ResolvedScene.readsTime`).
    let time = TimeReading()
    /// The param slots that expressions and paints read through this scope or any copy of it.
    let reads = ParamReading()
    /// The derived params of `animation` modifiers, shared by every copy of the scope.
    let transactions = Transactions()

    /// The scope with `name`'s changes taking `animation` (SwiftUI's `.animation(_:value:)`).
    func overriding(_ name: String, with animation: Animation?) -> Scope? {
        guard let source = transactions.sources[name] else { return nil }
        var copy = self
        let slot = transactions.slot(following: source, with: animation)
        switch source.kind {
        case .number: copy.params[name] = slot
        case .vector: copy.vectorParams[name] = (slot, source.count)
        case .color: copy.colorParams[name] = slot
        }
        return copy
    }

    /// Names that params may not take.
    static let reservedNames = Set(["t", "frame", "fps", "duration", "pi", "w", "h"] + GeometryName.allCases.map(\.rawValue))

    var knownNames: [String] {
        var names = Array(params.keys) + Array(locals.keys) + Array(vectorParams.keys) + Array(constants.keys) + ["t", "frame", "fps", "duration"]
        if inPath { names += ["w", "h"] }
        if inEffect { names += GeometryName.allCases.map(\.rawValue) }
        return names
    }

    /// What `name` stands for: a number, or a list or record that expressions index.
    func lookup(_ name: String) -> Operand? {
        if let slot = locals[name] { return .number(.variable(.local(slot))) }
        if let operand = constants[name] { return operand }
        if let v = vectorParams[name] { return .list((0..<v.count).map { .number(.variable(.param(v.slot + $0))) }) }
        return resolve(name).map { .number(.variable($0)) }
    }

    func resolve(_ name: String) -> Variable? {
        if let slot = locals[name] { return .local(slot) }
        if let slot = params[name] { return .param(slot) }
        switch name {
        case "t": return .time
        case "frame": return .frame
        case "fps": return .fps
        case "duration": return .duration
        case "w": return inPath ? .shapeWidth : nil
        case "h": return inPath ? .shapeHeight : nil
        default:
            guard inEffect, let g = GeometryName(rawValue: name) else { return nil }
            return .geometry(g)
        }
    }

    /// A number field: a JSON number, or a string starting with `=` holding an expression.
    ///
    /// An expression whose value is known when loading (it reads no variable)
    /// must be finite: `"=1/0"` is an error here rather than a blank frame later.
    func number(_ node: JSONNode) throws(TimelineError) -> Expression {
        try number(node, allowsInfinity: false)
    }

    private func number(_ node: JSONNode, allowsInfinity: Bool) throws(TimelineError) -> Expression {
        switch node.value {
        case .number(let v):
            return .constant(v)
        case .string(let s) where s.hasPrefix("="):
            let source = String(s.unicodeScalars.dropFirst())
            let length = source.unicodeScalars.count
            guard length <= maxExpressionLength else {
                throw node.error("the expression is \(length) characters long, more than the limit of \(maxExpressionLength) (raise it with --max-expression-length)")
            }
            let expression: Expression
            do {
                expression = try ExpressionParser.parse(source, knownNames: knownNames, lookup: lookup, maxLength: maxExpressionLength)
            } catch {
                throw TimelineError(error.message, path: node.path, location: TimelineLoader.location(in: node, offset: error.offset + 1))
            }
            let variables = expression.variables
            if !time.isRead, !variables.isDisjoint(with: [.time, .frame]) { time.isRead = true }
            for case .param(let slot) in variables { reads.slots.insert(slot) }
            if case .constant(let v) = expression, !v.isFinite, !(allowsInfinity && v == .infinity) {
                let value = v.isNaN ? "NaN" : v < 0 ? "-infinity" : "infinity"
                throw node.error("the expression gives \(value); a number here must be finite")
            }
            return expression
        case .string(let s):
            throw node.error("expected a number or an expression starting with \"=\", found the string \"\(s)\"")
        default:
            throw node.typeMismatch(expected: "a number or an expression")
        }
    }

    /// A value named by an `=`-expression that is only a name and its selections
    /// (`"=accent"`, `"=palette[i]"`, `"=v"`), or nil when the node holds something else.
    func operand(_ node: JSONNode) throws(TimelineError) -> Operand? {
        guard case .string(let s) = node.value, s.hasPrefix("=") else { return nil }
        let source = String(s.unicodeScalars.dropFirst())
        var lexer = ExpressionLexer(Array(source.unicodeScalars))
        guard let first = try? lexer.next(), case .name(let name) = first.kind, lookup(name) != nil else { return nil }
        var parser = ExpressionSyntax(lexer: lexer, knownNames: knownNames, lookup: lookup, maxDepth: ExpressionParser.defaultMaxDepth)
        do {
            try parser.advance()
            let operand = try parser.parseOperand(name, at: first.offset)
            guard parser.token.kind == .end else { return nil }
            if !time.isRead, let e = operand.number, !e.variables.isDisjoint(with: [.time, .frame]) { time.isRead = true }
            return operand
        } catch {
            throw TimelineError(error.message, path: node.path, location: TimelineLoader.location(in: node, offset: error.offset + 1))
        }
    }

    /// A field of two numbers given as `"=v"`, a vector param or constant list of two
    /// numbers; nil when the node is something else.
    func pair(_ node: JSONNode) throws(TimelineError) -> (Expression, Expression)? {
        guard let operand = try operand(node), case .list(let items) = operand else { return nil }
        guard items.count == 2, let x = items[0].number, let y = items[1].number else {
            throw node.error("expected two numbers, found \(operand.description)")
        }
        return (x, y)
    }

    /// The same scope inside an effect, where geometry names are known.
    var effect: Scope {
        var copy = self
        copy.inEffect = true
        return copy
    }

    /// A number field that also accepts `"infinity"`.
    func dimension(_ node: JSONNode) throws(TimelineError) -> Expression {
        if case .string("infinity") = node.value { return .constant(.infinity) }
        return try number(node, allowsInfinity: true)
    }
}

/// A mark shared by every copy of a scope: set when one of them reads an expression
/// that names the time or the frame number.
final class TimeReading {
    var isRead = false
}

/// The param slots read so far, shared by every copy of a scope.
final class ParamReading {
    var slots: Set<Int> = []
}
