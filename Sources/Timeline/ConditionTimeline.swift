import Motion
import Scene

/// When an `if` view's condition flips, and with which curve.
///
/// The condition is evaluated on the params' model values (what SwiftUI's body
/// sees) after each change to a param it reads; when its truth changes, its
/// progress moves to the new value (1 or 0) with the change's curve (or the curve
/// of the `animation` modifier the `if` is under), and its model value jumps.
enum ConditionTimeline {
    static func params(
        of condition: Transactions.Condition, params: [TimelineDocument.Param], derived: [Transactions.Derived], slotCount: Int,
        changes: [(at: Double, param: Int, change: TimelineLoader.Change)]
    ) -> [TimelineDocument.Param] {
        // Each slot the condition reads: its param and, under an animation modifier, the curve that overrides.
        enum Curve { case change, override(Animation?) }
        var reads: [Int: Curve] = [:]
        for case .param(let slot) in condition.expression.variables {
            if let p = params.firstIndex(where: { ($0.slot..<($0.slot + $0.count)).contains(slot) }) {
                if reads[p] == nil { reads[p] = .change }
            } else if let d = derived.first(where: { ($0.slot..<($0.slot + $0.count)).contains(slot) }) {
                reads[d.source] = .override(d.animation)
            }
        }
        func holds(at time: Double?) -> Bool {
            var values = [Double](repeating: 0, count: slotCount)
            func model(_ p: TimelineDocument.Param) -> [Double] { time.map { p.value.modelValue(at: $0) } ?? p.value.initialValue }
            for p in params { for (i, v) in model(p).enumerated() { values[p.slot + i] = v } }
            for d in derived { for (i, v) in model(params[d.source]).enumerated() { values[d.slot + i] = v } }
            return condition.expression.evaluate(in: EvaluationContext(params: values)) != 0
        }
        var current = holds(at: nil)
        var progress = AnimatedValue(initial: [current ? 1 : 0]), model = progress
        for (at, param, change) in changes {
            guard let curve = reads[param] else { continue }
            let now = holds(at: at)
            guard now != current else { continue }
            current = now
            var animation: Animation?
            if case .override(let override) = curve {
                animation = override
            } else if case .animate(_, let own) = change {
                animation = own
            }
            progress.animate(to: [now ? 1 : 0], at: at, with: animation)
            model.animate(to: [now ? 1 : 0], at: at, with: nil)
        }
        return [
            .init(name: "if", slot: condition.progress, count: 1, value: progress),
            .init(name: "if", slot: condition.model, count: 1, value: model),
        ]
    }
}
