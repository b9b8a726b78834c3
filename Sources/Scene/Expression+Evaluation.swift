// Evaluation of resolved expressions, once per node per frame.
//
// A direct recursive walk over the tree: no allocation, no lookup by name,
// no dynamic dispatch. The tree's height is bounded by the parser (its depth
// limit), so the recursion is too. Arithmetic is IEEE 754: a zero divisor,
// `sqrt(-1)` or `log(0)` give ±∞ or NaN rather than trapping, and the caller
// decides what a non-finite result means. A variable whose index is out of
// range of the context's arrays reads as NaN for the same reason.
// Function definitions follow C's <math.h> and, for mix/step/smoothstep, GLSL
// 4.60 §8.3.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's functions under names that the cases of `Function` do not hide.
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func cExp(_ x: Double) -> Double { exp(x) }
private func cLog(_ x: Double) -> Double { log(x) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cTan(_ x: Double) -> Double { tan(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// The values an expression's variables read, for one node in one frame.
public struct EvaluationContext: Sendable {
    /// The current value of every parameter, indexed by `Variable.param`.
    public var params: [Double]
    /// `t`: seconds since the start.
    public var time: Double
    /// `frame`: the frame number, from 0.
    public var frame: Double
    /// `fps`: frames per second.
    public var fps: Double
    /// `duration`: the total duration in seconds.
    public var duration: Double
    /// The variables of the enclosing `forEach` loops, indexed by `Variable.local`.
    public var locals: [Double]
    /// `w`: the width of the current shape's frame, in points.
    public var shapeWidth: Double
    /// `h`: the height of the current shape's frame, in points.
    public var shapeHeight: Double
    /// The node's frame before its effects, in points, in its measuring space.
    /// Width and height are expected to be non-negative.
    public var geometry: (minX: Double, minY: Double, width: Double, height: Double)
    /// Stack layouts already worked out in this frame; nil to work every one out afresh.
    public var layoutMemo: LayoutMemo?
    /// Boolean shape operations' results kept from the frame before; nil to compute each.
    public var shapeOperations: ShapeOperationMemo?

    /// A context; every value defaults to 0 and every array to empty, except
    /// `fps`, which defaults to 30.
    public init(
        params: [Double] = [],
        time: Double = 0,
        frame: Double = 0,
        fps: Double = 30,
        duration: Double = 0,
        locals: [Double] = [],
        shapeWidth: Double = 0,
        shapeHeight: Double = 0,
        geometry: (minX: Double, minY: Double, width: Double, height: Double) = (0, 0, 0, 0)
    ) {
        self.params = params
        self.time = time
        self.frame = frame
        self.fps = fps
        self.duration = duration
        self.locals = locals
        self.shapeWidth = shapeWidth
        self.shapeHeight = shapeHeight
        self.geometry = geometry
    }

    /// The current value of `variable`; NaN when its index is out of range.
    public func value(of variable: Variable) -> Double {
        switch variable {
        case .param(let index): params.indices.contains(index) ? params[index] : .nan
        case .local(let index): locals.indices.contains(index) ? locals[index] : .nan
        case .time: time
        case .frame: frame
        case .fps: fps
        case .duration: duration
        case .shapeWidth: shapeWidth
        case .shapeHeight: shapeHeight
        case .geometry(let name):
            switch name {
            case .minX: geometry.minX
            case .minY: geometry.minY
            case .midX: geometry.minX + geometry.width / 2
            case .midY: geometry.minY + geometry.height / 2
            case .maxX: geometry.minX + geometry.width
            case .maxY: geometry.minY + geometry.height
            case .width: geometry.width
            case .height: geometry.height
            }
        }
    }
}

extension Expression {
    /// The value of the expression with its variables read from `context`.
    ///
    /// Never traps: undefined arithmetic gives ±∞ or NaN, which the caller
    /// must check where only finite values make sense.
    public func evaluate(in context: EvaluationContext) -> Double {
        switch self {
        case .constant(let value):
            return value
        case .variable(let variable):
            return context.value(of: variable)
        case .unary(let op, let operand):
            let value = operand.evaluate(in: context)
            switch op {
            case .negate: return -value
            case .not: return value == 0 ? 1 : 0
            }
        case .binary(.and, let lhs, let rhs):
            return lhs.evaluate(in: context) != 0 && rhs.evaluate(in: context) != 0 ? 1 : 0
        case .binary(.or, let lhs, let rhs):
            return lhs.evaluate(in: context) != 0 || rhs.evaluate(in: context) != 0 ? 1 : 0
        case .binary(let op, let lhs, let rhs):
            return op.apply(lhs.evaluate(in: context), rhs.evaluate(in: context))
        case .conditional(let condition, let whenTrue, let whenFalse):
            return condition.evaluate(in: context) != 0 ? whenTrue.evaluate(in: context) : whenFalse.evaluate(in: context)
        case .call(let function, let arguments):
            return function.apply(arguments, in: context)
        case .curve(let curve, let argument):
            return curve.progress(argument.evaluate(in: context))
        }
    }

    /// Whether the expression reads no variable, so its value never changes.
    public var isConstant: Bool {
        switch self {
        case .constant: true
        case .variable: false
        case .unary(_, let operand): operand.isConstant
        case .binary(_, let lhs, let rhs): lhs.isConstant && rhs.isConstant
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.isConstant && whenTrue.isConstant && whenFalse.isConstant
        case .call(_, let arguments): arguments.allSatisfy(\.isConstant)
        case .curve(_, let argument): argument.isConstant
        }
    }

    /// Every variable the expression reads, in any branch.
    public var variables: Set<Variable> {
        var result = Set<Variable>()
        collectVariables(into: &result)
        return result
    }

    private func collectVariables(into result: inout Set<Variable>) {
        switch self {
        case .constant:
            break
        case .variable(let variable):
            result.insert(variable)
        case .unary(_, let operand):
            operand.collectVariables(into: &result)
        case .binary(_, let lhs, let rhs):
            lhs.collectVariables(into: &result)
            rhs.collectVariables(into: &result)
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.collectVariables(into: &result)
            whenTrue.collectVariables(into: &result)
            whenFalse.collectVariables(into: &result)
        case .call(_, let arguments):
            for argument in arguments {
                argument.collectVariables(into: &result)
            }
        case .curve(_, let argument):
            argument.collectVariables(into: &result)
        }
    }
}

extension BinaryOperator {
    /// The operator applied to two values; `&&` and `||` here do not
    /// short-circuit (both values are already known).
    public func apply(_ lhs: Double, _ rhs: Double) -> Double {
        switch self {
        case .add: lhs + rhs
        case .subtract: lhs - rhs
        case .multiply: lhs * rhs
        case .divide: lhs / rhs
        case .remainder: fmod(lhs, rhs)
        case .less: lhs < rhs ? 1 : 0
        case .lessOrEqual: lhs <= rhs ? 1 : 0
        case .greater: lhs > rhs ? 1 : 0
        case .greaterOrEqual: lhs >= rhs ? 1 : 0
        case .equal: lhs == rhs ? 1 : 0
        case .notEqual: lhs != rhs ? 1 : 0
        case .and: lhs != 0 && rhs != 0 ? 1 : 0
        case .or: lhs != 0 || rhs != 0 ? 1 : 0
        }
    }
}

extension Function {
    /// The function applied to arguments evaluated in `context`.
    ///
    /// An argument count outside `arity` gives NaN (the parser never builds one).
    public func apply(_ arguments: [Expression], in context: EvaluationContext) -> Double {
        guard arity.contains(arguments.count) else { return .nan }
        @inline(__always) func argument(_ index: Int) -> Double {
            arguments[index].evaluate(in: context)
        }
        switch self {
        case .min, .max:
            var result = argument(0)
            for index in 1..<arguments.count {
                let value = argument(index)
                if value.isNaN || result.isNaN {
                    result = .nan
                } else if self == .min ? value < result : value > result {
                    result = value
                }
            }
            return result
        case .clamp:
            let x = argument(0), lo = argument(1), hi = argument(2)
            if x.isNaN || lo.isNaN || hi.isNaN { return .nan }
            return Swift.min(Swift.max(x, lo), hi)
        case .abs: return Swift.abs(argument(0))
        case .sqrt: return argument(0).squareRoot()
        case .pow: return cPow(argument(0), argument(1))
        case .exp: return cExp(argument(0))
        case .log: return cLog(argument(0))
        case .sin: return cSin(argument(0))
        case .cos: return cCos(argument(0))
        case .tan: return cTan(argument(0))
        case .atan2: return cAtan2(argument(0), argument(1))
        case .floor: return argument(0).rounded(.down)
        case .ceil: return argument(0).rounded(.up)
        case .round: return argument(0).rounded(.toNearestOrAwayFromZero)
        case .mix:
            let a = argument(0), b = argument(1), t = argument(2)
            return a + (b - a) * t
        case .step:
            return argument(1) < argument(0) ? 0 : 1
        case .smoothstep:
            let edge0 = argument(0), edge1 = argument(1), x = argument(2)
            if edge0 == edge1 { return x < edge0 ? 0 : 1 }
            let u = Swift.min(Swift.max((x - edge0) / (edge1 - edge0), 0), 1)
            return u * u * (3 - 2 * u)
        case .element:
            let i = argument(0).rounded(.down)
            guard i >= 0, i < Double(arguments.count - 1) else { return .nan }
            return argument(Int(i) + 1)
        }
    }
}
