internal import Scene

/// A view with a modifier applied, as SwiftUI's `ModifiedContent`. The built-in
/// modifiers of this module, and any `ViewModifier` of the user's, are modifiers.
/// Applied to several views (a group, a `ForEach`), a modifier applies to each.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("ModifiedContent has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        if let builtIn = modifier as? any BuiltInModifier {
            builtIn.apply(to: content, into: &views, environment)
        } else {
            for view in lowered(content, environment) {
                AnimateUI.lower(modifier.body(content: _ViewModifier_Content(view: view)), into: &views, environment)
            }
        }
    }
}

/// A modifier of views, as SwiftUI's `ViewModifier`: `body(content:)` returns the
/// modified view.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` modifies.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let view: Scene.View
    public var body: Never { fatalError("_ViewModifier_Content has no body") }
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) { views.append(view) }
}

extension View {
    /// The view modified by `modifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// One of this module's modifiers: it lowers its content itself.
protocol BuiltInModifier {
    func apply<Content: View>(to content: Content, into views: inout [Scene.View], _ environment: LoweringEnvironment)
}

/// A modifier that wraps each resolved view of its content in a resolved modifier
/// (or otherwise transforms it), given the lowering environment.
public struct _SceneModifier: ViewModifier, BuiltInModifier {
    let transform: (Scene.View, LoweringEnvironment) -> Scene.View

    public func body(content: Content) -> Never { fatalError("_SceneModifier has no body") }

    func apply<C: View>(to content: C, into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        for view in lowered(content, environment) { views.append(transform(view, environment)) }
    }

    static func wrap(_ modifier: Scene.Modifier) -> _SceneModifier {
        _SceneModifier { view, _ in .modified(view, modifier) }
    }
}

/// A modifier that changes the environment its content is lowered in.
public struct _EnvironmentModifier: ViewModifier, BuiltInModifier {
    let change: (inout LoweringEnvironment) -> Void

    public func body(content: Content) -> Never { fatalError("_EnvironmentModifier has no body") }

    func apply<C: View>(to content: C, into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        var inner = environment
        change(&inner)
        AnimateUI.lower(content, into: &views, inner)
    }
}
