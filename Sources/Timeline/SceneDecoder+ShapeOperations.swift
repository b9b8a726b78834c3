import Geometry
import Scene

/// Shape transforms and boolean operations in a shape's leading modifiers: each wraps the
/// shape as it stands (an `inset` before it included), in the order given, before the
/// shape's fill and strokes, as SwiftUI's `Circle().offset(…).union(…).fill(…)`.
extension SceneDecoder {
    /// Modifiers that make a new shape from the shape: SwiftUI's shape transforms and iOS 17's operations.
    static let shapeTransformNames = ["offset", "rotation", "scale", "transform"]
    static let shapeOperationNames = PathOperation.allCases.map(\.rawValue) + LineOperation.allCases.map(\.rawValue)

    /// Whether the second of `modifiers` is a shape modifier other than `offset` (so that
    /// an `offset` first must be a shape's: a last `offset` moves the view, which draws the
    /// same and keeps the view's names, such as `minX`, in its expressions).
    static func shapeModifierFollows(_ modifiers: [JSONNode]) -> Bool {
        guard modifiers.count > 1, let members = try? modifiers[1].members(), members.count == 1 else { return false }
        let name = members[0].key
        return shapeModifiers.contains(name) || (name != "offset" && makesShape(name, filledOrStroked: false))
            || (name == "offset" && shapeModifierFollows(Array(modifiers.dropFirst())))
    }

    /// Whether modifier `name` makes a new shape here: `offset` only before a fill, a
    /// stroke or another shape modifier (otherwise it moves the drawn view), the others
    /// anywhere in the leading run.
    static func makesShape(_ name: String, filledOrStroked: Bool) -> Bool {
        name == "offset" ? !filledOrStroked : shapeTransformNames.contains(name) || shapeOperationNames.contains(name)
    }

    /// The shape `shapeView` outlines, its inset included (what a `clipShape` or an operation uses).
    static func outline(_ shapeView: ShapeView) -> Shape {
        shapeView.inset.map { Shape.inset(shapeView.shape, amount: $0) } ?? shapeView.shape
    }

    /// Wraps `shapeView`'s shape in the transform or operation `member` names.
    mutating func applyShapeModifier(_ member: JSONMember, to shapeView: inout ShapeView, depth: Int) throws(TimelineError) {
        guard shapeView.fill == nil && shapeView.strokes.isEmpty else {
            throw TimelineError(
                "\"\(member.key)\" makes a new shape and must come before the shape's fill and strokes", path: member.value.path,
                location: member.keyLocation)
        }
        let base = Self.outline(shapeView)
        let args = member.value
        func number(_ obj: ObjectReader, _ key: String, _ value: Double) throws(TimelineError) -> Expression {
            try obj.optional(key).map { n throws(TimelineError) in try scope.number(n) } ?? .constant(value)
        }
        let shape: Shape
        switch member.key {
        case "offset":
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys("offset"))
            shape = .transformed(base, .offset(x: try number(obj, "x", 0), y: try number(obj, "y", 0)))
        case "rotation":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys("rotation"))
                shape = .transformed(base, .rotation(degrees: try scope.number(try obj.required("degrees")), anchor: try anchor(obj.optional("anchor"))))
            } else {
                shape = .transformed(base, .rotation(degrees: try scope.number(args), anchor: .center))
            }
        case "scale":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys("scale"))
                shape = .transformed(base, .scale(x: try number(obj, "x", 1), y: try number(obj, "y", 1), anchor: try anchor(obj.optional("anchor"))))
            } else {
                let s = try scope.number(args)
                shape = .transformed(base, .scale(x: s, y: s, anchor: .center))
            }
        case "transform":
            shape = .transformed(base, try affine(args, keys: FormatTables.modifierKeys("transform")))
        default:
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(member.key))
            let shapeNode = try obj.required("shape")
            var copy = self
            guard case .shape(let otherView) = try copy.view(shapeNode, depth: depth + 1) else {
                throw shapeNode.error("\"\(member.key)\" takes a shape, such as {\"circle\": {}}")
            }
            let eoFill = try obj.optional("eoFill")?.bool() ?? false
            if let operation = PathOperation(rawValue: member.key) {
                shape = .operation(base, operation, Self.outline(otherView), eoFill: eoFill)
            } else {
                shape = .lineOperation(base, LineOperation(rawValue: member.key)!, Self.outline(otherView), eoFill: eoFill)
            }
        }
        shapeView.shape = shape
        shapeView.inset = nil
    }

    /// `{ "a", "b", "c", "d", "tx", "ty" }` (defaults: the identity), as `CGAffineTransform`.
    func affine(_ node: JSONNode, keys: [String]) throws(TimelineError) -> ShapeTransform {
        let obj = try node.object(allowedKeys: keys)
        func number(_ key: String, _ value: Double) throws(TimelineError) -> Expression {
            try obj.optional(key).map { n throws(TimelineError) in try scope.number(n) } ?? .constant(value)
        }
        return .affine(
            a: try number("a", 1), b: try number("b", 0), c: try number("c", 0), d: try number("d", 1), tx: try number("tx", 0),
            ty: try number("ty", 0))
    }
}
