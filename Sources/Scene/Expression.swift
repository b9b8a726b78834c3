/// A numeric expression of the timeline format, resolved: names are already
/// bound to variables, so evaluating it needs no lookup by name.
///
/// The language is a small C-like one over `Double`: booleans are 1 and 0,
/// any value other than 0 is true. Its text form (`"=max(minY / 70 * 8, 0)"`) is
/// parsed by the Timeline module; the renderer evaluates the result every frame
/// with `evaluate(in:)`.
///
/// Files that also import Foundation must write `Scene.Expression`, because
/// Foundation declares a generic `Expression` of its own.
public indirect enum Expression: Sendable, Equatable {
    /// A number.
    case constant(Double)
    /// The current value of a variable.
    case variable(Variable)
    /// A prefix operator applied to its operand.
    case unary(UnaryOperator, Expression)
    /// An infix operator applied to its two operands, left first.
    case binary(BinaryOperator, Expression, Expression)
    /// `condition ? whenTrue : whenFalse`; only the chosen branch is evaluated.
    case conditional(Expression, Expression, Expression)
    /// A built-in function applied to its arguments; the argument count is
    /// within `function.arity` when built by the parser.
    case call(Function, [Expression])
}

/// A name an expression can read, bound to where its value lives.
public enum Variable: Hashable, Sendable {
    /// An animatable parameter: an index into `EvaluationContext.params`.
    case param(Int)
    /// `t`: the time of the frame, in seconds from 0.
    case time
    /// `frame`: the frame number, from 0.
    case frame
    /// `fps`: frames per second.
    case fps
    /// `duration`: the animation's duration, in seconds.
    case duration
    /// The variable of an enclosing `forEach`: an index into
    /// `EvaluationContext.locals`, innermost loop last.
    case local(Int)
    /// `w` inside a path: the width of the shape's frame, in points.
    case shapeWidth
    /// `h` inside a path: the height of the shape's frame, in points.
    case shapeHeight
    /// The node's own frame before its effects, in points, measured in the
    /// nearest enclosing scroll view or named coordinate space.
    case geometry(GeometryName)
}

/// The names of a view's geometry, as SwiftUI's `CGRect` accessors spell them.
public enum GeometryName: String, CaseIterable, Sendable {
    /// The left edge.
    case minX
    /// The top edge.
    case minY
    /// The horizontal centre.
    case midX
    /// The vertical centre.
    case midY
    /// The right edge.
    case maxX
    /// The bottom edge.
    case maxY
    /// The width, never negative.
    case width
    /// The height, never negative.
    case height
}

/// The prefix operators.
public enum UnaryOperator: String, CaseIterable, Sendable {
    /// `-x`.
    case negate = "-"
    /// `!x`: 1 when `x` is 0, otherwise 0.
    case not = "!"
}

/// The infix operators, with C's precedence.
public enum BinaryOperator: String, CaseIterable, Sendable {
    /// `a + b`.
    case add = "+"
    /// `a - b`.
    case subtract = "-"
    /// `a * b`.
    case multiply = "*"
    /// `a / b`, with IEEE results for a zero divisor (±∞ or NaN).
    case divide = "/"
    /// Truncating remainder, like C's `fmod`: the result has the sign of the
    /// dividend; `x % 0` is NaN.
    case remainder = "%"
    /// `a < b`: 1 or 0.
    case less = "<"
    /// `a <= b`: 1 or 0.
    case lessOrEqual = "<="
    /// `a > b`: 1 or 0.
    case greater = ">"
    /// `a >= b`: 1 or 0.
    case greaterOrEqual = ">="
    /// `a == b`: 1 or 0, exact comparison.
    case equal = "=="
    /// `a != b`: 1 or 0, exact comparison.
    case notEqual = "!="
    /// `a && b`: 1 when both are non-zero; `b` is evaluated only when `a` is non-zero.
    case and = "&&"
    /// `a || b`: 1 when either is non-zero; `b` is evaluated only when `a` is 0.
    case or = "||"

    /// How tightly the operator binds, as in C: higher binds tighter.
    /// `||` is 1, `&&` 2, `== !=` 3, `< <= > >=` 4, `+ -` 5, `* / %` 6.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}

/// The built-in functions. Angles are in radians.
public enum Function: String, CaseIterable, Sendable {
    /// The smallest of two or more arguments.
    case min
    /// The largest of two or more arguments.
    case max
    /// `clamp(x, lo, hi)` = `min(max(x, lo), hi)`; `hi` wins when `lo > hi`.
    case clamp
    /// The absolute value.
    case abs
    /// Square root; NaN for a negative argument.
    case sqrt
    /// `pow(x, y)` = xʸ, as C's `pow`.
    case pow
    /// eˣ.
    case exp
    /// The natural logarithm; -∞ at 0, NaN below.
    case log
    /// The sine of an angle in radians.
    case sin
    /// The cosine of an angle in radians.
    case cos
    /// The tangent of an angle in radians.
    case tan
    /// `atan2(y, x)`: the angle of the point (x, y), in -π...π.
    case atan2
    /// The largest whole number not above the argument.
    case floor
    /// The smallest whole number not below the argument.
    case ceil
    /// Rounds half away from zero (`round(2.5)` = 3, `round(-2.5)` = -3).
    case round
    /// `mix(a, b, t)` = a + (b − a)·t, not clamped.
    case mix
    /// `step(edge, x)` = 0 when x < edge, otherwise 1.
    case step
    /// `smoothstep(e0, e1, x)` as GLSL: 0 below `e0`, 1 above `e1`, and the
    /// Hermite curve 3u² − 2u³ between. When `e0 == e1` it is `step(e0, x)`;
    /// when `e0 > e1` the curve is mirrored.
    case smoothstep
    /// `list[index]`: the argument after the index at `floor(index)` (argument 0
    /// is the index, the list follows); NaN when it is out of range. Built by
    /// the parser for indexing; its name is not an identifier, so it cannot be called.
    case element = "[]"

    /// The number of arguments the function takes; `min` and `max` take two or more.
    public var arity: ClosedRange<Int> {
        switch self {
        case .min, .max, .element: 2...Int.max
        case .abs, .sqrt, .exp, .log, .sin, .cos, .tan, .floor, .ceil, .round: 1...1
        case .pow, .atan2, .step: 2...2
        case .clamp, .mix, .smoothstep: 3...3
        }
    }
}
