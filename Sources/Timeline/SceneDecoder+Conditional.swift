import Scene

extension SceneDecoder {
    /// `{ "if": "=step >= 2", "then": view, "else": view }`: SwiftUI's `if` in a view
    /// builder. The condition reads params and constants; when a change flips it, the
    /// view it shows is inserted and the other removed, each with its `transition`
    /// modifier (`opacity` when it has none), timed by the change's curve.
    mutating func conditional(_ node: JSONNode, depth: Int) throws(TimelineError) -> View {
        let obj = try diagnostics.object(node, allowedKeys: FormatTables.conditionalKeys)
        if let id = obj.optional("id") { _ = try id.string() }
        let conditionNode = try obj.required("if")
        let expression = try scope.number(conditionNode)
        for variable in expression.variables {
            guard case .param = variable else {
                throw conditionNode.error("an if's condition may read params and constants only, whose changes insert and remove its views")
            }
        }
        let condition = scope.transactions.condition(expression)
        let progress = Expression.variable(.param(condition.progress)), model = Expression.variable(.param(condition.model))
        let one = Expression.constant(1), zero = Expression.constant(0)
        func branch(_ key: String, progress: Expression, model: Expression) throws(TimelineError) -> View {
            guard let branchNode = obj.optional(key) else { return .empty }
            takesTransition = true
            defer { takesTransition = false; foundTransition = nil }
            let view = try self.view(branchNode, depth: depth + 1)
            // Coming in while the model is true, going out while it is false; the amount
            // runs from 1 (away) to 0 (in place) as the progress runs from 0 to 1.
            let away = Expression.binary(.subtract, one, progress)
            let insertion = Expression.binary(.multiply, model, away)
            let removal = Expression.binary(.multiply, .binary(.subtract, one, model), away)
            let moving = (foundTransition ?? .opacity).apply(to: view, insertion: insertion, removal: removal)
            let present = Expression.binary(.or, .binary(.notEqual, model, zero), .binary(.notEqual, progress, zero))
            return .conditional(present, moving)
        }
        let shown = try branch("then", progress: progress, model: model)
        guard obj.contains("else") else { return shown }
        let other = try branch(
            "else", progress: .binary(.subtract, one, progress), model: .binary(.subtract, one, model))
        // Both stand in one place, as SwiftUI's `if`/`else` does in a stack.
        return .stack(StackView(axis: .z, children: [other, shown]))
    }

    /// The `transition` modifier of the view directly under an `if`.
    mutating func transitionModifier(_ member: JSONMember, ownTransition: Bool) throws(TimelineError) {
        guard ownTransition else {
            throw TimelineError("a transition applies to the view directly under an if's \"then\" or \"else\"", path: member.value.path, location: member.keyLocation)
        }
        let text = try member.value.string()
        do {
            foundTransition = try TransitionSyntax.parse(text)
        } catch {
            throw TimelineError(error.message, path: member.value.path, location: TimelineLoader.location(in: member.value, offset: error.offset))
        }
    }
}
