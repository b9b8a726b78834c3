internal import Scene

/// A piece of a scene, as SwiftUI's `View`: a value whose `body` describes it in terms
/// of other views. The primitive views of this module (shapes, text, images, stacks,
/// modified content) have `Never` as their body and are lowered straight into the
/// renderer's resolved scene; every other view is lowered through its `body`.
public protocol View {
    /// The view's content.
    associatedtype Body: View

    /// The content of the view, evaluated again for every frame.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view this module draws itself: it lowers into views of the resolved scene.
protocol PrimitiveView {
    /// Appends the resolved views this view stands for (several for a group or a
    /// `ForEach`, none for an empty view) in `environment`.
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment)
}

/// Appends the resolved views of `view`: its own when it is primitive, else its body's.
func lower<V: View>(_ view: V, into views: inout [Scene.View], _ environment: LoweringEnvironment) {
    if let primitive = view as? any PrimitiveView {
        primitive.lower(into: &views, environment)
    } else {
        lower(view.body, into: &views, environment)
    }
}

/// The resolved views of `view`, as a list.
func lowered<V: View>(_ view: V, _ environment: LoweringEnvironment) -> [Scene.View] {
    var views: [Scene.View] = []
    lower(view, into: &views, environment)
    return views
}

/// The resolved view of `view`: its only view, a vertical stack of several (as the
/// content of a window), or nothing.
func loweredSingle<V: View>(_ view: V, _ environment: LoweringEnvironment) -> Scene.View {
    let views = lowered(view, environment)
    switch views.count {
    case 0: return .empty
    case 1: return views[0]
    default: return .stack(StackView(axis: .vertical, children: views))
    }
}
