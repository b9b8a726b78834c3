internal import Scene

/// SwiftUI's result builder for view content: several views, `if`/`else`, `if let`,
/// `switch`, and `ForEach` loops.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var parts: [(inout [Scene.View], LoweringEnvironment) -> Void] = []
        for part in repeat each content {
            parts.append { views, environment in lower(part, into: &views, environment) }
        }
        return TupleView((repeat each content), parts: parts)
    }

    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views in a row, as built by a `@ViewBuilder` block.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    private let parts: [(inout [Scene.View], LoweringEnvironment) -> Void]

    init(_ value: T, parts: [(inout [Scene.View], LoweringEnvironment) -> Void]) {
        self.value = value
        self.parts = parts
    }

    public var body: Never { fatalError("TupleView has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        for part in parts { part(&views, environment) }
    }
}

/// One of two views, chosen by an `if`/`else` or a `switch` of a `@ViewBuilder`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: Never { fatalError("_ConditionalContent has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        switch storage {
        case .trueContent(let view): AnimateUI.lower(view, into: &views, environment)
        case .falseContent(let view): AnimateUI.lower(view, into: &views, environment)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        if let view = self { AnimateUI.lower(view, into: &views, environment) }
    }
}

/// A view that draws nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { fatalError("EmptyView has no body") }
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {}
}

/// Views grouped without a layout of their own: modifiers apply to each.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError("Group has no body") }
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        AnimateUI.lower(content, into: &views, environment)
    }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    private let lowering: (inout [Scene.View], LoweringEnvironment) -> Void

    public init<V: View>(_ view: V) {
        lowering = { views, environment in AnimateUI.lower(view, into: &views, environment) }
    }

    public init<V: View>(erasing view: V) { self.init(view) }

    public var body: Never { fatalError("AnyView has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) { lowering(&views, environment) }
}
