// Numeric fields of the timeline format take a number or an `=`-expression.
// This turns either into an `Expression` and moves an expression error from
// its offset in the expression to a line and column in the file.

import Scene

extension JSONNode {
    /// Whether the value is a string starting with `=`, the mark of an expression.
    public var isExpression: Bool {
        if case .string(let text) = value { return text.hasPrefix("=") }
        return false
    }

    /// A numeric field: a JSON number as a constant, or a string `"=…"` parsed
    /// as an expression (see `ExpressionParser.parse`).
    ///
    /// An error inside the expression is reported at its own column: the
    /// string's column plus the offset. The column is exact when the string
    /// literal uses no escape sequences (an expression never needs one).
    public func expression(
        knownNames: [String],
        resolve: (String) -> Variable?,
        maxLength: Int = ExpressionParser.defaultMaxLength,
        maxDepth: Int = ExpressionParser.defaultMaxDepth
    ) throws(TimelineError) -> Expression {
        switch value {
        case .number(let number):
            return .constant(number)
        case .string(let text) where text.hasPrefix("="):
            let source = String(text.unicodeScalars.dropFirst())
            do {
                return try ExpressionParser.parse(
                    source, knownNames: knownNames, resolve: resolve, maxLength: maxLength, maxDepth: maxDepth)
            } catch {
                throw TimelineError(error.message, path: path, location: expressionLocation(offset: error.offset))
            }
        case .string:
            throw error("expected a number or an expression, found a string (an expression starts with \"=\")")
        default:
            throw typeMismatch(expected: "a number or an expression")
        }
    }

    /// The location of the scalar at `offset` in the expression after the
    /// `=`, assuming the string has no escape sequences.
    public func expressionLocation(offset: Int) -> SourceLocation {
        // The opening quote (if any) and the `=` come before the expression's first scalar.
        SourceLocation(line: location.line, column: location.column + openingLength + 1 + offset)
    }
}
