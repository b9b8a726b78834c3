import Scene

/// SwiftUI's `AnyTransition`: how a view under an `if` comes in when inserted and
/// goes when removed, as modifiers driven by an amount from 0 (the view as it is)
/// to 1 (fully away).
///
/// The spelling is SwiftUI's: `opacity`, `scale`, `scale(0.5)`, `scale(scale: 0.5,
/// anchor: .top)`, `slide`, `move(edge: .leading)`, `offset(x: 20, y: 0)`,
/// `identity`, `asymmetric(insertion: .scale, removal: .opacity)` and
/// `a.combined(with: b)`, each with or without a leading dot.
indirect enum Transition: Equatable {
    case identity
    case opacity
    /// Scaled by `scale` at amount 1, about `anchor`.
    case scale(Double, anchor: Alignment)
    /// In from the leading edge, out to the trailing edge, by the view's width.
    case slide
    /// Towards `edge` by the view's size.
    case move(Edge)
    case offset(x: Double, y: Double)
    case asymmetric(insertion: Transition, removal: Transition)
    case combined(Transition, Transition)

    enum Edge: String, CaseIterable { case top, bottom, leading, trailing }

    /// `content` with the transition applied: at `insertion` when the view comes in
    /// and `removal` when it goes (one of the two is 0 at any time).
    func apply(to content: View, insertion: Expression, removal: Expression) -> View {
        let amount = Expression.binary(.add, insertion, removal)
        func times(_ a: Expression, _ k: Double) -> Expression { .binary(.multiply, a, .constant(k)) }
        func times(_ a: Expression, _ b: Expression) -> Expression { .binary(.multiply, a, b) }
        let width = Expression.variable(.geometry(.width)), height = Expression.variable(.geometry(.height))
        switch self {
        case .identity:
            return content
        case .opacity:
            return .modified(content, .opacity(.binary(.subtract, .constant(1), amount)))
        case .scale(let scale, let anchor):
            let factor = Expression.binary(.add, .constant(1), times(amount, scale - 1))
            return .modified(content, .scaleEffect(x: factor, y: factor, anchor: anchor))
        case .slide:
            let x = times(.binary(.subtract, removal, insertion), width)
            return .modified(content, .offset(x: x, y: .constant(0)))
        case .move(let edge):
            let x: Expression, y: Expression
            switch edge {
            case .leading: (x, y) = (times(times(amount, width), -1), .constant(0))
            case .trailing: (x, y) = (times(amount, width), .constant(0))
            case .top: (x, y) = (.constant(0), times(times(amount, height), -1))
            case .bottom: (x, y) = (.constant(0), times(amount, height))
            }
            return .modified(content, .offset(x: x, y: y))
        case .offset(let x, let y):
            return .modified(content, .offset(x: times(amount, x), y: times(amount, y)))
        case .asymmetric(let inTransition, let outTransition):
            let inserted = inTransition.apply(to: content, insertion: insertion, removal: .constant(0))
            return outTransition.apply(to: inserted, insertion: .constant(0), removal: removal)
        case .combined(let a, let b):
            return b.apply(to: a.apply(to: content, insertion: insertion, removal: removal), insertion: insertion, removal: removal)
        }
    }
}
