// Interim: replaced by the full expression language.
public indirect enum Expression: Sendable, Equatable {
    case constant(Double)
    case variable(Variable)
}
public enum Variable: Hashable, Sendable {
    case param(Int)
    case time, frame, fps, duration
    case local(Int)
    case shapeWidth, shapeHeight
}
public struct EvaluationContext: Sendable {
    public var params: [Double] = []
    public var time = 0.0, frame = 0.0, fps = 30.0, duration = 0.0
    public var locals: [Double] = []
    public var shapeWidth = 0.0, shapeHeight = 0.0
    public init() {}
}
extension Expression {
    public func evaluate(in c: EvaluationContext) -> Double {
        switch self {
        case .constant(let v): return v
        case .variable(let v):
            switch v {
            case .param(let i): return c.params[i]
            default: return 0
            }
        }
    }
}
